package dev.ariadne.core.engine;

/** The answer to "is this history linearizable?"; {@link #UNKNOWN} when a budget ran out before a proof. */
public enum Verdict {
    LINEARIZABLE,
    NOT_LINEARIZABLE,
    UNKNOWN
}
