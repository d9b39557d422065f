package dev.ariadne.harness;

/**
 * What an exception thrown by an operation of the system under test says about its effect, as the user classifies
 * it (see {@link Recorder.Builder#classifier}): {@link #FAILED} if the operation certainly had no effect,
 * {@link #CRASHED} if its outcome is unknown. When in doubt, {@code CRASHED} is the sound answer: it only allows
 * more, while a wrong {@code FAILED} can make a correct system look broken.
 */
public enum ExceptionOutcome {
    /** The operation certainly did not take effect (Jepsen {@code :fail}): it is dropped from the history. */
    FAILED,
    /**
     * The outcome is unknown (Jepsen {@code :info}, a timeout): the operation stays pending for ever, and its
     * client continues under a new client id, since a client runs one operation at a time.
     */
    CRASHED
}
