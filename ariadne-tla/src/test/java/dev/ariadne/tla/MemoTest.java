package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The transition memo answers repeated steps, and is given up where states do not repeat. */
class MemoTest {
    private static History sequential(int n, java.util.function.IntFunction<Operation> op) {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ops.add(op.apply(i));
        }
        return History.of(ops);
    }

    private static Operation named(int i, String f, long v) { // one client, one operation after another
        return new Operation(i, 0, Invocation.of(f, v), v, 10L * i, 10L * i + 5, Map.of("params", List.of("v")));
    }

    @Test
    void repeatedStepsHitTheMemo() {
        TlaModel model = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of()).model();
        // write 1, read 1, write 2, read 2, write 1, ...: four distinct transitions
        History h = sequential(40_000, i -> named(i, i % 2 == 0 ? "Write" : "Read", 1 + (i / 2) % 2));
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, model,
                CheckOptions.defaults().withCoreTimeout(null)).verdict());
        // from 0: Write 1; then Read 1, Write 2, Read 2, Write 1 repeat
        assertEquals(5, model.evaluations());
        assertEquals(39_995, model.memoHits());
        assertFalse(model.memoAbandoned());
    }

    @Test
    void memoIsGivenUpWhereStatesDoNotRepeat() {
        TlaModel model = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of()).model();
        History h = sequential(40_000, i -> named(i, "Write", i + 1));
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, model,
                CheckOptions.defaults().withCoreTimeout(null)).verdict());
        assertTrue(model.memoAbandoned(), "every write of a new value is a new transition: no step hits the memo");
        assertEquals(40_000, model.evaluations());
    }
}
