package dev.ariadne.core.online;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26, "memory grows with overlap, not length": {@link OnlineChecker#boundMemory()}. A checker that drops the
 * records of old operations (here after every few operations, so that drops happen in short histories) must give
 * the same answer after every event as one that keeps everything, degrade at the same event, and end with the
 * same result: the same evidence, of which it lists the end of the longest linearization (the omitted steps
 * counted), and the same verdict, without a witness once the start of the order was summed up by a state.
 */
class OnlineBoundedMemoryTest {
    private static final CheckOptions WHOLE = CheckOptions.defaults().withPartition(false);

    /** Feeds event k to a checker; returns whether it is still free of violations. */
    private interface Feed {
        boolean feed(OnlineChecker<?> c, int k);
    }

    private static final class Coverage {
        int dropped;
        int omittedEvidence;
        int noWitness;
        int wholeHistoryNeeded;
        int violations;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"counter", "register", "cas-register"})
    void droppingOldRecordsChangesNoAnswerWithCrashedOperations(String modelName) {
        Model<?> model = BuiltinModels.byName(modelName);
        Coverage coverage = new Coverage();
        OnlineCrashedPrefixTest.Coverage generated = new OnlineCrashedPrefixTest.Coverage();
        for (int i = 0; i < 60; i++) {
            long seed = 0x26_B000L + i;
            List<DegradeRepros.Ev> evs = OnlineCrashedPrefixTest.run(modelName, seed, 90, generated);
            boolean tight = i % 3 == 2;
            Feed feed = (c, k) -> {
                evs.get(k).to(c);
                return !c.isViolated();
            };
            same(model, evs.size(), feed, tight, i % 2 == 0 ? 4 : 9, modelName + " seed " + seed, coverage);
        }
        assertCovered(coverage, generated.crashed);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"counter", "register", "cas-register"})
    void droppingOldRecordsChangesNoAnswerWithSlowClientsFailuresAndTimes(String modelName) {
        Model<?> model = BuiltinModels.byName(modelName);
        Coverage coverage = new Coverage();
        OnlineLongOpenTest.Coverage generated = new OnlineLongOpenTest.Coverage();
        for (int i = 0; i < 40; i++) {
            long seed = 0x26_C000L + i;
            boolean timed = i % 2 == 1;
            List<OnlineLongOpenTest.Step> steps = OnlineLongOpenTest.run(modelName, seed, timed, generated);
            Feed feed = (c, k) -> {
                OnlineLongOpenTest.feed(c, steps.get(k), timed);
                return !c.isViolated();
            };
            same(model, steps.size(), feed, i % 4 == 3, i % 3 == 0 ? 2 : 6,
                    modelName + " seed " + seed + (timed ? " timed" : ""), coverage);
        }
        assertCovered(coverage, 100);
        assertTrue(generated.longReads + generated.longUpdates > 10, "few long-open operations");
        assertTrue(generated.discardsAfterEffect > 0, "no failure of an operation that took effect");
    }

    private static void assertCovered(Coverage c, int crashed) {
        assertTrue(crashed >= 100, "few crashed operations: " + crashed);
        // (seeded: the counts are fixed; they guard against a generator that stops covering what this is for)
        assertTrue(c.dropped >= 3, "few runs dropped records: " + c.dropped);
        assertTrue(c.violations >= 3, "few violations: " + c.violations);
        assertTrue(c.omittedEvidence >= 1, "no violation with omitted steps: " + c.omittedEvidence);
        assertTrue(c.noWitness >= 3, "few linearizable runs without a witness: " + c.noWitness);
        assertTrue(c.wholeHistoryNeeded >= 1, "no run degraded after dropping records");
    }

    /** Feeds {@code events} events to a checker that keeps everything and to one that drops; compares them. */
    private static void same(Model<?> model, int events, Feed feed, boolean tight, int forgetAfter, String name,
                             Coverage coverage) {
        OnlineChecker<?> whole = OnlineChecker.of(model, WHOLE);
        OnlineChecker<?> bounded = OnlineChecker.of(model, WHOLE).boundMemory(forgetAfter, 1, 16);
        if (tight) {
            whole.workBudget(200, 8);
            bounded.workBudget(200, 8);
        }
        for (int k = 0; k < events; k++) {
            boolean expected = feed.feed(whole, k);
            assertEquals(expected, feed.feed(bounded, k), name + ": event " + k);
            assertEquals(whole.degraded(), bounded.degraded(), name + ": event " + k);
            assertEquals(whole.operations(), bounded.operations(), name + ": event " + k);
            assertEquals(whole.openOperations(), bounded.openOperations(), name + ": event " + k);
            if (!expected) {
                break;
            }
        }
        coverage.dropped += bounded.forgottenOperations() > 0 ? 1 : 0;
        Result w = whole.finish();
        Result b = bounded.finish();
        if (bounded.wholeHistoryNeeded()) {
            coverage.wholeHistoryNeeded++;
            assertEquals(Verdict.UNKNOWN, b.verdict(), name);
            assertTrue(b.reason().contains("needs the records of the"), name + ": " + b.reason());
            assertTrue(w.partitions().get(0).note() != null, name + ": the whole checker ran no batch check");
            return;
        }
        assertEquals(w.verdict(), b.verdict(), name);
        assertEquals(w.reason(), b.reason(), name);
        assertEquals(w.operations(), b.operations(), name);
        PartitionResult pw = w.partitions().get(0);
        PartitionResult pb = b.partitions().get(0);
        if (w.verdict() == Verdict.LINEARIZABLE && pb.witness().isEmpty() && !pw.witness().isEmpty()) {
            coverage.noWitness++;
            assertTrue(pb.note().startsWith("no witness order: the online check kept the last operations only"),
                    name + ": " + pb.note());
        } else {
            assertEquals(pw.witness().toString(), pb.witness().toString(), name);
            assertEquals(pw.note(), pb.note(), name);
        }
        if (w.verdict() == Verdict.NOT_LINEARIZABLE) {
            coverage.violations++;
            coverage.omittedEvidence += sameEvidence(pw.violation(), pb.violation(), name) ? 1 : 0;
        }
    }

    /** The bounded evidence is the whole one without the start of its orders; returns whether it omitted some. */
    private static boolean sameEvidence(Violation whole, Violation bounded, String name) {
        assertEquals(whole.initialState(), bounded.initialState(), name);
        assertEquals(whole.longest().size(), bounded.longest().size(), name);
        boolean omitted = false;
        for (int i = 0; i < whole.longest().size(); i++) {
            PartialLinearization w = whole.longest().get(i);
            PartialLinearization b = bounded.longest().get(i);
            assertEquals(0, w.omittedSteps(), name);
            assertEquals(w.unplaced().toString(), b.unplaced().toString(), name);
            assertEquals(w.candidates().toString(), b.candidates().toString(), name);
            assertEquals(w.steps().size(), b.length(), name + ": the length of the order");
            int from = (int) b.omittedSteps();
            assertEquals(w.steps().subList(from, w.steps().size()), b.steps(), name + ": the steps kept");
            omitted |= from > 0;
        }
        return omitted;
    }

    /**
     * A long sequential register history: memory stays bounded (records are dropped), the verdict is right, and a
     * violation at its end is reported with the end of its longest linearization, numbered from the start.
     */
    @Test
    void aLateViolationInALongHistoryKeepsItsEvidence() {
        Model<?> model = BuiltinModels.byName("register");
        OnlineChecker<?> c = OnlineChecker.of(model, WHOLE).boundMemory(4096, 64, 1024);
        int ops = 100_000;
        for (int i = 0; i < ops; i++) {
            int client = i % 3;
            if (i % 2 == 0) {
                c.call(client, Invocation.of("write", (long) i));
                c.ret(client, null);
            } else {
                c.call(client, Invocation.of("read", null));
                c.ret(client, (long) (i - 1));
            }
        }
        assertTrue(c.forgottenOperations() > ops - 10_000, c.forgottenOperations() + " dropped");
        c.call(0, Invocation.of("read", null));
        assertTrue(!c.ret(0, 7L));
        Result r = c.finish();
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(ops + 1, r.operations());
        PartialLinearization pl = r.partitions().get(0).violation().longest().get(0);
        assertEquals(ops, pl.unplaced().id());
        assertEquals(ops, pl.length()); // every operation before it was placed
        assertTrue(pl.omittedSteps() > 0 && pl.steps().size() >= 1024, pl.omittedSteps() + " omitted");
        assertEquals(ops - 1, pl.steps().get(pl.steps().size() - 1).operation().id());
        assertEquals(ops - 2, pl.steps().get(pl.steps().size() - 2).operation().id());
        assertThrows(IllegalStateException.class, c::history);
    }

    @Test
    void aLongLinearizableHistoryHasNoWitnessAndRefusesSnapshots() {
        Model<?> model = BuiltinModels.byName("counter");
        OnlineChecker<?> c = OnlineChecker.of(model, WHOLE).boundMemory(4096, 64, 1024);
        for (long i = 0; i < 50_000; i++) {
            c.call((int) (i % 4), Invocation.of("increment", null));
            c.ret((int) (i % 4), null);
        }
        assertTrue(c.forgottenOperations() > 40_000, c.forgottenOperations() + " dropped");
        assertThrows(IllegalStateException.class, () -> c.snapshot(new ByteArrayOutputStream()));
        Result r = c.finish();
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(50_000, r.operations());
        assertTrue(r.partitions().get(0).witness().isEmpty());
        assertTrue(r.partitions().get(0).note().contains("records dropped"), r.partitions().get(0).note());
    }

    /** Without {@link OnlineChecker#boundMemory()} nothing is dropped: the witness and the history stay. */
    @Test
    void withoutBoundingEverythingIsKept() {
        Model<?> model = BuiltinModels.byName("counter");
        OnlineChecker<?> c = OnlineChecker.of(model, WHOLE);
        for (long i = 0; i < 20_000; i++) {
            c.call((int) (i % 4), Invocation.of("increment", null));
            c.ret((int) (i % 4), null);
        }
        assertEquals(0, c.forgottenOperations());
        assertEquals(20_000, c.history().size());
        assertEquals(20_000, c.finish().partitions().get(0).witness().size());
    }
}
