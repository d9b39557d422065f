package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * The rule {@link Engine#AUTO} applies to each partition, chosen by measurement ({@code docs/engines.md}). A
 * partition of at most {@link #DFS_MAX_OPERATIONS} operations with at most {@link #DFS_MAX_PENDING} pending ones
 * is searched by dfs first, which stops at the first linearization it finds and is much faster there on short,
 * ambiguous histories (queues, etcd logs), but only with a share of the memory budget: dfs remembers every
 * configuration it explored, with a bitset as long as the partition. If that share runs out, the frontier, which
 * holds only the configurations of the current window, searches the partition again with the whole budget.
 * Longer partitions go to the frontier at once (there dfs pays for its long bitsets on every step and its memory
 * grows with the history), and so do partitions with many pending operations, which dfs may try in every subset
 * where the frontier's dominance rule keeps one.
 */
final class AutoEngine {
    /** Partitions with at most this many operations (after dropping invisible pending ones) may try dfs first. */
    static final int DFS_MAX_OPERATIONS = 4096;
    /** ... if they have at most this many pending operations (after dropping invisible ones). */
    static final int DFS_MAX_PENDING = 24;
    /** The dfs attempt may hold one part in this many of the memory budget ... */
    static final int DFS_MEMORY_SHARE = 2;
    /** ... and at most this many bytes. */
    static final long DFS_MAX_MEMORY = 512L << 20;

    private AutoEngine() {
    }

    /** Whether dfs gets the first try on these operations. */
    static boolean dfsFirst(List<Operation> ops) {
        if (ops.size() > DFS_MAX_OPERATIONS) {
            return false;
        }
        int pending = 0;
        for (Operation op : ops) {
            if (op.isPending()) {
                pending++;
            }
        }
        return pending <= DFS_MAX_PENDING;
    }

    /** The memory the dfs attempt may hold, given the check's budget. */
    static long dfsMemory(long maxMemory) {
        return Math.max(1, Math.min(DFS_MAX_MEMORY, maxMemory / DFS_MEMORY_SHARE));
    }
}
