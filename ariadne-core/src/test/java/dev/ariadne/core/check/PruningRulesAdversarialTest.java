package dev.ariadne.core.check;

import dev.ariadne.core.check.AdversarialStreams.Ev;
import dev.ariadne.core.check.AdversarialStreams.Knobs;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.IndependentModel;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.search.ParallelDfs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules that prune or shortcut the search (a failed compare-and-set and {@code cas(v, v)} read-only, placed
 * eagerly and, crashed, dropped; a crashed operation after another not linearized where the parent reaches the same
 * state; the per-state memo of read acceptance; the online checker linearizing writes and increments while open,
 * discarding them on {@code :fail}, and the frontier ahead that leaves long-open reads out) held against references
 * that use none of them, on seeded {@link AdversarialStreams}: 3–8 operations heavy on crashes, failures (some after
 * effect), equal values, {@code cas(v, v)}, failing compare-and-sets and hidden outputs. A failure names the model,
 * seed and knobs, and lists the events.
 */
class PruningRulesAdversarialTest {
    private static final CheckOptions WHOLE = CheckOptions.defaults().withCoreTimeout(null).withPartition(false);
    /** Each verdict must be at least this share of the histories, so that agreement is not vacuous. */
    private static final int MIN_PERCENT = 15;
    /** The histories per run: {@code -Dariadne.adversarial.scale=N} multiplies them, for a long hunt. */
    private static final int SCALE = Integer.getInteger("ariadne.adversarial.scale", 1);
    /** {@code -Dariadne.adversarial.wide=true}: small histories of up to 6 clients, 9 operations, a single value. */
    private static final boolean WIDE = Boolean.getBoolean("ariadne.adversarial.wide");

    @BeforeEach
    void callHelpersAtOnce() {
        ParallelDfs.setHelpersAfterSteps(0);
    }

    @AfterEach
    void restoreDefault() {
        ParallelDfs.setHelpersAfterSteps(ParallelDfs.DEFAULT_HELPERS_AFTER_STEPS);
    }

    private static Knobs smallKnobs(SplittableRandom r, int keys) {
        if (WIDE) {
            return new Knobs(2 + r.nextInt(5), 3 + r.nextInt(7), 1 + r.nextInt(3), 5 + r.nextInt(50),
                    r.nextInt(30), r.nextInt(70), 0, keys);
        }
        return new Knobs(2 + r.nextInt(3), 3 + r.nextInt(6), 2 + r.nextInt(2), 10 + r.nextInt(25),
                5 + r.nextInt(15), r.nextInt(70), 0, keys);
    }

    private static final List<CheckOptions> ENGINES = List.of(
            WHOLE.withEngine(Engine.FRONTIER), WHOLE.withEngine(Engine.DFS), WHOLE.withEngine(Engine.AUTO),
            WHOLE.withEngine(Engine.DFS).withThreads(3));

    /**
     * Batch engines (frontier, dfs, auto, dfs on three threads) against the brute-force reference, with their
     * evidence checked, on small crash- and failure-heavy histories.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cas-register", "register", "counter"})
    void batchEnginesAgreeWithTheReference(String modelName) {
        int linearizable = 0;
        int histories = 1500 * SCALE;
        for (int i = 0; i < histories; i++) {
            long seed = 0x5EED_0000L + i;
            Knobs knobs = smallKnobs(new SplittableRandom(~seed), 0);
            List<Ev> events = AdversarialStreams.stream(modelName, seed, knobs);
            History h = AdversarialStreams.history(events);
            Model<?> model = BuiltinModels.byName(modelName);
            boolean expected = BruteForceChecker.isLinearizable(h, model);
            linearizable += expected ? 1 : 0;
            String context = modelName + " seed " + seed + " " + knobs + ":\n" + AdversarialStreams.show(events);
            for (CheckOptions options : ENGINES) {
                assertAgrees(h, model, options.withTimeout(Duration.ofSeconds(5)), expected, context);
            }
        }
        assertBothVerdictsCommon(modelName, linearizable, histories);
    }

    /**
     * Jepsen's independent tuples ({@code --independent}) on a compare-and-set register: the keyed model passes the
     * inner model's read-only answer through; checked whole and partitioned per key.
     */
    @Test
    void independentCasRegisterAgreesWithTheReference() {
        int linearizable = 0;
        int histories = 800 * SCALE;
        for (int i = 0; i < histories; i++) {
            long seed = 0x1DE0_0000L + i;
            Knobs knobs = smallKnobs(new SplittableRandom(~seed), 2);
            List<Ev> events = AdversarialStreams.stream("cas-register", seed, knobs);
            History h = AdversarialStreams.history(events);
            Model<?> model = IndependentModel.of(BuiltinModels.byName("cas-register"));
            boolean expected = BruteForceChecker.isLinearizable(h, model);
            linearizable += expected ? 1 : 0;
            String context = "independent cas-register seed " + seed + " " + knobs + ":\n"
                    + AdversarialStreams.show(events);
            for (CheckOptions options : ENGINES) {
                for (boolean partition : new boolean[] {false, true}) {
                    assertAgrees(h, model, options.withPartition(partition).withTimeout(Duration.ofSeconds(5)),
                            expected, context);
                }
            }
        }
        assertBothVerdictsCommon("independent cas-register", linearizable, histories);
    }

