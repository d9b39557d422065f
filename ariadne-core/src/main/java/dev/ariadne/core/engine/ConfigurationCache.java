package dev.ariadne.core.engine;

import java.util.Arrays;

/**
 * The set of explored configurations (linearized set, model state) of a {@link DfsSearch}: open addressing over
 * parallel arrays, keyed by the Zobrist hash of the set mixed with the state's hash. Membership is decided by
 * exact comparison of the bitset and the state, so a hash collision costs a probe, never a wrong answer.
 */
final class ConfigurationCache {
    private long[] hashes = new long[1024];
    private long[][] sets = new long[1024][];
    private Object[] states = new Object[1024];
    private int size;

    int size() {
        return size;
    }

    /** Adds the configuration unless present; returns whether it was new. Copies {@code set} when adding. */
    boolean add(long setHash, Object state, long[] set) {
        long hash = mix(setHash ^ (state.hashCode() * 0x9E3779B97F4A7C15L));
        int mask = hashes.length - 1;
        int i = (int) hash & mask;
        while (sets[i] != null) {
            if (hashes[i] == hash && Arrays.equals(sets[i], set) && states[i].equals(state)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        hashes[i] = hash;
        sets[i] = set.clone();
        states[i] = state;
        if (++size * 2 > hashes.length) {
            grow();
        }
        return true;
    }

    private void grow() {
        long[] oldHashes = hashes;
        long[][] oldSets = sets;
        Object[] oldStates = states;
        int capacity = oldHashes.length * 2;
        hashes = new long[capacity];
        sets = new long[capacity][];
        states = new Object[capacity];
        int mask = capacity - 1;
        for (int j = 0; j < oldHashes.length; j++) {
            if (oldSets[j] != null) {
                int i = (int) oldHashes[j] & mask;
                while (sets[i] != null) {
                    i = (i + 1) & mask;
                }
                hashes[i] = oldHashes[j];
                sets[i] = oldSets[j];
                states[i] = oldStates[j];
            }
        }
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb34f1a2d20c5L;
        return z ^ (z >>> 33);
    }
}
