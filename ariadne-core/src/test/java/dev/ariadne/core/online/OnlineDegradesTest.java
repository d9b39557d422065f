package dev.ariadne.core.online;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26: the online checker degrades instead of stalling. Its judgement of an event is bounded in work (model
 * steps and comparisons of the pending rules, both deterministic, so these tests hold on any machine); past the
 * bound it says where and why ({@link OnlineChecker#degraded()}), records the rest, and ends with the batch check's
 * verdict of the whole history.
 */
class OnlineDegradesTest {
    private static final Model<?> COUNTER = BuiltinModels.byName("counter");
    private static final Model<?> CAS_REGISTER = BuiltinModels.byName("cas-register");

    private static Result batch(Model<?> model, List<DegradeRepros.Ev> evs) {
        HistoryBuilder b = new HistoryBuilder();
        evs.forEach(e -> e.to(b));
        return Checker.check(b.build(), model, CheckOptions.defaults().withCoreTimeout(null));
    }

    private static OnlineChecker<?> feed(OnlineChecker<?> online, List<DegradeRepros.Ev> evs) {
        evs.forEach(e -> e.to(online));
        return online;
    }

    /** Each client: add(1), read, then an add(3) that crashes. Online used to take 11 s at 20 and minutes at 40. */
    @ParameterizedTest
    @ValueSource(ints = {15, 20, 40, 200})
    void crashedAddsAgreeWithTheBatchCheck(int crashed) {
        List<DegradeRepros.Ev> evs = DegradeRepros.crashedAdds(crashed);
        OnlineChecker<?> online = feed(OnlineChecker.of(COUNTER), evs);
        Result r = online.finish();
        assertEquals(Verdict.LINEARIZABLE, batch(COUNTER, evs).verdict());
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), String.valueOf(r.reason()));
        assertNull(online.degraded(), "decided online: crashed adds of equal input are linearized in call order");
    }

    /**
     * 8 writes and 8 failed compare-and-sets open together, one read, then all return: the judgement of the read's
     * return treats 16 open operations as pending (36.5 M configurations before the bound). It degrades at that
     * event and the end gives the batch verdict, with the reason as a note.
     */
    @Test
    void openWritesAndFailedCasDegradeAtTheReadAndEndWithTheBatchVerdict() {
        List<DegradeRepros.Ev> evs = DegradeRepros.writesAndFailedCas();
        OnlineChecker<?> online = OnlineChecker.of(CAS_REGISTER);
        for (int i = 0; i < 17; i++) {
            evs.get(i).to(online);
        }
        assertNull(online.degraded(), "17 calls cost nothing");
        evs.get(17).to(online);
        assertEquals("online checking degraded at event 18: judging it needed more than the online work budget "
                + "allows (1,048,576 model steps at once, 256 more per event)", online.degraded());
        for (int i = 18; i < evs.size(); i++) {
            evs.get(i).to(online);
        }
        assertFalse(online.isViolated());
        Result r = online.finish();
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(batch(CAS_REGISTER, evs).verdict(), r.verdict());
        assertEquals(17, r.operations());
        for (PartitionResult p : r.partitions()) {
            assertEquals(online.degraded() + "; the verdict is a batch check's of the whole history", p.note());
        }
    }

    @Test
    void aViolationAfterDegradingIsTheBatchChecksWithItsEvidence() {
        List<DegradeRepros.Ev> evs = new java.util.ArrayList<>(DegradeRepros.writesAndFailedCas());
        evs.set(17, new DegradeRepros.Ev(1, 16, 99L)); // the read sees a value nobody wrote
        OnlineChecker<?> online = feed(OnlineChecker.of(CAS_REGISTER).workBudget(10_000, 16), evs);
        assertTrue(online.degraded().startsWith("online checking degraded at event 18: "), online.degraded());
        assertFalse(online.isViolated(), "not judged before the end");
        Result r = online.finish();
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertTrue(online.isViolated());
        assertEquals(r, online.violation().orElseThrow());
        assertNotNull(r.violations().get(0).violation(), "the batch check's evidence");
        assertEquals(16, r.violations().get(0).violation().longest().get(0).unplaced().id());
    }

    @Test
    void theWorkBudgetIsInStepsSoTheEventThatDegradesIsTheSameOnEveryMachine() {
        for (long burst : new long[] {0, 1_000, 100_000}) {
            OnlineChecker<?> online = feed(OnlineChecker.of(CAS_REGISTER).workBudget(burst, 0),
                    DegradeRepros.writesAndFailedCas());
            assertTrue(online.degraded().startsWith("online checking degraded at event 18: "), online.degraded());
            assertEquals(Verdict.LINEARIZABLE, online.finish().verdict());
        }
    }

    /** Issue 26's hang in PendingDominance.admit: a counter, 4 clients × 100 operations, add(3)s that crash. */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aCounterWithCrashedAddsAgreesWithTheBatchCheck(long seed) {
        List<DegradeRepros.Ev> evs = DegradeRepros.counterWithCrashedAdds(4, 100, seed);
        Result r = feed(OnlineChecker.of(COUNTER), evs).finish();
        assertEquals(batch(COUNTER, evs).verdict(), r.verdict());
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
    }

    @Test
    void aStopEndsTheJudgementInProgressAndInterruptSaysWhatWasJudged() {
        List<DegradeRepros.Ev> evs = DegradeRepros.writesAndFailedCas();
        OnlineChecker<?> online = OnlineChecker.of(CAS_REGISTER);
        for (int i = 0; i < 17; i++) {
            evs.get(i).to(online);
        }
        // a stop that comes while no event is judged cuts the next judgement short
        online.stop("time limit of 2s reached");
        evs.get(17).to(online);
        assertEquals("online checking degraded at event 18: time limit of 2s reached", online.degraded());
        Result r = online.interrupt("time limit of 2s reached after line 18");
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("time limit of 2s reached after line 18: no violation among the 17 events judged before the "
                + "check stopped; 16 of the 17 operations read are open and undecided", r.reason());
    }

    @Test
    void aStopBeforeTheEndOfADegradedCheckGivesUnknownNotAGuess() {
        OnlineChecker<?> online = feed(OnlineChecker.of(CAS_REGISTER).workBudget(1_000, 0),
                DegradeRepros.writesAndFailedCas());
        assertNotNull(online.degraded());
        online.stop("interrupted");
        Result r = online.finish();
        assertEquals(Verdict.UNKNOWN, r.verdict());
        assertEquals("interrupted: " + online.degraded(), r.reason());
    }

    @Test
    void theHistoryOfADegradedCheckerKeepsTheEventsAsGiven() {
        List<DegradeRepros.Ev> evs = DegradeRepros.writesAndFailedCas();
        OnlineChecker<?> online = feed(OnlineChecker.of(CAS_REGISTER).workBudget(0, 0), evs);
        HistoryBuilder b = new HistoryBuilder();
        evs.forEach(e -> e.to(b));
        assertEquals(b.build(), online.history());
    }
}
