package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Progress} reflects what the searches really did. Intermediate snapshots are taken deterministically: by
 * the model itself, from the searching thread, when it is asked to step a marked operation in the middle of the
 * history, so what the snapshot must show does not depend on thread timing.
 */
class ProgressTest {

    /**
     * Counts operations (inputs are {@code Integer} keys; every step adds one to the state), partitioned by key
     * modulo {@code parts}. When it first steps the operation whose input is {@code marker}, it records a snapshot
     * of {@code progress}.
     */
    private static final class Tally implements Model<Integer> {
        private final Progress progress;
        private final int marker;
        private final int parts;
        final AtomicReference<Progress.Snapshot> atMarker = new AtomicReference<>();

        Tally(Progress progress, int marker, int parts) {
            this.progress = progress;
            this.marker = marker;
            this.parts = parts;
        }

        @Override
        public String name() {
            return "tally";
        }

        @Override
        public Integer init() {
            return 0;
        }

        @Override
        public Integer step(Integer state, Object input, Object output) {
            if ((Integer) input == marker && atMarker.get() == null) {
                atMarker.set(progress.snapshot());
            }
            return state + 1;
        }

        @Override
        public List<Partition> partition(List<Operation> operations) {
            List<List<Operation>> split = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                split.add(new ArrayList<>());
            }
            for (Operation op : operations) {
                split.get((Integer) op.input() % parts).add(op);
            }
            List<Partition> result = new ArrayList<>();
            for (int p = 0; p < parts; p++) {
                result.add(new Partition("part " + p, split.get(p)));
            }
            return result;
        }
    }

    /** {@code n} operations by two clients whose operations overlap in pairs; input i for operation i. */
    private static History history(int n) {
        List<Operation> ops = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long t = 10L * (i / 2);
            ops.add(Operation.of(i, i % 2, i, null, t + (i % 2), t + 5));
        }
        return History.of(ops);
    }

    @Test
    void aFrontierCheckShowsItsWayThroughTheHistory() {
        int n = 100_000;
        Progress progress = new Progress();
        Tally model = new Tally(progress, n / 2, 1);
        Result r = Checker.check(history(n), model, CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(Engine.FRONTIER), progress);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());

        Progress.Snapshot mid = model.atMarker.get();
        assertNotNull(mid);
        assertTrue(mid.operations() > 0 && mid.operations() < n, mid.toString());
        // Published every 1,024 returns: at most that far behind the marked operation.
        assertTrue(mid.operations() >= n / 2 - 2 * 1_024, mid.toString());
        assertEquals(n, mid.totalOperations());
        assertTrue(mid.configurationsAlive() >= 1, mid.toString());
        assertTrue(mid.configurationsExplored() > 0, mid.toString());
        assertEquals(0, mid.partitionsDone());
        assertEquals(1, mid.partitions());
        assertFalse(mid.finished());

        Progress.Snapshot end = progress.snapshot();
        assertEquals(n, end.operations());
        assertEquals(n, end.totalOperations());
        assertEquals(0, end.configurationsAlive());
        assertEquals(r.statistics().configurations(), end.configurationsExplored());
        assertEquals(1, end.partitionsDone());
        assertTrue(end.finished());
        assertTrue(end.elapsedNanos() >= mid.elapsedNanos());
        // Frozen once finished.
        assertEquals(end, progress.snapshot());
    }

    @Test
    void aDfsCheckShowsTheOperationsItPlaced() {
        int n = 10_000;
        Progress progress = new Progress();
        Tally model = new Tally(progress, 9_000, 1);
        Result r = Checker.check(history(n), model, CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(Engine.DFS), progress);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());

        Progress.Snapshot mid = model.atMarker.get();
        assertNotNull(mid);
        // Published every 4,096 steps; about one step per operation on this history.
        assertTrue(mid.operations() >= 4_096 && mid.operations() < 9_000, mid.toString());
        assertEquals(0, mid.configurationsAlive(), "dfs carries no frontier");
        assertTrue(mid.configurationsExplored() >= mid.operations(), mid.toString());

        Progress.Snapshot end = progress.snapshot();
        assertEquals(n, end.operations());
        assertEquals(r.statistics().configurations(), end.configurationsExplored());
    }

    @Test
    void partitionsCountAsTheyAreDecided() {
        int n = 40_000;
        int parts = 8;
        Progress progress = new Progress();
        // The marker is in partition 7, which runs after the others with one partition at a time (the
        // partitions are equally large, so the largest-first order is the partition order).
        Tally model = new Tally(progress, n - 1, parts);
        Result r = Checker.check(history(n), model, CheckOptions.defaults().withCoreTimeout(null).withParallelism(1)
                .withEngine(Engine.FRONTIER), progress);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        Progress.Snapshot mid = model.atMarker.get();
        assertEquals(parts - 1, mid.partitionsDone(), mid.toString());
        assertEquals(parts, mid.partitions());
        assertTrue(mid.operations() >= (long) (parts - 1) * n / parts && mid.operations() < n, mid.toString());

        Progress.Snapshot end = progress.snapshot();
        assertEquals(parts, end.partitionsDone());
        assertEquals(n, end.operations());
    }

    @Test
    void snapshotsPolledFromAnotherThreadNeverGoBack() throws InterruptedException {
        int n = 100_000;
        Progress progress = new Progress();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicReference<String> problem = new AtomicReference<>();
        Thread poller = new Thread(() -> {
            Progress.Snapshot last = progress.snapshot();
            while (running.get()) {
                Progress.Snapshot s = progress.snapshot();
                if (s.operations() < last.operations() || s.configurationsExplored() < last.configurationsExplored()
                        || s.partitionsDone() < last.partitionsDone() || s.elapsedNanos() < last.elapsedNanos()
                        || s.operations() > s.totalOperations() && s.partitions() > 0) {
                    problem.compareAndSet(null, last + " then " + s);
                }
                last = s;
            }
        });
        poller.start();
        try {
            Result r = Checker.check(history(n), new Tally(progress, -1, 16),
                    CheckOptions.defaults().withCoreTimeout(null).withParallelism(4), progress);
            assertEquals(Verdict.LINEARIZABLE, r.verdict());
        } finally {
            running.set(false);
            poller.join();
        }
        assertNull(problem.get());
        assertEquals(n, progress.snapshot().operations());
        assertEquals(16, progress.snapshot().partitionsDone());
    }

    @Test
    void aViolationCountsItsPartitionAsDoneAndAFreshProgressIsEmpty() {
        assertEquals(Progress.Snapshot.NONE, new Progress().snapshot());
        // One operation, but the model rejects every step.
        Model<Integer> never = new Model<>() {
            @Override
            public String name() {
                return "never";
            }

            @Override
            public Integer init() {
                return 0;
            }

            @Override
            public Integer step(Integer state, Object input, Object output) {
                return null;
            }
        };
        Progress progress = new Progress();
        Result r = Checker.check(History.of(Operation.of(0, 0, 0, null, 0, 1)), never,
                CheckOptions.defaults().withCoreTimeout(null),
                progress);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        Progress.Snapshot end = progress.snapshot();
        assertEquals(1, end.operations());
        assertEquals(1, end.partitionsDone());
        assertTrue(end.finished());
    }
}
