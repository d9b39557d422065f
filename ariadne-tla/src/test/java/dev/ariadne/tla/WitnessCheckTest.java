package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Witness validation ({@link WitnessCheck}): a proof only when the spec's own actions accept the proposed order, so
 * a hint that lies about the spec's meaning never gives a wrong verdict, and it agrees with the general engine on
 * seeded traces under both semantics.
 */
class WitnessCheckTest {
    private static final CheckOptions AUTO = CheckOptions.defaults().withCoreTimeout(null);
    private static final CheckOptions DFS = AUTO.withEngine(Engine.DFS);

    /** A stack that names fifo-queue as its hint: the built-in's orders are often wrong for it. */
    private static final String LYING_STACK = """
            ---- MODULE Stack ----
            EXTENDS Integers, Sequences
            VARIABLE s
            Init == s = <<>>
            Enq(v) == s' = <<v>> \\o s
            Deq(v) == IF s = <<>> THEN v = 0 /\\ UNCHANGED s ELSE v = Head(s) /\\ s' = Tail(s)
            DeqUnknown == s' = IF s = <<>> THEN s ELSE Tail(s)
            AriadneModel == "fifo-queue"
            AriadneActions == "Enq=enqueue, Deq=dequeue"
            AriadneNil == "0"
            ====
            """;

    private static TlaSpec queue() {
        return TlaSpec.load(ExamplesTest.EXAMPLES.resolve("queue/Queue.tla"), null, Map.of());
    }

    private static Operation op(int id, int client, String f, long v, long call, long ret) {
        return SpecHistories.named(Operation.of(id, client, Invocation.of(f, v), v, call, ret), f, List.of("v"), v);
    }

    @Test
    void aHintThatLiesAboutTheSpecNeverGivesAWrongVerdict(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("Stack.tla");
        Files.writeString(file, LYING_STACK);
        TlaSpec stack = TlaSpec.load(file, null, Map.of());
        // FIFO but not LIFO, in sequence: fifo-queue proposes the only order, the stack rejects it at the dequeue.
        History fifo = History.of(op(0, 0, "Enq", 1, 0, 1), op(1, 0, "Enq", 2, 2, 3), op(2, 0, "Deq", 1, 4, 5));
        for (Semantics semantics : Semantics.values()) {
            TlaModel model = stack.model(semantics);
            WitnessCheck.Outcome outcome = WitnessCheck.attempt(model, fifo, AUTO);
            assertNull(outcome.proven(), outcome::note);
            assertTrue(outcome.note().contains("the spec rejects the proposed order at step 3 of 3"), outcome.note());
            assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(fifo, model, DFS).verdict());
        }
        // LIFO but not FIFO: the built-in proposes nothing, and the general engine finds the stack's order.
        History lifo = History.of(op(0, 0, "Enq", 1, 0, 1), op(1, 0, "Enq", 2, 2, 3), op(2, 0, "Deq", 2, 4, 5));
        WitnessCheck.Outcome none = WitnessCheck.attempt(stack.model(), lifo, AUTO);
        assertNull(none.proven());
        assertTrue(none.note().contains("fifo-queue proposed no order (not linearizable)"), none.note());
        assertEquals(Verdict.LINEARIZABLE, Checker.check(lifo, stack.model(), DFS).verdict());

