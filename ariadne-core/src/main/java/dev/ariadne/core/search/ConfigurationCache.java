package dev.ariadne.core.search;

import java.util.Arrays;

/**
 * The set of explored configurations (linearized set, model state) of a {@link DfsSearch}. A linearized set is
 * stored as its window (see {@link LinearizedSet}): the index of its first word that is not all ones and the words
 * from there to its last word that is not zero, so an entry's size grows with the operations open at once, not
 * with the history. Entries are numbered in insertion order: entry e's window occupies
 * {@code starts[e] .. starts[e + 1]} of one flat arena, its first word's index {@code bases[e]}, and its state one
 * slot of an array, so adding an entry allocates nothing but amortised array growth. An open-addressing table maps
 * the Zobrist hash of the set (equal for equal sets however they were reached) mixed with the state's hash to
 * entry numbers. Membership is decided by exact comparison of the window and the state, so a hash collision costs
 * a probe, never a wrong answer.
 *
 * <p>Growth is reserved with the check's {@link Budget} before the arrays are copied (old and new live at once
 * for a moment); when it does not fit, {@link MemoryLimit} is thrown.
 */
final class ConfigurationCache {
    /** Arena longs at the start: 128 KiB, grown by doubling as windows come. */
    private static final int INITIAL_ARENA = 1 << 14;

    private long[] arena;
    /** Entry e's window is {@code arena[starts[e] .. starts[e + 1])}; {@code starts[size]} is the arena's fill. */
    private int[] starts;
    private int[] bases;
    private Object[] states;
    private long[] entryHashes;
    private int[] table;
    private int size;
    private final HeldMemory held;

    /** A cache sized for a search over {@code operations} operations. */
    ConfigurationCache(int operations) {
        this(operations, null);
    }

    /** As above, reporting what it holds to {@code budget} ({@code null}: nowhere). */
    ConfigurationCache(int operations, Budget budget) {
        this.held = new HeldMemory(budget);
        int capacity = Integer.highestOneBit(Math.max(1024, Math.min(1 << 20, operations * 16)) - 1) << 1;
        table = new int[capacity];
        Arrays.fill(table, -1);
        int entries = Math.max(16, Math.min(capacity / 2, 1 << 14));
        arena = new long[INITIAL_ARENA];
        starts = new int[entries + 1];
        bases = new int[entries];
        states = new Object[entries];
        entryHashes = new long[entries];
        held.reserve(bytes());
    }

    int size() {
        return size;
    }

    /** The bytes this cache holds, estimated: its arrays plus {@link Budget#STATE_BYTES} per state. */
    long bytes() {
        return arena.length * 8L + starts.length * 4L + bases.length * 4L + states.length * 4L
                + entryHashes.length * 8L + table.length * 4L + size * Budget.STATE_BYTES;
    }

    /** Reports {@link #bytes()} to the budget; {@code false} (the budget stopped) when over the limit. */
    boolean account() {
        return held.account(bytes());
    }

    /** Gives back everything reported to the budget. */
    void release() {
        held.release();
    }

    /** {@link #add(long, Object, long[], int, int)} of a whole bitset (its window found by scanning it). */
    boolean add(long setHash, Object state, long[] set) {
        return add(setHash, state, set, 0, set.length);
    }

    /** {@link #add(long, Object, long[], int, int)} of a search's set, with its exact window. */
    boolean add(long setHash, Object state, LinearizedSet set) {
        return add(setHash, state, set.bits, set.lo, set.hi);
    }

    /**
     * Adds the configuration unless present; returns whether it was new. The set is the bitset {@code set}, whose
     * words below {@code lo} are all ones and from {@code hi} on all zero (bounds that need not be tight: the
     * window is narrowed here to its canonical one, so equal sets compare equal). {@code setHash} must be equal
     * for equal sets. Copies the window when adding.
     */
    boolean add(long setHash, Object state, long[] set, int lo, int hi) {
        while (lo < hi && set[lo] == -1L) {
            lo++;
        }
        while (hi > lo && set[hi - 1] == 0) {
            hi--;
        }
        int length = hi - lo;
        long hash = mix(setHash ^ (state.hashCode() * 0x9E3779B97F4A7C15L));
        int mask = table.length - 1;
        int i = (int) hash & mask;
        for (int e = table[i]; e >= 0; e = table[i]) {
            if (entryHashes[e] == hash && sameSet(e, set, lo, length) && states[e].equals(state)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        if (size == states.length) {
            int entries = size * 2;
            held.reserve((long) entries * (4 + 4 + 4 + 8));
            starts = Arrays.copyOf(starts, entries + 1);
            bases = Arrays.copyOf(bases, entries);
            states = Arrays.copyOf(states, entries);
            entryHashes = Arrays.copyOf(entryHashes, entries);
        }
        int start = starts[size];
        if (arena.length - start < length) {
            long grown = Math.max((long) arena.length * 2, (long) start + length);
            if (grown > Integer.MAX_VALUE - 16) {
                // Java arrays end here; the memory budget normally stops the search long before.
                throw new OutOfMemoryError("configuration cache of " + size + " entries, " + start + " words");
            }
            held.reserve(grown * 8);
            arena = Arrays.copyOf(arena, (int) grown);
        }
        System.arraycopy(set, lo, arena, start, length);
        starts[size + 1] = start + length;
        bases[size] = lo;
        states[size] = state;
        entryHashes[size] = hash;
        table[i] = size;
        if (++size * 2 > table.length) {
            rehash();
        }
        return true;
    }

    /**
     * Whether entry e's window is {@code set}'s window {@code [lo, lo + length)}. A plain loop: {@code
     * Arrays.equals} with offsets computes byte offsets in an int inside the JDK and crashes the JVM once an arena
     * passes 2^28 longs.
     */
    private boolean sameSet(int e, long[] set, int lo, int length) {
        int start = starts[e];
        if (bases[e] != lo || starts[e + 1] - start != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (arena[start + i] != set[lo + i]) {
                return false;
            }
        }
        return true;
    }

    private void rehash() {
        held.reserve(table.length * 8L);
        table = new int[table.length * 2];
        Arrays.fill(table, -1);
        int mask = table.length - 1;
        for (int e = 0; e < size; e++) {
            int i = (int) entryHashes[e] & mask;
            while (table[i] >= 0) {
                i = (i + 1) & mask;
            }
            table[i] = e;
        }
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb34f1a2d20c5L;
        return z ^ (z >>> 33);
    }
}
