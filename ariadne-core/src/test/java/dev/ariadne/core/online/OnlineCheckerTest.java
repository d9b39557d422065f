package dev.ariadne.core.online;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.ConformanceTest;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.LossyRegister;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.ResultAssertions;
import dev.ariadne.core.check.Verdict;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The streaming checker: after every event its answer must be the batch answer for the history so far (open
 * operations pending), so a violation is reported at the very event that makes it certain, never later, and its
 * evidence must be valid for that history.
 */
class OnlineCheckerTest {
    private static final CheckOptions WHOLE = CheckOptions.defaults().withCoreTimeout(null).withPartition(false);

    /** One event of a stream: call, return or crash of an operation of a generated history. */
    private record Ev(Operation op, int kind, long time) {
        static final int CALL = 0;
        static final int CRASH = 1;
        static final int RETURN = 2;
    }

    /** The events of {@code h} in time order (calls first at equal times); crashes at random later points. */
    private static List<Ev> events(History h, SplittableRandom r) {
        List<Ev> events = new ArrayList<>();
        long end = 0;
        for (Operation op : h.operations()) {
            end = Math.max(end, op.isPending() ? op.call() : op.ret());
        }
        for (Operation op : h.operations()) {
            events.add(new Ev(op, Ev.CALL, op.call()));
            events.add(op.isPending() ? new Ev(op, Ev.CRASH, op.call() + r.nextInt((int) (end - op.call() + 2)))
                    : new Ev(op, Ev.RETURN, op.ret()));
        }
        events.sort(Comparator.comparingLong(Ev::time).thenComparingInt(Ev::kind));
        return events;
    }

    private static void feed(OnlineChecker<?> online, HistoryBuilder builder, Ev e) {
        switch (e.kind()) {
            case Ev.CALL -> {
                online.call(e.op().client(), e.op().input());
                builder.call(e.op().client(), e.op().input());
            }
            case Ev.RETURN -> {
                online.ret(e.op().client(), e.op().output());
                builder.ret(e.op().client(), e.op().output());
            }
            default -> {
                online.crash(e.op().client());
                builder.crash(e.op().client(), builder.clock(), -1);
            }
        }
    }

