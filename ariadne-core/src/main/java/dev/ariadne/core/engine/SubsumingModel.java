package dev.ariadne.core.engine;

import dev.ariadne.core.model.Model;

/**
 * A model whose states stand for sets of concrete states (such as {@link LayeredQueue}), so that one state may
 * subsume another: everything the finer one allows, now and after any further operations, the coarser one allows
 * too. The frontier then drops a configuration when one with the same linearized operations and a coarser state
 * is alive.
 */
interface SubsumingModel<S> extends Model<S> {

    /** How many coarser states {@link #coarser} offers for {@code state}. */
    int coarserCount(S state);

    /**
     * The i-th coarser state of {@code state}: one that allows everything {@code state} allows, after any
     * sequence of operations. Never equal to {@code state}.
     */
    S coarser(S state, int i);

    /**
     * Writes {@code coarser(state, i).hashCode()} to {@code hashes[i]} for each i below {@code coarserCount(state)}
     * ({@code hashes} is at least that long), without making the states: most coarser states are not alive, and
     * the frontier looks for a hash first and makes the state only when an entry with that hash exists.
     */
    void coarserHashes(S state, int[] hashes);
}
