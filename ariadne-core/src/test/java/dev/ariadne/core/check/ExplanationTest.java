package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Explanations of hand-made violations: the core, the model's sentence, the precedences and the orders. */
class ExplanationTest {
    private static final CheckOptions WITH_CORE = CheckOptions.defaults().withCoreTimeout(Duration.ofSeconds(30));

    private static Operation op(int client, String f, Object value, Object output, long call, long ret) {
        return Operation.of(0, client, Invocation.of(f, value), output, call, ret);
    }

    private static Explanation explain(String model, Operation... ops) {
        Result r = Checker.check(History.of(ops), BuiltinModels.byName(model), WITH_CORE);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        Explanation e = r.violations().get(0).violation().explanation();
        assertTrue(e.minimal(), e.limit());
        return e;
    }

    private static List<Integer> ids(Explanation e) {
        return e.core().stream().map(Operation::id).toList();
    }

    private static Operation kv(int client, String f, String key, String value, Object output, long call, long ret) {
        return Operation.of(0, client, new Invocation(f, key, value), output, call, ret);
    }

    @Test
    void aKvGetThatReturnsLessThanAnEarlierGetSaw() {
        Explanation e = explain("kv",
                kv(0, "append", "x", "a", null, 0, 10),
                kv(1, "append", "x", "b", null, 12, 45),
                kv(2, "get", "x", null, "ab", 22, 25),
                kv(3, "get", "x", null, "a", 30, 40));
        assertEquals(List.of(0, 1, 2, 3), ids(e));
        assertEquals("get(\"x\") by client 3 at [30, 40] returned \"a\", but get(\"x\") by client 2 had returned "
                + "\"ab\" at 25, before it was called, and with no put of \"x\" in this core its value only grows by "
                + "appends", e.summary());
    }

    @Test
    void aKvGetThatLacksAnAppendThatReturnedBeforeIt() {
        Explanation e = explain("kv",
                kv(0, "append", "x", "a", null, 0, 10),
                kv(1, "append", "x", "b", null, 12, 20),
                kv(2, "get", "x", null, "a", 30, 40));
        assertEquals(List.of(0, 1, 2), ids(e));
        assertEquals("get(\"x\") by client 2 at [30, 40] returned \"a\", which lacks \"b\", but append(\"x\", \"b\") "
                + "(client 1) returned at 20, before the get was called, and with no put of \"x\" in this core its "
                + "value only grows by appends", e.summary());
    }

    @Test
    void aKvGetThatHasTwoAppendsInTheWrongOrder() {
        Explanation e = explain("kv",
                kv(0, "append", "x", "a", null, 0, 10),
                kv(1, "append", "x", "b", null, 12, 20),
                kv(2, "append", "x", "b", null, 0, 50),
                kv(3, "get", "x", null, "ba", 30, 40));
        // The other append of b is in the core: the history could produce "ba" with it, so the core must too.
        assertEquals(List.of(0, 1, 2, 3), ids(e));
        assertEquals("get(\"x\") by client 3 at [30, 40] returned \"ba\", which has \"b\" before \"a\", but "
                + "append(\"x\", \"a\") (client 0) returned at 10 before append(\"x\", \"b\") (client 1) was called "
                + "at 12, and appends add to the end", e.summary());
    }

    @Test
    void aKvGetOfAValueNothingProduced() {
        Explanation e = explain("kv",
                kv(0, "put", "x", "a", null, 0, 10),
                kv(1, "get", "x", null, "zz", 12, 15));
        assertEquals(List.of(1), ids(e));
        assertEquals("get(\"x\") by client 1 at [12, 15] returned \"zz\", but nothing called before it returned "
                + "could have produced \"zz\"", e.summary());
    }

    @Test
    void aKvCoreWithAPutGetsNoSentenceItCannotProve() {
        Explanation e = explain("kv",
                kv(0, "put", "x", "a", null, 0, 10),
                kv(1, "put", "x", "b", null, 12, 20),
                kv(2, "get", "x", null, "a", 30, 40));
        assertEquals(List.of(0, 1, 2), ids(e));
        assertNull(e.summary(), "a put may reset the value, so the appends-only reasoning does not hold");
        assertFalse(e.orders().isEmpty());
    }

    @Test
    void aReadOfAnOverwrittenValue() {
        Explanation e = explain("register",
                op(0, "write", 1, null, 0, 10),
                op(1, "write", 2, null, 20, 31),
                op(3, "read", null, 1, 40, 52),
                op(0, "write", 3, null, 60, 70),
                op(4, "read", null, 3, 80, 90));
        assertEquals(List.of(0, 1, 2), ids(e), "what happened after the read returned plays no part");
        assertEquals("read by client 3 at [40, 52] returned 1, but 1 was overwritten by write(2) (client 1, "
                + "returned at 31) and never written again in this core", e.summary());
        assertEquals(List.of("#0 write(1) returned at 10 before #1 write(2) was called at 20",
                        "#1 write(2) returned at 31 before #2 read → 1 was called at 40"),
                e.precedences().stream().map(Explanation.Precedence::text).toList());
        assertEquals(List.of("#0 write(1), #1 write(2), then #2 read → 1 is rejected in state 2"),
                e.orders().stream().map(Explanation.RejectedOrder::text).toList());
        assertTrue(e.ordersComplete());
        assertEquals("2", e.orders().get(0).state());
    }

