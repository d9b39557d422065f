package dev.ariadne.core.search;

import java.util.Arrays;

/**
 * The set of explored configurations (linearized set, model state) of a {@link DfsSearch}. A linearized set is
 * stored as its window (see {@link LinearizedSet}): the index of its first word that is not full, the words from
 * there to its last word that is not zero, and the pending operations' bits, so an entry's size grows with the
 * operations open at once (and the pending ones), not with the history. Entries are numbered in insertion order:
 * entry e's window and pending bits occupy {@code starts[e] .. starts[e + 1]} of one flat arena, its first word's
 * index {@code bases[e]}, and its state one
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
    /** The pending bits' words of every entry: set by the first addition (one search has one count). */
    private int pendingWords = -1;
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

    /** {@link #add(long, Object, LinearizedSet)} of a whole bitset, no operation pending (tests). */
    boolean add(long setHash, Object state, long[] set) {
        int lo = LinearizedSet.firstNotFull(set);
        return add(setHash, state, set, lo, LinearizedSet.endOfNonZero(set, lo), NO_PENDING);
    }

    private static final long[] NO_PENDING = new long[0];

    /**
     * Adds the configuration unless present; returns whether it was new. {@code setHash} must be equal for equal
     * sets. Copies the set's window and pending bits when adding.
     */
    boolean add(long setHash, Object state, LinearizedSet set) {
        return add(setHash, state, set.bits, set.lo, set.hi, set.pendingBits);
    }

    /** The set is {@code set}'s canonical window {@code [lo, hi)} (see {@link LinearizedSet}) and {@code pending}. */
    private boolean add(long setHash, Object state, long[] set, int lo, int hi, long[] pending) {
        if (pending.length != pendingWords) {
            if (pendingWords >= 0) {
                throw new IllegalArgumentException("pending bits of " + pending.length + " words, not " + pendingWords);
            }
            pendingWords = pending.length;
        }
        int window = Math.max(0, hi - lo);
        int length = window + pending.length;
        long hash = mix(setHash ^ (state.hashCode() * 0x9E3779B97F4A7C15L));
        int mask = table.length - 1;
        int i = (int) hash & mask;
        for (int e = table[i]; e >= 0; e = table[i]) {
            if (entryHashes[e] == hash && sameSet(e, set, lo, window, pending) && states[e].equals(state)) {
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
        System.arraycopy(set, lo, arena, start, window);
        System.arraycopy(pending, 0, arena, start + window, pending.length);
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
     * Whether entry e holds {@code set}'s window {@code [lo, lo + window)} and {@code pending} (every entry has
     * pending bits of the same length, so the entry's length tells its window's). A plain loop: {@code
     * Arrays.equals} with offsets computes byte offsets in an int inside the JDK and crashes the JVM once an arena
     * passes 2^28 longs.
     */
    private boolean sameSet(int e, long[] set, int lo, int window, long[] pending) {
        int start = starts[e];
        if (bases[e] != lo || starts[e + 1] - start != window + pending.length) {
            return false;
        }
        for (int i = 0; i < window; i++) {
            if (arena[start + i] != set[lo + i]) {
                return false;
            }
        }
        for (int i = 0; i < pending.length; i++) {
            if (arena[start + window + i] != pending[i]) {
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
