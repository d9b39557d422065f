package dev.ariadne.core.online;

import dev.ariadne.core.check.AdversarialStreams;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26's reductions while operations are open, against the brute-force reference on every prefix: histories
 * with many crashed operations of few distinct inputs (so that crashed operations of equal input, which the online
 * checker orders by their calls, are common), crashes that come long after the call, and a slow client whose
 * operations stay open across many events. A second checker with a tiny work budget degrades early and must end
 * with the same verdict as the reference.
 */
class OnlineCrashedPrefixTest {
    private static final CheckOptions WHOLE = CheckOptions.defaults().withCoreTimeout(null).withPartition(false);

    /** A simulated run: each operation takes effect at some moment while open (or, crashed, maybe never). */
    static List<DegradeRepros.Ev> run(String model, long seed, int operations, Coverage coverage) {
        SplittableRandom r = new SplittableRandom(seed);
        int clients = 2 + r.nextInt(3);
        Object state = model.equals("counter") ? (Object) 0L : null;
        Invocation[] open = new Invocation[clients];
        boolean[] effect = new boolean[clients];
        Object[] output = new Object[clients];
        int[] id = new int[clients];
        for (int c = 0; c < clients; c++) {
            id[c] = c;
        }
        int nextId = clients;
        int calls = 0;
        List<Invocation> late = new ArrayList<>(); // crashed, not yet in effect: may take effect later or never
        List<DegradeRepros.Ev> evs = new ArrayList<>();
        while (true) {
            boolean anyOpen = false;
            for (Invocation o : open) {
                anyOpen |= o != null;
            }
            if (calls >= operations && !anyOpen) {
                return evs;
            }
            if (!late.isEmpty() && r.nextInt(6) == 0) {
                state = AdversarialStreams.apply(model, state, late.remove(r.nextInt(late.size())))[0];
                continue;
            }
            int c = r.nextInt(4) == 0 ? 0 : r.nextInt(clients); // client 0 is slow to act: long-open operations
            if (c == 0 && r.nextInt(3) != 0 && open[0] != null) {
                continue;
            }
            if (open[c] == null) {
                if (calls >= operations) {
                    continue;
                }
                open[c] = input(model, r);
                effect[c] = false;
                calls++;
                evs.add(new DegradeRepros.Ev(0, id[c], open[c]));
                continue;
            }
            int dice = r.nextInt(100);
            if (!effect[c] && dice < 40) {
                Object[] after = AdversarialStreams.apply(model, state, open[c]);
                state = after[0];
                output[c] = after[1];
                effect[c] = true;
                continue;
            }
            if (dice < 70 && !open[c].f().equals("read")) {
                if (!effect[c]) {
                    late.add(open[c]);
                }
                coverage.crashed++;
                evs.add(new DegradeRepros.Ev(2, id[c], null));
                id[c] = nextId++;
            } else {
                if (!effect[c]) {
                    Object[] after = AdversarialStreams.apply(model, state, open[c]);
                    state = after[0];
                    output[c] = after[1];
                }
                Object out = output[c];
                if (r.nextInt(100) < 12) {
                    out = out instanceof Long v ? (Object) (v + 1) : out instanceof Boolean b ? (Object) !b : out;
                } else if (r.nextInt(100) < 5) {
                    out = Operation.UNKNOWN;
                }
                evs.add(new DegradeRepros.Ev(1, id[c], out));
            }
            open[c] = null;
        }
    }

    /** Few distinct inputs: crashed operations of equal input are the common case. */
    private static Invocation input(String model, SplittableRandom r) {
        int dice = r.nextInt(100);
        if (dice < 30) {
            return DegradeRepros.READ;
        }
        return switch (model) {
            case "counter" -> Invocation.of("increment", dice < 75 ? 1L : 3L);
            case "cas-register" -> dice < 60 ? Invocation.of("write", (long) r.nextInt(2))
                    : Invocation.of("cas", List.of((long) r.nextInt(2), (long) r.nextInt(2)));
            default -> Invocation.of("write", (long) r.nextInt(2));
        };
    }

    static final class Coverage {
        int crashed;
        int violations;
        int degraded;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"counter", "register", "cas-register"})
    void everyPrefixAgreesWithTheBruteForceReference(String modelName) {
        Model<?> model = BuiltinModels.byName(modelName);
        Coverage coverage = new Coverage();
        for (int i = 0; i < 300; i++) {
            long seed = 0x26_0000L + i;
            List<DegradeRepros.Ev> evs = run(modelName, seed, 8, coverage);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            OnlineChecker<?> tight = OnlineChecker.of(model, WHOLE).workBudget(i % 3 * 20, i % 2);
            HistoryBuilder b = new HistoryBuilder();
            boolean violated = false;
            for (int k = 0; k < evs.size(); k++) {
                DegradeRepros.Ev e = evs.get(k);
                e.to(online);
                e.to(tight);
                e.to(b);
                History prefix = b.build();
                boolean expected = !BruteForceChecker.isLinearizable(prefix, model);
                String context = modelName + " seed " + seed + " after event " + k + " of " + evs;
                assertEquals(expected, online.isViolated(), context);
                if (tight.degraded() == null) {
                    assertEquals(expected, tight.isViolated(), context);
                }
                violated = expected;
            }
            Result end = online.finish();
            assertEquals(violated ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE, end.verdict(), modelName
                    + " seed " + seed);
            coverage.degraded += tight.degraded() != null ? 1 : 0;
            assertEquals(end.verdict(), tight.finish().verdict(), modelName + " seed " + seed + ", degraded: "
                    + tight.degraded());
            coverage.violations += violated ? 1 : 0;
        }
        assertTrue(coverage.crashed > 300, "few crashed operations: " + coverage.crashed);
        assertTrue(coverage.violations > 30, "few violations: " + coverage.violations);
        assertTrue(coverage.degraded > 30, "few degraded runs: " + coverage.degraded);
    }

    /** Larger histories, against the batch check (dfs) on every prefix. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"counter", "register", "cas-register"})
    void everyPrefixOfLongerRunsAgreesWithTheBatchCheck(String modelName) {
        Model<?> model = BuiltinModels.byName(modelName);
        Coverage coverage = new Coverage();
        for (int i = 0; i < 20; i++) {
            long seed = 0x26_1000L + i;
            List<DegradeRepros.Ev> evs = run(modelName, seed, 60, coverage);
            OnlineChecker<?> online = OnlineChecker.of(model, WHOLE);
            HistoryBuilder b = new HistoryBuilder();
            for (int k = 0; k < evs.size() && !online.isViolated(); k++) {
                evs.get(k).to(online);
                evs.get(k).to(b);
                Result batch = Checker.check(b.build(), model, WHOLE.withEngine(Engine.DFS));
                assertEquals(batch.verdict() == Verdict.NOT_LINEARIZABLE, online.isViolated(),
                        modelName + " seed " + seed + " after event " + k);
            }
            Result end = online.finish();
            assertEquals(Checker.check(b.build(), model, WHOLE).verdict(), end.verdict(), modelName + " seed " + seed);
        }
        assertTrue(coverage.crashed > 100, "few crashed operations: " + coverage.crashed);
    }
}
