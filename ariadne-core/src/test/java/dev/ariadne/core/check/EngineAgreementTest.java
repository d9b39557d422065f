package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Holds the engines against each other on medium histories (50–200 operations, up to five concurrent clients,
 * crashed operations included; queues 50–100 operations and up to three clients), where the brute-force reference is far too slow: {@code dfs} and
 * {@code frontier} must give the same verdict, and each result's evidence must pass {@link ResultAssertions}. A
 * failure names the arguments of {@link RandomHistories#medium} that give the history back.
 */
class EngineAgreementTest {
    private static final long BASE_SEED = 0x5EED_F00DL;
    private static final int HISTORIES = 250;

    static Object[] models() {
        return RandomHistories.MEDIUM_MODELS.toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void dfsAndFrontierAgreeOnMediumHistories(String modelName) {
        int linearizable = 0;
        int violations = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            SplittableRandom r = new SplittableRandom(seed);
            // Queues keep the order of concurrent enqueues open until they are dequeued: fewer clients and ops.
            boolean queue = modelName.equals("fifo-queue");
            int clients = 2 + r.nextInt(queue ? 2 : 4);
            int ops = 50 + r.nextInt(queue ? 51 : 151);
            int crash = r.nextInt(4);
            History h = RandomHistories.medium(modelName, seed, clients, ops, crash);
            boolean partition = r.nextBoolean();
            String context = "RandomHistories.medium(\"" + modelName + "\", " + seed + "L, " + clients + ", " + ops
                    + ", " + crash + "), partitioned " + partition;
            Verdict dfs = ResultAssertions.checkWith(h, modelName, Engine.DFS, partition, context);
            Verdict frontier = ResultAssertions.checkWith(h, modelName, Engine.FRONTIER, partition, context);
            if (dfs == Verdict.UNKNOWN || frontier == Verdict.UNKNOWN) {
                continue; // a budget ran out: nothing to compare
            }
            assertTrue(dfs == frontier, "dfs says " + dfs + " but frontier says " + frontier + " for " + context);
            if (dfs == Verdict.LINEARIZABLE) {
                linearizable++;
            } else {
                violations++;
            }
        }
        System.out.printf("engine agreement %s: %d linearizable, %d not%n", modelName, linearizable, violations);
        assertTrue(linearizable >= HISTORIES / 8 && violations >= HISTORIES / 8,
                "too one-sided to mean much: " + linearizable + " linearizable, " + violations + " not");
    }

}