        // Seeded queue traces through the stack: every proof must be the general engine's verdict too, and some of
        // each outcome occur (proofs where every dequeue found the stack and the queue alike, rejections elsewhere).
        int proven = 0;
        int rejected = 0;
        TlaModel model = stack.model();
        for (int i = 0; i < 400; i++) {
            History h = completed(SpecHistories.toQueueSpec(RandomHistories.small("fifo-queue", 77_000L + i)));
            WitnessCheck.Outcome outcome = WitnessCheck.attempt(model, h, AUTO);
            Verdict general = Checker.check(h, model, DFS).verdict();
            if (outcome.proven() != null) {
                proven++;
                assertEquals(Verdict.LINEARIZABLE, general, "seed " + i + "\n" + RandomHistories.show(h));
            } else if (outcome.note().contains("the spec rejects")) {
                rejected++;
            }
        }
        assertTrue(proven > 100 && rejected > 10, "proven " + proven + ", rejected " + rejected);
    }

    @Test
    void agreesWithTheGeneralEngineOnSeededTracesUnderBothSemantics() {
        TlaSpec spec = queue();
        for (Semantics semantics : Semantics.values()) {
            TlaModel model = spec.model(semantics);
            int proven = 0;
            int violations = 0;
            for (int i = 0; i < 300; i++) {
                long seed = 91_000L + i;
                History h = completed(SpecHistories.toQueueSpec(i % 3 == 0
                        ? RandomHistories.medium("fifo-queue", seed, 2 + i % 4, 10 + i % 30, 0)
                        : RandomHistories.small("fifo-queue", seed)));
                WitnessCheck.Outcome outcome = WitnessCheck.attempt(model, h, AUTO);
                assertNotNull(outcome, "the Queue example names a hint");
                Result general = Checker.check(model.withBegins(h), model, DFS);
                String context = semantics + " seed " + seed + "\n" + RandomHistories.show(h);
                if (outcome.proven() != null) {
                    proven++;
                    assertEquals(Verdict.LINEARIZABLE, general.verdict(), context);
                    Result r = outcome.proven();
                    assertEquals(h.size(), r.partitions().get(0).witness().size(), context);
                    assertEquals("witness:fifo-queue", r.partitions().get(0).engine());
                } else {
                    // The built-in and the spec mean the same here: no proof means a violation.
                    assertEquals(Verdict.NOT_LINEARIZABLE, general.verdict(), outcome.note() + "\n" + context);
                    violations++;
                }
            }
            assertTrue(proven > 50 && violations > 50, semantics + ": proven " + proven + ", not " + violations);
        }
    }

    @Test
    void theReplayChecksRealTimeAndTheSpecsSteps() {
        TlaModel atomic = queue().model(Semantics.ATOMIC, false);
        Operation enq1 = op(0, 0, "Enq", 1, 0, 1);
        Operation enq2 = op(1, 1, "Enq", 2, 5, 6);
        Operation deq2 = op(2, 0, "Deq", 2, 10, 11);
        // Enq(2) placed before Enq(1), which returned before it was called: real time forbids it.
        assertEquals(0, WitnessCheck.replay(atomic, List.of(enq2, enq1)));
        assertEquals(-1, WitnessCheck.replay(atomic, List.of(enq1, enq2)));
        // A dequeue the spec rejects in the order given (the head is 1).
        assertEquals(2, WitnessCheck.replay(atomic, List.of(enq1, enq2, deq2)));
    }

    @Test
    void withoutAHintOrWithAnEngineNamedThereIsNoAttempt(@TempDir Path dir) throws Exception {
        TlaSpec register = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of());
        History h = History.of(op(0, 0, "Write", 1, 0, 1));
        assertNull(WitnessCheck.attempt(register.model(), h, AUTO));
        assertNull(WitnessCheck.attempt(queue().model(), History.of(op(0, 0, "Enq", 1, 0, 1)), DFS));
        Path bad = dir.resolve("Bad.tla");
        Files.writeString(bad, LYING_STACK.replace("MODULE Stack", "MODULE Bad")
                .replace("\"fifo-queue\"", "\"fifo-quack\""));
        TlaSpec spec = TlaSpec.load(bad, null, Map.of());
        TlaException e = assertThrows(TlaException.class, () -> WitnessCheck.validate(spec));
        assertTrue(e.getMessage().contains("AriadneModel must name a built-in model"), e.getMessage());
    }

    /** The history without its pending operations and dequeues whose result nobody saw (DeqUnknown). */
    private static History completed(History h) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : h.operations()) {
            if (!op.isPending() && !((Invocation) op.input()).f().equals("DeqUnknown")) {
                ops.add(op);
            }
        }
        return History.of(ops);
    }
}
