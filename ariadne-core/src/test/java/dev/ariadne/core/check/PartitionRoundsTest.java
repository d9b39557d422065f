package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Where the first violation decides the history (kv's keys), which partitions get a verdict must not depend on the
 * machine's speed nor on the number of threads: the partitions are searched in rounds of equal work
 * ({@code Checker.runInParallel}), and the same history gives the same per-partition verdicts, reasons and
 * evidence on one thread and on several.
 */
class PartitionRoundsTest {
    private static final long BASE_SEED = 0x5EED_2711L;

    @Test
    void theSameKeysAreReportedWhateverTheNumberOfThreads() {
        Model<?> kv = BuiltinModels.byName("kv");
        int severalViolated = 0;
        for (int seed = 0; seed < 60; seed++) {
            History history = manyKeys(BASE_SEED + seed, 6);
            List<String> one = outcome(Checker.check(history, kv, options(1)));
            for (int threads = 2; threads <= 4; threads++) {
                for (int run = 0; run < 2; run++) {
                    assertEquals(one, outcome(Checker.check(history, kv, options(threads))),
                            "seed " + seed + ", " + threads + " threads, run " + run);
                }
            }
            if (one.stream().filter(s -> s.contains("NOT_LINEARIZABLE")).count() > 1) {
                severalViolated++;
            }
        }
        // Histories with several violated keys are the ones a race between the keys would report differently.
        assertTrue(severalViolated >= 10, "only " + severalViolated + " histories with several violated keys");
    }

    @Test
    void aKeyThatOutlastsTheRoundOfTheFirstViolationIsCancelled() {
        // key "a": a get of a value never written, decided at once; key "b": a long sequential history, whose
        // search takes more than the first round's work (one dfs iteration per operation at least).
        List<Operation> ops = new ArrayList<>();
        ops.add(Operation.of(0, 0, Invocation.of("get", "a", null), "never written", 0, 1));
        int n = (int) Checker.FIRST_ROUND_WORK + 10_000;
        for (int i = 1; i <= n; i++) {
            String value = "v" + (i + 1) / 2;
            ops.add(Operation.of(i, 1, i % 2 == 1 ? Invocation.of("put", "b", value) : Invocation.of("get", "b", null),
                    i % 2 == 1 ? null : value, 2L * i, 2L * i + 1));
        }
        History history = History.of(ops);
        for (int threads = 1; threads <= 2; threads++) {
            Result r = Checker.check(history, BuiltinModels.byName("kv"), options(threads).withCoreTimeout(null));
            assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
            assertEquals(List.of("key \"a\" NOT_LINEARIZABLE null #0",
                    "key \"b\" UNKNOWN " + Checker.CANCELLED), outcome(r), threads + " threads");
        }
    }

    private static CheckOptions options(int threads) {
        return CheckOptions.defaults().withCoreTimeout(null).withParallelism(threads).withThreads(threads);
    }

    /** Per partition: its label, verdict, reason and failing operation. */
    private static List<String> outcome(Result result) {
        List<String> out = new ArrayList<>();
        for (PartitionResult p : result.partitions()) {
            String failing = p.violation() == null || p.violation().longest().isEmpty() ? ""
                    : " #" + p.violation().longest().get(0).unplaced().id();
            out.add(p.label() + " " + p.verdict() + " " + p.reason() + failing);
        }
        return out;
    }

    /**
     * {@code keys} medium kv histories, each on keys of its own, merged into one history: about half of them have a
     * wrong read, so several keys are violated at once.
     */
    private static History manyKeys(long seed, int keys) {
        List<Operation> all = new ArrayList<>();
        int id = 0;
        for (int k = 0; k < keys; k++) {
            History part = RandomHistories.medium("kv", seed * 31 + k, 3, 40 + 10 * k, 0);
            for (Operation op : part.operations()) {
                Invocation in = (Invocation) op.input();
                Invocation renamed = new Invocation(in.f(), in.key() + "-" + k, in.value());
                all.add(new Operation(id++, op.client() + 100 * k, renamed, op.output(), op.call(), op.ret(),
                        op.metadata()));
            }
        }
        all.sort((a, b) -> a.call() != b.call() ? Long.compare(a.call(), b.call()) : Integer.compare(a.id(), b.id()));
        return History.of(all);
    }
}
