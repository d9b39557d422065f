package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.workloads.TlaTraces;
import dev.ariadne.workloads.Workloads;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The key-value spec, partitioned per key through {@code AriadnePartition}, gives the built-in {@code kv} model's
 * verdicts on generated histories of a few thousand operations (both verdicts, distinct and repeated values), with
 * and without the memo, and the same verdict for every key both decided.
 */
class KvAtScaleTest {
    @Test
    void kvSpecAgreesWithBuiltinKvAtThousandsOfOperations() {
        try (TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("kv/KeyValue.tla"), null, Map.of())) {
            int[] verdicts = new int[2];
            for (long seed = 1; seed <= 6; seed++) {
                boolean violation = seed % 2 == 0;
                Workloads.Spec s = Workloads.Spec.of("kv", 5, 3_000).withSeed(seed).withDistinct(seed % 3 != 0)
                        .withViolation(violation);
                History h = Workloads.generate(s);
                History trace = TlaTraces.convert("kv", h);
                Result expected = Checker.check(h, BuiltinModels.byName("kv", ModelOptions.defaults()),
                        CheckOptions.defaults().withCoreTimeout(null));
                assertEquals(violation ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE, expected.verdict(),
                        s.toString());
                for (boolean memo : new boolean[]{true, false}) {
                    TlaModel model = spec.model(memo);
                    Result got = Checker.check(trace, model, CheckOptions.defaults().withCoreTimeout(null));
                    assertEquals(expected.verdict(), got.verdict(), s + " memo " + memo);
                    assertTrue(got.partitions().size() > 1, "checked per key: " + got.partitions().size());
                    Map<String, Verdict> mine = decided(got, "k = ");
                    decided(expected, "key ").forEach((key, v) -> {
                        if (mine.containsKey(key)) {
                            assertEquals(v, mine.get(key), "key " + key + " of " + s + " memo " + memo);
                        }
                    });
                }
                verdicts[violation ? 1 : 0]++;
            }
            assertEquals(3, verdicts[0]);
            assertEquals(3, verdicts[1]);
        }
    }

    /** The verdicts of the partitions a check decided, by key (the label without its prefix). */
    private static Map<String, Verdict> decided(Result result, String prefix) {
        Map<String, Verdict> out = new TreeMap<>();
        for (PartitionResult p : result.partitions()) {
            if (p.verdict() != Verdict.UNKNOWN) {
                out.put(p.label().startsWith(prefix) ? p.label().substring(prefix.length()) : p.label(), p.verdict());
            }
        }
        return out;
    }
}