    @Test
    void aReadThatOverlapsTheWriteIsNotNeeded() {
        Explanation e = explain("register",
                op(0, "write", 1, null, 0, 10),
                op(4, "read", null, 1, 5, 15),
                op(1, "write", 2, null, 20, 31),
                op(3, "read", null, 1, 40, 52));
        assertEquals(List.of(0, 2, 3), ids(e));
        assertEquals("read by client 3 at [40, 52] returned 1, but 1 was overwritten by write(2) (client 1, "
                + "returned at 31) and never written again in this core", e.summary());
    }

    @Test
    void aReadOfAValueNeverWritten() {
        Explanation e = explain("register",
                op(0, "write", 1, null, 0, 10),
                op(1, "read", null, 7, 12, 15));
        assertEquals(List.of(1), ids(e));
        assertEquals("read by client 1 at [12, 15] returned 7, but nothing called before it returned could have "
                + "written 7, and the register starts as nil", e.summary());
        assertEquals(List.of(), e.precedences());
        assertEquals(List.of("#1 read → 7 first is rejected in the initial state nil"),
                e.orders().stream().map(Explanation.RejectedOrder::text).toList());
    }

    @Test
    void concurrentOperationsGiveOneOrderPerWayRealTimeAllows() {
        // Two overlapping writes, then two overlapping reads that disagree.
        Explanation e = explain("register",
                op(0, "write", 1, null, 0, 10),
                op(1, "write", 2, null, 0, 10),
                op(2, "read", null, 1, 20, 30),
                op(3, "read", null, 2, 20, 30));
        assertEquals(List.of(0, 1, 2, 3), ids(e));
        assertNull(e.summary(), "no sentence of the register fits");
        assertEquals(List.of(
                        "#0 write(1) returned at 10 before #2 read → 1 was called at 20",
                        "#0 write(1) returned at 10 before #3 read → 2 was called at 20",
                        "#1 write(2) returned at 10 before #2 read → 1 was called at 20",
                        "#1 write(2) returned at 10 before #3 read → 2 was called at 20"),
                e.precedences().stream().map(Explanation.Precedence::text).toList());
        assertEquals(List.of(
                        "#0 write(1), #1 write(2), then #2 read → 1 is rejected in state 2",
                        "#0 write(1), #1 write(2), #3 read → 2, then #2 read → 1 is rejected in state 2",
                        "#1 write(2), #0 write(1), #2 read → 1, then #3 read → 2 is rejected in state 1",
                        "#1 write(2), #0 write(1), then #3 read → 2 is rejected in state 1"),
                e.orders().stream().map(Explanation.RejectedOrder::text).toList());
        assertTrue(e.ordersComplete());
    }

