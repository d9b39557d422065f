package dev.ariadne.core.search;

/**
 * When a dfs search's model steps are slow enough that its polls every 1,024 loop iterations would see a time limit
 * minutes late (a TLA+ spec's action over a big state can take 100 ms): then it also polls between iterations.
 * Only the time limit and the progress meter are looked at there; work is counted as always, so verdicts within a
 * work limit do not depend on this.
 */
final class SlowSteps {
    /** An average iteration longer than this makes the search poll at every one. */
    static final long NANOS = 1_000_000;

    private SlowSteps() {
    }

    /** Whether {@code iterations} since {@code start} ({@link System#nanoTime()}) took more than NANOS each. */
    static boolean slow(long start, long iterations) {
        return System.nanoTime() - start > iterations * NANOS;
    }
}
