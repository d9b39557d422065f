package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.search.Budget;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A model that reads its results from the input ({@link Model#forgetsOutputs} false, as a TLA+ action does) has each
 * operation outside a core stepped once by the core search, not once with its own output and once more with an
 * unknown one; the cores found are those found when both steps are taken.
 */
class RelaxedOutputsTest {
    /**
     * A register whose operations carry their result in the input ({@code [write, v]}, {@code [read, v]}), as a
     * TLA+ action's parameters do: the output is never read. Counts its steps.
     */
    private static final class InputRegister implements Model<Integer> {
        final boolean forgets;
        final AtomicLong steps = new AtomicLong();

        InputRegister(boolean forgets) {
            this.forgets = forgets;
        }

        @Override
        public String name() {
            return "input-register";
        }

        @Override
        public Integer init() {
            return 0;
        }

        @Override
        public Integer step(Integer state, Object input, Object output) {
            steps.incrementAndGet();
            List<?> op = (List<?>) input;
            int v = ((Number) op.get(1)).intValue();
            if (op.get(0).equals("write")) {
                return v;
            }
            return state == v ? state : null;
        }

        @Override
        public boolean forgetsOutputs() {
            return forgets;
        }
    }

    private static Operation op(int id, int client, String f, int v, long call, long ret) {
        return Operation.of(id, client, List.of(f, v), null, call, ret);
    }

    @Test
    void aRelaxedOperationOfAModelThatReadsNoOutputIsSteppedOnce() {
        for (boolean forgets : new boolean[]{true, false}) {
            InputRegister model = new InputRegister(forgets);
            RelaxedModel<Integer> relaxed = new RelaxedModel<>(model, Budget.unlimited(), 1_000);
            Operation write = RelaxedModel.relax(op(0, 0, "write", 3, 0, 10));
            assertEquals(List.of(0, 3), List.copyOf(relaxed.step(0, write.input(), write.output())),
                    "a relaxed write may or may not take effect");
            assertEquals(forgets ? 2 : 1, model.steps.get(), "model steps when forgetsOutputs() is " + forgets);
        }
    }

    @Test
    void theCoresAreTheSameWithOneStepPerRelaxedOperation() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(25);
        int violations = 0;
        for (int seed = 0; seed < 40; seed++) {
            History history = randomHistory(random);
            InputRegister both = new InputRegister(true);
            InputRegister once = new InputRegister(false);
            CheckOptions options = CheckOptions.defaults().withCoreTimeout(Duration.ofMinutes(5));
            Result a = Checker.check(history, both, options);
            Result b = Checker.check(history, once, options);
            assertEquals(a.verdict(), b.verdict(), "seed " + seed);
            if (a.verdict() == Verdict.NOT_LINEARIZABLE) {
                violations++;
                Explanation x = a.violations().get(0).violation().explanation();
                Explanation y = b.violations().get(0).violation().explanation();
                assertEquals(ids(x), ids(y), "seed " + seed);
                assertEquals(x.minimal(), y.minimal(), "seed " + seed);
                assertTrue(once.steps.get() < both.steps.get(), "seed " + seed + ": " + once.steps.get()
                        + " steps, not fewer than " + both.steps.get());
            }
        }
        assertTrue(violations >= 10, "only " + violations + " of the histories are violations");
    }

    private static List<Integer> ids(Explanation e) {
        return e.core().stream().map(Operation::id).toList();
    }

    /** Three clients writing and reading values 1-3, with about one read in four returning a value at random. */
    private static History randomHistory(java.util.SplittableRandom random) {
        List<Operation> ops = new ArrayList<>();
        long[] free = new long[3];
        int value = 0;
        for (int id = 0; id < 24; id++) {
            int client = random.nextInt(3);
            long call = free[client] + random.nextInt(3);
            long ret = call + 1 + random.nextInt(6);
            free[client] = ret + 1;
            if (random.nextBoolean()) {
                value = 1 + random.nextInt(3);
                ops.add(op(id, client, "write", value, call, ret));
            } else {
                int seen = random.nextInt(4) == 0 ? 1 + random.nextInt(3) : value;
                ops.add(op(id, client, "read", seen, call, ret));
            }
        }
        return History.of(ops);
    }
}
