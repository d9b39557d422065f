package dev.ariadne.harness;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each planted bug of {@link BrokenStructures} is found within a bounded run in every one of several seeds, the run
 * stops at the violation (early, unless the round's last return shows it), and a minimal failing core is reported
 * (its size depends on how the threads interleaved, so it is printed, not bounded).
 */
class BrokenStructuresTest {
    private static final int CLIENTS = 4;
    /** Operations per client and round. */
    private static final long OPERATIONS = 10;
    /** The bound on the rounds: a run has at most 4 x 10 x 2,000 = 80,000 operations. */
    private static final int ROUNDS = 2_000;

    private static void found(RunResult r) {
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), () -> "seed " + r.seed() + ": " + r.report());
        if (!r.stoppedAtViolation()) {
            // The online checker judges a return once a later event shows nothing else happened at its instant, so
            // a violation first shown by a round's last return is only found when the round finishes.
            assertEquals(Verdict.LINEARIZABLE, Checker.check(withoutLastReturn(r.history()), r.model()).verdict(),
                    () -> "seed " + r.seed() + ": the run did not stop at a violation that showed before its end");
        }
        System.out.printf("%s: found in round %d after %d operations; core of %d%n", r.model().name(), r.rounds(),
                r.totalOperations(),
                r.core().size());
        // (how small the core is depends on how the threads interleaved: usually 1 to 14 operations, more on a
        // loaded machine, so its size is printed above and not asserted)
        assertFalse(r.core().isEmpty(), () -> "a core was found: " + r.report());
        String message = r.failureMessage();
        assertTrue(message.contains("seed " + r.seed()), message);
        assertTrue(message.contains("Minimal failing core"), message);
    }

    private static History withoutLastReturn(History h) {
        Operation last = null;
        for (Operation o : h.operations()) {
            if (!o.isPending() && (last == null || o.ret() > last.ret())) {
                last = o;
            }
        }
        List<Operation> kept = new ArrayList<>();
        for (Operation o : h.operations()) {
            if (o.id() != last.id()) { // by id: a history may make its operations anew each time they are asked for
                kept.add(o.withId(kept.size()));
            }
        }
        return History.of(kept);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aCheckThenActCounterLosesIncrements(long seed) {
        found(WorkloadRunner.of(Workload.of(BrokenStructures.CheckThenActCounter::new)
                        .operation("increment", c -> {
                            c.increment();
                            return null;
                        })
                        .operation("read", c -> c.read()).weight(2))
                // a read's core holds every increment it counts: short rounds, frequent reads, small cores
                .model("counter").clients(CLIENTS).operations(8).rounds(ROUNDS).seed(seed).run());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aQueueWithARacyEnqueueLosesOrReordersElements(long seed) {
        found(WorkloadRunner.of(Workload.of(BrokenStructures.LossyQueue::new)
                        .operation("enqueue", Generator.distinct(), (q, v) -> {
                            q.enqueue(v);
                            return null;
                        })
                        .operation("dequeue", q -> q.dequeue()).weight(2))
                .model("fifo-queue").clients(CLIENTS).operations(OPERATIONS).rounds(ROUNDS).seed(seed).run());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aMapWithARacyReadThroughCacheServesStaleValues(long seed) {
        found(WorkloadRunner.of(Workload.of(BrokenStructures.RacyCachedMap::new)
                        .operation("put", Generator.oneOf("a", "b"), r -> "v" + r.distinct(), (m, k, v) -> {
                            m.put(k, v);
                            return null;
                        })
                        .operation("get", Generator.oneOf("a", "b"), null, (m, k, v) -> m.get(k)).weight(3))
                .model("kv").clients(CLIENTS).operations(OPERATIONS).rounds(ROUNDS).seed(seed).run());
    }

    /** Reads 0 until its fourth call, which lies: the violation shows only in the run's last return. */
    private static final class LyingOnLastRead {
        private int reads;

        long read() {
            return ++reads == 4 ? 7 : 0;
        }
    }

    @Test
    void aViolationShownOnlyByTheLastReturnIsExplainedToo() {
        RunResult r = WorkloadRunner.of(Workload.of(LyingOnLastRead::new).operation("read", c -> c.read()))
                .model("counter").clients(1).operations(4).seed(1).run();
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), r::report);
        assertFalse(r.stoppedAtViolation(), "the online checker judges the last return only when the run ends");
        assertEquals(List.of("7"), r.core().stream().map(o -> String.valueOf(o.output())).toList(), r::report);
        assertTrue(r.failureMessage().contains("Minimal failing core"), r::failureMessage);
    }
}
