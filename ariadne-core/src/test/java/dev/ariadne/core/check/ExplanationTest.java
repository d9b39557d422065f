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
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Explanations of hand-made violations: the core, the model's sentence, the precedences and the orders. */
class ExplanationTest {
    private static final CheckOptions WITH_CORE = CheckOptions.defaults().withCoreTimeout(MinimalCoreTest.PATIENT);

    private static Operation op(int client, String f, Object value, Object output, long call, long ret) {
        return Operation.of(0, client, Invocation.of(f, value), output, call, ret);
    }

    /** The explanation of the violation of {@code ops}, its core held to the definition by the reference. */
    private static Explanation explain(String model, Operation... ops) {
        History history = History.of(ops);
        Model<?> m = BuiltinModels.byName(model);
        Result r = Checker.check(history, m, WITH_CORE);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        Explanation e = r.violations().get(0).violation().explanation();
        assertTrue(e.minimal(), e.limit());
        MinimalCoreTest.assertProvenCore(model, m, history.operations().stream().map(m::prepare).toList(), e);
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
        assertEquals(List.of(2, 3), ids(e), "the appends may have done anything: a get cannot undo another");
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
        assertEquals(List.of(1, 2), ids(e));
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
        // #2 is the append of b that returned at 20: after the append of a, so "ba" cannot end the value; the other
        // append of b may have taken effect or not, which changes nothing.
        assertEquals(List.of(2, 3), ids(e));
        assertNull(e.summary(), "the append of a is not in the core, so the kv sentence about two appends does not fit");
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
        assertEquals(List.of(1, 2), ids(e));
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
        assertEquals(List.of(1, 2), ids(e), "what happened after the read returned plays no part, and whatever the "
                + "write of 1 did, it was before write(2)");
        assertEquals("read by client 3 at [40, 52] returned 1, but write(2) (client 1) returned at 31, before it was "
                + "called, and nothing in the history could have written 1 after that and before the read "
                + "returned", e.summary());
        assertEquals(List.of("#1 write(2) returned at 31 before #2 read → 1 was called at 40"),
                e.precedences().stream().map(Explanation.Precedence::text).toList());
        assertEquals(List.of("#1 write(2), then #2 read → 1 is rejected whatever the other operations did: the state can only be 2"),
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
        assertEquals(List.of(2, 3), ids(e));
        assertEquals("read by client 3 at [40, 52] returned 1, but write(2) (client 1) returned at 31, before it was "
                + "called, and nothing in the history could have written 1 after that and before the read "
                + "returned", e.summary());
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
        assertEquals(List.of("#1 read → 7 first is rejected whatever the other operations did: the state can only be one of 2: 1 | nil"),
                e.orders().stream().map(Explanation.RejectedOrder::text).toList());
    }

    @Test
    void concurrentOperationsGiveOneOrderPerWayRealTimeAllows() {
        // Two overlapping writes, then two overlapping reads that disagree: whatever the writes did, nothing can
        // come between the reads.
        Explanation e = explain("register",
                op(0, "write", 1, null, 0, 10),
                op(1, "write", 2, null, 0, 10),
                op(2, "read", null, 1, 20, 30),
                op(3, "read", null, 2, 20, 30),
                op(4, "write", 1, null, 40, 50),
                op(5, "read", null, 1, 40, 50),
                op(6, "write", 3, null, 40, 50));
        assertEquals(List.of(2, 3), ids(e), "no write can come between the reads");
        assertNull(e.summary(), "no sentence of the register fits");
        assertEquals(List.of(), e.precedences().stream().map(Explanation.Precedence::text).toList());
        assertEquals(List.of(
                        "#2 read → 1, then #3 read → 2 is rejected whatever the other operations did: the state can only be 1",
                        "#3 read → 2, then #2 read → 1 is rejected whatever the other operations did: the state can only be 2"),
                e.orders().stream().map(Explanation.RejectedOrder::text).toList());
        assertTrue(e.ordersComplete());
    }

    /**
     * The orders of the core alone are not evidence: before the relaxed history, "#2 read → 1 first is rejected in
     * the initial state nil" was listed here, but the write of 1 may have taken effect first. The replay of the
     * tests catches such a claim (and every stated order above passes it).
     */
    @Test
    void anOrderTrueOnlyOfTheCoreAloneDoesNotReplay() {
        Operation[] ops = {
                op(0, "write", 1, null, 0, 10),
                op(1, "write", 2, null, 0, 10),
                op(2, "read", null, 1, 20, 30),
                op(3, "read", null, 2, 20, 30)};
        Explanation e = explain("register", ops);
        Model<?> m = BuiltinModels.byName("register");
        List<Operation> prepared = History.of(ops).operations().stream().map(m::prepare).toList();
        assertNull(ResultAssertions.wrongOrder(prepared, m, e));
        Operation read1 = e.core().stream().filter(o -> o.id() == 2).findFirst().orElseThrow();
        Explanation alone = new Explanation(e.core(), true, null, null, "nil", List.of(),
                List.of(new Explanation.RejectedOrder(List.of(), read1, "nil",
                        "#2 read → 1 first is rejected in the initial state nil")), true, 0, 0, true);
        String wrong = ResultAssertions.wrongOrder(prepared, m, alone);
        assertTrue(wrong != null && wrong.contains("the other operations can make it pass"), wrong);
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
                + "#7 write(7), then #8 read → 99 is rejected whatever the other operations did: the state can only be 7", e.orders().get(0).text());
    }

