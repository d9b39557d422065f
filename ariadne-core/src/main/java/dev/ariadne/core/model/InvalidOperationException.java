package dev.ariadne.core.model;

import dev.ariadne.core.history.Operation;

/**
 * An operation a model cannot interpret: an unknown function name or an argument of the wrong shape. Thrown by
 * {@link Model#prepare}; tools report it with the operation's source line as invalid input.
 */
public final class InvalidOperationException extends RuntimeException {
    private final transient Operation operation;

    public InvalidOperationException(String message) {
        this(message, null);
    }

    private InvalidOperationException(String message, Operation operation) {
        super(message);
        this.operation = operation;
    }

    /** The same problem, attributed to {@code op} (whose {@link Operation#line()} tools report). */
    public InvalidOperationException at(Operation op) {
        return new InvalidOperationException(getMessage(), op);
    }

    /** The offending operation, when known. */
    public Operation operation() {
        return operation;
    }
}
