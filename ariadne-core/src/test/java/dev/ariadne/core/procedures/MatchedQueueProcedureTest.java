package dev.ariadne.core.procedures;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.ResultAssertions;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The guessing procedure for FIFO queues with repeated values: it may only ever answer {@link Verdict#LINEARIZABLE},
 * with a witness that replays, and must leave every violation to the general engines; it must decide most
 * linearizable histories, or it would be no use. A failure names the generator and seed.
 */
class MatchedQueueProcedureTest {
    private static final MatchedQueueProcedure PROCEDURE = new MatchedQueueProcedure();
    private static final int HISTORIES = Integer.getInteger("ariadne.dp.histories", 3000);

    /** Checks one history; returns whether the procedure decided it (and adds to {@code counts}). */
    private static boolean check(String what, History history, Model<?> model, Boolean expected, int[] counts) {
        List<Operation> prepared = DecisionProcedureTest.prepare(history, model);
        if (PROCEDURE.whyNot(model, prepared) != null) {
            return false;
        }
        String context = what + ":\n" + RandomHistories.show(history);
        PartitionResult r = PROCEDURE.check(model, prepared, 0, "all", () -> false);
        counts[0]++;
        if (r == null) {
            if (expected != null) {
                counts[expected ? 1 : 2]++;
            }
            return false;
        }
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), context);
        if (expected != null) {
            assertTrue(expected, "a linearizable answer on a violation: " + context);
        }
        Result result = new Result(r.verdict(), r.reason(), model.name(), history.size(), List.of(r), r.statistics());
        ResultAssertions.assertConsistent(history, model, CheckOptions.defaults().withCoreTimeout(null), result);
        counts[3]++;
        return true;
    }

    @Test
    void agreesWithBruteForceAndLeavesEveryViolationToTheEngines() {
        Model<?> model = BuiltinModels.byName("fifo-queue");
        int[] counts = new int[4]; // applied, linearizable left, violations left, decided
        int linearizable = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = 0x3A7C4EDL + i;
            History history = i % 2 == 0 ? RandomHistories.small("fifo-queue", seed, 4, 8)
                    : RandomHistories.crowded("fifo-queue", seed, 3, 8, 2, 40, 0);
            boolean expected = BruteForceChecker.isLinearizable(history, model);
            boolean applies = PROCEDURE.whyNot(model, DecisionProcedureTest.prepare(history, model)) == null;
            linearizable += applies && expected ? 1 : 0;
            check((i % 2 == 0 ? "small" : "crowded") + " seed " + seed, history, model, expected, counts);
            if (applies) {
                Result viaChecker = Checker.check(history, model,
                        CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.MATCHED_QUEUE));
                assertEquals(expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, viaChecker.verdict(),
                        "seed " + seed);
            }
        }
        System.out.printf("matched-queue vs brute force: %d histories, %d qualify (%d linearizable); decided %d, "
                + "left %d linearizable and %d violations to the engines%n", HISTORIES, counts[0], linearizable,
                counts[3], counts[1], counts[2]);
        assertTrue(counts[0] >= HISTORIES / 4, "too few histories qualify: " + counts[0]);
        assertTrue(counts[0] - linearizable >= HISTORIES / 20, "too few violations: " + (counts[0] - linearizable));
        assertTrue(counts[3] >= 0.9 * linearizable, "decided only " + counts[3] + " of " + linearizable);
    }

    @Test
    void aValueDequeuedMoreOftenThanEnqueuedIsLeftToTheEngines() {
        Model<?> model = BuiltinModels.byName("fifo-queue");
        History history = History.of(
                Operation.of(0, 0, new Invocation("enqueue", null, 1L), null, 0, 1),
                Operation.of(1, 0, new Invocation("dequeue", null, null), 1L, 2, 3),
                Operation.of(2, 1, new Invocation("enqueue", null, 1L), null, 2, 5),
                Operation.of(3, 0, new Invocation("dequeue", null, null), 1L, 4, 5),
                Operation.of(4, 0, new Invocation("dequeue", null, null), 1L, 6, 7));
        List<Operation> prepared = DecisionProcedureTest.prepare(history, model);
        assertNull(PROCEDURE.whyNot(model, prepared));
        assertNull(PROCEDURE.check(model, prepared, 0, "all", () -> false));
        Result r = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(Engine.MATCHED_QUEUE));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertTrue(r.partitions().get(0).note().contains("matched-queue could not decide"), r.partitions().get(0).note());
    }

    @Test
    void decidesAQueueWhoseEqualValuesOverlap() {
        Model<?> model = BuiltinModels.byName("fifo-queue");
        // Two enqueues of 1 overlap; the dequeues of 1 and 2 show that the second 1 was enqueued after the 2.
        History history = History.of(
                Operation.of(0, 0, new Invocation("enqueue", null, 1L), null, 0, 10),
                Operation.of(1, 1, new Invocation("enqueue", null, 2L), null, 1, 3),
                Operation.of(2, 2, new Invocation("enqueue", null, 1L), null, 2, 12),
                Operation.of(3, 1, new Invocation("dequeue", null, null), 1L, 13, 14),
                Operation.of(4, 1, new Invocation("dequeue", null, null), 2L, 15, 16),
                Operation.of(5, 1, new Invocation("dequeue", null, null), 1L, 17, 18));
        PartitionResult r = PROCEDURE.check(model, DecisionProcedureTest.prepare(history, model), 0, "all",
                () -> false);
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), String.valueOf(r));
        assertEquals(MatchedQueueProcedure.NAME, r.engine());
    }
}
