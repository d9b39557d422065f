package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
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
        assertTrue(verdicts[2] > 100, "failing partitions compared: " + verdicts[2]);
    }

    @Test
    void kvAgreesPartitionedPerKey() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("kv/KeyValue.tla"), null, Map.of());
        int[] verdicts = agree("kv", spec.model(), SpecHistories::toKvSpec, 8);
        assertTrue(verdicts[0] > 100 && verdicts[1] > 100, "both verdicts occur: " + verdicts[0] + "/" + verdicts[1]);
        assertTrue(verdicts[2] > 100, "failing partitions compared: " + verdicts[2]);
    }

    @Test
    void counterAgrees() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("counter/Counter.tla"), null, Map.of());
        int[] verdicts = agree("counter", spec.model(), SpecHistories::toCounterSpec, 9, 0, SMALL);
        assertTrue(verdicts[0] > 100 && verdicts[1] > 100, "both verdicts occur: " + verdicts[0] + "/" + verdicts[1]);
        assertTrue(verdicts[2] > 100, "failing partitions compared: " + verdicts[2]);
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

    /**
     * Checks both ways with the engines alternating; returns how many histories were linearizable, how many not,
     * and how many failing partitions were compared. For violations, the failing operations must be the same: the
     * violating partitions hold the same keys, and the history first fails at the same return (the earliest time
     * {@code t} at which the history cut at {@code t}, operations still open then made pending, is not
     * linearizable, found by bisection with each model), so the same operations returning at {@code t}.
     */
    private static int[] agree(String builtin, TlaModel tla, UnaryOperator<History> convert, long salt) {
        return agree(builtin, tla, convert, salt, SMALL, MEDIUM);
    }

    static int[] agree(String builtin, TlaModel tla, UnaryOperator<History> convert, long salt, int small,
            int medium) {
        Model<?> model = BuiltinModels.byName(builtin, ModelOptions.defaults());
        int[] counts = new int[3];
        for (int i = 0; i < small + medium; i++) {
            long seed = salt * 1_000_003L + i;
            History h = i < small ? RandomHistories.small(builtin, seed)
                    : RandomHistories.medium(builtin, seed, 2 + i % 3, 10 + i % 20, 5);
            Engine engine = i % 2 == 0 ? Engine.DFS : Engine.FRONTIER;
            CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine);
            Result expected = Checker.check(h, model, options);
            Result got = Checker.check(convert.apply(h), tla, options);
            String context = builtin + " seed " + seed + " " + engine + "\n" + RandomHistories.show(h);
            assertEquals(expected.verdict(), got.verdict(), context);
            counts[expected.verdict() == Verdict.LINEARIZABLE ? 0 : 1]++;
            if (expected.verdict() == Verdict.NOT_LINEARIZABLE) {
                Map<String, Verdict> builtinParts = decidedParts(expected, "key ");
                Map<String, Verdict> tlaParts = decidedParts(got, tla.spec().partitionParameter() == null
                        ? "" : tla.spec().partitionParameter() + " = ");
                for (String label : builtinParts.keySet()) {
                    if (tlaParts.containsKey(label)) {
                        assertEquals(builtinParts.get(label), tlaParts.get(label), "partition " + label + "\n"
                                + context);
                    }
                }
                Function<History, Verdict> builtinCheck = c -> Checker.check(c, model, options).verdict();
                Function<History, Verdict> tlaCheck = c -> Checker.check(convert.apply(c), tla, options).verdict();
                assertEquals(firstFailure(h, builtinCheck), firstFailure(h, tlaCheck), "first failing return\n"
                        + context);
                counts[2] += expected.violations().size();
            }
        }
        return counts;
    }

    /**
     * The verdicts of the partitions a check decided, by label without its prefix ({@code key "x"} and
     * {@code k = "x"} alike). The first violation cancels the partitions still running, and which ones those are
     * depends on timing, so only partitions both checks decided can be compared.
     */
    private static Map<String, Verdict> decidedParts(Result result, String prefix) {
        Map<String, Verdict> verdicts = new TreeMap<>();
        for (PartitionResult p : result.partitions()) {
            if (p.verdict() != Verdict.UNKNOWN) {
                verdicts.put(p.label().startsWith(prefix) ? p.label().substring(prefix.length()) : p.label(),
                        p.verdict());
            }
        }
        return verdicts;
    }

    /** The earliest return time {@code t} such that the history cut at {@code t} is not linearizable. */
    private static long firstFailure(History h, Function<History, Verdict> check) {
        List<Long> returns = new ArrayList<>();
        for (Operation op : h.operations()) {
            if (!op.isPending()) {
                returns.add(op.ret());
            }
        }
        returns = returns.stream().distinct().sorted().toList();
        int lo = 0;
        int hi = returns.size() - 1; // the whole history fails, so the last return does
        while (lo < hi) {
            int mid = (lo + hi) / 2;
            if (check.apply(cut(h, returns.get(mid))) == Verdict.NOT_LINEARIZABLE) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return returns.get(lo);
    }

    /** The history as it was at time {@code t}: operations called by then, those not returned by then pending. */
    private static History cut(History h, long t) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : h.operations()) {
            if (op.call() > t) {
                continue;
            }
            ops.add(op.isPending() || op.ret() <= t ? op : new Operation(op.id(), op.client(), op.input(),
                    Operation.UNKNOWN, op.call(), Operation.PENDING, op.metadata()));
        }
        return History.of(ops);
    }
}
