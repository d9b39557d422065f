package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.prepared.PreparedOperations;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The core search over a register's prepared columns (issue 23): it reads inputs, outputs and times from the columns
 * and makes only the operations its checks and its explanation hold, instead of every operation of the partition
 * (500,000 objects for a core of two), and finds the same core as over a plain list of the same operations.
 */
class CoreSearchColumnsTest {
    private static final long TIMEOUT_NANOS = Duration.ofMinutes(5).toNanos();

    @Test
    void aLongRegisterHistorysCoreMakesOnlyTheOperationsItNeeds() {
        Model<?> model = BuiltinModels.byName("register");
        History history = MinimalCoreTest.firstViolation(5, 20_000);
        Violation violation = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ZERO))
                .violations().get(0).violation();
        Counting source = new Counting(history.operations());
        PreparedOperations prepared = PreparedOperations.of(source, model::prepare);
        source.gets = 0; // preparing read each operation once; what follows is the core search's
        Explanation fromColumns = explain(model, prepared, violation);
        int made = source.gets;
        Explanation fromList = explain(model, new ArrayList<>(prepared), violation);
        assertTrue(fromColumns.found(), fromColumns.limit());
        assertEquals(fromList.core(), fromColumns.core());
        assertEquals(fromList.minimal(), fromColumns.minimal());
        assertEquals(fromList.checks(), fromColumns.checks());
        assertEquals(fromList.summary(), fromColumns.summary());
        assertEquals(fromList.orders(), fromColumns.orders());
        assertTrue(made < 1_000, made + " of " + history.size() + " operations made for a core of "
                + fromColumns.core().size());
    }

    /** Seeded register histories with a violation: the same explanation from the columns as from a list. */
    @Test
    void theColumnsGiveTheListsCoreOnSeededHistories() {
        Model<?> model = BuiltinModels.byName("register");
        int violations = 0;
        for (long seed = 1; seed <= 300 && violations < 40; seed++) {
            History history = RandomHistories.medium("register", seed, 4, 60, 0);
            Result r = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ZERO));
            if (r.isLinearizable() || r.violations().isEmpty()) {
                continue;
            }
            violations++;
            Violation violation = r.violations().get(0).violation();
            PreparedOperations prepared = PreparedOperations.of(history, model::prepare);
            Explanation a = explain(model, prepared, violation);
            Explanation b = explain(model, new ArrayList<>(prepared), violation);
            assertEquals(b.core(), a.core(), "seed " + seed);
            assertEquals(b.found(), a.found(), "seed " + seed);
            assertEquals(b.minimal(), a.minimal(), "seed " + seed);
            assertEquals(b.checks(), a.checks(), "seed " + seed);
            assertEquals(b.orders(), a.orders(), "seed " + seed);
        }
        assertTrue(violations >= 10, "only " + violations + " violations");
    }

    private static Explanation explain(Model<?> model, List<Operation> ops, Violation violation) {
        return CoreSearch.explain(model, ops, violation, Engine.AUTO, Checker.CORE_MAX_MEMORY,
                System.nanoTime() + TIMEOUT_NANOS, "the test's budget ran out");
    }

    /** A list that counts the operations asked of it. */
    private static final class Counting extends AbstractList<Operation> implements RandomAccess {
        private final List<Operation> ops;
        int gets;

        Counting(List<Operation> ops) {
            this.ops = ops;
        }

        @Override
        public Operation get(int i) {
            gets++;
            return ops.get(i);
        }

        @Override
        public int size() {
            return ops.size();
        }
    }
}
