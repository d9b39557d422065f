package dev.ariadne.core.engine;

/**
 * The shared stop signal of one check: searches poll {@link #exhausted()} every few thousand steps and give up
 * once the deadline passed or another partition already decided the check.
 */
final class Budget {
    private final boolean limited;
    private final long deadline;
    private volatile String stopReason;

    private Budget(boolean limited, long deadline) {
        this.limited = limited;
        this.deadline = deadline;
    }

    static Budget unlimited() {
        return new Budget(false, 0);
    }

    static Budget until(long deadlineNanos) {
        return new Budget(true, deadlineNanos);
    }

    boolean exhausted() {
        if (stopReason != null) {
            return true;
        }
        if (limited && System.nanoTime() - deadline > 0) {
            stop("time limit reached");
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
