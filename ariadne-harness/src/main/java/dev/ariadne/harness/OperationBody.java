package dev.ariadne.harness;

/**
 * The call into the system under test that {@link Recorder.Client#call(dev.ariadne.core.history.Invocation,
 * OperationBody)} times: it returns the output the model sees (in the model's vocabulary: {@code null}, a
 * {@link Long}, a {@link String}, a {@link Boolean}, a list...), or throws, and the recorder's classifier decides what
 * the exception means. A call to a {@code void} method is a {@link CommandBody}.
 *
 * @param <R> the output's type
 * @param <E> the checked exception it may throw ({@link RuntimeException} when none: Java infers it for lambdas)
 */
@FunctionalInterface
public interface OperationBody<R, E extends Exception> {
    /** Runs the operation and returns its output. */
    R run() throws E;
}
