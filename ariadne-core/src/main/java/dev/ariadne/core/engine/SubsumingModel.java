package dev.ariadne.core.engine;

import dev.ariadne.core.model.Model;

/**
 * A model whose states stand for sets of concrete states (such as {@link LayeredQueue}), so that one state may
 * subsume another. The frontier then drops a configuration when one with the same linearized operations and a
 * subsuming state is alive: the concrete states the dropped one stands for are all still carried. It looks for
 * subsuming states among those whose shape equals a configuration's or differs from it in one bit.
 */
interface SubsumingModel<S> extends Model<S> {

    /**
     * A summary of a state's shape as a bitset, such that {@code a} subsumes {@code b} only if {@code shape(a)} is
     * a subset of {@code shape(b)}: a cheap test before {@link #subsumes}, and how the frontier finds candidates.
     */
    long shape(S state);

    /**
     * The bits in which {@link #shape} may differ between {@code state} and states that subsume it or that it
     * subsumes (those of its size, say, but for bits every such state has).
     */
    long shapeDomain(S state);

    /** A hash such that a state subsumes another of the same {@link #shape} only if their keys are equal. */
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
