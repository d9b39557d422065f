package dev.ariadne.core.frontier;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.search.Budget;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RegisterFrontier} is the general {@link Frontier}'s algorithm for registers: on seeded random register and
 * cas-register histories without crashed operations, both must give the same result, field by field: verdict,
 * witness, the evidence of a violation, the model steps counted, the configurations reached again and the peak
 * (what a report prints), also when a work budget stops both midway. Histories with crashed operations are left to
 * the general frontier.
 */
class RegisterFrontierTest {
    private static final long SEED = 0x5EED_B16L;

    @Test
    void sameResultsAsTheGeneralFrontier() {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        int compared = 0;
        for (int i = 0; i < 3000; i++) {
            long seed = SEED + i;
            String name = i % 2 == 0 ? "register" : "cas-register";
            History h = switch (i % 3) {
                case 0 -> RandomHistories.medium(name, seed, 2 + i % 5, 20 + i % 60, 0);
                case 1 -> RandomHistories.crowded(name, seed, 2 + i % 6, 20 + i % 50, 2 + i % 3, 30, 0);
                default -> RandomHistories.small(name, seed, 4, 9);
            };
            RegisterModel model = model(name, i);
            List<Operation> ops = prepared(h, model);
            if (ops.stream().anyMatch(Operation::isPending)) {
                assertNull(new FrontierSearch<>(model, ops, ops.size(), Budget.unlimited())
                        .registerSearch(0, "p", System.nanoTime()), "crashed operations: the general frontier");
                continue;
            }
            PartitionResult fast = new FrontierSearch<>(model, ops, ops.size(), Budget.unlimited())
                    .registerSearch(0, "p", System.nanoTime());
            assertNotNull(fast, "seed " + seed + ": the register's engine applies");
            PartitionResult general = new FrontierSearch<>(model, ops, ops.size(), Budget.unlimited()).general()
                    .run(0, "p");
            assertSame(general, fast, name + " seed " + seed + " (" + model + ")");
            verdicts.merge(fast.verdict(), 1, Integer::sum);
            compared++;
            // Stopped midway by a work budget: the same steps, then UNKNOWN.
            long half = general.statistics().configurations() / 2;
            if (half > 0) {
                PartitionResult a = new FrontierSearch<>(model, ops, ops.size(), Budget.unlimited().round(half))
                        .registerSearch(0, "p", System.nanoTime());
                PartitionResult b = new FrontierSearch<>(model, ops, ops.size(), Budget.unlimited().round(half))
                        .general().run(0, "p");
                assertSame(b, a, name + " seed " + seed + " with a work budget of " + half);
            }
        }
        assertTrue(compared > 1000, "compared " + compared);
        assertTrue(verdicts.getOrDefault(Verdict.LINEARIZABLE, 0) > 200, verdicts.toString());
        assertTrue(verdicts.getOrDefault(Verdict.NOT_LINEARIZABLE, 0) > 200, verdicts.toString());
    }

    /**
     * The order of returns (ties by number) from the insertion sort, and from the general sort it falls back on when
     * returns are far out of order (one long operation, or random times).
     */
    @Test
    void returnOrderSortsByReturnThenNumber() {
        java.util.SplittableRandom r = new java.util.SplittableRandom(SEED);
        for (int round = 0; round < 200; round++) {
            int n = 1 + r.nextInt(round < 100 ? 50 : 5000);
            long[] rets = new long[n];
            for (int i = 0; i < n; i++) {
                rets[i] = round % 2 == 0 ? i + r.nextInt(4) : r.nextInt(1 + n / 3); // nearly sorted, or anything
            }
            Integer[] expected = new Integer[n];
            for (int i = 0; i < n; i++) {
                expected[i] = i;
            }
            java.util.Arrays.sort(expected, (a, b) -> rets[a] != rets[b] ? Long.compare(rets[a], rets[b])
                    : Integer.compare(a, b));
            int[] actual = RegisterFrontier.returnOrder(rets);
            for (int i = 0; i < n; i++) {
                assertEquals(expected[i], actual[i], "round " + round + " position " + i);
            }
        }
    }

    /** A register, plain or with Knossos' nil reads, or an initial value, by {@code i}. */
    private static RegisterModel model(String name, int i) {
        RegisterModel m = name.equals("register") ? RegisterModel.register() : RegisterModel.casRegister();
        return switch (i % 7) {
            case 1 -> m.withNilReads(ModelOptions.NilRead.UNKNOWN);
            case 4 -> m.withInitial(1L);
            default -> m;
        };
    }

    private static List<Operation> prepared(History h, RegisterModel model) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : h.operations()) {
            ops.add(model.prepare(op));
        }
        return ops;
    }

    private static void assertSame(PartitionResult expected, PartitionResult actual, String what) {
        assertEquals(expected.verdict(), actual.verdict(), what);
        assertEquals(expected.reason(), actual.reason(), what);
        assertEquals(ids(expected.witness()), ids(actual.witness()), what + ": witness");
        assertEquals(String.valueOf(expected.violation()), String.valueOf(actual.violation()), what + ": evidence");
        assertEquals(expected.statistics().configurations(), actual.statistics().configurations(), what + ": steps");
        assertEquals(expected.statistics().cacheHits(), actual.statistics().cacheHits(), what + ": hits");
        assertEquals(expected.statistics().cached(), actual.statistics().cached(), what + ": peak");
        assertEquals(expected.engine(), actual.engine(), what);
    }

    private static List<Long> ids(List<Operation> ops) {
        List<Long> ids = new ArrayList<>();
        for (Operation op : ops) {
            ids.add((long) op.id());
        }
        return ids;
    }
}
