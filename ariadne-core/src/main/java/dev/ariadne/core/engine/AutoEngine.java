package dev.ariadne.core.engine;

import dev.ariadne.core.history.Operation;

import java.util.Arrays;
import java.util.List;

/**
 * The rule {@link Engine#AUTO} applies to each partition (measured in {@code docs/engines.md}). The frontier's cost
 * grows with the number of operations open at once, the dfs engine's memory with the length of the partition
 * times the configurations it explores; so short, highly concurrent partitions go to dfs and everything else to
 * the frontier.
 */
final class AutoEngine {
    /** Partitions with at most this many operations may go to dfs. */
    static final int DFS_MAX_OPERATIONS = 5_000;
    /** ... when at some instant more than this many completed operations are open at once. */
    static final int FRONTIER_MAX_OVERLAP = 12;

    private AutoEngine() {
    }

    static Engine choose(List<Operation> ops) {
        if (ops.size() > DFS_MAX_OPERATIONS) {
            return Engine.FRONTIER;
        }
        return maxOverlap(ops) > FRONTIER_MAX_OVERLAP ? Engine.DFS : Engine.FRONTIER;
    }

    /** The most completed operations open at one instant (closed intervals: touching ones overlap). */
    static int maxOverlap(List<Operation> ops) {
        int n = 0;
        for (Operation op : ops) {
            if (!op.isPending()) {
                n++;
            }
        }
        long[] calls = new long[n];
        long[] rets = new long[n];
        int k = 0;
        for (Operation op : ops) {
            if (!op.isPending()) {
                calls[k] = op.call();
                rets[k++] = op.ret();
            }
        }
        Arrays.sort(calls);
        Arrays.sort(rets);
        int open = 0;
        int max = 0;
        int r = 0;
        for (int c = 0; c < n; c++) {
            while (rets[r] < calls[c]) {
                r++;
                open--;
            }
            open++;
            max = Math.max(max, open);
        }
        return max;
    }
}