    @Test
    void theOrdersStopAtTheCap() {
        // A set that is not minimal (as when the budget runs out): eight overlapping writes and a read of a value
        // none wrote, which the model rejects wherever it comes, give far more than the cap of orders.
        Model<?> model = BuiltinModels.byName("register");
        List<Operation> ops = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ops.add(model.prepare(op(i, "write", i, null, 0, 10).withId(i)));
        }
        ops.add(model.prepare(op(8, "read", null, 99, 0, 10).withId(8)));
        Explanation e = Explainer.explain(model, ops, false, "test", 0, System.nanoTime(),
                System.nanoTime() + 1_000_000_000L);
        assertEquals(Explanation.ORDERS_SHOWN, e.orders().size());
        assertFalse(e.ordersComplete());
        assertEquals("#0 write(0), #1 write(1), #2 write(2), #3 write(3), #4 write(4), #5 write(5), #6 write(6), "
                + "#7 write(7), then #8 read → 99 is rejected in state 7", e.orders().get(0).text());
    }

    @Test
    void aQueueThatReturnsALaterValueFirst() {
        Explanation e = explain("fifo-queue",
                op(1, "enqueue", 5, null, 0, 10),
                op(2, "enqueue", 7, null, 12, 20),
                op(3, "dequeue", null, 7, 30, 40),
                op(4, "dequeue", null, 5, 45, 50));
        assertEquals(List.of(0, 1, 2, 3), ids(e), "the history can produce 7 only by dequeuing 5 first");
        assertEquals("dequeue by client 3 at [30, 40] returned 7, but 5 was ahead of it: enqueue(5) (client 1, "
                + "returned at 10) returned before the dequeue and before any enqueue(7) was called, and 5 is not "
                + "dequeued before it in this core", e.summary());
        assertEquals(List.of("#0 enqueue(5), #1 enqueue(7), then #2 dequeue → 7 is rejected in state [5 7]"),
                e.orders().stream().map(Explanation.RejectedOrder::text).toList());
    }

    @Test
    void aModelWithoutTheHintGivesNoSentenceButTheOrders() {
        Explanation e = explain("counter",
                op(0, "add", 1, null, 0, 10),
                op(1, "read", null, 5, 20, 30));
        assertNull(e.summary());
        assertEquals(1, e.orders().size());
    }

    @Test
    void aHintThatThrowsCostsOnlyTheSentence() {
        Model<Object> register = cast(BuiltinModels.byName("register"));
        Model<Object> throwing = new Model<>() {
            public String name() {
                return "throwing";
            }

            public Object init() {
                return register.init();
            }

            public Object step(Object s, Object in, Object out) {
                return register.step(s, in, out);
            }

            @Override
            public Operation prepare(Operation operation) {
                return register.prepare(operation);
            }

            @Override
            public String explainViolation(List<Operation> core) {
                throw new IllegalStateException("bug in a user model");
            }
        };
        Result r = Checker.check(History.of(op(0, "read", null, 7, 0, 5)), throwing, WITH_CORE);
        Explanation e = r.violations().get(0).violation().explanation();
        assertNull(e.summary());
        assertEquals(1, e.core().size());
    }

    @SuppressWarnings("unchecked")
    private static Model<Object> cast(Model<?> m) {
        return (Model<Object>) m;
    }

    /** The cover pairs by their definition: a before b, and no m with a before m before b. Cubic, for the test. */
    private static java.util.Set<List<Integer>> coversByDefinition(List<Operation> core) {
        java.util.Set<List<Integer>> out = new java.util.HashSet<>();
        for (Operation a : core) {
            for (Operation b : core) {
                if (!a.isPending() && a.ret() < b.call() && core.stream().noneMatch(
                        m -> !m.isPending() && a.ret() < m.call() && m.ret() < b.call())) {
                    out.add(List.of(a.id(), b.id()));
                }
            }
        }
        return out;
    }

    @Test
    void thePrecedencesAreTheCoverPairsOfRealTime() {
        Model<?> register = BuiltinModels.byName("register");
        java.util.SplittableRandom random = new java.util.SplittableRandom(17);
        for (int round = 0; round < 500; round++) {
            List<Operation> ops = new java.util.ArrayList<>();
            int n = 1 + random.nextInt(12);
            for (int id = 0; id < n; id++) {
                long call = random.nextInt(20);
                ops.add(random.nextInt(6) == 0 ? Operation.pending(id, id, Invocation.of("write", 1L), call)
                        : Operation.of(id, id, Invocation.of("write", 1L), null, call, call + random.nextInt(6)));
            }
            java.util.Set<List<Integer>> got = new java.util.HashSet<>();
            for (Explanation.Precedence p : Explainer.precedences(register, ops)) {
                assertTrue(got.add(List.of(p.first().id(), p.second().id())), "listed twice: " + p.text());
            }
            assertEquals(coversByDefinition(ops), got, "round " + round + ": " + ops);
        }
    }

    /** A core the budget left large (thousands of operations) is put into words in time, not in cubic time. */
    @Test
    void aLargeCoreIsExplainedWithinTheDeadline() {
        Model<?> register = BuiltinModels.byName("register");
        List<Operation> ops = new java.util.ArrayList<>();
        for (int id = 0; id < 20_000; id++) {
            ops.add(register.prepare(Operation.of(id, id % 10, Invocation.of("write", (long) id), null, id, id + 5)));
        }
        long start = System.nanoTime();
        Explanation e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Explainer.explain(register, ops,
                false, "the budget ran out", 1, start, System.nanoTime()));
        // Write i returns at i + 5; the writes called at i + 6 ... i + 11 follow it with nothing between.
        int covers = 0;
        for (int id = 0; id < 20_000; id++) {
            covers += Math.max(0, Math.min(6, 20_000 - (id + 6)));
        }
        assertEquals(covers, e.precedences().size());
        assertFalse(e.ordersComplete());
        assertNull(e.summary(), "no sentence is asked of a core this large");
    }

    /** A queue's hint looks at triples of operations: a core the budget left at 50,000 gets no sentence, in time. */
    @Test
    void aLargeQueueCoreGetsNoSentence() {
        Model<?> queue = BuiltinModels.byName("fifo-queue");
        List<Operation> ops = new java.util.ArrayList<>();
        for (int id = 0; id < 25_000; id++) {
            ops.add(queue.prepare(Operation.of(2 * id, 0, Invocation.of("enqueue", (long) (id % 5)), null, 4L * id,
                    4L * id + 1)));
            ops.add(queue.prepare(Operation.of(2 * id + 1, 1, Invocation.of("dequeue", null), (long) ((id + 1) % 5),
                    4L * id + 2, 4L * id + 3)));
        }
        long start = System.nanoTime();
        Explanation e = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Explainer.explain(queue, ops,
                false, "the budget ran out", 1, start, System.nanoTime()));
        assertNull(e.summary());
        assertFalse(e.orders().isEmpty());
    }
}
