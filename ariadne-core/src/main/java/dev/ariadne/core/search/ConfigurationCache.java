package dev.ariadne.core.search;

import java.util.Arrays;

/**
 * The set of explored configurations (linearized set, model state) of a {@link DfsSearch}. Entries are numbered
 * in insertion order: entry e's bitset occupies {@code words} longs of one flat arena and its state one slot of
 * an array, so adding an entry allocates nothing but amortised array growth. An open-addressing table maps the
 * Zobrist hash of the set mixed with the state's hash to entry numbers. Membership is decided by exact
 * comparison of the bitset and the state, so a hash collision costs a probe, never a wrong answer.
 *
 * <p>Growth is reserved with the check's {@link Budget} before the arrays are copied (old and new live at once
 * for a moment); when it does not fit, {@link MemoryLimit} is thrown.
 */
final class ConfigurationCache {
    private final int words;
    private long[] arena;
    private Object[] states;
    private long[] entryHashes;
    private int[] table;
    private int size;
    private final HeldMemory held;

    /** A cache for bitsets of {@code words} longs, sized for a search over {@code operations} operations. */
    ConfigurationCache(int words, int operations) {
        this(words, operations, null);
    }

    /** As above, reporting what it holds to {@code budget} ({@code null}: nowhere). */
    ConfigurationCache(int words, int operations, Budget budget) {
        this.words = words;
        this.held = new HeldMemory(budget);
        int capacity = Integer.highestOneBit(Math.max(1024, Math.min(1 << 20, operations * 16)) - 1) << 1;
        table = new int[capacity];
        Arrays.fill(table, -1);
        // The arena starts at no more than 2^18 longs (2 MiB), however long the bitsets are.
        int entries = Math.max(16, Math.min(capacity / 2, (1 << 18) / Math.max(1, words)));
        arena = new long[entries * Math.max(1, words)];
        states = new Object[entries];
        entryHashes = new long[entries];
        held.reserve(bytes());
    }

    int size() {
        return size;
    }

    /** The bytes this cache holds, estimated: its arrays plus {@link Budget#STATE_BYTES} per state. */
    long bytes() {
        return arena.length * 8L + states.length * 4L + entryHashes.length * 8L + table.length * 4L
                + size * Budget.STATE_BYTES;
    }

    /** Reports {@link #bytes()} to the budget; {@code false} (the budget stopped) when over the limit. */
    boolean account() {
        return held.account(bytes());
    }

    /** Gives back everything reported to the budget. */
    void release() {
        held.release();
    }

    /** Adds the configuration unless present; returns whether it was new. Copies {@code set} when adding. */
    boolean add(long setHash, Object state, long[] set) {
        long hash = mix(setHash ^ (state.hashCode() * 0x9E3779B97F4A7C15L));
        int mask = table.length - 1;
        int i = (int) hash & mask;
        for (int e = table[i]; e >= 0; e = table[i]) {
            if (entryHashes[e] == hash && sameSet(e, set) && states[e].equals(state)) {
                return false;
            }
            i = (i + 1) & mask;
        }
        if (size == states.length) {
            int entries = size * 2;
            if ((long) entries * Math.max(1, words) > Integer.MAX_VALUE - 16) {
                // Java arrays end here; the memory budget normally stops the search long before.
                throw new OutOfMemoryError("configuration cache of " + size + " entries of " + words + " words");
            }
            long extra = (long) entries * (Math.max(1, words) * 8L + 12);
            held.reserve(extra);
            arena = Arrays.copyOf(arena, entries * Math.max(1, words));
            states = Arrays.copyOf(states, entries);
            entryHashes = Arrays.copyOf(entryHashes, entries);
        }
        System.arraycopy(set, 0, arena, (int) ((long) size * words), words);
        states[size] = state;
        entryHashes[size] = hash;
        table[i] = size;
        if (++size * 2 > table.length) {
            rehash();
        }
        return true;
    }

    /**
     * Whether entry e's bitset equals {@code set}. A plain loop: {@code Arrays.equals} with offsets computes byte
     * offsets in an int inside the JDK and crashes the JVM once an arena passes 2^28 longs.
     */
    private boolean sameSet(int e, long[] set) {
        long base = (long) e * words;
        for (int i = 0; i < words; i++) {
            if (arena[(int) (base + i)] != set[i]) {
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
