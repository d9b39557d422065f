package dev.ariadne.harness;

/**
 * A call to a {@code void} method of the system under test that
 * {@link Recorder.Client#call(dev.ariadne.core.history.Invocation, CommandBody)} times: its output is nil
 * ({@code null}). A call that returns the output is an {@link OperationBody}.
 *
 * @param <E> the checked exception it may throw ({@link RuntimeException} when none: Java infers it for lambdas)
 */
@FunctionalInterface
public interface CommandBody<E extends Exception> {
    /** Runs the operation. */
    void run() throws E;
}