    /**
     * The online checker fed the same streams event by event, untimed: after every event its answer is the
     * reference's for the history so far (open operations pending, failed ones left out), with valid evidence at
     * the violation and a valid witness at the end.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cas-register", "register", "counter"})
    void onlineAgreesWithTheReferenceAfterEveryEvent(String modelName) {
        int linearizable = 0;
        int histories = 1000 * SCALE;
        for (int i = 0; i < histories; i++) {
            long seed = 0x0A1E_0000L + i;
            Knobs knobs = smallKnobs(new SplittableRandom(~seed), 0);
            List<Ev> events = AdversarialStreams.stream(modelName, seed, knobs);
            Model<?> model = BuiltinModels.byName(modelName);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder builder = new HistoryBuilder();
            String context = modelName + " seed " + seed + " " + knobs + ":\n" + AdversarialStreams.show(events);
            for (int k = 0; k < events.size() && !online.isViolated(); k++) {
                events.get(k).feed(online);
                events.get(k).feed(builder);
                History prefix = builder.build();
                boolean expected = BruteForceChecker.isLinearizable(prefix, model);
                assertEquals(!expected, online.isViolated(), "after event " + k + " of " + context);
                if (online.isViolated()) {
                    assertEvidence(prefix, model, WHOLE, online.violation().orElseThrow(), "after event " + k + " of " + context);
                }
            }
            Result last = online.finish();
            History full = builder.build();
            if (!online.isViolated()) {
                assertEquals(BruteForceChecker.isLinearizable(full, model), last.verdict() == Verdict.LINEARIZABLE,
                        "at the end of " + context);
                assertEvidence(full, model, WHOLE, last, "at the end of " + context);
                linearizable++;
            }
        }
        assertBothVerdictsCommon("online " + modelName, linearizable, histories);
    }

    /**
     * A slow client holds operations open across more than 64 events (the online checker's frontier ahead then
     * leaves open reads out; an open {@code cas(v, v)} or failing compare-and-set holds both frontiers up; writes
     * and increments are linearized while open, then return, crash or fail, sometimes after taking effect), among
     * three fast clients: after every event (240 at most, within the window where every event is judged) the
     * online answer is the memoised reference's for the history so far, and at the end the verdicts agree.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cas-register", "register", "counter", "independent cas-register"})
    void onlineAgreesWithTheReferenceWhileAClientIsSlow(String modelName) {
        boolean independent = modelName.startsWith("independent ");
        String inner = independent ? modelName.substring("independent ".length()) : modelName;
        int violations = 0;
        int runs = 80 * SCALE;
        java.util.Map<String, Integer> coverage = new java.util.TreeMap<>();
        for (int i = 0; i < runs; i++) {
            long seed = 0x510E_0000L + i;
            SplittableRandom r = new SplittableRandom(~seed);
            int corrupt = inner.equals("register") ? 3 + r.nextInt(5) : r.nextInt(4); // register reads see less
            Knobs knobs = new Knobs(4, 120, 2 + r.nextInt(2), 3, 4 + r.nextInt(4), corrupt, 60 + r.nextInt(60),
                    independent ? 2 : 0);
            List<Ev> events = AdversarialStreams.stream(inner, seed, knobs);
            events = events.subList(0, Math.min(240, events.size()));
            AdversarialStreams.longOpen(events, 65).forEach((what, count) -> coverage.merge(what, count, Integer::sum));
            Model<?> model = independent ? IndependentModel.of(BuiltinModels.byName(inner))
                    : BuiltinModels.byName(inner);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder builder = new HistoryBuilder();
            String context = modelName + " seed " + seed + " " + knobs + " " + AdversarialStreams.census(events);
            for (int k = 0; k < events.size() && !online.isViolated(); k++) {
                events.get(k).feed(online);
                events.get(k).feed(builder);
                History prefix = builder.build();
                boolean expected = AdversarialStreams.isLinearizable(prefix, model);
                assertEquals(!expected, online.isViolated(), "after event " + k + " " + events.get(k) + " of "
                        + context);
                if (online.isViolated()) {
                    violations++;
                    assertEvidence(prefix, model, WHOLE, online.violation().orElseThrow(), "after event " + k + " of " + context);
                }
            }
            Result last = online.finish();
            if (!online.isViolated()) {
                History full = builder.build();
                assertEquals(AdversarialStreams.isLinearizable(full, model), last.verdict() == Verdict.LINEARIZABLE,
                        "at the end of " + context);
                assertEvidence(full, model, WHOLE, last, "at the end of " + context);
            }
        }
        System.out.printf("online %s with a slow client: violations in %d of %d runs; %s%n", modelName, violations, runs,
                coverage);
        String update = inner.equals("counter") ? "increment" : "write";
        for (String what : inner.equals("cas-register") ? List.of("long read", "long cas", "long " + update)
                : List.of("long read", "long " + update)) {
            assertTrue(coverage.getOrDefault(what, 0) >= 3, what + " operations open across 65 events: " + coverage);
        }
        assertTrue(coverage.getOrDefault("failures after effect", 0) >= 3, "failures after effect: " + coverage);
        assertTrue(violations * 5 >= runs && violations * 5 <= runs * 4, "violations in " + violations + " of " + runs);
    }

    /**
     * Longer streams (up to 700 events) where a slow client's compare-and-set or read stays open across hundreds of
     * events, so that more than 256 events wait and the returns are judged once per sixteenth of them; half of the
     * runs with explicit times, several events at one instant. A violation may then come late but never wrongly:
     * when the online checker reports one, the history so far is not linearizable (the reference says so, and the
     * evidence holds); at the end both give the same verdict, and the witness holds.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"cas-register", "counter"})
    void onlineIsSoundWhileManyEventsWaitAndAgreesAtTheEnd(String modelName) {
        int violations = 0;
        int runs = 32 * SCALE;
        java.util.Map<String, Integer> coverage = new java.util.TreeMap<>();
        for (int i = 0; i < runs; i++) {
            long seed = 0x10E6_0000L + i;
            SplittableRandom r = new SplittableRandom(~seed);
            boolean timed = i % 2 == 1;
            Knobs knobs = new Knobs(4, 350, 2 + r.nextInt(2), 2, 1 + r.nextInt(2), r.nextInt(100) < 40 ? 1 : 0,
                    250 + r.nextInt(150),
                    0);
            List<Ev> events = AdversarialStreams.stream(modelName, seed, knobs);
            events = events.subList(0, Math.min(700, events.size()));
            AdversarialStreams.longOpen(events, 257).forEach((what, count) -> coverage.merge(what, count, Integer::sum));
            Model<?> model = BuiltinModels.byName(modelName);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder builder = new HistoryBuilder();
            String context = modelName + " seed " + seed + (timed ? " timed " : " ") + knobs + " "
                    + AdversarialStreams.census(events);
            long time = 0;
            for (int k = 0; k < events.size() && !online.isViolated(); k++) {
                long at = timed ? time : dev.ariadne.core.history.EventSink.UNTIMED;
                events.get(k).feed(online, at);
                events.get(k).feed(builder, at);
                time += r.nextInt(3) == 0 ? 0 : 1;
                if (online.isViolated()) {
                    violations++;
                    History prefix = builder.build();
                    assertTrue(!AdversarialStreams.isLinearizable(prefix, model), "violation reported after event " + k
                            + " " + events.get(k) + ", but the history so far is linearizable: " + context);
                    assertEvidence(prefix, model, WHOLE, online.violation().orElseThrow(), "after event " + k + " of " + context);
                }
            }
            Result last = online.finish();
            History full = builder.build();
            boolean expected = AdversarialStreams.isLinearizable(full, model);
            if (online.isViolated()) {
                assertTrue(!expected, "violated, but the whole history is linearizable: " + context);
            } else {
                assertEquals(expected, last.verdict() == Verdict.LINEARIZABLE, "at the end of " + context);
                assertEvidence(full, model, WHOLE, last, "at the end of " + context);
            }
        }
        System.out.printf("online %s, many events waiting: violations in %d of %d runs; open across 257 events: %s%n",
                modelName, violations, runs, coverage);
        assertTrue(violations * 5 >= runs && violations * 5 <= runs * 4, "violations in " + violations + " of " + runs);
        String update = modelName.equals("counter") ? "long increment" : "long cas";
        assertTrue(coverage.getOrDefault(update, 0) + coverage.getOrDefault("long read", 0) >= 5,
                "operations open across 257 events: " + coverage);
    }

    private static void assertAgrees(History h, Model<?> model, CheckOptions options, boolean expected,
                                     String context) {
        Result result = Checker.check(h, model, options);
        String engine = options.engine().cliName() + " (threads " + options.threads() + ", partition "
                + options.partition() + ")";
        assertEquals(expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, result.verdict(),
                engine + " disagrees with the reference on " + context);
        assertEvidence(h, model, options, result, engine + " on " + context);
    }

    private static void assertEvidence(History h, Model<?> model, CheckOptions options, Result result,
                                       String context) {
        try {
            ResultAssertions.assertConsistent(h, model, options, result);
        } catch (AssertionError e) {
            throw new AssertionError("bad evidence: " + e.getMessage() + " for " + context, e);
        }
    }

    private static void assertBothVerdictsCommon(String run, int linearizable, int histories) {
        System.out.printf("%s: %d of %d linearizable%n", run, linearizable, histories);
        assertTrue(linearizable * 100 >= histories * MIN_PERCENT
                        && (histories - linearizable) * 100 >= histories * MIN_PERCENT,
                run + ": too one-sided to mean much: " + linearizable + " of " + histories + " linearizable");
    }
}
