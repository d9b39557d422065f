package dev.ariadne.core.engine;

import dev.ariadne.core.model.Model;

/**
 * A model whose states stand for sets of concrete states (such as {@link LayeredQueue}), so that one state may
 * subsume another. The frontier then drops a configuration when one with the same linearized operations and a
 * subsuming state is alive: the concrete states the dropped one stands for are all still carried. It looks for
 * subsuming states by key, among those of the state itself and of its one-step coarsenings.
 */
interface SubsumingModel<S> extends Model<S> {

    /**
     * A hash of what {@link #subsumes} compares exactly: states equal but for the part it orders (such as which
     * later operations a state admits) have equal keys.
     */
    int key(S state);

    /**
     * The {@link #key}s of the states that may subsume {@code state} most often (one step coarser). States that
     * subsume it by more than a step may go unnoticed: that keeps a configuration, never drops one wrongly. The
     * array may be the state's own, kept for the next call: not to be modified.
     */
    int[] coarserKeys(S state);

    /**
     * A summary of a state's shape as a bitset, such that {@code a} subsumes {@code b} only if {@code shape(a)} is
     * a subset of {@code shape(b)}: a cheap test before {@link #subsumes}.
     */
    long shape(S state);

    /**
     * Whether {@code a} subsumes {@code b}: it stands for every concrete state {@code b} stands for. A strict
     * partial order: never true of equal states, nor both ways. The model's steps must keep concrete states
     * covered: when a state stands for a concrete one, its successor by an operation stands for the concrete
     * successor.
     */
    boolean subsumes(S a, S b);
}
