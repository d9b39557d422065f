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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link AutoEngine}'s rule on synthetic partitions, on both sides of each threshold, the shape it measures, and
 * the engine a check with {@link Engine#AUTO} then reports.
 */
class AutoEngineTest {

    /**
     * {@code rounds} rounds of {@code clients} writes of 1 open at once (each round's calls before any of its
     * returns), then {@code pending} crashed writes called after the last round.
     */
    private static List<Operation> rounds(int clients, int rounds, int pending) {
        List<Operation> ops = new ArrayList<>();
        long t = 0;
        for (int r = 0; r < rounds; r++) {
            for (int c = 0; c < clients; c++) {
                ops.add(Operation.of(ops.size(), c, Invocation.of("write", 1L), null, t + c, t + clients + c));
            }
            t += 2L * clients + 1;
        }
        for (int p = 0; p < pending; p++) {
            ops.add(Operation.pending(ops.size(), clients + p, Invocation.of("write", 1L), t + p));
        }
        return ops;
    }

    @Test
    void theShapeCountsPendingOperationsAndTheMostCompletedOnesOpenAtOnce() {
        assertEquals(new AutoEngine.Shape(30, 0, 10), AutoEngine.Shape.of(rounds(10, 3, 0)));
        assertEquals(new AutoEngine.Shape(25, 5, 4), AutoEngine.Shape.of(rounds(4, 5, 5)));
        assertEquals(new AutoEngine.Shape(0, 0, 0), AutoEngine.Shape.of(List.of()));
    }

    @Test
    void intervalsThatTouchOverlapAndOnesThatFollowEachOtherDoNot() {
        Invocation w = Invocation.of("write", 1L);
        List<Operation> touching = List.of(Operation.of(0, 0, w, null, 0, 5), Operation.of(1, 1, w, null, 5, 9));
        List<Operation> apart = List.of(Operation.of(0, 0, w, null, 0, 5), Operation.of(1, 1, w, null, 6, 9));
        assertEquals(2, AutoEngine.Shape.of(touching).maxOpenCompleted());
        assertEquals(1, AutoEngine.Shape.of(apart).maxOpenCompleted());
    }

    @Test
    void longPartitionsGoToTheFrontier() {
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(AutoEngine.DFS_MAX_OPERATIONS, 0, 5)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(AutoEngine.DFS_MAX_OPERATIONS + 1, 0, 5)));
        assertTrue(AutoEngine.dfsFirst(rounds(4, 1024, 0)));
        assertFalse(AutoEngine.dfsFirst(rounds(4, 1024, 1)));
    }

    @Test
    void manyPendingOperationsGoToTheFrontier() {
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, AutoEngine.DFS_MAX_PENDING, 10)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, AutoEngine.DFS_MAX_PENDING + 1, 10)));
    }

    @Test
    void aHighShareOfPendingOperationsGoesToTheFrontier() {
        int perPending = AutoEngine.DFS_MIN_OPERATIONS_PER_PENDING;
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(10 * perPending + 1, 10, 4)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(10 * perPending, 10, 4)));
        // Like an etcd log of porcupine's corpus: 80 operations, 12 crashed.
        assertFalse(AutoEngine.dfsFirst(rounds(4, 17, 12)));
        assertTrue(AutoEngine.dfsFirst(rounds(4, 17, 4)));
    }

    @Test
    void wideOverlapGoesToTheFrontier() {
        assertTrue(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, 0, AutoEngine.DFS_MAX_OPEN - 1)));
        assertFalse(AutoEngine.dfsFirst(new AutoEngine.Shape(1000, 0, AutoEngine.DFS_MAX_OPEN)));
        assertTrue(AutoEngine.dfsFirst(rounds(AutoEngine.DFS_MAX_OPEN - 1, 20, 0)));
        assertFalse(AutoEngine.dfsFirst(rounds(AutoEngine.DFS_MAX_OPEN, 20, 0)));
    }

    @Test
    void aCheckReportsTheEngineTheRulePicked() {
        // Writes of one value: the distinct-register procedure does not apply, so the rule decides.
        Result narrow = Checker.check(History.of(rounds(AutoEngine.DFS_MAX_OPEN - 1, 4, 0)),
                RegisterModel.register(), CheckOptions.defaults());
        Result wide = Checker.check(History.of(rounds(AutoEngine.DFS_MAX_OPEN, 4, 0)), RegisterModel.register(),
                CheckOptions.defaults());
        assertEquals(Verdict.LINEARIZABLE, narrow.verdict());
        assertEquals(Verdict.LINEARIZABLE, wide.verdict());
        assertEquals("dfs", narrow.partitions().get(0).engine());
        assertEquals("frontier", wide.partitions().get(0).engine());
    }
}
