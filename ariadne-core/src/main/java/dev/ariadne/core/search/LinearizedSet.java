package dev.ariadne.core.search;

/**
 * A dfs configuration's set of linearized operations: a bitset over the operations (in call order) with the
 * bounds of its window kept exact as operations are added and removed. Words below {@link #lo} are all ones, word
 * {@code lo} is not, words from {@link #hi} on are zero and word {@code hi - 1} is not (so {@code lo <= hi}): the
 * set is determined by {@code lo} and the words of {@code [lo, hi)}, which is what the configuration caches store.
 * A dfs that walks the history in call order can only linearize an operation called before the first open
 * operation's return, so the window spans the operations open at once, not the history.
 *
 * <p>Keeping the bounds costs a scan over full or empty words only where the window's edge moved, which is within
 * the window the cache copies anyway.
 */
final class LinearizedSet {
    final long[] bits;
    /** The first word that is not all ones ({@code bits.length} when every word is). */
    int lo;
    /** One past the last word that is not zero (0 when the set is empty). */
    int hi;

    LinearizedSet(int operations) {
        bits = new long[(operations + 63) >>> 6];
    }

    boolean contains(int op) {
        return (bits[op >>> 6] & (1L << op)) != 0;
    }

    void add(int op) {
        int w = op >>> 6;
        bits[w] |= 1L << op;
        if (w >= hi) {
            hi = w + 1;
        }
        if (w == lo) {
            // Words at and past hi are zero, so this stops there at the latest.
            while (lo < hi && bits[lo] == -1L) {
                lo++;
            }
        }
    }

    void remove(int op) {
        int w = op >>> 6;
        bits[w] &= ~(1L << op);
        if (w < lo) {
            lo = w;
        }
        if (w == hi - 1) {
            // Words below lo are all ones, so this stops there at the latest.
            while (hi > lo && bits[hi - 1] == 0) {
                hi--;
            }
        }
    }
}
