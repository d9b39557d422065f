package dev.ariadne.core.engine;

import dev.ariadne.core.history.Operation;

/**
 * One operation placed in a (partial) linearization and the model state right after it.
 *
 * @param operation        the operation
 * @param state            the model state after it
 * @param stateDescription the model's description of that state
 */
public record Step(Operation operation, Object state, String stateDescription) {
}
