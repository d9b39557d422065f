package dev.ariadne.core.search;

import dev.ariadne.core.model.StateKeys;

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
 * a probe, never a wrong answer. For a model with {@link StateKeys}, a state's key is stored after the set's
 * words instead of the state (its slot holds {@link #KEYED}), so kept configurations are longs, not objects.
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
    /** The model's state keys, or {@code null}. */
    private final StateKeys<Object> keys;
    /** The key being compared or added (grown as keys need). */
    private long[] key = new long[16];
    /** Per entry, the length of its set's window in words (its key follows the window and pending bits). */
    private int[] windows;
    /** How many entries keep their state as an object (each counted at {@link Budget#STATE_BYTES}). */
    private int objects;
    /** The state slot of an entry whose state is its key. */
    private static final Object KEYED = new Object();

    /** A cache sized for a search over {@code operations} operations. */
    ConfigurationCache(int operations) {
        this(operations, null);
    }

    /** As above, reporting what it holds to {@code budget} ({@code null}: nowhere). */
    ConfigurationCache(int operations, Budget budget) {
        this(operations, budget, null);
    }

    /** As above, keeping states as {@code keys} writes them where it can ({@code null}: as objects). */
    @SuppressWarnings("unchecked")
    ConfigurationCache(int operations, Budget budget, StateKeys<?> keys) {
        this.keys = (StateKeys<Object>) keys;
        this.held = new HeldMemory(budget);
        int capacity = Integer.highestOneBit(Math.max(1024, Math.min(1 << 20, operations * 16)) - 1) << 1;
        table = new int[capacity];
        Arrays.fill(table, -1);
        int entries = Math.max(16, Math.min(capacity / 2, 1 << 14));
        arena = new long[INITIAL_ARENA];
        starts = new int[entries + 1];
        bases = new int[entries];
        windows = new int[entries];
        states = new Object[entries];
        entryHashes = new long[entries];
        held.reserve(bytes());
    }

    int size() {
        return size;
    }

    /** The bytes this cache holds, estimated: its arrays plus {@link Budget#STATE_BYTES} per state. */
    long bytes() {
        return arena.length * 8L + starts.length * 4L + bases.length * 8L + states.length * 4L
                + entryHashes.length * 8L + table.length * 4L + (long) objects * Budget.STATE_BYTES;
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
        int keyLength = keyOf(state);
        int length = window + pending.length + Math.max(0, keyLength);
        long hash = mix(setHash ^ (state.hashCode() * 0x9E3779B97F4A7C15L));
        int mask = table.length - 1;
        int i = (int) hash & mask;
        for (int e = table[i]; e >= 0; e = table[i]) {
            if (entryHashes[e] == hash && sameSet(e, set, lo, window, pending)
                    && (keyLength < 0 ? states[e] != KEYED && states[e].equals(state)
                        : states[e] == KEYED && sameKey(e, window + pending.length, keyLength))) {
                return false;
            }
            i = (i + 1) & mask;
        }
        if (size == states.length) {
            int entries = size * 2;
            held.reserve((long) entries * (4 + 4 + 4 + 4 + 8));
            starts = Arrays.copyOf(starts, entries + 1);
            bases = Arrays.copyOf(bases, entries);
            windows = Arrays.copyOf(windows, entries);
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
        if (keyLength >= 0) {
            System.arraycopy(key, 0, arena, start + window + pending.length, keyLength);
        } else {
            objects++;
        }
        starts[size + 1] = start + length;
        bases[size] = lo;
        windows[size] = window;
        states[size] = keyLength >= 0 ? KEYED : state;
        entryHashes[size] = hash;
        table[i] = size;
        if (++size * 2 > table.length) {
            rehash();
        }
        return true;
    }

    /** Writes {@code state}'s key into {@link #key} and returns its length, or -1 when it has none. */
    private int keyOf(Object state) {
        if (keys == null) {
            return -1;
        }
        while (true) {
            int end = keys.key(state, key, 0);
            if (end != StateKeys.NO_ROOM) {
                return end < 0 ? -1 : end;
            }
            key = new long[key.length * 2];
        }
    }

    /** Whether entry e's key, after its first {@code offset} words, is {@link #key}'s first {@code length}. */
    private boolean sameKey(int e, int offset, int length) {
        int start = starts[e] + offset;
        if (starts[e + 1] - start != length) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (arena[start + i] != key[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether entry e holds {@code set}'s window {@code [lo, lo + window)} and {@code pending} (every entry has
     * pending bits of the same length; its window's length is kept, as a key may follow them). A plain loop: {@code
     * Arrays.equals} with offsets computes byte offsets in an int inside the JDK and crashes the JVM once an arena
     * passes 2^28 longs.
     */
    private boolean sameSet(int e, long[] set, int lo, int window, long[] pending) {
        int start = starts[e];
        if (bases[e] != lo || windows[e] != window) {
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
