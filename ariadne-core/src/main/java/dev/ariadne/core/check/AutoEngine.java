package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.FifoQueueModel;

import java.util.Arrays;
import java.util.List;

/**
 * The rule {@link Engine#AUTO} applies to each partition when it has one thread, chosen by measurement
 * ({@code docs/engines.md}, "auto: the rule"). A partition is searched by dfs first when it is short (at most
 * {@link #DFS_MAX_OPERATIONS} operations), has few pending operations (at most {@link #DFS_MAX_PENDING}, and fewer
 * than one in {@link #DFS_MIN_OPERATIONS_PER_PENDING}) and moderate overlap (fewer than {@link #DFS_MAX_MEAN_OPEN}
 * completed operations open at a call, on average): there dfs, which stops at the first linearization it finds, is
 * up to 10× faster than the frontier, but only with a share of the memory budget, since dfs remembers every
 * configuration it explored. If that share runs out, the frontier, which holds only the configurations of the
 * current window, searches the partition again with the whole budget. Every other partition goes to the frontier
 * at once: long ones (dfs pays for its long bitsets on every step and its memory grows with the history),
 * crash-heavy ones (etcd logs, where the frontier's dominance rule keeps one of the subsets of crashed operations
 * dfs tries one by one) and wide ones (ten or more clients at full overlap, Knossos' shape with 26 clients), where
 * dfs is up to 8× faster when the history is linearizable but must explore every order to prove a violation,
 * which the frontier proves 10–40× faster, or, with crashed operations, at all. With a spare thread {@code Checker} races both engines instead.
 * Where the frontier has no rule of its own for a partition ({@link #opaque}), dfs goes first whatever its shape,
 * and without a race.
 */
final class AutoEngine {
    /** Partitions with at most this many operations (after dropping invisible pending ones) may try dfs first. */
    static final int DFS_MAX_OPERATIONS = 4096;
    /** ... if they have at most this many pending operations (after dropping invisible ones) ... */
    static final int DFS_MAX_PENDING = 24;
    /** ... and at least this many operations per pending one ... */
    static final int DFS_MIN_OPERATIONS_PER_PENDING = 16;
    /** ... and fewer than this many completed operations open at a call on average ({@link Shape#meanOpen}). */
    static final double DFS_MAX_MEAN_OPEN = 8;
    /** The dfs attempt may hold one part in this many of the memory budget ... */
    static final int DFS_MEMORY_SHARE = 2;
    /** ... and at most this many bytes. */
    static final long DFS_MAX_MEMORY = 512L << 20;

    private AutoEngine() {
    }

    /**
     * Whether the frontier has nothing to offer here beyond dfs but its window of memory: no pending operation (its
     * dominance rules), no read-only one (its eager placement), and not a FIFO queue (its layered states). Then both
     * engines explore the same configurations to prove a violation, and dfs, which stops at the first linearization,
     * never more to prove linearizability; so dfs goes first whatever the partition's length or overlap (a TLA+ spec,
     * a user's model: issue 25, where the frontier left UNKNOWN at 60 s what dfs decided in 1.5 s). dfs then gets all
     * of the memory budget but 1/64 ({@link #opaqueDfsMemory}); if it runs out, the frontier searches again with the
     * whole budget (dfs's tables are garbage by then), where its window may fit a violation.
     */
    static boolean opaque(Model<?> model, List<Operation> ops) {
        if (model instanceof FifoQueueModel) {
            return false;
        }
        for (Operation op : ops) {
            if (op.isPending() || model.isReadOnly(op.input(), op.output())) {
                return false;
            }
        }
        return true;
    }

    /** Whether dfs gets the first try on these operations (a partition, after dropping invisible pending ones). */
    static boolean dfsFirst(List<Operation> ops) {
        if (ops.size() > DFS_MAX_OPERATIONS) {
            return false; // before measuring the overlap, which sorts the operations' times
        }
        return dfsFirst(Shape.of(ops));
    }

    /** The rule on a partition's shape. */
    static boolean dfsFirst(Shape shape) {
        return shape.operations() <= DFS_MAX_OPERATIONS
                && shape.pending() <= DFS_MAX_PENDING
                && (long) shape.pending() * DFS_MIN_OPERATIONS_PER_PENDING < shape.operations()
                && shape.meanOpen() < DFS_MAX_MEAN_OPEN;
    }

    /**
     * What the rule looks at in a partition: its operations, how many of them are pending (crashed), and its
     * overlap: the mean, over its completed operations, of how many completed operations are open at the instant
     * one is called, itself included (1 for a sequential history, about the number of clients at full overlap).
     * Pending operations are left out of the overlap, since they stay open to the end and {@code pending} counts
     * them.
     */
    record Shape(int operations, int pending, double meanOpen) {
        static Shape of(List<Operation> ops) {
            int n = ops.size();
            long[] calls = new long[n];
            long[] returns = new long[n];
            int completed = 0;
            for (Operation op : ops) {
                if (!op.isPending()) {
                    calls[completed] = op.call();
                    returns[completed] = op.ret();
                    completed++;
                }
            }
            Arrays.sort(calls, 0, completed);
            Arrays.sort(returns, 0, completed);
            // Intervals are closed: one returning at the instant another is called overlaps it, so calls go first.
            int open = 0;
            long sum = 0;
            for (int c = 0, r = 0; c < completed; ) {
                if (calls[c] <= returns[r]) {
                    open++;
                    c++;
                    sum += open;
                } else {
                    open--;
                    r++;
                }
            }
            return new Shape(n, n - completed, completed == 0 ? 0 : (double) sum / completed);
        }
    }

    /**
     * The memory dfs may hold on an {@link #opaque} partition: all of the budget but 1/64, so that it is dfs's attempt
     * that runs out (the check's budget, stopped, would leave nothing for the frontier's try).
     */
    static long opaqueDfsMemory(long maxMemory) {
        return Math.max(1, maxMemory - maxMemory / 64);
    }

    /** The memory the dfs attempt may hold, given the check's budget. */
    static long dfsMemory(long maxMemory) {
        return Math.max(1, Math.min(DFS_MAX_MEMORY, maxMemory / DFS_MEMORY_SHARE));
    }
}