    static Object[] models() {
        return RandomHistories.SMALL_MODELS.toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyPrefixAgreesWithTheBruteForceReference(String modelName) {
        int violations = 0;
        for (int i = 0; i < 600; i++) {
            long seed = 0x0A11_0000L + i;
            History h = RandomHistories.small(modelName, seed);
            List<Ev> events = events(h, new SplittableRandom(seed));
            Model<?> model = BuiltinModels.byName(modelName);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder builder = new HistoryBuilder();
            boolean violated = false;
            for (int k = 0; k < events.size(); k++) {
                feed(online, builder, events.get(k));
                History prefix = builder.build();
                boolean expected = !BruteForceChecker.isLinearizable(prefix, BuiltinModels.byName(modelName));
                String context = modelName + " seed " + seed + " after event " + k + " of\n"
                        + RandomHistories.show(h) + "prefix:\n" + RandomHistories.show(prefix);
                assertEquals(expected, online.isViolated(), context);
                if (expected && !violated) {
                    violated = true;
                    violations++;
                    assertConsistent(prefix, model, online.violation().orElseThrow(), context);
                }
            }
            Result last = online.finish();
            if (!violated) {
                History full = builder.build();
                assertEquals(Verdict.LINEARIZABLE, last.verdict(), modelName + " seed " + seed);
                assertConsistent(full, model, last, modelName + " seed " + seed);
            } else {
                assertSame(online.violation().orElseThrow(), last);
            }
        }
        assertTrue(violations > 100, "too few violations to mean much: " + violations);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void everyPrefixAgreesWithTheBatchCheckOnMediumHistories(String modelName) {
        for (int i = 0; i < 12; i++) {
            long seed = 0x0A12_0000L + i;
            History h = RandomHistories.medium(modelName, seed, 3, 40, 2);
            List<Ev> events = events(h, new SplittableRandom(seed));
            Model<?> model = BuiltinModels.byName(modelName);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder builder = new HistoryBuilder();
            for (int k = 0; k < events.size() && !online.isViolated(); k++) {
                feed(online, builder, events.get(k));
                History prefix = builder.build();
                Result batch = Checker.check(prefix, model, WHOLE.withEngine(Engine.DFS));
                String context = modelName + " seed " + seed + " after event " + k;
                assertEquals(batch.verdict() == Verdict.NOT_LINEARIZABLE, online.isViolated(), context);
                if (online.isViolated()) {
                    assertConsistent(prefix, model, online.violation().orElseThrow(), context);
                }
            }
            Result last = online.finish();
            if (last.verdict() == Verdict.LINEARIZABLE) {
                assertConsistent(builder.build(), model, last, modelName + " seed " + seed);
            }
        }
    }

    /** Feeds {@code e} with its time to both sinks (explicit times, as the native format gives them). */
    private static void feedTimed(EventSink online, EventSink builder, Ev e) {
        for (EventSink sink : List.of(online, builder)) {
            switch (e.kind()) {
                case Ev.CALL -> sink.call(e.op().client(), e.op().input(), e.time(), Map.of());
                case Ev.RETURN -> sink.ret(e.op().client(), e.op().output(), e.time(), -1);
                default -> sink.crash(e.op().client(), e.time(), -1);
            }
        }
    }

    /**
     * What an interrupted follow reports, against the batch check of the same events: for every prefix of the event
     * sequence of random histories, untimed and with explicit times, a fresh checker is fed the prefix and
     * interrupted. It must report a violation exactly when it is certain, claim the operations read linearizable
     * only when none is open and the batch check agrees, and otherwise name the open operations as undecided. Along
     * the way one checker is fed event by event: it may never see a violation the batch check of the prefix does
     * not, and with untimed events it must see each one at once.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void anInterruptedCheckSaysWhatTheBatchCheckOfThePrefixSays(String modelName) {
        int[] seen = new int[4]; // violation, last instant, all complete, some open
        for (int i = 0; i < 150; i++) {
            long seed = 0x0A13_0000L + i;
            boolean timed = i % 2 == 1;
            History h = RandomHistories.small(modelName, seed);
            List<Ev> events = events(h, new SplittableRandom(seed));
            Model<?> model = BuiltinModels.byName(modelName);
            OnlineChecker<?> incremental = OnlineChecker.of(model, WHOLE);
            HistoryBuilder incrementalBuilder = new HistoryBuilder();
            boolean violatedBefore = false;
            for (int k = 0; k <= events.size(); k++) {
                OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
                HistoryBuilder builder = new HistoryBuilder();
                for (Ev e : events.subList(0, k)) {
                    if (timed) {
                        feedTimed(online, builder, e);
                    } else {
                        feed(online, builder, e);
                    }
                }
                History prefix = builder.build();
                int open = online.openOperations();
                long openInPrefix = prefix.operations().stream().filter(op -> op.isPending()).count()
                        - events.subList(0, k).stream().filter(e -> e.kind() == Ev.CRASH).count();
                Result batch = Checker.check(prefix, model, WHOLE.withEngine(Engine.DFS));
                String context = modelName + " seed " + seed + (timed ? " timed" : "") + " after " + k + " events of\n"
                        + RandomHistories.show(h) + "prefix:\n" + RandomHistories.show(prefix);
                assertEquals(openInPrefix, open, context);
                Result r = online.interrupt("stopped");
                assertSame(r, online.finish(), context);
                if (r.verdict() == Verdict.NOT_LINEARIZABLE) {
                    seen[0]++;
                    assertEquals(Verdict.NOT_LINEARIZABLE, batch.verdict(), context);
                    if (!violatedBefore) { // the evidence describes the history up to the event that made it certain
                        assertConsistent(prefix, model, r, context);
                    }
                    violatedBefore = true;
                    continue;
                }
                assertEquals(Verdict.UNKNOWN, r.verdict(), context);
                assertFalse(online.isViolated(), context);
                String reason = r.reason();
                assertTrue(reason.startsWith("stopped: "), reason);
                if (reason.contains("would not be linearizable if no event followed")) {
                    seen[1]++;
                    assertTrue(timed, context + "\n" + reason);
                    assertEquals(Verdict.NOT_LINEARIZABLE, batch.verdict(), context + "\n" + reason);
                } else if (k == 0) {
                    assertEquals("stopped: no operation was read", reason);
                } else if (open == 0) {
                    seen[2]++;
                    assertTrue(reason.endsWith("the " + prefix.size() + " operation" + (prefix.size() == 1 ? "" : "s")
                            + " read so far, none of them open, are linearizable"), reason);
                    assertEquals(Verdict.LINEARIZABLE, batch.verdict(), context + "\n" + reason);
                } else {
                    seen[3]++;
                    assertTrue(reason.endsWith("; " + open + " of the " + prefix.size() + " operation"
                            + (prefix.size() == 1 ? "" : "s") + " read " + (open == 1 ? "is" : "are")
                            + " open at that point and undecided"), reason);
                    assertTrue(reason.contains(timed ? "no violation among the events read up to time "
                            : "no violation among the " + k + " event"), reason);
                    assertEquals(Verdict.LINEARIZABLE, batch.verdict(), context + "\n" + reason);
                }
            }
            for (int k = 0; k < events.size(); k++) {
                if (timed) {
                    feedTimed(incremental, incrementalBuilder, events.get(k));
                } else {
                    feed(incremental, incrementalBuilder, events.get(k));
                }
                Result batch = Checker.check(incrementalBuilder.build(), model, WHOLE.withEngine(Engine.DFS));
                String context = modelName + " seed " + seed + (timed ? " timed" : "") + " after event " + k;
                if (incremental.isViolated() || !timed) {
                    assertEquals(incremental.isViolated(), batch.verdict() == Verdict.NOT_LINEARIZABLE, context);
                }
            }
        }
        for (int kind = 0; kind < seen.length; kind++) {
            assertTrue(seen[kind] > 20, "too few cases of kind " + kind + " to mean much: " + seen[kind]);
        }
    }

    private static void assertConsistent(History h, Model<?> model, Result r, String context) {
        try {
            ResultAssertions.assertConsistent(h, model, WHOLE, r);
        } catch (AssertionError e) {
            throw new AssertionError("bad evidence: " + e.getMessage() + " for " + context + "\nresult " + r, e);
        }
    }

    // ---- the event that causes it -----------------------------------------------------------------------------

    private static final Invocation READ = Invocation.of("read", null);

    private static Invocation write(long v) {
        return Invocation.of("write", v);
    }

    private static Invocation cas(long from, long to) {
        return Invocation.of("cas", List.of(from, to));
    }

    @Test
    void aStaleReadIsReportedAtItsReturn() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        assertTrue(online.call(0, write(1)));
        assertTrue(online.ret(0, null));
        assertTrue(online.call(1, READ));
        assertFalse(online.ret(1, null), "the read of nil after the write returned is the violation");
        assertTrue(online.isViolated());
        PartialLinearization p = online.violation().orElseThrow().violations().get(0).violation().longest().get(0);
        assertEquals(1, p.unplaced().id());
        assertEquals(Verdict.NOT_LINEARIZABLE, online.finish().verdict());
    }

    @Test
    void aViolationCanBeCausedByTheReturnOfAnotherOperation() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.casRegister());
        online.call(0, write(0));
        online.ret(0, null);
        online.call(1, cas(0, 2));
        online.call(0, READ);
        assertTrue(online.ret(0, 2L), "the open cas may have succeeded");
        assertFalse(online.ret(1, false), "the cas failed: nothing wrote 2 before the read");
        History h = new HistoryBuilder().call(0, write(0)).ret(0, null).call(1, cas(0, 2)).call(0, READ)
                .ret(0, 2L).ret(1, false).build();
        ResultAssertions.assertConsistent(h, RegisterModel.casRegister(), WHOLE, online.violation().orElseThrow());
    }

    @Test
    void aDiscardedOperationCanCauseTheViolation() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(1, write(1));
        online.call(0, READ);
        assertTrue(online.ret(0, 1L), "the open write may have taken effect");
        assertFalse(online.discard(1), "it did not: nothing wrote 1");
        History h = new HistoryBuilder().call(1, write(1)).call(0, READ).ret(0, 1L).discard(1, 3, -1).build();
        ResultAssertions.assertConsistent(h, RegisterModel.register(), WHOLE, online.violation().orElseThrow());
    }

    @Test
    void aCrashedWriteMayExplainLaterReadsButOnlyOnce() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, write(1));
        online.ret(0, null);
        online.call(1, write(2));
        assertTrue(online.crash(1));
        online.call(2, READ);
        assertTrue(online.ret(2, 2L), "the crashed write took effect");
        online.call(2, READ);
        assertTrue(online.ret(2, 2L));
        online.call(2, READ);
        assertFalse(online.ret(2, 1L), "and cannot be undone");
    }

    @Test
    void withTimesAReturnIsJudgedOnceTimeMovesOn() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, READ, 0);
        assertTrue(online.ret(0, 1L, 10), "a write called at 10 would overlap the read");
        assertTrue(online.call(1, write(1), 10), "and here it is");
        assertTrue(online.ret(1, null, 12));
        online.call(0, READ, 20);
        assertTrue(online.ret(0, null, 25), "judged once a later event arrives");
        assertFalse(online.call(1, READ, 26), "the read of nil at 25 came after the write returned");
        History h = new HistoryBuilder().call(0, READ, 0, Map.of()).ret(0, 1L, 10, -1).call(1, write(1), 10, Map.of())
                .ret(1, null, 12, -1).call(0, READ, 20, Map.of()).ret(0, null, 25, -1).call(1, READ, 26, Map.of())
                .build();
        ResultAssertions.assertConsistent(h, RegisterModel.register(), WHOLE, online.violation().orElseThrow());
    }

    @Test
    void finishJudgesTheLastReturns() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, write(1), 0);
        online.ret(0, null, 5);
        online.call(0, READ, 6);
        assertTrue(online.ret(0, null, 9));
        Result r = online.finish();
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertSame(r, online.finish());
        assertThrows(IllegalStateException.class, () -> online.call(1, READ, 10));
    }

    @Test
    void openOperationsArePendingAtTheEnd() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, write(1));
        online.call(1, READ);
        online.ret(1, 1L);
        online.call(2, READ); // never returns, dropped: it is read-only
        Result r = online.finish();
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        History h = new HistoryBuilder().call(0, write(1)).call(1, READ).ret(1, 1L).call(2, READ).build();
        ResultAssertions.assertConsistent(h, RegisterModel.register(), WHOLE, r);
        assertEquals(List.of(0, 1), r.partitions().get(0).witness().stream().map(Operation::id).toList());
    }

    @Test
    void badEventsAreRefusedAndLeaveTheCheckerAsItWas() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        assertThrows(HistoryException.class, () -> online.ret(0, null));
        online.call(0, write(1));
        assertThrows(HistoryException.class, () -> online.call(0, READ));
        assertThrows(InvalidOperationException.class, () -> online.call(1, Invocation.of("pop", null)));
        assertThrows(IllegalStateException.class, () -> online.call(1, READ, 5));
        online.ret(0, null);
        online.call(1, READ);
        online.crash(1);
        assertThrows(HistoryException.class, () -> online.call(1, READ));
        online.call(2, READ);
        assertFalse(online.ret(2, null));
        assertEquals(3, online.operations());

        OnlineChecker<Object> timed = OnlineChecker.of(RegisterModel.register());
        timed.call(0, READ, 10);
        assertThrows(HistoryException.class, () -> timed.ret(0, null, 9));
        assertThrows(IllegalStateException.class, () -> timed.ret(0, null));
        assertTrue(timed.ret(0, null, 10));
    }

    @Test
    void aNondeterministicModelIsCheckedThroughItsSubsetConstruction() {
        OnlineChecker<?> online = OnlineChecker.of(new LossyRegister(), CheckOptions.defaults().withCoreTimeout(null));
        online.call(0, write(1));
        online.ret(0, null);
        online.call(1, READ);
        assertTrue(online.ret(1, null), "the write may have been lost");
        online.call(1, READ);
        assertTrue(online.ret(1, null));
        online.call(0, write(2));
        online.ret(0, null);
        online.call(1, READ);
        assertTrue(online.ret(1, 2L));
        online.call(1, READ);
        assertFalse(online.ret(1, 1L), "1 was lost or overwritten");
    }

    @Test
    void aTinyMemoryBudgetGivesUnknown() {
        OnlineChecker<?> online = OnlineChecker.of(new ConformanceTest.SumModel(),
                CheckOptions.defaults().withCoreTimeout(null).withMaxMemory(64 * 1024));
        for (int i = 0; i < 20; i++) {
            online.call(i, 1L << i);
        }
        online.call(20, "sum");
        online.ret(20, -1L);
        Result r = online.finish();
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertTrue(r.reason().startsWith("memory"), r.reason());
        assertTrue(online.violation().isEmpty());
    }

    @Test
    void aLongStreamStaysFastAndGivesAValidWitness() {
        RegisterModel model = RegisterModel.register();
        OnlineChecker<Object> online = OnlineChecker.of(model);
        HistoryBuilder builder = new HistoryBuilder();
        SplittableRandom r = new SplittableRandom(7);
        long value = 0;
        int open = -1;
        for (int i = 0; i < 100_000; i++) {
            // clients 0..2 in turn; each write is read back by the next client, with a little overlap
            int c = i % 3;
            Invocation in = i % 2 == 0 ? write(++value) : READ;
            online.call(c, in);
            builder.call(c, in);
            if (open >= 0) {
                Object out = i % 2 == 0 ? value - 1 : null;
                online.ret(open, out);
                builder.ret(open, out);
            }
            open = c;
            if (r.nextInt(1000) == 0) {
                assertFalse(online.isViolated(), "at " + i);
            }
        }
        online.ret(open, value); // the last operation is a read
        builder.ret(open, value);
        Result result = online.finish();
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), () -> String.valueOf(result));
        ResultAssertions.assertConsistent(builder.build(), model, WHOLE, result);
    }

    /** Feeds the same events, with source lines, to a sink (a builder or an online checker). */
    private static void feedWithLines(EventSink sink) {
        sink.call(0, write(1), EventSink.UNTIMED, Map.of("line", 1));
        sink.ret(0, null, EventSink.UNTIMED, 2);
        sink.call(1, READ, EventSink.UNTIMED, Map.of("line", 3));
        sink.call(2, write(2), EventSink.UNTIMED, Map.of("line", 4));
        sink.discard(2, EventSink.UNTIMED, 5);
        sink.ret(1, 0L, EventSink.UNTIMED, 6);
    }

    @Test
    void asAnEventSinkItKeepsSourceLinesInTheEvidence() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        feedWithLines(online);
        assertTrue(online.isViolated(), "the read of 0 after write(1) returned");
        HistoryBuilder builder = new HistoryBuilder();
        feedWithLines(builder);
        History h = builder.build();
        ResultAssertions.assertConsistent(h, RegisterModel.register(), WHOLE, online.violation().orElseThrow());
        Operation unplaced = online.violation().orElseThrow().violations().get(0).violation().longest().get(0).unplaced();
        assertEquals(3, unplaced.line(), () -> String.valueOf(unplaced));
        assertEquals(1, unplaced.id(), "numbered as the history numbers it: the discarded write is not there");
    }

    @Test
    void asAnEventSinkItNamesTheLineOfAMalformedEvent() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, write(1), EventSink.UNTIMED, Map.of("line", 7));
        HistoryException busy = assertThrows(HistoryException.class,
                () -> online.call(0, READ, EventSink.UNTIMED, Map.of("line", 9)));
        assertEquals(9, busy.line());
        assertTrue(busy.getMessage().contains("from line 7"), busy.getMessage());
        HistoryException orphan = assertThrows(HistoryException.class,
                () -> online.ret(1, 0L, EventSink.UNTIMED, 10));
        assertEquals(10, orphan.line());
        assertFalse(online.isViolated());
    }

    // ---- the per-event bookkeeping ----------------------------------------------------------------------------

    @Test
    void clientIdsOfAnySizeAreTrackedAlike() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        int[] clients = {-7, Integer.MAX_VALUE, 1 << 16, 70_000, 3};
        for (int c : clients) {
            assertThrows(HistoryException.class, () -> online.ret(c, null), "client " + c + " has nothing open");
            online.call(c, READ);
            assertThrows(HistoryException.class, () -> online.call(c, READ), "client " + c + " is busy");
        }
        assertEquals(clients.length, online.openOperations());
        for (int c : clients) {
            assertTrue(online.ret(c, null), "client " + c + " reads nil: no write yet");
        }
        assertEquals(0, online.openOperations());
        online.call(-7, write(1));
        online.crash(-7);
        online.call(70_000, write(2));
        online.crash(70_000);
        assertThrows(HistoryException.class, () -> online.call(-7, READ), "client -7 crashed");
        assertThrows(HistoryException.class, () -> online.call(70_000, READ), "client 70000 crashed");
        online.call(Integer.MAX_VALUE, READ);
        assertFalse(online.ret(Integer.MAX_VALUE, 3L), "nobody wrote 3");
        Operation unplaced = online.violation().orElseThrow().violations().get(0).violation().longest().get(0).unplaced();
        assertEquals(Integer.MAX_VALUE, unplaced.client());
        assertEquals(7, unplaced.id(), "five reads and two crashed writes before it");
    }

    /** A model with a count of its preparations, preparing by value or not as told. */
    private static final class Counting<S> implements Model<S> {
        private final Model<S> inner;
        private final boolean byValue;
        int prepared;

        Counting(Model<S> inner, boolean byValue) {
            this.inner = inner;
            this.byValue = byValue;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public S init() {
            return inner.init();
        }

        @Override
        public S step(S state, Object input, Object output) {
            return inner.step(state, input, output);
        }

        @Override
        public Operation prepare(Operation operation) {
            prepared++;
            return inner.prepare(operation);
        }

        @Override
        public boolean isReadOnly(Object input) {
            return inner.isReadOnly(input);
        }

        @Override
        public boolean ignoresOutput(Object input) {
            return inner.ignoresOutput(input);
        }

        @Override
        public boolean preparesByValue() {
            return byValue;
        }
    }

    /** 200 operations of 4 clients, at explicit times; client 3 reads the right value (0 to 150), the others add 1. */
    private static void feedCounter(EventSink sink) {
        Invocation increment = Invocation.of("increment", null);
        long t = 0;
        long value = 0;
        for (int i = 0; i < 200; i++) {
            int client = i % 4;
            boolean read = client == 3;
            sink.call(client, read ? READ : increment, t++, Map.of("line", i + 1));
            sink.ret(client, read ? value : null, t++, -1);
            value += read ? 0 : 1;
        }
    }

    @Test
    void aModelThatPreparesByValueIsAskedOncePerValueAndItsOperationsKeepTheirOwnFields() {
        Counting<Long> byValue = new Counting<>(new dev.ariadne.core.models.CounterModel(), true);
        OnlineChecker<Long> online = OnlineChecker.of(byValue);
        feedCounter(online);
        Result result = online.finish();
        assertEquals(Verdict.LINEARIZABLE, result.verdict());
        assertTrue(byValue.prepared <= 60, "the increment's call and return and the reads' call once, each read's "
                + "return once (50 values), and a few again after a miss took their entry: " + byValue.prepared);
        HistoryBuilder builder = new HistoryBuilder();
        feedCounter(builder);
        History h = builder.build();
        ResultAssertions.assertConsistent(h, BuiltinModels.byName("counter"), WHOLE, result);
        List<Operation> witness = result.partitions().get(0).witness();
        assertEquals(200, witness.size());
        for (Operation op : witness) {
            Operation expected = h.operations().get(op.id());
            assertEquals(expected.client(), op.client());
            assertEquals(expected.call(), op.call());
            assertEquals(expected.ret(), op.ret());
            assertEquals(op.id() + 1, op.line());
        }

        Counting<Long> asked = new Counting<>(new dev.ariadne.core.models.CounterModel(), false);
        OnlineChecker<Long> each = OnlineChecker.of(asked);
        feedCounter(each);
        assertEquals(Verdict.LINEARIZABLE, each.finish().verdict());
        assertEquals(400, asked.prepared, "a model that does not prepare by value is asked at every call and return");
    }

    @Test
    void aValueThatMayChangeIsPreparedAnewEveryTime() {
        Counting<Object> model = new Counting<>(RegisterModel.register(), true);
        OnlineChecker<Object> online = OnlineChecker.of(model);
        List<Object> value = new ArrayList<>(List.of(1L)); // a list its owner may change between calls
        Invocation write = Invocation.of("write", value);
        for (int i = 0; i < 5; i++) {
            online.call(0, write);
            online.ret(0, null);
        }
        assertEquals(10, model.prepared, "an input holding a list is never reused");
        online.call(1, write(7));
        online.ret(1, null);
        online.call(1, write(7));
        online.ret(1, null);
        assertEquals(12, model.prepared, "write(7): its call and its return once each");
    }

    /**
     * Random histories of raw invocations (as a recorder or a file gives them, which the generated histories above
     * are not: they hold prepared inputs), so that the models that prepare by value go through the reused
     * preparations: after every event the online answer is the batch answer for the prefix.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("byValueModels")
    void withRawInvocationsEveryPrefixAgreesWithTheBatchCheck(String modelName) {
        int violations = 0;
        for (int i = 0; i < 150; i++) {
            long seed = 0x0A13_0000L + i;
            SplittableRandom r = new SplittableRandom(seed);
            Model<?> model = BuiltinModels.byName(modelName);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder builder = new HistoryBuilder();
            boolean[] busy = new boolean[3];
            Object[] pendingOutput = new Object[3];
            for (int k = 0; k < 24 && !online.isViolated(); k++) {
                int c = r.nextInt(3);
                if (!busy[c]) {
                    Invocation in = randomInvocation(modelName, r);
                    boolean nil = r.nextInt(4) == 0 && !modelName.equals("counter"); // (a counter's read gives a number)
                    pendingOutput[c] = in.f().equals("read") ? (nil ? null : (Object) (long) r.nextInt(3))
                            : in.f().equals("cas") ? (Object) r.nextBoolean() : null;
                    online.call(c, in);
                    builder.call(c, in);
                    busy[c] = true;
                } else {
                    online.ret(c, pendingOutput[c]);
                    builder.ret(c, pendingOutput[c]);
                    busy[c] = false;
                }
                History prefix = builder.build();
                Result batch = Checker.check(prefix, model, WHOLE.withEngine(Engine.DFS));
                String context = modelName + " seed " + seed + " after event " + k + "\n" + prefix.operations();
                assertEquals(batch.verdict() == Verdict.NOT_LINEARIZABLE, online.isViolated(), context);
                if (online.isViolated()) {
                    violations++;
                    assertConsistent(prefix, model, online.violation().orElseThrow(), context);
                }
            }
            Result last = online.finish();
            if (last.verdict() == Verdict.LINEARIZABLE) {
                assertConsistent(builder.build(), model, last, modelName + " seed " + seed);
            }
        }
        assertTrue(violations > 20, "too few violations to mean much: " + violations);
    }

    static Object[] byValueModels() {
        return new Object[] {"register", "cas-register", "counter"};
    }

    private static Invocation randomInvocation(String modelName, SplittableRandom r) {
        long v = r.nextInt(3);
        return switch (modelName) {
            case "counter" -> r.nextInt(3) == 0 ? READ : r.nextBoolean() ? Invocation.of("increment", null)
                    : Invocation.of("add", v);
            case "cas-register" -> r.nextInt(3) == 0 ? READ : r.nextBoolean() ? write(v) : cas(v, r.nextInt(3));
            default -> r.nextBoolean() ? READ : write(v);
        };
    }
}
