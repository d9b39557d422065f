package dev.ariadne.core.search;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.ConformanceTest.SumModel;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.ResultAssertions;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ParallelDfs} against the sequential dfs: the same verdicts on medium histories, and on violations the
 * same number of model steps (every configuration explored exactly once, whichever thread explored it) and
 * evidence of the same depth; budgets and cancellation stop every thread. Helpers are called at once here
 * ({@link ParallelDfs#setHelpersAfterSteps}), so that even small searches are shared out.
 */
class ParallelDfsTest {
    private static final long BASE_SEED = 0x7A2A_11E1L;
    private static final int HISTORIES = 60;
    private static final int THREADS = 4;

    @BeforeEach
    void callHelpersAtOnce() {
        ParallelDfs.setHelpersAfterSteps(0);
    }

    @AfterEach
    void restoreDefault() {
        ParallelDfs.setHelpersAfterSteps(ParallelDfs.DEFAULT_HELPERS_AFTER_STEPS);
    }

    static Object[] models() {
        return RandomHistories.MEDIUM_MODELS.toArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void agreesWithSequentialDfsOnMediumHistories(String modelName) {
        CheckOptions sequential = CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(Engine.DFS).withThreads(1).withPartition(false)
                .withTimeout(Duration.ofSeconds(20));
        CheckOptions parallel = sequential.withThreads(THREADS);
        long givenBefore = ParallelDfs.TASKS_GIVEN.get();
        int linearizable = 0;
        int violations = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            SplittableRandom r = new SplittableRandom(seed);
            boolean queue = modelName.equals("fifo-queue");
            int clients = 2 + r.nextInt(queue ? 2 : 4);
            int ops = 50 + r.nextInt(queue ? 51 : 151);
            int crash = r.nextInt(4);
            History h = RandomHistories.medium(modelName, seed, clients, ops, crash);
            String context = "RandomHistories.medium(\"" + modelName + "\", " + seed + "L, " + clients + ", " + ops
                    + ", " + crash + ")";
            Model<?> model = BuiltinModels.byName(modelName);
            Result one = Checker.check(h, model, sequential);
            Result many = Checker.check(h, model, parallel);
            if (one.verdict() == Verdict.UNKNOWN) {
                continue;
            }
            assertEquals(one.verdict(), many.verdict(), context);
            ResultAssertions.assertConsistent(h, model, parallel, many);
            PartitionResult p = many.partitions().get(0);
            assertEquals("dfs", p.engine(), context);
            if (one.verdict() == Verdict.NOT_LINEARIZABLE) {
                violations++;
                assertEquals(one.statistics().configurations(), many.statistics().configurations(),
                        "model steps on a violation, " + context);
                assertEquals(depth(one), depth(many), "depth of the longest partial linearizations, " + context);
            } else {
                linearizable++;
            }
        }
        System.out.printf("parallel dfs %s: %d linearizable, %d not%n", modelName, linearizable, violations);
        assertTrue(linearizable >= HISTORIES / 8 && violations >= HISTORIES / 8,
                "too one-sided to mean much: " + linearizable + " linearizable, " + violations + " not");
        assertTrue(ParallelDfs.TASKS_GIVEN.get() > givenBefore, "no thread ever gave work away");
    }

    private static int depth(Result r) {
        return r.partitions().get(0).violation().longest().get(0).steps().size();
    }

    /** 2^k subsets of concurrent additions and a sum none of them makes: a search that must explore them all. */
    private static History sumHistory(int k) {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            ops.add(Operation.of(i, i, 1L << i, null, 0, 100));
        }
        ops.add(Operation.of(k, k, "sum", -1L, 0, 100));
        return History.of(ops);
    }

    @Test
    void exhaustiveViolationTakesTheSameStepsOnEveryThreadCount() {
        History h = sumHistory(12);
        long given = ParallelDfs.TASKS_GIVEN.get();
        Result one = Checker.check(h, new SumModel(), CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(Engine.DFS).withThreads(1));
        assertEquals(Verdict.NOT_LINEARIZABLE, one.verdict());
        for (int threads : new int[]{2, 3, 8}) {
            CheckOptions o = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(threads);
            Result many = Checker.check(h, new SumModel(), o);
            assertEquals(Verdict.NOT_LINEARIZABLE, many.verdict(), many::toString);
            assertEquals(one.statistics().configurations(), many.statistics().configurations());
            assertEquals(one.statistics().cached(), many.statistics().cached());
            assertEquals(depth(one), depth(many));
            ResultAssertions.assertConsistent(h, new SumModel(), o, many);
        }
        assertTrue(ParallelDfs.TASKS_GIVEN.get() > given, "no thread ever gave work away");
    }

    @Test
    void timeLimitStopsEveryThread() {
        CheckOptions o = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(THREADS)
                .withTimeout(Duration.ofMillis(300));
        Result r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Checker.check(sumHistory(30),
                new SumModel(), o));
        assertEquals(Verdict.UNKNOWN, r.verdict(), r::toString);
        assertTrue(r.reason().contains("time limit"), r.reason());
        assertTrue(r.statistics().configurations() > 0, r::toString);
    }

    @Test
    void memoryLimitGivesUnknown() {
        CheckOptions o = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(THREADS)
                .withMaxMemory(24L << 20);
        Result r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Checker.check(sumHistory(30),
                new SumModel(), o));
        assertEquals(Verdict.UNKNOWN, r.verdict(), r::toString);
        assertTrue(r.reason().startsWith("memory"), r.reason());
    }

    @Test
    void interruptingTheCallerStopsEveryThread() throws Exception {
        AtomicReference<Result> result = new AtomicReference<>();
        Thread caller = new Thread(() -> result.set(Checker.check(sumHistory(30), new SumModel(),
                CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(THREADS))));
        caller.start();
        Thread.sleep(200);
        caller.interrupt();
        caller.join(10_000);
        assertFalse(caller.isAlive(), "the check did not stop when its thread was interrupted");
        assertEquals(Verdict.UNKNOWN, result.get().verdict(), () -> result.get().toString());
        assertEquals("interrupted", result.get().reason());
    }

    /** A linearization found by one thread stops the others at once: the answer does not wait for the tree. */
    @Test
    void aWitnessEndsTheSearch() {
        // 2^16 orders of concurrent additions; the sum of all of them is reachable once every one is placed.
        List<Operation> ops = new ArrayList<>();
        long all = 0;
        for (int i = 0; i < 16; i++) {
            ops.add(Operation.of(i, i, 1L << i, null, 0, 100));
            all += 1L << i;
        }
        ops.add(Operation.of(16, 16, "sum", all, 0, 100));
        History h = History.of(ops);
        CheckOptions o = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(THREADS);
        Result r = Checker.check(h, new SumModel(), o);
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), r::toString);
        ResultAssertions.assertConsistent(h, new SumModel(), o, r);
    }
}
