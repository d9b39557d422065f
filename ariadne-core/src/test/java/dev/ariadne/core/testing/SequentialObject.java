package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;

import java.util.SplittableRandom;

/**
 * A plain sequential implementation of a model, with the random inputs and wrong outputs that {@link Shape}
 * drafts a history from. Each object is used for one history: it may remember what it drafted (to keep values
 * distinct, or to corrupt outputs plausibly).
 */
interface SequentialObject {
    /** A random operation to draft next. */
    Invocation randomInput(SplittableRandom r);

    /** Runs {@code input} on the object; returns its output (null when there is none). */
    Object apply(Invocation input);

    /** Whether the output of {@code input} says something about the state (and so may be corrupted). */
    boolean observes(Invocation input);

    /** A random plausible output for {@code input}, to replace its real one. */
    Object randomOutput(Invocation input, SplittableRandom r);

    /** Whether the operation may crash (be pending) without leaving the shape's precondition. */
    default boolean mayCrash(Invocation input) {
        return true;
    }

    /** Whether the output may be hidden (unknown) without leaving the shape's precondition. */
    default boolean mayHide(Invocation input) {
        return true;
    }
}
