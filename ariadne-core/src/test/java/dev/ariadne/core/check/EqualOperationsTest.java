package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frontier's rules for equal operations (completed operations with equal inputs and outputs linearized in
 * order of their returns while both are open) and for layers of equal values (a closed layer of a layered queue
 * that holds one value only is split): held against the brute-force reference on small histories crowded with
 * equal overlapping operations (values from a domain of two or three), and against dfs on 10-client histories too
 * long for the reference, both verdicts common in each. A failure names the {@link RandomHistories#crowded}
 * arguments that give the history back.
 */
class EqualOperationsTest {
    private static final long BASE_SEED = 0xE9A1_0B5L;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fifo-queue", "cas-register", "register"})
    void frontierAgreesWithBruteForceOnCrowdedHistories(String modelName) {
        int linearizable = 0;
        int violations = 0;
        int histories = 3000;
        for (int i = 0; i < histories; i++) {
            long seed = BASE_SEED + i;
            SplittableRandom r = new SplittableRandom(seed);
            int clients = 3 + r.nextInt(3);
            int ops = 5 + r.nextInt(5);
            int values = 2 + r.nextInt(2);
            int crash = r.nextInt(3) * 8;
            History h = RandomHistories.crowded(modelName, seed, clients, ops, values, 50, crash);
            String context = "RandomHistories.crowded(\"" + modelName + "\", " + seed + "L, " + clients + ", " + ops
                    + ", " + values + ", 50, " + crash + "):\n" + RandomHistories.show(h);
            Model<?> model = BuiltinModels.byName(modelName);
            boolean expected = BruteForceChecker.isLinearizable(h, BuiltinModels.byName(modelName));
            Verdict frontier = ResultAssertions.checkWith(h, modelName, Engine.FRONTIER, true, context);
            assertEquals(expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, frontier,
                    "brute force and frontier disagree on " + context + " (model " + model.name() + ")");
            if (expected) {
                linearizable++;
            } else {
                violations++;
            }
        }
        System.out.printf("equal operations %s: %d linearizable, %d not%n", modelName, linearizable, violations);
        assertTrue(linearizable >= histories / 8 && violations >= histories / 8,
                "too one-sided to mean much: " + linearizable + " linearizable, " + violations + " not");
    }

    /**
     * Ten clients, values from a domain of five: the queue row in small (16–30 operations: longer ones are
     * often undecided by dfs within the budget), and compare-and-sets with crashed ones.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"fifo-queue", "cas-register"})
    void frontierAgreesWithDfsOnTenClients(String modelName) {
        int linearizable = 0;
        int violations = 0;
        int histories = 60;
        for (int i = 0; i < histories; i++) {
            long seed = BASE_SEED + 7919L * i;
            SplittableRandom r = new SplittableRandom(seed);
            boolean queue = modelName.equals("fifo-queue");
            int ops = queue ? 16 + r.nextInt(15) : 60 + r.nextInt(61);
            int crash = queue ? 0 : 5 + r.nextInt(6);
            History h = RandomHistories.crowded(modelName, seed, 10, ops, 5, 70, crash);
            String context = "RandomHistories.crowded(\"" + modelName + "\", " + seed + "L, 10, " + ops + ", 5, 70, "
                    + crash + ")";
            Verdict dfs = ResultAssertions.checkWith(h, modelName, Engine.DFS, true, context);
            Verdict frontier = ResultAssertions.checkWith(h, modelName, Engine.FRONTIER, true, context);
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
        System.out.printf("equal operations, 10 clients, %s: %d linearizable, %d not%n", modelName, linearizable,
                violations);
        assertTrue(linearizable >= histories / 8 && violations >= histories / 8,
                "too one-sided to mean much: " + linearizable + " linearizable, " + violations + " not");
    }

}
