package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crash-heavy compare-and-set registers (issue 17's cas row in small): the rules that cut its configurations — a
 * failed cas placed eagerly as read-only, and the frontier's cheaper dominance among crashed operations — held
 * against the brute-force reference on small histories where a third or more of the operations crashed, and the
 * frontier against dfs on 10-client histories too long for the reference; both verdicts common in each. A failure
 * names the {@link RandomHistories#crowded} arguments that give the history back.
 */
class CrashedCasRegisterTest {
    private static final long BASE_SEED = 0xCA5_50L;

    @Test
    void bothEnginesAgreeWithBruteForce() {
        int linearizable = 0;
        int violations = 0;
        int histories = 2500;
        for (int i = 0; i < histories; i++) {
            long seed = BASE_SEED + i;
            SplittableRandom r = new SplittableRandom(seed);
            int clients = 3 + r.nextInt(3);
            int ops = 6 + r.nextInt(5);
            int values = 2 + r.nextInt(2);
            int crash = 25 + r.nextInt(4) * 10;
            History h = RandomHistories.crowded("cas-register", seed, clients, ops, values, 70, crash);
            String context = "RandomHistories.crowded(\"cas-register\", " + seed + "L, " + clients + ", " + ops
                    + ", " + values + ", 70, " + crash + "):\n" + RandomHistories.show(h);
            boolean expected = BruteForceChecker.isLinearizable(h, BuiltinModels.byName("cas-register"));
            Verdict want = expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            assertEquals(want, ResultAssertions.checkWith(h, "cas-register", Engine.FRONTIER, true, context), "brute force and frontier disagree on " + context);
            assertEquals(want, ResultAssertions.checkWith(h, "cas-register", Engine.DFS, true, context), "brute force and dfs disagree on " + context);
            if (expected) {
                linearizable++;
            } else {
                violations++;
            }
        }
        System.out.printf("crashed cas-register: %d linearizable, %d not%n", linearizable, violations);
        assertTrue(linearizable >= histories / 8 && violations >= histories / 8,
                "too one-sided to mean much: " + linearizable + " linearizable, " + violations + " not");
    }

    /** Ten clients, values from a domain of five, 8–15% of the operations crashed: the row in small. */
    @Test
    void frontierAgreesWithDfsOnTenClients() {
        int linearizable = 0;
        int violations = 0;
        int histories = 80;
        for (int i = 0; i < histories; i++) {
            long seed = BASE_SEED + 7919L * i;
            SplittableRandom r = new SplittableRandom(seed);
            int ops = 40 + r.nextInt(41);
            int crash = 8 + r.nextInt(8);
            History h = RandomHistories.crowded("cas-register", seed, 10, ops, 5, 100, crash);
            String context = "RandomHistories.crowded(\"cas-register\", " + seed + "L, 10, " + ops + ", 5, 100, "
                    + crash + ")";
            Verdict dfs = ResultAssertions.checkWith(h, "cas-register", Engine.DFS, true, context);
            Verdict frontier = ResultAssertions.checkWith(h, "cas-register", Engine.FRONTIER, true, context);
            if (dfs == Verdict.UNKNOWN || frontier == Verdict.UNKNOWN) {
                continue; // a budget ran out: nothing to compare
            }
            assertEquals(dfs, frontier, "dfs and frontier disagree on " + context);
            if (dfs == Verdict.LINEARIZABLE) {
                linearizable++;
            } else {
                violations++;
            }
        }
        System.out.printf("crashed cas-register, 10 clients: %d linearizable, %d not%n", linearizable, violations);
        assertTrue(linearizable >= histories / 8 && violations >= histories / 8,
                "too one-sided to mean much: " + linearizable + " linearizable, " + violations + " not");
    }

}
