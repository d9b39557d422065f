package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.KvModel;
import dev.ariadne.core.models.RegisterModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memory budget: a search that would hold more than {@link CheckOptions#maxMemory()} stops with
 * {@link Verdict#UNKNOWN} and a reason starting with {@code memory}, never an {@link OutOfMemoryError}, and the
 * JVM stays healthy: the next check works.
 */
class MemoryBudgetTest {

    /** 26 concurrent additions of distinct powers of two and a sum no subset reaches: 2^26 configurations. */
    private static History explosive(int adds) {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < adds; i++) {
            ops.add(Operation.of(i, i, 1L << i, null, 0, 100));
        }
        ops.add(Operation.of(adds, adds, "sum", -1L, 0, 100));
        return History.of(ops);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void aTinyBudgetGivesUnknownAndTheNextCheckWorks(Engine engine) {
        CheckOptions tiny = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine).withMaxMemory(1 << 20);
        Result result = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> Checker.check(explosive(26), new ConformanceTest.SumModel(), tiny));
        assertEquals(Verdict.UNKNOWN, result.verdict(), result::toString);
        assertTrue(result.reason().startsWith("memory"), result.reason());
        assertTrue(result.partitions().get(0).reason().startsWith("memory"));
        ResultAssertions.assertConsistent(explosive(26), new ConformanceTest.SumModel(), tiny, result);

        History fine = History.of(
                Operation.of(0, 0, Invocation.of("write", 1L), null, 0, 10),
                Operation.of(1, 1, Invocation.of("read", null), 1L, 5, 20));
        Result next = Checker.check(fine, RegisterModel.register(), CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(engine));
        assertEquals(Verdict.LINEARIZABLE, next.verdict());
    }

    /**
     * A dfs stopped by the memory limit reports what it explored, as one stopped by the time limit does (it used
     * to say 0 configurations after millions), on one thread and on two.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2})
    void aDfsStoppedByTheMemoryLimitCountsWhatItExplored(int threads) {
        CheckOptions tiny = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS).withThreads(threads)
                .withMaxMemory(4 << 20);
        Result result = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> Checker.check(explosive(26), new ConformanceTest.SumModel(), tiny));
        assertEquals(Verdict.UNKNOWN, result.verdict(), result::toString);
        assertTrue(result.reason().startsWith("memory"), result.reason());
        Statistics stats = result.partitions().get(0).statistics();
        // Every configuration it holds took a model step to reach, and it holds some: 4 MiB is room for thousands.
        assertTrue(stats.cached() > 1000, stats::toString);
        assertTrue(stats.configurations() >= stats.cached(), stats::toString);
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void theBudgetIsSharedByPartitionsCheckedInParallel(Engine engine) {
        // Forty keys, each with twelve concurrent appends and a get no order explains: each partition alone
        // stays small, together they do not fit 256 KiB.
        List<Operation> ops = new ArrayList<>();
        int id = 0;
        for (int k = 0; k < 40; k++) {
            for (int c = 0; c < 12; c++) {
                ops.add(Operation.of(id++, k * 20 + c, new Invocation("append", "k" + k, String.valueOf((char) ('a' + c))),
                        null, 0, 100));
            }
            ops.add(Operation.of(id++, k * 20 + 19, new Invocation("get", "k" + k, null), "zz", 0, 100));
        }
        History h = History.of(ops);
        CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine).withParallelism(2)
                .withMaxMemory(256 << 10);
        Result result = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> Checker.check(h, new KvModel(), options));
        assertTrue(result.verdict() == Verdict.UNKNOWN && result.reason().startsWith("memory")
                || result.verdict() == Verdict.NOT_LINEARIZABLE, result::toString);
        ResultAssertions.assertConsistent(h, new KvModel(), options, result);
    }

    @Test
    void autoFallsBackToTheFrontierWhenDfsRunsOutOfItsShare() {
        // 4000 operations: dfs keeps its first tables (about 700 KiB) and every configuration it explored (its
        // window and an allowance for the state, about 100 bytes; a bitset of 63 longs before issue 25), more than
        // its share of 1.5 MiB; the frontier holds a few configurations.
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < 4000; i++) {
            // Values repeat, so no decision procedure qualifies and auto must choose between the general engines.
            ops.add(Operation.of(i, i % 2, i % 2 == 0 ? Invocation.of("write", (long) (i % 7))
                            : Invocation.of("read", null),
                    i % 2 == 0 ? null : (Object) (long) ((i - 1) % 7), 10L * i, 10L * i + 5));
        }
        History h = History.of(ops);
        CheckOptions small = CheckOptions.defaults().withCoreTimeout(null).withMaxMemory(3 << 19);
        Result r = Checker.check(h, RegisterModel.register(), small);
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), r::toString);
        assertEquals("frontier", r.partitions().get(0).engine());
        ResultAssertions.assertConsistent(h, RegisterModel.register(), small, r);

        Result roomy = Checker.check(h, RegisterModel.register(), CheckOptions.defaults().withCoreTimeout(null)
                .withMaxMemory(1L << 30));
        assertEquals(Verdict.LINEARIZABLE, roomy.verdict());
        assertEquals("dfs", roomy.partitions().get(0).engine());
    }

    @Test
    void theDefaultBudgetIsAShareOfTheHeap() {
        long budget = CheckOptions.defaults().withCoreTimeout(null).effectiveMaxMemory();
        assertTrue(budget >= 16L << 20 && budget <= Runtime.getRuntime().maxMemory(), String.valueOf(budget));
        assertEquals(12345, CheckOptions.defaults().withCoreTimeout(null).withMaxMemory(12345).effectiveMaxMemory());
        assertThrows(IllegalArgumentException.class, () -> CheckOptions.defaults().withCoreTimeout(null)
                .withMaxMemory(-1));
    }
}