    @Test
    void aQueueThatReturnsALaterValueFirst() {
        Explanation e = explain("fifo-queue",
                op(1, "enqueue", 5, null, 0, 10),
                op(2, "enqueue", 7, null, 12, 20),
                op(3, "dequeue", null, 7, 30, 40),
                op(4, "dequeue", null, 5, 45, 50));
        assertEquals(List.of(0, 2), ids(e), "5 is ahead of any 7, and no dequeue of 5 comes before this one returns");
        assertEquals("dequeue by client 3 at [30, 40] returned 7, but 5 was ahead of it: enqueue(5) (client 1, "
                + "returned at 10) returned before the dequeue was called, and 5 is not dequeued before it in this "
                + "core", e.summary());
        assertEquals(List.of("#0 enqueue(5), then #2 dequeue → 7 is rejected whatever the other operations did: the state can only be "
                        + "one of 2: [5 7] | [5]"),
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

    /**
     * A large set (thousands of operations; the core search reports at most 50, but a caller of the explainer may
     * pass more) gets every cover pair of real time, and the order enumeration stops at its step cap.
     */
    @Test
    void aLargeCoreIsExplainedWithinTheDeadline() {
        Model<?> register = BuiltinModels.byName("register");
        List<Operation> ops = new java.util.ArrayList<>();
        for (int id = 0; id < 20_000; id++) {
            ops.add(register.prepare(Operation.of(id, id % 10, Invocation.of("write", (long) id), null, id, id + 5)));
        }
        long start = System.nanoTime();
        Explanation e = Explainer.explain(register, ops, false, "the budget ran out", 1, start, System.nanoTime());
        // Write i returns at i + 5; the writes called at i + 6 ... i + 11 follow it with nothing between.
        int covers = 0;
        for (int id = 0; id < 20_000; id++) {
            covers += Math.max(0, Math.min(6, 20_000 - (id + 6)));
        }
        assertEquals(covers, e.precedences().size());
        assertFalse(e.ordersComplete());
        assertNull(e.summary(), "no sentence is asked of a core this large");
    }

    /**
     * A large queue violation: whatever the core search managed in its budget (this depends on the machine), what
     * it shows is bounded, and the model's sentence is only said of a proven core.
     */
    @Test
    void aLargeQueueViolationShowsABoundedCoreAndASentenceOnlyForAProvenOne() {
        Model<?> queue = BuiltinModels.byName("fifo-queue");
        List<Operation> ops = new java.util.ArrayList<>();
        for (int id = 0; id < 25_000; id++) {
            ops.add(Operation.of(2 * id, 0, Invocation.of("enqueue", (long) (id % 5)), null, 4L * id, 4L * id + 1));
            ops.add(Operation.of(2 * id + 1, 1, Invocation.of("dequeue", null), (long) ((id + 1) % 5), 4L * id + 2,
                    4L * id + 3));
        }
        Result r = Checker.check(History.of(ops), queue, CheckOptions.defaults()
                .withCoreTimeout(Duration.ofMillis(200)));
        Explanation e = r.violations().get(0).violation().explanation();
        assertTrue(e.core().size() <= CoreSearch.NEIGHBOURHOOD, e.core().size() + " operations");
        if (!e.found()) {
            assertNull(e.summary());
            assertTrue(e.orders().isEmpty());
            assertFalse(e.minimal());
        }
    }

    /**
     * Issue 27's counter case: a read of 29 after adds of 10, 10, 9 and 3 (32) is a violation, but some of those
     * adds sum to 29, so the read alone is no core (the others may not have taken effect); the core adds the one
     * without which 29 can be made: add(3).
     */
    @Test
    void aCounterReadThatSomeAddsCouldProduceIsNotACoreAlone() {
        Model<?> counter = BuiltinModels.byName("counter");
        List<Operation> ops = new java.util.ArrayList<>();
        long[] adds = {10, 10, 9, 3};
        for (int i = 0; i < adds.length; i++) {
            ops.add(Operation.of(i, i, Invocation.of("add", adds[i]), null, 10L * i, 10L * i + 5));
        }
        ops.add(Operation.of(4, 4, Invocation.of("read", null), 29L, 100, 110));
        ops.add(Operation.of(5, 0, Invocation.of("add", -3L), null, 120, 130));
        Result r = Checker.check(History.of(ops), counter, CheckOptions.defaults()
                .withCoreTimeout(MinimalCoreTest.PATIENT));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        Explanation e = r.violations().get(0).violation().explanation();
        assertTrue(e.minimal(), e.limit());
        assertEquals(List.of(3, 4), ids(e));
        MinimalCoreTest.assertProvenCore("counter", counter, ops.stream().map(counter::prepare).toList(), e);
    }

    /** The same history gives the same core, explanation and all, on every run. */
    @Test
    void otherOperationsThatChangeNothingDoNotMultiplyTheReplay() {
        // 24 overlapping writes of 1 after the core's write(1): each may take effect or not, 2^24 ways to use them,
        // all leaving 1. A replay that kept every set of used operations apart ran out of its steps and stated no
        // order; one set that used fewer stands for those that used more and reached the same state.
        Model<?> model = BuiltinModels.byName("register");
        Operation write = model.prepare(op(0, "write", 1, null, 0, 10).withId(0));
        Operation read = model.prepare(op(1, "read", null, 2, 100, 110).withId(25));
        List<Operation> relaxed = new java.util.ArrayList<>(List.of(write));
        for (int i = 1; i <= 24; i++) {
            relaxed.add(RelaxedModel.relax(model.prepare(op(i + 1, "write", 1, null, 20 + i, 90).withId(i))));
        }
        relaxed.add(read);
        Explanation e = Explainer.explain(cast(model), List.of(write, read), relaxed, List.of(cast(model).init()),
                true, null, 0, System.nanoTime(), System.nanoTime() + 60_000_000_000L);
        assertTrue(e.ordersComplete());
        assertEquals(List.of("#0 write(1), then #25 read → 2 is rejected whatever the other operations did: the state "
                + "can only be 1"), e.orders().stream().map(Explanation.RejectedOrder::text).toList());
    }

    @Test
    void theSameHistoryGivesTheSameCoreOnEveryRun() {
        History history = dev.ariadne.core.testing.RandomHistories.medium("cas-register", 11, 5, 120, 10);
        Model<?> model = BuiltinModels.byName("cas-register");
        CheckOptions options = CheckOptions.defaults().withCoreTimeout(MinimalCoreTest.PATIENT);
        Result first = Checker.check(history, model, options);
        assertEquals(Verdict.NOT_LINEARIZABLE, first.verdict(), "the seed must give a violation");
        for (int run = 0; run < 3; run++) {
            Explanation a = first.violations().get(0).violation().explanation();
            Explanation b = Checker.check(history, model, options).violations().get(0).violation().explanation();
            assertEquals(ids(a), ids(b));
            assertEquals(a.minimal(), b.minimal());
            assertEquals(a.checks(), b.checks());
            assertEquals(a.orders().stream().map(Explanation.RejectedOrder::text).toList(),
                    b.orders().stream().map(Explanation.RejectedOrder::text).toList());
        }
    }
}
