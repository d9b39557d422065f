package dev.ariadne.spark;

/**
 * A check that could not be done: bad usage (exit status 64), input that is not a valid history (65, the message
 * naming file, line and problem) or a result that could not be written (74). The message is for people and never
 * carries a stack trace.
 */
public final class SparkCheckException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    public SparkCheckException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** The exit status {@code ariadne check} gives for this problem. */
    public int status() {
        return status;
    }
}
