package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.RelaxedChecker;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The core search's windows (docs/semantics.md, "Windows"): a long violating history gets a small proven core from
 * checks of a few operations, and cores found through windows are held to {@link RelaxedChecker} (the definition, on
 * the whole partition) on seeded random histories, with the windows lowered so that histories the reference can
 * check take their path.
 */
class WindowedCoreTest {
    private static final long BASE_SEED = 0x51DE_CAFEL;

    @AfterEach
    void restore() {
        CoreSearch.windowMinOperations = CoreSearch.WINDOW_MIN_OPERATIONS;
        CoreSearch.firstWindowOperations = CoreSearch.FIRST_WINDOW_OPERATIONS;
    }

    /**
     * 200,000 register operations with one corrupted output (the first seed that violates; its failing operation
     * comes after 49,000 others): the core is a few operations, proven 1-minimal by the reference, and found in few
     * checks (a count, the same on every machine: the checks of windows are small, where a check of the whole
     * partition would run out of steps). The reference checks the operations called up to the core's last return,
     * which is R(core) by the exact reduction of those called after it (about 70,000 of them: some seconds).
     */
    @Test
    void aLongViolatingHistoryGetsASmallProvenCoreInFewChecks() {
        Model<?> model = BuiltinModels.byName("register");
        History history = MinimalCoreTest.firstViolation(5, 200_000);
        Result r = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(MinimalCoreTest.PATIENT));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        int failing = r.violations().get(0).violation().longest().get(0).unplaced().id();
        assertTrue(failing > 10_000, "the failing #" + failing + " comes late enough for windows");
        Explanation e = r.violations().get(0).violation().explanation();
        assertTrue(e.found(), e.limit());
        assertTrue(e.minimal(), e.limit());
        assertTrue(e.core().size() <= 4, e.core().size() + " operations: " + e.core());
        assertTrue(e.checks() <= 40, e.checks() + " checks");
        assertTrue(MinimalCoreTest.ids(e.core()).contains(failing), "the core holds the failing #" + failing);
        long lastReturn = e.core().stream().mapToLong(Operation::ret).max().orElseThrow();
        List<Operation> upTo = history.operations().stream().filter(op -> op.call() <= lastReturn)
                .map(model::prepare).toList();
        assertTrue(upTo.size() < history.size(), "the history goes on after the core");
        // The reference's sweep, not its replay of the orders (recursive in the operations): the orders are held to
        // it on the small histories below.
        Set<Integer> core = MinimalCoreTest.ids(e.core());
        assertFalse(RelaxedChecker.isLinearizable(upTo, core, model), "R(core " + core + ") passes");
        for (int m : core) {
            Set<Integer> rest = new java.util.HashSet<>(core);
            rest.remove(m);
            assertTrue(RelaxedChecker.isLinearizable(upTo, rest, model),
                    "R(core " + core + " without #" + m + ") fails");
        }
        assertFalse(e.orders().isEmpty());
    }

    /**
     * A read of 1 long after the only write of 1, overwritten since by writes of 2 and then 3, the last of which
     * returned before the read: the core is that write of 3 and the read. A window that started from the initial
     * state alone (forgetting that the write of 1 may have taken effect before it) would call the read a core of its
     * own; one that started from the states before it without the lower bound would miss nothing here but claim
     * linearizable windows it cannot prove.
     */
    @Test
    void aWindowStartsFromEveryStateTheOperationsBeforeItCanLeave() {
        CoreSearch.windowMinOperations = 0;
        CoreSearch.firstWindowOperations = 2;
        Model<?> model = BuiltinModels.byName("register");
        List<Operation> ops = new ArrayList<>();
        long t = 0;
        ops.add(Operation.of(0, 0, Invocation.of("write", 1L), null, t, t + 1));
        for (int i = 1; i <= 40; i++) {
            t += 2;
            ops.add(Operation.of(i, i % 2, i % 2 == 1 ? Invocation.of("write", 2L) : Invocation.of("read", null),
                    i % 2 == 1 ? null : 2L, t, t + 1));
        }
        t += 2;
        ops.add(Operation.of(41, 1, Invocation.of("write", 3L), null, t, t + 1));
        ops.add(Operation.of(42, 0, Invocation.of("read", null), 1L, t + 2, t + 3));
        History history = History.of(ops);
        Result r = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(MinimalCoreTest.PATIENT));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        Explanation e = r.violations().get(0).violation().explanation();
        assertEquals(Set.of(41, 42), MinimalCoreTest.ids(e.core()));
        MinimalCoreTest.assertProvenCore("write of 1 long before", model,
                history.operations().stream().map(model::prepare).toList(), e);
    }

    static List<String> models() {
        return List.of("register", "cas-register", "kv", "set", "counter");
    }

    /**
     * Every core found with windows from the first operations on is a core by the reference, and 1-minimal when
     * the search says so (where the reference can answer); the verdicts are those without windows, and windows lose
     * at most one in ten of the cores found, and of those proven minimal, without them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void coresFoundThroughWindowsAreProvenByTheReference(String modelName) {
        Model<?> model = BuiltinModels.byName(modelName);
        int violations = 0;
        int found = 0;
        int foundWithout = 0;
        int minimal = 0;
        int minimalWithout = 0;
        int referenced = 0;
        for (int i = 0; i < 150; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.medium(modelName, seed, 3, 40 + (int) (seed % 41), 5);
            List<Operation> prepared = history.operations().stream().map(model::prepare).toList();
            String where = modelName + " seed " + seed + ": " + history;
            CoreSearch.windowMinOperations = CoreSearch.WINDOW_MIN_OPERATIONS;
            CoreSearch.firstWindowOperations = CoreSearch.FIRST_WINDOW_OPERATIONS;
            Result without = Checker.check(history, model,
                    CheckOptions.defaults().withCoreTimeout(MinimalCoreTest.PATIENT));
            CoreSearch.windowMinOperations = 0;
            CoreSearch.firstWindowOperations = 2 + (int) (seed % 3);
            Result r = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(MinimalCoreTest.PATIENT));
            assertEquals(without.verdict(), r.verdict(), where);
            if (r.verdict() != Verdict.NOT_LINEARIZABLE) {
                continue;
            }
            violations++;
            Explanation before = without.violations().get(0).violation().explanation();
            foundWithout += before.found() ? 1 : 0;
            minimalWithout += before.minimal() ? 1 : 0;
            Explanation e = r.violations().get(0).violation().explanation();
            if (!e.found()) {
                continue;
            }
            found++;
            minimal += e.minimal() ? 1 : 0;
            Set<Integer> core = MinimalCoreTest.ids(e.core());
            List<Operation> part = MinimalCoreTest.partOf(model, prepared, core);
            if (RelaxedChecker.maxOpen(part, model) > 8) {
                continue;
            }
            Boolean passes = RelaxedChecker.isLinearizableWithin(part, core, model, 200_000);
            assertTrue(passes == null || !passes, where + " R(core " + core + ") passes");
            referenced += passes == null ? 0 : 1;
            String wrong = ResultAssertions.wrongOrder(part, model, e, 200_000);
            assertTrue(wrong == null, where + ": " + wrong);
            if (e.minimal()) {
                for (int m : core) {
                    Set<Integer> rest = new java.util.HashSet<>(core);
                    rest.remove(m);
                    Boolean less = RelaxedChecker.isLinearizableWithin(part, rest, model, 200_000);
                    assertTrue(less == null || less, where + " R(core " + core + " without #" + m + ") fails");
                }
            }
        }
        assertTrue(violations >= 15, modelName + ": only " + violations + " violations");
        assertTrue(referenced >= violations / 3, modelName + ": only " + referenced + " cores held to the reference");
        assertTrue(found * 10 >= foundWithout * 9,
                modelName + ": " + found + " cores found with windows, " + foundWithout + " without");
        assertTrue(minimal * 10 >= minimalWithout * 9,
                modelName + ": " + minimal + " proven minimal with windows, " + minimalWithout + " without");
    }
}
