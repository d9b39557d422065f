package dev.ariadne.core.engine;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The shared stop signal of one check: searches poll {@link #exhausted()} every few thousand steps and give up
 * once the deadline passed, the searching thread was interrupted (how a caller cancels a check), another
 * partition already decided the check, or the searches together hold more memory than the check may use.
 *
 * <p>Memory is accounted, not measured: each search reports an estimate of what it holds (its tables, arenas
 * and an allowance per remembered state) through {@link #hold}, and the first report that takes the total over
 * the limit stops the check with a reason starting with {@code memory}.
 */
final class Budget {
    /** Bytes assumed per remembered model state in the estimates (the state object and what it refers to). */
    static final long STATE_BYTES = 48;

    private final boolean limited;
    private final long deadline;
    private final String deadlineReason;
    private final long maxMemory;
    private final AtomicLong held = new AtomicLong();
    private volatile String stopReason;

    private Budget(boolean limited, long deadline, String deadlineReason, long maxMemory) {
        this.limited = limited;
        this.deadline = deadline;
        this.deadlineReason = deadlineReason;
        this.maxMemory = maxMemory;
    }

    static Budget unlimited() {
        return new Budget(false, 0, null, Long.MAX_VALUE);
    }

    /** A budget that runs out at {@code deadlineNanos} ({@link System#nanoTime()}), giving {@code reason}. */
    static Budget until(long deadlineNanos, String reason) {
        return new Budget(true, deadlineNanos, reason, Long.MAX_VALUE);
    }

    /** This budget's time limit with a memory limit of {@code bytes} for all searches together. */
    Budget withMaxMemory(long bytes) {
        return new Budget(limited, deadline, deadlineReason, bytes);
    }

    boolean exhausted() {
        if (stopReason != null) {
            return true;
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
    boolean hold(long delta) {
        long total = held.addAndGet(delta);
        if (delta > 0 && total > maxMemory) {
            stop(memoryReason(maxMemory));
            return false;
        }
        return true;
    }

    /** The bytes all searches hold now, by their estimates. */
    long held() {
        return held.get();
    }

    long maxMemory() {
        return maxMemory;
    }

    static String memoryReason(long limit) {
        return "memory limit of " + describeBytes(limit) + " reached";
    }

    static String describeBytes(long bytes) {
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

    void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    String reason() {
        return stopReason;
    }
}
