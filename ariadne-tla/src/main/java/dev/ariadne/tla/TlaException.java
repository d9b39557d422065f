package dev.ariadne.tla;

/**
 * A problem with a TLA+ spec or with how a trace uses it: a parse or semantic error, an operation for which the spec
 * has no action, a parameter it does not take, an evaluation error. The message starts with the spec's file and,
 * where known, the line and column ({@code Queue.tla:7:12: unknown operator y}), so tools print it as it is.
 */
public final class TlaException extends RuntimeException {

    public TlaException(String message) {
        super(message);
    }
}
