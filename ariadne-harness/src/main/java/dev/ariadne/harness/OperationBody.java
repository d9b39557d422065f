package dev.ariadne.harness;

/**
 * The call into the system under test that the {@link Recorder} times: it returns the output the model sees (in
 * the model's vocabulary: {@code null}, a {@link Long}, a {@link String}, a {@link Boolean}, a list...), or throws,
 * and the recorder's classifier decides what the exception means.
 */
@FunctionalInterface
public interface OperationBody {
    /** Runs the operation and returns its output. */
    Object run() throws Exception;
}
