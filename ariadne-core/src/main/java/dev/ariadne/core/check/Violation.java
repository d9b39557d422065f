package dev.ariadne.core.check;

import java.util.List;

/**
 * Why a partition is not linearizable: its longest partial linearizations (longest first, at most a few with
 * different unplaceable operations) starting from the initial state, and, when the check searched for one (see
 * {@link CheckOptions#coreTimeout()}), a minimal failing core of the partition explained in words.
 *
 * @param initialState the model's description of its initial state
 * @param longest      the longest partial linearizations found
 * @param explanation  the minimal failing core and its explanation, or {@code null} when none was searched for
 */
public record Violation(String initialState, List<PartialLinearization> longest, Explanation explanation) {

    /** Evidence without a core (the engines' own; {@link Checker} adds the core). */
    public Violation(String initialState, List<PartialLinearization> longest) {
        this(initialState, longest, null);
    }

    /** This evidence with {@code explanation}. */
    public Violation withExplanation(Explanation e) {
        return new Violation(initialState, longest, e);
    }
}
