package dev.ariadne.core.check;

/** The answer to "is this history linearizable?"; {@link #UNKNOWN} when a budget ran out before a proof. */
public enum Verdict {
    LINEARIZABLE,
    NOT_LINEARIZABLE,
    UNKNOWN
}
