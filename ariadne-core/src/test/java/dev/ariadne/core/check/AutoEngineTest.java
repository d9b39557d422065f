package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.RegisterModel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link AutoEngine}'s rule on synthetic partitions, on both sides of each threshold, the shape it measures, and
 * the engine a check with {@link Engine#AUTO} then reports.
 */
class AutoEngineTest {

    /**
     * {@code clients} clients each calling {@code perClient} writes of 1 back to back, all of them busy at once
     * after the first round, then {@code pending} crashed writes called after the last return.
     */
    private static List<Operation> busy(int clients, int perClient, int pending) {
        List<Operation> ops = new ArrayList<>();
        long period = 2L * clients;
        for (int k = 0; k < perClient; k++) {
            for (int c = 0; c < clients; c++) {
                ops.add(Operation.of(ops.size(), c, Invocation.of("write", 1L), null, k * period + c,
                        (k + 1) * period + c - 1));
            }
        }
        for (int p = 0; p < pending; p++) {
            ops.add(Operation.pending(ops.size(), clients + p, Invocation.of("write", 1L),
                    (perClient + 1) * period + p));
        }
        return ops;
    }

    @Test
    void theShapeCountsPendingOperationsAndTheCompletedOnesOpenAtEachCall() {
        // Three clients, two rounds: 1, 2, 3 open at the first round's calls, 3 at each of the second's.
        assertEquals(new AutoEngine.Shape(6, 0, 15.0 / 6), AutoEngine.Shape.of(busy(3, 2, 0)));
        assertEquals(new AutoEngine.Shape(25, 5, (4 * 4 * 4 + 10) / 20.0), AutoEngine.Shape.of(busy(4, 5, 5)));
        assertEquals(new AutoEngine.Shape(0, 0, 0), AutoEngine.Shape.of(List.of()));
    }

    @Test
    void intervalsThatTouchOverlapAndOnesThatFollowEachOtherDoNot() {
        Invocation w = Invocation.of("write", 1L);
        List<Operation> touching = List.of(Operation.of(0, 0, w, null, 0, 5), Operation.of(1, 1, w, null, 5, 9));
        List<Operation> apart = List.of(Operation.of(0, 0, w, null, 0, 5), Operation.of(1, 1, w, null, 6, 9));
        assertEquals(1.5, AutoEngine.Shape.of(touching).meanOpen());
        assertEquals(1.0, AutoEngine.Shape.of(apart).meanOpen());
    }

    @Test
    void longPartitionsGoToTheFrontier() {
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(AutoEngine.DFS_MAX_OPERATIONS, 0, 3)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(AutoEngine.DFS_MAX_OPERATIONS + 1, 0, 3)));
        assertTrue(AutoEngine.dfsFirst(busy(4, 1024, 0)));
        assertFalse(AutoEngine.dfsFirst(busy(4, 1024, 1)));
    }

    @Test
    void manyPendingOperationsGoToTheFrontier() {
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, AutoEngine.DFS_MAX_PENDING, 5)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, AutoEngine.DFS_MAX_PENDING + 1, 5)));
    }

    @Test
    void aHighShareOfPendingOperationsGoesToTheFrontier() {
        int perPending = AutoEngine.DFS_MIN_OPERATIONS_PER_PENDING;
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(10 * perPending + 1, 10, 3)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(10 * perPending, 10, 3)));
        // Like an etcd log of porcupine's corpus: 80 operations, 12 crashed.
        assertFalse(AutoEngine.dfsFirst(busy(4, 17, 12)));
        assertTrue(AutoEngine.dfsFirst(busy(4, 17, 4)));
    }

    @Test
    void wideOverlapGoesToTheFrontier() {
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, 0, Math.nextDown(AutoEngine.DFS_MAX_MEAN_OPEN))));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, 0, AutoEngine.DFS_MAX_MEAN_OPEN)));
        assertTrue(AutoEngine.dfsFirst(busy(7, 20, 0)));
        assertFalse(AutoEngine.dfsFirst(busy(9, 20, 0)));
    }

    @Test
    void aCheckOnOneThreadReportsTheEngineTheRulePicked() {
        // Writes of one value: the distinct-register procedure does not apply, so the rule decides.
        Result narrow = Checker.check(History.of(busy(7, 4, 0)), RegisterModel.register(),
                CheckOptions.defaults().withCoreTimeout(null).withThreads(1));
        // A read at the end: the frontier has its read-only rule here, so the partition is not opaque.
        List<Operation> wideOps = new ArrayList<>(busy(12, 4, 0));
        long end = wideOps.get(wideOps.size() - 1).ret();
        wideOps.add(Operation.of(wideOps.size(), 99, Invocation.of("read", null), 1L, end + 1, end + 2));
        Result wide = Checker.check(History.of(wideOps), RegisterModel.register(),
                CheckOptions.defaults().withCoreTimeout(null).withThreads(1));
        assertEquals(Verdict.LINEARIZABLE, narrow.verdict());
        assertEquals(Verdict.LINEARIZABLE, wide.verdict());
        assertEquals("dfs", narrow.partitions().get(0).engine());
        assertEquals("frontier", wide.partitions().get(0).engine());
    }

    @Test
    void partitionsWhereTheFrontierHasNoRuleOfItsOwnGoToDfsWhateverTheirShape() {
        // Only writes: no pending, no read-only operation, not a queue. Long and wide: dfs all the same.
        List<Operation> writes = busy(9, AutoEngine.DFS_MAX_OPERATIONS / 9 + 1, 0);
        assertTrue(AutoEngine.opaque(RegisterModel.register(), writes));
        assertFalse(AutoEngine.dfsFirst(writes));
        for (int threads : new int[] {1, 2}) {
            Result r = Checker.check(History.of(writes), RegisterModel.register(),
                    CheckOptions.defaults().withCoreTimeout(null).withThreads(threads));
            assertEquals(Verdict.LINEARIZABLE, r.verdict(), r::toString);
            assertEquals("dfs", r.partitions().get(0).engine(), "threads " + threads);
        }
        // One pending operation (the frontier's dominance rules), or one read (its read-only rule): not opaque.
        assertFalse(AutoEngine.opaque(RegisterModel.register(), busy(3, 3, 1)));
        List<Operation> withRead = new ArrayList<>(busy(3, 3, 0));
        withRead.add(Operation.of(withRead.size(), 9, Invocation.of("read", null), 1L, 1000, 1001));
        assertFalse(AutoEngine.opaque(RegisterModel.register(),
                History.of(withRead).operations().stream().map(RegisterModel.register()::prepare).toList()));
        List<Operation> queue = List.of(Operation.of(0, 0, Invocation.of("enqueue", 1L), null, 0, 1));
        assertFalse(AutoEngine.opaque(new dev.ariadne.core.models.FifoQueueModel(), queue));
    }

    @Test
    void theRaceFindsViolationsAndLinearizationsWithEvidence() {
        CheckOptions race = CheckOptions.defaults().withCoreTimeout(null).withThreads(2);
        // Ten clients at full overlap: the frontier wins the violation, dfs usually the linearizable history.
        List<Operation> ops = busy(10, 30, 0);
        Result fine = Checker.check(History.of(ops), RegisterModel.register(), race);
        assertEquals(Verdict.LINEARIZABLE, fine.verdict(), fine::toString);
        ResultAssertions.assertConsistent(History.of(ops), RegisterModel.register(), race, fine);

        List<Operation> bad = new ArrayList<>(ops);
        Operation last = bad.get(bad.size() - 1);
        bad.add(Operation.of(bad.size(), 99, Invocation.of("read", null), 2L, last.ret() + 1, last.ret() + 2));
        Result found = Checker.check(History.of(bad), RegisterModel.register(), race);
        assertEquals(Verdict.NOT_LINEARIZABLE, found.verdict(), found::toString);
        ResultAssertions.assertConsistent(History.of(bad), RegisterModel.register(), race, found);
        assertTrue(List.of("dfs", "frontier").contains(found.partitions().get(0).engine()));
    }

    @Test
    void aRaceOutOfMemoryGivesUnknownAndTheNextCheckWorks() {
        // 26 concurrent additions of distinct powers of two and a sum no subset reaches: neither engine fits 1 MiB.
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            ops.add(Operation.of(i, i, 1L << i, null, 0, 100));
        }
        ops.add(Operation.of(26, 26, "sum", -1L, 0, 100));
        CheckOptions tiny = CheckOptions.defaults().withCoreTimeout(null).withThreads(2).withMaxMemory(1 << 20);
        Result result = Checker.check(History.of(ops), new ConformanceTest.SumModel(), tiny);
        assertEquals(Verdict.UNKNOWN, result.verdict(), result::toString);
        assertTrue(result.reason().startsWith("memory"), result.reason());

        Result next = Checker.check(History.of(busy(3, 3, 0)), RegisterModel.register(),
                CheckOptions.defaults().withCoreTimeout(null).withThreads(2));
        assertEquals(Verdict.LINEARIZABLE, next.verdict());
    }

    /** Accepts every step but one on {@code "boom"}, where it fails as a buggy model would. */
    private static final class FailingModel implements dev.ariadne.core.model.Model<Integer> {
        @Override
        public String name() {
            return "failing";
        }

        @Override
        public Integer init() {
            return 0;
        }

        @Override
        public Integer step(Integer state, Object input, Object output) {
            if ("boom".equals(input)) {
                throw new IllegalStateException("boom");
            }
            return state;
        }
    }

    @Test
    void aModelThatFailsInTheRaceFailsTheCheckAsOnOneThread() {
        History h = History.of(Operation.of(0, 0, "fine", null, 0, 10), Operation.of(1, 1, "boom", null, 5, 20));
        IllegalStateException one = assertThrows(IllegalStateException.class,
                () -> Checker.check(h, new FailingModel(), CheckOptions.defaults().withCoreTimeout(null)
                        .withThreads(1)));
        IllegalStateException race = assertThrows(IllegalStateException.class,
                () -> Checker.check(h, new FailingModel(), CheckOptions.defaults().withCoreTimeout(null)
                        .withThreads(2)));
        assertEquals(one.getMessage(), race.getMessage());
    }
}
