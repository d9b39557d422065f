package dev.ariadne.core.search;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.reference.BruteForceChecker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dfs's eager placement of operations that only widen the state ({@link Model#onlyWidens}, docs/engines.md): on
 * seeded random histories of a model of grants (a grant adds a permission, a use needs one), both dfs engines
 * agree with the brute-force reference and explore fewer configurations than without the hint; a model that
 * claims the hint for an operation that takes a permission away gets a wrong verdict, so the engines do use it.
 */
class OnlyWidensTest {
    record Grant(int permission) {
    }

    record Use(int permission) {
    }

    record Revoke(int permission) {
    }

    /** Permissions as bits; {@code widening} says whether grants (and, falsely, revokes) get the hint. */
    record Grants(boolean widening) implements Model<Integer> {
        @Override
        public String name() {
            return "grants";
        }

        @Override
        public Integer init() {
            return 1;
        }

        @Override
        public Integer step(Integer state, Object input, Object output) {
            if (input instanceof Grant g) {
                return state | 1 << g.permission();
            }
            if (input instanceof Revoke r) {
                return state & ~(1 << r.permission());
            }
            Use u = (Use) input;
            return (state & 1 << u.permission()) != 0 ? state : null;
        }

        @Override
        public boolean onlyWidens(Object input, Object output) {
            return widening && (input instanceof Grant || input instanceof Revoke);
        }
    }

    @AfterEach
    void restoreDefault() {
        ParallelDfs.setHelpersAfterSteps(ParallelDfs.DEFAULT_HELPERS_AFTER_STEPS);
    }

    @Test
    void bothDfsEnginesAgreeWithTheReferenceAndExploreLess() {
        ParallelDfs.setHelpersAfterSteps(0);
        CheckOptions one = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(1);
        CheckOptions four = one.withThreads(4);
        int[] verdicts = new int[2];
        long hinted = 0;
        long unhinted = 0;
        for (long seed = 1; seed <= 400; seed++) {
            History h = history(new SplittableRandom(seed));
            boolean want = BruteForceChecker.isLinearizable(h, new Grants(false));
            Verdict expected = want ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            Result a = Checker.check(h, new Grants(true), one);
            Result b = Checker.check(h, new Grants(false), one);
            assertEquals(expected, a.verdict(), "seed " + seed + ": " + h.operations());
            assertEquals(expected, b.verdict(), "seed " + seed);
            assertEquals(expected, Checker.check(h, new Grants(true), four).verdict(), "seed " + seed + ", 4 threads");
            hinted += a.statistics().configurations();
            unhinted += b.statistics().configurations();
            verdicts[want ? 0 : 1]++;
        }
        assertTrue(verdicts[0] >= 40 && verdicts[1] >= 40, verdicts[0] + " linearizable, " + verdicts[1] + " not");
        assertTrue(hinted < unhinted, hinted + " configurations with the hint, " + unhinted + " without");
    }

    /**
     * A revoke does not widen the state. Revoke 0 returns first, but the use of 0 must come before it: forced
     * first, the revoke leaves the use nothing, and dfs wrongly finds no order.
     */
    @Test
    void aFalseHintMakesTheVerdictWrong() {
        History h = History.of(
                Operation.of(0, 0, new Revoke(0), null, 0, 5),
                Operation.of(1, 1, new Use(0), null, 1, 6));
        CheckOptions dfs = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(1);
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, new Grants(false), dfs).verdict());
        assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(h, new Grants(true), dfs).verdict());
        ParallelDfs.setHelpersAfterSteps(0);
        assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(h, new Grants(true), dfs.withThreads(4)).verdict());
    }

    /**
     * An operation placed eagerly is stepped once: the state found when it was chosen is the one placed (a TLA+
     * spec's step is a TLC evaluation). One after another, six grants (forced) and six uses: twelve steps, where
     * stepping a forced grant again made eighteen.
     */
    @Test
    void aForcedOperationIsSteppedOnce() {
        long[] steps = new long[1];
        Grants grants = new Grants(true);
        Model<Integer> counting = new Model<>() {
            @Override
            public String name() {
                return "counting grants";
            }

            @Override
            public Integer init() {
                return grants.init();
            }

            @Override
            public Integer step(Integer state, Object input, Object output) {
                steps[0]++;
                return grants.step(state, input, output);
            }

            @Override
            public boolean onlyWidens(Object input, Object output) {
                return grants.onlyWidens(input, output);
            }
        };
        List<Operation> ops = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            ops.add(Operation.of(ops.size(), 0, new Grant(k % 4), null, 10L * ops.size(), 10L * ops.size() + 5));
            ops.add(Operation.of(ops.size(), 0, new Use(k % 4), null, 10L * ops.size(), 10L * ops.size() + 5));
        }
        CheckOptions dfs = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(1);
        Result r = Checker.check(History.of(ops), counting, dfs);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(12, r.statistics().configurations());
        assertEquals(12, steps[0]);
    }

    /** The same with two threads: ParallelDfs also places a forced operation with the state it chose it with. */
    @Test
        void aForcedOperationIsSteppedOnceByParallelDfs() {
        long[] steps = new long[1];
        Grants grants = new Grants(true);
        Model<Integer> counting = new Model<>() {
            @Override
            public String name() {
                return "counting grants";
            }

            @Override
            public Integer init() {
                return grants.init();
            }

            @Override
            public Integer step(Integer state, Object input, Object output) {
                steps[0]++;
                return grants.step(state, input, output);
            }

            @Override
            public boolean onlyWidens(Object input, Object output) {
                return grants.onlyWidens(input, output);
            }
        };
        List<Operation> ops = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            ops.add(Operation.of(ops.size(), 0, new Grant(k % 4), null, 10L * ops.size(), 10L * ops.size() + 5));
            ops.add(Operation.of(ops.size(), 0, new Use(k % 4), null, 10L * ops.size(), 10L * ops.size() + 5));
        }
        CheckOptions dfs = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(2);
        Result r = Checker.check(History.of(ops), counting, dfs);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(12, r.statistics().configurations());
        assertEquals(12, steps[0]);
    }

    /** Three or four clients, grants and uses of four permissions, overlapping intervals, a few crashed grants. */
    private static History history(SplittableRandom r) {
        List<Operation> ops = new ArrayList<>();
        int clients = 3 + r.nextInt(2);
        for (int c = 0; c < clients; c++) {
            long t = r.nextInt(5);
            int n = 2 + r.nextInt(4);
            for (int k = 0; k < n; k++) {
                long call = t + r.nextInt(4);
                long ret = call + 1 + r.nextInt(12);
                int permission = r.nextInt(4);
                boolean grant = r.nextInt(3) == 0;
                Object input = grant ? new Grant(permission) : new Use(permission);
                if (grant && k == n - 1 && r.nextInt(4) == 0) {
                    ops.add(Operation.pending(ops.size(), c, input, call));
                } else {
                    ops.add(Operation.of(ops.size(), c, input, null, call, ret));
                }
                t = ret + 1;
            }
        }
        return History.of(ops);
    }
}
