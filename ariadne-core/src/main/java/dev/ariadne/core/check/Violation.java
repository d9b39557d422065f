package dev.ariadne.core.check;

import java.util.List;

/**
 * Why a partition is not linearizable: its longest partial linearizations (longest first, at most a few with
 * different unplaceable operations) starting from the initial state.
 *
 * @param initialState the model's description of its initial state
 * @param longest      the longest partial linearizations found
 */
public record Violation(String initialState, List<PartialLinearization> longest) {
}
