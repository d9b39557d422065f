package dev.ariadne.workloads;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The streamed kv histories of {@code ariadne generate --keys}: linearizable, or violated at exactly one key. */
class KvStreamTest {
    private static History build(KvStream.Spec spec, KvStream.Written[] written) {
        HistoryBuilder b = new HistoryBuilder();
        written[0] = KvStream.generate(spec, b);
        return b.build();
    }

    @Test
    void withoutAViolationEveryKeyIsLinearizable() {
        KvStream.Written[] w = new KvStream.Written[1];
        History h = build(new KvStream.Spec(3000, 40, 8, 1, false, 0), w);
        assertEquals(3000, h.size());
        assertEquals(6000, w[0].events());
        assertNull(w[0].violatedKey());
        Result r = Checker.check(h, BuiltinModels.byName("kv"), CheckOptions.defaults().withCoreTimeout(null));
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(40, r.partitions().size());
    }

    @Test
    void aViolationMakesExactlyItsKeyNotLinearizable() {
        for (long seed = 1; seed <= 5; seed++) {
            KvStream.Written[] w = new KvStream.Written[1];
            History h = build(new KvStream.Spec(2000, 30, 6, seed, true, 0), w);
            assertNotNull(w[0].violatedKey());
            assertTrue(w[0].violatedOperation() >= 1000, "at or after the middle");
            Result r = Checker.check(h, BuiltinModels.byName("kv"), CheckOptions.defaults().withCoreTimeout(null)
                    .withParallelism(1));
            List<String> bad = r.partitions().stream().filter(p -> p.verdict() == Verdict.NOT_LINEARIZABLE)
                    .map(PartitionResult::label).toList();
            assertEquals(List.of("key \"" + w[0].violatedKey() + "\""), bad);
        }
    }

    @Test
    void theHotKeyHoldsItsShare() {
        KvStream.Written[] w = new KvStream.Written[1];
        History h = build(new KvStream.Spec(10_000, 100, 8, 3, false, 0.1), w);
        long hot = h.operations().stream().filter(o -> ((Invocation) o.input()).key().equals("k0")).count();
        assertEquals(hot, w[0].hotOperations());
        assertTrue(hot > 800 && hot < 1200, "about 10%: " + hot);
    }

    @Test
    void equalSpecsGiveEqualHistories() {
        KvStream.Written[] w = new KvStream.Written[1];
        List<String> a = build(new KvStream.Spec(500, 10, 4, 7, true, 0.2), w).operations().stream()
                .map(Operation::toString).toList();
        List<String> b = build(new KvStream.Spec(500, 10, 4, 7, true, 0.2), w).operations().stream()
                .map(Operation::toString).toList();
        assertEquals(a, b);
    }

    @Test
    void outOfRangeSpecsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new KvStream.Spec(0, 10, 4, 1, false, 0));
        assertThrows(IllegalArgumentException.class, () -> new KvStream.Spec(10, 10, 4, 1, false, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new KvStream.Spec(10, 1, 4, 1, false, 0.5));
    }
}
