package dev.ariadne.harness;

import dev.ariadne.core.check.Verdict;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each planted bug of {@link BrokenStructures} is found within a bounded run in every one of several seeds, the run
 * stops early at the violation, and the minimal failing core is small.
 */
class BrokenStructuresTest {
    private static final int CLIENTS = 4;
    /** Operations per client and round. */
    private static final long OPERATIONS = 10;
    /** The bound on the rounds: a run has at most 4 x 10 x 300 = 12,000 operations. */
    private static final int ROUNDS = 300;
    private static final int CORE_BOUND = 8;

    private static void found(RunResult r) {
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), () -> "seed " + r.seed() + ": " + r.report());
        assertTrue(r.stoppedAtViolation(), "stopped at the violation");
        System.out.printf("found in round %d after %d operations; core of %d%n", r.rounds(), r.totalOperations(),
                r.core().size());
        assertFalse(r.core().isEmpty(), () -> "a core was found: " + r.report());
        assertTrue(r.core().size() <= CORE_BOUND, () -> "small core: " + r.report());
        String message = r.failureMessage();
        assertTrue(message.contains("seed " + r.seed()), message);
        assertTrue(message.contains("Minimal failing core"), message);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void aCheckThenActCounterLosesIncrements(long seed) {
        found(WorkloadRunner.of(Workload.of(BrokenStructures.CheckThenActCounter::new)
                        .operation("increment", c -> {
                            c.increment();
                            return null;
                        })
                        .operation("read", c -> c.read()))
                .model("counter").clients(CLIENTS).operations(OPERATIONS).rounds(ROUNDS).seed(seed).run());
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
}
