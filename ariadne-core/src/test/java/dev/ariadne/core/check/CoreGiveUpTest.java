package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * While looking for a first core, the core search gives up checks of relaxed histories that begin with the optional
 * operations among which an earlier check ran out of its steps (each of them may or may not take effect, so the
 * states double with each), and says so when it finds no core; giving up is sound. Cores are still found where a
 * check can decide.
 */
class CoreGiveUpTest {
    /** A set of small numbers as a bit mask: {@code add v} sets bit v, {@code read} returns the mask. */
    private static class Bits implements Model<Integer> {
        @Override
        public String name() {
            return "bits";
        }

        @Override
        public Integer init() {
            return 0;
        }

        @Override
        public Integer step(Integer state, Object input, Object output) {
            List<?> op = (List<?>) input;
            if (op.get(0).equals("add")) {
                return state | 1 << ((Number) op.get(1)).intValue();
            }
            return output instanceof Number n && n.intValue() == state ? state : null;
        }
    }

    /**
     * {@code sequential} adds of distinct bits one after the other, then {@code concurrent} more all running at once,
     * then a read of a bit nobody added. Each add outside a set may or may not take effect, so a relaxed history's
     * states double with each of them; the concurrent ones alone make as many orders for a plain check.
     */
    private static History addsThenImpossibleRead(int sequential, int concurrent) {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < sequential; i++) {
            ops.add(Operation.of(i, 0, List.of("add", i), null, 10L * i, 10L * i + 5));
        }
        long start = 10L * sequential;
        for (int k = 0; k < concurrent; k++) {
            int i = sequential + k;
            ops.add(Operation.of(i, 1 + k, List.of("add", i), null, start + k, start + 1_000 + k));
        }
        int n = sequential + concurrent;
        ops.add(Operation.of(n, 0, List.of("read"), 1 << 30, start + 2_000, start + 2_001));
        return History.of(ops);
    }

    private static Explanation explain(History history) {
        return explain(history, new Bits());
    }

    private static Explanation explain(History history, Bits model) {
        Result r = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ofMinutes(5)));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        return r.violations().get(0).violation().explanation();
    }

    @Test
    void checksWhoseRelaxedHistoriesBeginWhereAnEarlierOneRanOutAreGivenUpAndSaidSo() {
        // Sixteen crashed adds first: optional in every relaxed history, whose states they make 65,536; the first
        // check runs out of steps among them, and every later one would begin with them.
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            ops.add(Operation.pending(i, 100 + i, List.of("add", i), i));
        }
        for (int i = 16; i < 20; i++) {
            ops.add(Operation.of(i, 0, List.of("add", i), null, 100L * i, 100L * i + 5));
        }
        ops.add(Operation.of(20, 0, List.of("read"), 1 << 30, 3_000, 3_001));
        Explanation e = explain(History.of(ops));
        assertFalse(e.found(), e.limit());
        assertTrue(e.limit().startsWith("a check ran out of its step budget; "), e.limit());
        assertTrue(e.limit().contains(" more check was given up: its relaxed history began with the 17 relaxed "),
                e.limit());
        assertTrue(e.limit().endsWith(" relaxed operations among which an earlier check ran out of its steps"),
                e.limit());
    }

    @Test
    void theCoreIsStillFoundWhereTheRelaxedOperationsBeforeItAreFew() {
        // Four adds before the read: 16 states, which every check decides; the read alone is the core.
        Explanation e = explain(addsThenImpossibleRead(2, 2));
        assertTrue(e.found(), e.limit());
        assertTrue(e.minimal(), e.limit());
        assertEquals(List.of(4), e.core().stream().map(Operation::id).toList());
    }

    @Test
    void aModelWhoseStepsCostMoreGetsFewerOfThem() {
        // Twelve adds before the read: R(read) has 4,096 states, which a model of cost 1 refutes within its budget
        // (20,000 steps and 50 per operation). At a cost of 1,000 each check gets about 20 steps: none decides but
        // that of every operation, which relaxes none (a core, not proven minimal).
        History h = addsThenImpossibleRead(12, 0);
        Explanation cheap = explain(h);
        assertTrue(cheap.found() && cheap.minimal(), cheap.limit());
        assertEquals(List.of(12), cheap.core().stream().map(Operation::id).toList());
        Explanation dear = explain(h, new Bits() {
            @Override
            public int stepCost() {
                return 1_000;
            }
        });
        assertFalse(dear.minimal(), "with steps that cost 1,000: " + dear.core());
        assertEquals(13, dear.core().size());
        assertTrue(dear.limit().startsWith("a check ran out of its step budget"), dear.limit());
    }
}
