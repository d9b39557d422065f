package dev.ariadne.core.search;

/**
 * The explored configurations of a {@link ParallelDfs}, shared by its threads: a fixed number of
 * {@link ConfigurationCache} segments, each guarded by its own lock, chosen by the Zobrist hash of the linearized
 * set. Membership is decided inside the segment by exact comparison of the bitset and the state, as in the
 * sequential cache, so a hash collision never prunes; {@link #add} is atomic, so of two threads that reach the same
 * configuration at once exactly one goes on to explore it.
 *
 * <p>Memory is reported to the check's {@link Budget} per segment, as the sequential cache reports it.
 */
final class ConcurrentConfigurationCache {
    private final ConfigurationCache[] segments;
    private final int shift;

    /**
     * A cache for bitsets of {@code words} longs over {@code operations} operations, split for {@code threads}
     * threads (eight segments per thread, so that two threads rarely want the same lock at once).
     *
     * @throws MemoryLimit if even the empty segments do not fit the budget
     */
    ConcurrentConfigurationCache(int words, int operations, int threads, Budget budget) {
        int count = Integer.highestOneBit(Math.max(8, Math.min(256, threads * 8)) * 2 - 1);
        segments = new ConfigurationCache[count];
        shift = 64 - Integer.numberOfTrailingZeros(count);
        try {
            for (int i = 0; i < count; i++) {
                segments[i] = new ConfigurationCache(words, Math.max(1, operations / count), budget);
            }
        } catch (MemoryLimit e) {
            release();
            throw e;
        }
    }

    /**
     * Adds the configuration unless present; returns whether it was new (this caller then owns its exploration).
     * Copies {@code set} when adding.
     *
     * @throws MemoryLimit when the segment cannot grow within the budget
     */
    boolean add(long setHash, Object state, long[] set) {
        ConfigurationCache segment = segment(setHash);
        synchronized (segment) {
            return segment.add(setHash, state, set);
        }
    }

    /**
     * {@link #add} without taking the segment's lock: only for the one thread that uses the cache while no other
     * thread can (before it starts the others, which then see its entries through the start of their threads).
     */
    boolean addAlone(long setHash, Object state, long[] set) {
        return segment(setHash).add(setHash, state, set);
    }

    private ConfigurationCache segment(long setHash) {
        // The Zobrist hash is a sum of random words, so its top bits spread sets evenly over the segments.
        return segments[(int) ((setHash * 0x9E3779B97F4A7C15L) >>> shift)];
    }

    /** Entries held, over all segments. */
    int size() {
        int size = 0;
        for (ConfigurationCache s : segments) {
            synchronized (s) {
                size += s.size();
            }
        }
        return size;
    }

    /** Reports what every segment holds to the budget; {@code false} (the budget stopped) when over the limit. */
    boolean account() {
        boolean ok = true;
        for (ConfigurationCache s : segments) {
            synchronized (s) {
                ok &= s.account();
            }
        }
        return ok;
    }

    /** Gives back everything the segments reported to the budget. */
    void release() {
        for (ConfigurationCache s : segments) {
            if (s != null) {
                synchronized (s) {
                    s.release();
                }
            }
        }
    }
}
