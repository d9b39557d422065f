package dev.ariadne.core.check;

import dev.ariadne.core.search.ProgressMeter;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How far a running check has got, for a caller that polls it from another thread (a progress line, a
 * dashboard). Pass one to {@link Checker#check(dev.ariadne.core.history.History, dev.ariadne.core.model.Model,
 * CheckOptions, Progress)} and call {@link #snapshot()} whenever you like, from any thread: the searches only write
 * plain counters every few thousand steps and never wait for a reader, so watching costs the check nothing
 * measurable and the values are approximate (a few thousand steps behind).
 *
 * <p>A {@code Progress} follows one check at a time; giving it to a later check starts it over.
 */
public final class Progress {
    /** What one check publishes: set once when it starts and again once its partitions are known. */
    private record Run(long startNanos, long totalOperations, ProgressMeter[] meters) {
    }

    private static final ProgressMeter[] NO_METERS = new ProgressMeter[0];

    private volatile Run run;
    /**
     * The largest elapsed time any snapshot has reported, or {@code -1 - elapsed} once the check has finished and
     * the time is frozen. One atomic value, so that a snapshot racing with {@link #finish} can never report more
     * than the frozen time and elapsed times never go back.
     */
    private final AtomicLong clock = new AtomicLong();

    /** A progress that no check has started yet: its snapshot is all zeros. */
    public Progress() {
    }

    /**
     * What the check has done so far. Counts are summed over partitions.
     *
     * @param operations             operations the searches have placed (dfs: the deepest linearization seen;
     *                               decision procedures: none until their partition is decided) or passed in
     *                               real-time order (frontier), plus every operation of a decided partition
     *                               (linearizable or not); monotonic, and equal to {@code totalOperations}
     *                               once a check that decided every partition has finished
     * @param totalOperations        operations in all partitions (what {@code operations} counts up to)
     * @param configurationsAlive    configurations the frontier searches running now carry (dfs and decision
     *                               procedures carry none in this sense); goes up and down
     * @param configurationsExplored model steps tried so far, as {@link Statistics#configurations()} counts them;
     *                               monotonic while a partition is searched, reported for decision procedures
     *                               only when they finish
     * @param partitionsDone         partitions whose search has ended, whatever its verdict; monotonic
     * @param partitions             partitions of the check (0 until the history is partitioned)
     * @param elapsedNanos           wall time since the check started, frozen when it finished; monotonic
     * @param finished               whether the check has returned its result
     */
    public record Snapshot(long operations, long totalOperations, long configurationsAlive,
                           long configurationsExplored, int partitionsDone, int partitions, long elapsedNanos,
                           boolean finished) {

        /** Nothing started. */
        public static final Snapshot NONE = new Snapshot(0, 0, 0, 0, 0, 0, 0, false);

        /** Operations per second since the check started (0 before any time has passed). */
        public double operationsPerSecond() {
            return elapsedNanos <= 0 ? 0 : operations * 1e9 / elapsedNanos;
        }
    }

    /** The check's progress now: see {@link Snapshot} for what each value means. Thread-safe; never blocks. */
    public Snapshot snapshot() {
        Run r = run;
        if (r == null) {
            return Snapshot.NONE;
        }
        // Read before the meters: a check seen as finished has published its final counts already.
        long elapsed = elapsed(r.startNanos);
        boolean done = elapsed < 0;
        long ops = 0;
        long alive = 0;
        long explored = 0;
        int decided = 0;
        for (ProgressMeter m : r.meters) {
            ops += m.operations();
            alive += m.alive();
            explored += m.explored();
            if (m.isDone()) {
                decided++;
            }
        }
        return new Snapshot(ops, r.totalOperations, alive, explored, decided, r.meters.length,
                done ? -1 - elapsed : elapsed, done);
    }

    /** The elapsed time to report now, at least any reported before; negative (encoded) once frozen. */
    private long elapsed(long startNanos) {
        while (true) {
            long seen = clock.get();
            if (seen < 0) {
                return seen;
            }
            long now = Math.max(seen, System.nanoTime() - startNanos);
            if (clock.compareAndSet(seen, now)) {
                return now;
            }
        }
    }

    // ---- the check's side -----------------------------------------------------------------------------------

    /** A check started at {@code startNanos} on {@code operations} operations, not yet partitioned. */
    synchronized void start(long startNanos, long operations) {
        clock.set(0);
        run = new Run(startNanos, operations, NO_METERS);
    }

    /** The check's partitions are known: one meter each, in partition order. */
    synchronized ProgressMeter[] partitions(List<Integer> sizes) {
        Run r = Objects.requireNonNull(run, "start first");
        ProgressMeter[] meters = new ProgressMeter[sizes.size()];
        long total = 0;
        for (int i = 0; i < meters.length; i++) {
            meters[i] = new ProgressMeter();
            total += sizes.get(i);
        }
        run = new Run(r.startNanos, total, meters);
        return meters;
    }

    /** The check returned its result. */
    synchronized void finish(long endNanos) {
        long elapsed = Math.max(0, endNanos - run.startNanos);
        while (true) {
            long seen = clock.get();
            if (seen < 0 || clock.compareAndSet(seen, -1 - Math.max(seen, elapsed))) {
                return;
            }
        }
    }
}
