package dev.ariadne.core.frontier;

import dev.ariadne.core.search.Budget;
import dev.ariadne.core.search.HeldMemory;
import java.util.Arrays;
import java.util.function.BiPredicate;

/**
 * A set of frontier configurations: a model state plus a bitset over the slots of the open operations (which of
 * them are already linearized), {@code words} longs each. Entries are numbered in insertion order and stored in
 * parallel arrays (bitsets in one flat arena), so adding an entry allocates nothing but amortised array growth.
 * An open-addressing table maps hashes to entries; membership is decided by comparing the bitset and the state
 * exactly (or by {@link #sameNow}, which leaves the caller to choose which state to keep), so a hash collision
 * costs a probe, never a wrong answer.
 *
 * <p>Besides the key, each entry carries the data the search needs: the trail entry of the last operation placed
 * (its linearization so far, see {@link Frontier}), the number of operations placed, and while exploring the
 * closure of a return its parent entry, the operation that led to it and the read-only operations placed
 * eagerly after it.
 */
final class ConfigSet {
    private static final int MIN_ENTRIES = 16;

    int words;
    long[] bits;
    Object[] states;
    long[] hashes;
    int[] trails;
    int[] depths;
    int[] parents;
    int[] ops;
    int[] satStart;
    int[] satLength;
    /**
     * The slots of open operations asleep at each entry (see Frontier): in a closure, at each node; between
     * returns, at each configuration when the next closure starts from it.
     */
    long[] asleep;
    private int[] home;
    private int[] table;
    int size;
    /**
     * When set, {@link #add} also finds an entry whose state is the same now ({@link SubsumingModel#sameNow}) as
     * the one added; such states have equal hash codes.
     */
    BiPredicate<Object, Object> sameNow;
    /** Where growth is accounted. */
    private final HeldMemory held;

    ConfigSet(int words, Budget budget) {
        this.words = words;
        this.held = new HeldMemory(budget);
        allocate(MIN_ENTRIES);
    }

    private void allocate(int entries) {
        long before = states == null ? 0 : arrayBytes(states.length, table.length);
        long after = arrayBytes(entries, entries * 2);
        if (after > before) {
            held.reserve(after - before);
        }
        bits = new long[entries * words];
        states = new Object[entries];
        hashes = new long[entries];
        trails = new int[entries];
        depths = new int[entries];
        parents = new int[entries];
        ops = new int[entries];
        satStart = new int[entries];
        satLength = new int[entries];
        asleep = new long[entries];
        home = new int[entries];
        table = new int[entries * 2];
        Arrays.fill(table, -1);
        size = 0;
    }

    /** The hash of a configuration; words that are zero do not contribute, so widening keeps hashes. */
    static long hash(Object state, long[] bits, int off, int words) {
        return hash(state.hashCode(), bits, off, words);
    }

