package dev.ariadne.core.search;

/**
 * A dfs configuration's set of linearized operations, kept in the form the configuration caches store: a bitset
 * over the completed operations (in call order) with the bounds of its window kept exact as operations are added
 * and removed, and a separate bitset over the pending ones (numbered among themselves). A word of the first bitset
 * is <em>full</em> when every completed operation in it is linearized. Words below {@link #lo} are full and word
 * {@code lo} is not; words from {@link #hi} on are zero and word {@code hi - 1} is not: the set is determined by
 * {@code lo}, the words of {@code [lo, hi)} (none when {@code hi <= lo}) and the pending bitset, each a function of
 * the set alone, so equal sets give equal entries however they were reached. A dfs that walks the history in call
 * order can only linearize an operation called before the first open completed operation's return, so the window
 * spans the operations open at once, not the history; a pending operation, which never returns, would hold the
 * window's start back for the rest of the history if it were in the first bitset.
 *
 * <p>Keeping the bounds costs a scan over full or empty words only where the window's edge moved, which is within
 * the window the cache copies anyway.
 */
final class LinearizedSet {
    /** The completed operations' bits (a pending operation's bit is always clear here). */
    final long[] bits;
    /** Per word of {@link #bits}, the pending operations' bits; {@code null} when none is pending. */
    private final long[] pendingMask;
    /** Per operation, its number among the pending ones, or -1; {@code null} when none is pending. */
    private final int[] pendingRank;
    /** The pending operations' bits, by {@link #pendingRank}; empty when none is pending. */
    final long[] pendingBits;
    /** The first word that is not full ({@code bits.length} when every word is). */
    int lo;
    /** One past the last word that is not zero (0 when no completed operation is in the set). */
    int hi;

    /** A set over {@code operations} operations, none of them pending. */
    LinearizedSet(int operations) {
        this(new boolean[operations]);
    }

    /** A set over the operations whose pending flags are {@code pending}. */
    LinearizedSet(boolean[] pending) {
        int n = pending.length;
        bits = new long[(n + 63) >>> 6];
        long[] mask = null;
        int[] rank = null;
        int count = 0;
        for (int i = 0; i < n; i++) {
            if (pending[i]) {
                if (mask == null) {
                    mask = new long[bits.length];
                    rank = new int[n];
                    java.util.Arrays.fill(rank, -1);
                }
                mask[i >>> 6] |= 1L << i;
                rank[i] = count++;
            }
        }
        pendingMask = mask;
        pendingRank = rank;
        pendingBits = new long[(count + 63) >>> 6];
        advanceLo();
    }

    /** The first word of a whole bitset {@code set} that is not full ({@link #lo} of that set). */
    static int firstNotFull(long[] set) {
        int lo = 0;
        while (lo < set.length && set[lo] == -1L) {
            lo++;
        }
        return lo;
    }

    /** One past the last word of {@code set} from {@code lo} on that is not zero ({@link #hi} of that set). */
    static int endOfNonZero(long[] set, int lo) {
        int hi = set.length;
        while (hi > lo && set[hi - 1] == 0) {
            hi--;
        }
        return hi;
    }

    boolean contains(int op) {
        if (pendingRank != null && pendingRank[op] >= 0) {
            int r = pendingRank[op];
            return (pendingBits[r >>> 6] & (1L << r)) != 0;
        }
        return (bits[op >>> 6] & (1L << op)) != 0;
    }

    void add(int op) {
        if (pendingRank != null && pendingRank[op] >= 0) {
            int r = pendingRank[op];
            pendingBits[r >>> 6] |= 1L << r;
            return;
        }
        int w = op >>> 6;
        bits[w] |= 1L << op;
        if (w >= hi) {
            hi = w + 1;
        }
        if (w == lo) {
            advanceLo();
        }
    }

    void remove(int op) {
        if (pendingRank != null && pendingRank[op] >= 0) {
            int r = pendingRank[op];
            pendingBits[r >>> 6] &= ~(1L << r);
            return;
        }
        int w = op >>> 6;
        bits[w] &= ~(1L << op);
        if (w < lo) {
            lo = w;
        }
        if (w == hi - 1) {
            // Words below lo are full, so nonzero unless they hold only pending operations: this stops soon.
            while (hi > 0 && bits[hi - 1] == 0) {
                hi--;
            }
        }
    }

    /** Moves {@link #lo} past full words (past the window only over words of pending operations alone). */
    private void advanceLo() {
        if (pendingMask == null) {
            while (lo < bits.length && bits[lo] == -1L) {
                lo++;
            }
        } else {
            while (lo < bits.length && (bits[lo] | pendingMask[lo]) == -1L) {
                lo++;
            }
        }
    }
}
