package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * Evidence of a violation: a longest order the search could build, after which {@code unplaced} had returned
 * without any way to linearize it. Every operation in {@code candidates} (unplaced included) was called
 * before {@code unplaced} returned and was not yet placed; none of them could come next (the model rejected
 * it, or every continuation failed).
 *
 * @param steps      the operations placed, in order, with the state after each
 * @param unplaced   the operation that could not be placed before its return
 * @param candidates the operations that could have come next
 */
public record PartialLinearization(List<Step> steps, Operation unplaced, List<Operation> candidates) {
}
