package dev.ariadne.core.search;

/**
 * The counters of one partition's search, which {@link dev.ariadne.core.check.Progress} sums for its snapshots.
 * Only the thread searching the partition writes them, so a write needs no synchronization beyond the volatile
 * store that publishes it; searches write every few thousand steps so that the stores cost nothing measurable.
 */
public final class ProgressMeter {
    private volatile long operations;
    private volatile long alive;
    private volatile long explored;
    private volatile boolean done;
    /** Steps of earlier attempts on this partition (auto's dfs before the frontier); writer-only. */
    private long base;

    /** The search has placed or passed {@code placed} operations, carries {@code alive}, took {@code steps}. */
    public void update(long placed, long alive, long steps) {
        if (placed > operations) {
            // Kept monotonic: dfs backtracks, and a second attempt starts again from the first operation.
            operations = placed;
        }
        this.alive = alive;
        explored = base + steps;
    }

    /** A new attempt on the same partition starts: its steps add to the earlier ones. */
    public void nextAttempt() {
        base = explored;
        alive = 0;
    }

    /**
     * The partition's search ended with {@code steps} in all; a decided partition counts whole ({@code
     * operations} is its size), one given up keeps what it reached ({@code operations} 0).
     */
    public void done(long operations, long steps) {
        if (operations > this.operations) {
            this.operations = operations;
        }
        alive = 0;
        explored = Math.max(explored, steps);
        done = true;
    }

    /** Operations placed or passed so far (monotonic). */
    public long operations() {
        return operations;
    }

    /** Configurations the search carries now. */
    public long alive() {
        return alive;
    }

    /** Model steps taken so far, earlier attempts included. */
    public long explored() {
        return explored;
    }

    /** Whether the partition's search has ended. */
    public boolean isDone() {
        return done;
    }
}
