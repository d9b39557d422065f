package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The TLA+ register and queue specs give the built-in models' verdicts on seeded random histories (small ones with
 * crashes and corrupted outputs, medium ones with more concurrency), with and without the memo, and two specs
 * checked at once in one JVM (each in its own class loader) still do.
 */
class AgreesWithBuiltinTest {
    private static final int SMALL = 1000;
    private static final int MEDIUM = 60;

    private static TlaSpec register() {
        return TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of());
    }

    private static TlaSpec queue() {
        return TlaSpec.load(ExamplesTest.EXAMPLES.resolve("queue/Queue.tla"), null, Map.of());
    }

    @Test
    void registerAgrees() {
        int[] verdicts = agree("register", register().model(), SpecHistories::toRegisterSpec, 1);
        assertTrue(verdicts[0] > 100 && verdicts[1] > 100, "both verdicts occur: " + verdicts[0] + "/" + verdicts[1]);
    }

    @Test
    void queueAgrees() {
        int[] verdicts = agree("fifo-queue", queue().model(), SpecHistories::toQueueSpec, 2);
        assertTrue(verdicts[0] > 100 && verdicts[1] > 100, "both verdicts occur: " + verdicts[0] + "/" + verdicts[1]);
    }

    @Test
    void withoutMemoTheVerdictsAreTheSame() {
        TlaModel plain = queue().model(false);
        agree("fifo-queue", plain, SpecHistories::toQueueSpec, 3);
        assertEquals(0, plain.memoHits());
        assertTrue(plain.evaluations() > 0);
    }

    @Test
    void twoSpecsAtOnceInOneJvm() throws Exception {
        TlaModel reg = register().model();
        TlaModel q = queue().model();
        TlaModel sharedQueue = queue().model(false);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<int[]>> runs = new ArrayList<>();
            runs.add(pool.submit(() -> agree("register", reg, SpecHistories::toRegisterSpec, 4)));
            runs.add(pool.submit(() -> agree("fifo-queue", q, SpecHistories::toQueueSpec, 5)));
            // one spec, one model, used by two threads at once
            runs.add(pool.submit(() -> agree("fifo-queue", sharedQueue, SpecHistories::toQueueSpec, 6)));
            runs.add(pool.submit(() -> agree("fifo-queue", sharedQueue, SpecHistories::toQueueSpec, 7)));
            for (Future<int[]> f : runs) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Checks both ways; returns how many histories were linearizable and how many not. */
    private static int[] agree(String builtin, TlaModel tla, UnaryOperator<History> convert, long salt) {
        Model<?> model = BuiltinModels.byName(builtin, ModelOptions.defaults());
        int[] counts = new int[2];
        for (int i = 0; i < SMALL + MEDIUM; i++) {
            long seed = salt * 1_000_003L + i;
            History h = i < SMALL ? RandomHistories.small(builtin, seed)
                    : RandomHistories.medium(builtin, seed, 2 + i % 3, 10 + i % 20, 5);
            Engine engine = i % 2 == 0 ? Engine.DFS : Engine.FRONTIER;
            CheckOptions options = CheckOptions.defaults().withEngine(engine);
            Verdict expected = Checker.check(h, model, options).verdict();
            Verdict got = Checker.check(convert.apply(h), tla, options).verdict();
            assertEquals(expected, got, builtin + " seed " + seed + " " + engine + "\n" + RandomHistories.show(h));
            counts[expected == Verdict.LINEARIZABLE ? 0 : 1]++;
        }
        return counts;
    }
}
