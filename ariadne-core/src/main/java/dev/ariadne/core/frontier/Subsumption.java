package dev.ariadne.core.frontier;

import java.util.Arrays;

/**
 * The {@link Frontier}'s pass after each closure for a {@link SubsumingModel}: drops a configuration when another
 * one with the same linearized operations stands for all its concrete states (its state
 * {@linkplain SubsumingModel#subsumes subsumes} the other's). States that are the same now already met in the
 * closure's sets; this pass finds the rest, among states whose {@linkplain SubsumingModel#shape shapes} are equal
 * or one layer boundary apart.
 *
 * <p>Contract: the pass only ever drops a subsumed configuration, so the frontier stays exact; it may keep one
 * that another subsumes (a shape that differs more, or a carried configuration that a new one subsumes). Its
 * lookup tables live across returns and grow with the largest frontier; a pass allocates nothing otherwise.
 */
final class Subsumption<S> {
    private final SubsumingModel<S> model;
    /**
     * The {@link SubsumingModel#shape} and the hash of the bits of each entry of the set being pruned, and its
     * entries chained by bits, shape and key: an open-addressing table from their hash to the first entry, and the
     * next entry with the same hash after each.
     */
    private long[] shapes = new long[16];
    private long[] bitsHashes = new long[16];
    private int[] sameShapeNext = new int[16];
    private int[] shapeTable = new int[64];
    private long[] shapeTableHashes = new long[64];
    /** A one-probe Bloom filter of the hashes in {@link #shapeTable}: 4,096 bits, by the hash's top 12 bits. */
    private final long[] shapeFilter = new long[64];
    private boolean[] drop = new boolean[16];

    Subsumption(SubsumingModel<S> model) {
        this.model = model;
    }

    /**
     * Drops configurations of {@code n} whose state another one with the same bits subsumes. Its first
     * {@code carried} configurations come straight from the frontier before the return and were compared with each
     * other at the previous return, so only the new ones are looked at: each in a hash table of the
     * configurations by bits, shape and {@linkplain SubsumingModel#key key}, under its own shape and each shape
     * with one boundary fewer.
     */
    @SuppressWarnings("unchecked")
    void prune(ConfigSet n, int carried) {
        int size = n.size;
        if (carried == size) {
            return;
        }
        int w = n.words;
        int capacity = Integer.highestOneBit(size) * 4;
        if (shapeTable.length < capacity) {
            shapeTable = new int[capacity];
            shapeTableHashes = new long[capacity];
        }
        if (shapes.length < size) {
            shapes = new long[Integer.highestOneBit(size) * 2];
            bitsHashes = new long[shapes.length];
            sameShapeNext = new int[shapes.length];
        }
        int[] table = shapeTable;
        long[] tableHashes = shapeTableHashes;
        int mask = capacity - 1;
        Arrays.fill(table, 0, capacity, -1);
        Arrays.fill(shapeFilter, 0L);
        for (int e = 0; e < size; e++) {
            S state = (S) n.states[e];
            shapes[e] = model.shape(state);
            bitsHashes[e] = ConfigSet.hash(0, n.bits, e * w, w);
            long h = lookupHash(bitsHashes[e], shapes[e], model.key(state));
            int slot = (int) h & mask;
            while (table[slot] >= 0 && tableHashes[slot] != h) {
                slot = (slot + 1) & mask;
            }
            tableHashes[slot] = h;
            sameShapeNext[e] = table[slot];
            table[slot] = e;
            shapeFilter[(int) (h >>> 58)] |= 1L << (h >>> 52);
        }
        if (drop.length < size) {
            drop = new boolean[Integer.highestOneBit(size) * 2];
        }
        boolean any = false;
        for (int i = carried; i < size; i++) {
            long shape = shapes[i];
            int key = model.key((S) n.states[i]);
            drop[i] = subsumedBy(n, i, shape, key, mask);
            for (long m = shape & (shape - 1); m != 0 && !drop[i]; m &= m - 1) {
                drop[i] = subsumedBy(n, i, shape & ~(m & -m), key, mask); // one layer boundary fewer
            }
            any |= drop[i];
        }
        n.removeMarked(drop, any, carried);
    }

    private static long lookupHash(long bitsHash, long shape, int key) {
        return ConfigSet.mix(bitsHash + shape * 0x9E3779B97F4A7C15L + key);
    }

    /**
     * Whether configuration i of {@code n} is subsumed by one with its bits, this shape and this key (a
     * configuration already dropped counts: whatever subsumes it subsumes i).
     */
    @SuppressWarnings("unchecked")
    private boolean subsumedBy(ConfigSet n, int i, long shape, int key, int mask) {
        long h = lookupHash(bitsHashes[i], shape, key);
        if ((shapeFilter[(int) (h >>> 58)] & 1L << (h >>> 52)) == 0) {
            return false; // no entry has this hash: most lookups end here, in a table that stays in cache
        }
        int slot = (int) h & mask;
        while (shapeTable[slot] >= 0 && shapeTableHashes[slot] != h) {
            slot = (slot + 1) & mask;
        }
        S si = (S) n.states[i];
        for (int j = shapeTable[slot]; j >= 0; j = sameShapeNext[j]) {
            if (j != i && shapes[j] == shape && n.sameBits(j, n.bits, i * n.words)
                    && model.subsumes((S) n.states[j], si)) {
                return true;
            }
        }
        return false;
    }
}
