package dev.ariadne.core.search;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared stop signal of one check: searches poll {@link #exhausted()} every few thousand steps and give up
 * once the deadline passed, the searching thread was interrupted (how a caller cancels a check), another
 * partition already decided the check, or the searches together hold more memory than the check may use.
 *
 * <p>Memory is accounted, not measured: each search reports an estimate of what it holds (its tables, arenas
 * and an allowance per remembered state) through {@link #hold}, and the first report that takes the total over
 * the limit stops the check with a reason starting with {@code memory}.
 *
 * <p>An {@link #attempt} is a budget for one try within the check (the automatic engine's first try with dfs): it
 * stops whenever the check does, its memory counts toward the check's, and its own, smaller memory cap stops only
 * the attempt, so that the check can go on another way.
 */
public final class Budget {
    /** Bytes assumed per remembered model state in the estimates (the state object and what it refers to). */
    public static final long STATE_BYTES = 64;

    private final boolean limited;
    private final long deadline;
    private final String deadlineReason;
    private final long maxMemory;
    private final AtomicLong held = new AtomicLong();
    private final Budget parent;
    /** The work units this budget may spend ({@link #spend}); {@code Long.MAX_VALUE}: not counted. */
    private final long workLimit;
    /** The work spent so far, when counted: written only by the one thread searching with this budget. */
    private long work;
    private volatile String stopReason;

    private Budget(boolean limited, long deadline, String deadlineReason, long maxMemory, Budget parent) {
        this(limited, deadline, deadlineReason, maxMemory, parent, Long.MAX_VALUE);
    }

    private Budget(boolean limited, long deadline, String deadlineReason, long maxMemory, Budget parent,
                   long workLimit) {
        this.limited = limited;
        this.deadline = deadline;
        this.deadlineReason = deadlineReason;
        this.maxMemory = maxMemory;
        this.parent = parent;
        this.workLimit = workLimit;
    }

    /** The reason a {@link #round} budget gives when its work runs out. */
    public static final String WORK_LIMIT = "the round's work limit was reached";

    public static Budget unlimited() {
        return new Budget(false, 0, null, Long.MAX_VALUE, null);
    }

    /** A budget that runs out at {@code deadlineNanos} ({@link System#nanoTime()}), giving {@code reason}. */
    public static Budget until(long deadlineNanos, String reason) {
        return new Budget(true, deadlineNanos, reason, Long.MAX_VALUE, null);
    }

    /** This budget's time limit with a memory limit of {@code bytes} for all searches together. */
    public Budget withMaxMemory(long bytes) {
        return new Budget(limited, deadline, deadlineReason, bytes, null);
    }

    /** A budget for one attempt within this check, which may hold at most {@code bytes} of its own. */
    public Budget attempt(long bytes) {
        return new Budget(false, 0, null, bytes, this);
    }

    /**
     * A budget for one round of a search on one thread: it stops whenever this one does, its memory counts toward
     * this one's (with the same limit), and it stops on its own, with {@link #WORK_LIMIT}, once the searches have
     * {@link #spend spent} {@code units} of work. Work is counted in the searches' own deterministic steps, so
     * whether a round decides does not depend on the machine's speed.
     */
    public Budget round(long units) {
        return new Budget(false, 0, null, maxMemory, this, units);
    }

    /**
     * Counts {@code units} of deterministic search work (model steps, loop iterations; each engine its own unit)
     * against every enclosing {@link #round} budget, stopping one whose work is spent. Called by one thread.
     */
    public void spend(long units) {
        for (Budget b = this; b != null; b = b.parent) {
            if (b.workLimit != Long.MAX_VALUE) {
                b.work += units;
                if (b.work > b.workLimit) {
                    b.stop(WORK_LIMIT);
                }
            }
        }
    }

    public boolean exhausted() {
        if (stopReason != null) {
            return true;
        }
        if (parent != null) {
            if (parent.exhausted()) {
                stop(parent.reason());
                return true;
            }
            return false;
        }
        if (Thread.currentThread().isInterrupted()) {
            stop("interrupted");
            return true;
        }
        if (limited && System.nanoTime() - deadline > 0) {
            stop(deadlineReason);
            return true;
        }
        return false;
    }

    /**
     * Adds {@code delta} bytes (negative to release) to what the searches hold. Returns {@code false}, having
     * stopped the check, when the total is now over the limit.
     */
    public boolean hold(long delta) {
        long total = held.addAndGet(delta);
        if (parent != null && !parent.hold(delta)) {
            stop(parent.reason());
            return false;
        }
        if (delta > 0 && total > maxMemory) {
            stop(memoryReason(maxMemory));
            return false;
        }
        return true;
    }

    public long maxMemory() {
        return maxMemory;
    }

    static String memoryReason(long limit) {
        return "memory limit of " + describeBytes(limit) + " reached";
    }

    public static String describeBytes(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + " GiB";
        }
        if (bytes >= 1L << 20) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1L << 10) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " bytes";
    }

    public void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    public String reason() {
        return stopReason;
    }
}