    /** {@link #hash(Object, long[], int, int)} of a state whose {@code hashCode()} is {@code stateHash}. */
    static long hash(int stateHash, long[] bits, int off, int words) {
        long h = stateHash * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < words; i++) {
            long w = bits[off + i];
            if (w != 0) {
                h += mix(w + i * 0xD6E8FEB86659FD93L);
            }
        }
        return mix(h);
    }

    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb34f1a2d20c5L;
        return z ^ (z >>> 33);
    }

    /**
     * Adds (state, bits) unless an equal entry exists, or with {@link #sameNow} set, one whose state is the same
     * now. Returns the new entry's index, whose other fields the caller fills in, or {@code -1 - e} when entry e
     * is equal (the caller may then put the state that subsumes in its place).
     */
    int add(long hash, Object state, long[] src, int off) {
        int mask = table.length - 1;
        int i = (int) hash & mask;
        for (int e = table[i]; e >= 0; e = table[i]) {
            if (hashes[e] == hash && sameBits(e, src, off)
                    && (states[e].equals(state) || sameNow != null && sameNow.test(states[e], state))) {
                return -1 - e;
            }
            i = (i + 1) & mask;
        }
        if (size == states.length) {
            growEntries();
        }
        int e = size++;
        System.arraycopy(src, off, bits, e * words, words);
        states[e] = state;
        hashes[e] = hash;
        home[e] = i;
        table[i] = e;
        if (size * 2 > table.length) {
            rebuildTable(table.length * 2);
        }
        return e;
    }

    /** Whether entry e's bitset equals the one at {@code off} in {@code src}. */
    boolean sameBits(int e, long[] src, int off) {
        int base = e * words;
        for (int i = 0; i < words; i++) {
            if (bits[base + i] != src[off + i]) {
                return false;
            }
        }
        return true;
    }

    private void growEntries() {
        int entries = states.length * 2;
        if ((long) entries * words > Integer.MAX_VALUE - 16 || entries < 0) {
            // Java arrays end here; the memory budget normally stops the search long before.
            throw new OutOfMemoryError("frontier of " + size + " configurations of " + words + " words");
        }
        // The old arrays live on until the copies are made: reserve both.
        long extra = arrayBytes(entries, 0);
        held.reserve(extra);
        bits = Arrays.copyOf(bits, entries * words);
        states = Arrays.copyOf(states, entries);
        hashes = Arrays.copyOf(hashes, entries);
        trails = Arrays.copyOf(trails, entries);
        depths = Arrays.copyOf(depths, entries);
        parents = Arrays.copyOf(parents, entries);
        ops = Arrays.copyOf(ops, entries);
        satStart = Arrays.copyOf(satStart, entries);
        satLength = Arrays.copyOf(satLength, entries);
        asleep = Arrays.copyOf(asleep, entries);
        home = Arrays.copyOf(home, entries);
    }

    private void rebuildTable(int capacity) {
        if (capacity > table.length) {
            held.reserve((capacity - table.length) * 4L);
        }
        table = new int[capacity];
        Arrays.fill(table, -1);
        int mask = capacity - 1;
        for (int e = 0; e < size; e++) {
            int i = (int) hashes[e] & mask;
            while (table[i] >= 0) {
                i = (i + 1) & mask;
            }
            table[i] = e;
            home[e] = i;
        }
    }

    /** Empties the set in time proportional to its size; a set that grew far beyond its use shrinks. */
    void clear() {
        if (states.length > 1 << 14 && size * 16 < states.length) {
            allocate(Math.max(MIN_ENTRIES, Integer.highestOneBit(Math.max(1, size)) * 4));
            return;
        }
        for (int e = 0; e < size; e++) {
            table[home[e]] = -1;
            states[e] = null;
        }
        size = 0;
    }

    /** Empties the set and sets its bitset width. */
    void reset(int newWords) {
        if (newWords != words) {
            words = newWords;
            allocate(Math.max(MIN_ENTRIES, states.length));
        } else {
            clear();
        }
    }

    /** Keeps only the entries not marked in {@code drop}, in order. */
    void retain(boolean[] drop) {
        for (int e = 0; e < size; e++) {
            table[home[e]] = -1; // the table may be much larger than the set: empty only the slots in use
        }
        int kept = 0;
        for (int e = 0; e < size; e++) {
            if (!drop[e]) {
                if (kept != e) {
                    System.arraycopy(bits, e * words, bits, kept * words, words);
                    states[kept] = states[e];
                    hashes[kept] = hashes[e];
                    trails[kept] = trails[e];
                    depths[kept] = depths[e];
                    parents[kept] = parents[e];
                    ops[kept] = ops[e];
                    satStart[kept] = satStart[e];
                    satLength[kept] = satLength[e];
                    asleep[kept] = asleep[e];
                }
                kept++;
            }
        }
        for (int e = kept; e < size; e++) {
            states[e] = null;
        }
        size = kept;
        int mask = table.length - 1;
        for (int e = 0; e < kept; e++) {
            int i = (int) hashes[e] & mask;
            while (table[i] >= 0) {
                i = (i + 1) & mask;
            }
            table[i] = e;
            home[e] = i;
        }
    }

    /**
     * Removes the entries marked in {@code drop} if {@code any} is marked (see {@link #retain}), then clears the
     * marks of every entry there was. Returns how many of the first {@code leading} entries stay.
     */
    int removeMarked(boolean[] drop, boolean any, int leading) {
        int before = size;
        int kept = leading;
        if (any) {
            for (int e = 0; e < leading; e++) {
                kept -= drop[e] ? 1 : 0;
            }
            retain(drop);
        }
        Arrays.fill(drop, 0, before, false);
        return kept;
    }

    /** Recomputes every hash (after the bitsets changed without making two entries equal) and the table. */
    void rehash() {
        for (int e = 0; e < size; e++) {
            hashes[e] = hash(states[e], bits, e * words, words);
        }
        rebuildTable(table.length);
    }

    /** Widens every bitset to {@code newWords} longs (new words zero); hashes do not change. */
    void widen(int newWords) {
        held.reserve((long) states.length * newWords * 8);
        long[] wider = new long[states.length * newWords];
        for (int e = 0; e < size; e++) {
            System.arraycopy(bits, e * words, wider, e * newWords, words);
        }
        bits = wider;
        words = newWords;
    }

    /** Makes this set a copy of {@code other}. */
    void copyFrom(ConfigSet other) {
        if (states.length < other.size || words != other.words) {
            words = other.words;
            allocate(Math.max(MIN_ENTRIES, Integer.highestOneBit(Math.max(1, other.size)) * 2));
        } else {
            clear();
        }
        sameNow = null; // other's entries are distinct: copy them all
        for (int e = 0; e < other.size; e++) {
            int c = add(other.hashes[e], other.states[e], other.bits, e * words);
            trails[c] = other.trails[e];
            depths[c] = other.depths[e];
            parents[c] = other.parents[e];
            ops[c] = other.ops[e];
            asleep[c] = other.asleep[e];
        }
    }

    private long arrayBytes(int entries, int tableLength) {
        return (long) entries * (words * 8L + 8 + 4 * 8 + 8 + 4) + tableLength * 4L;
    }

    /** The bytes this set holds, estimated: its arrays plus {@link Budget#STATE_BYTES} per state. */
    long bytes() {
        return arrayBytes(states.length, table.length) + size * Budget.STATE_BYTES;
    }

    /**
     * Reports {@link #bytes()} to the budget (growth was reported as it happened). Returns {@code false}, the budget
     * stopped, when that takes the check over its limit.
     */
    boolean account() {
        return held.account(bytes());
    }

    /** Gives back everything reported to the budget. */
    void release() {
        held.release();
    }
}
