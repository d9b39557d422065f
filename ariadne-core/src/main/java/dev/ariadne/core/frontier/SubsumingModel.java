package dev.ariadne.core.frontier;

import dev.ariadne.core.model.Model;

/**
 * A model whose states stand for sets of concrete states (such as {@link LayeredQueue}), so that one state may
 * subsume another. The frontier then drops a configuration when one with the same linearized operations and a
 * subsuming state is alive: the concrete states the dropped one stands for are all still carried. States that
 * are {@linkplain #sameNow the same now} meet in the frontier's hash sets, which keep the one that subsumes; other
 * subsuming states it looks up by {@linkplain #shape shape} and {@linkplain #key key}.
 */
interface SubsumingModel<S> extends Model<S> {

    /**
     * A summary of a state's shape as a bitset, such that {@code a} subsumes {@code b} only if {@code shape(a)} is
     * a subset of {@code shape(b)} with the same lowest bit. The frontier looks for the states that subsume a state
     * among those of its shape and of its shape with one bit but the lowest cleared (missing one only keeps a
     * configuration).
     */
    long shape(S state);

    /** A hash of what a state holds whatever its shape: equal for two states of which one subsumes the other. */
    int key(S state);

    /**
     * Whether {@code a} subsumes {@code b}: it stands for every concrete state {@code b} stands for. A strict
     * partial order: never true of equal states, nor both ways. The model's steps must keep concrete states
     * covered: when a state stands for a concrete one, its successor by an operation stands for the concrete
     * successor.
     */
    boolean subsumes(S a, S b);

    /**
     * Whether {@code a} and {@code b} stand for the same concrete states now and differ at most in the later steps
     * they admit, so that one subsumes the other unless they are equal. Such states must have equal hash codes:
     * the frontier finds them as it would find an equal state, and keeps only the one that subsumes.
     */
    boolean sameNow(S a, S b);
}
