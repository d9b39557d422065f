package dev.ariadne.core.history;

/**
 * A history that breaks the rules every history must keep: a return without a call, a second call on a busy
 * client, an operation that returns before it is called. {@link #line()} names the source line when the
 * reader recorded it (-1 otherwise) so that tools can report it.
 */
public final class HistoryException extends RuntimeException {
    private final int line;

    public HistoryException(String message, int line) {
        super(message);
        this.line = line;
    }

    /** The source line of the offending event or operation, or -1. */
    public int line() {
        return line;
    }
}
