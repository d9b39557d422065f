package dev.ariadne.core.engine;

/**
 * The shared stop signal of one check: searches poll {@link #exhausted()} every few thousand steps and give up
 * once the deadline passed, the searching thread was interrupted (how a caller cancels a check), or another
 * partition already decided the check.
 */
final class Budget {
    private final boolean limited;
    private final long deadline;
    private final String deadlineReason;
    private volatile String stopReason;

    private Budget(boolean limited, long deadline, String deadlineReason) {
        this.limited = limited;
        this.deadline = deadline;
        this.deadlineReason = deadlineReason;
    }

    static Budget unlimited() {
        return new Budget(false, 0, null);
    }

    /** A budget that runs out at {@code deadlineNanos} ({@link System#nanoTime()}), giving {@code reason}. */
    static Budget until(long deadlineNanos, String reason) {
        return new Budget(true, deadlineNanos, reason);
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

    void stop(String reason) {
        if (stopReason == null) {
            stopReason = reason;
        }
    }

    String reason() {
        return stopReason;
    }
}
