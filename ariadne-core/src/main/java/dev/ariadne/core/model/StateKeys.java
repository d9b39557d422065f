package dev.ariadne.core.model;

/**
 * A model whose states can be written as exact keys of a few longs, so that dfs's configuration cache keeps the
 * key in a flat array instead of the state object: the explored configurations then cost no objects for the
 * collector to copy, and comparing two is comparing longs. The contract: two states with equal keys are equal
 * ({@link Object#equals}); equal states may have different keys (they are then explored twice, never confused).
 * A key must be self-delimiting (no key is a proper prefix of another).
 *
 * @param <S> the model's state
 */
public interface StateKeys<S> {
    /** {@link #key}'s answer when {@code state} has no key: the cache keeps and compares the state itself. */
    int NO_KEY = -1;
    /** {@link #key}'s answer when the key did not fit in {@code into} from {@code at}: ask again with more room. */
    int NO_ROOM = -2;

    /**
     * Writes {@code state}'s key into {@code into} from {@code at} and returns where it ends; or {@link #NO_KEY}, or
     * {@link #NO_ROOM}. The same state always gets the same answer (keys, or none).
     */
    int key(S state, long[] into, int at);
}
