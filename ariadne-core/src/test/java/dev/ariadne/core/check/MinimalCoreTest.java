package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The minimal failing cores of violations, held against {@link BruteForceChecker} on hundreds of seeded random
 * violating histories per model (see {@link Explanation} for what a core promises): the core is not linearizable on
 * its own, and removing any one of its operations makes it linearizable or leaves an observation in it that the
 * history's operations can produce at some time (intervals kept, outputs forgotten) but the rest of the core cannot. A failure names the model and
 * seed; {@code RandomHistories.small(model, seed)} gives the history back.
 */
class MinimalCoreTest {
    private static final long BASE_SEED = 0xC0DE_C0DEL;
    /** Histories generated per model; about two thirds of them violate. */
    private static final int HISTORIES = 800;
    private static final int MIN_VIOLATIONS = 250;
    /** A seed of {@code RandomHistories.medium("register", …)} that gives a violation. */
    private static final long BIG_SEED = 7;

    static List<String> models() {
        return RandomHistories.SMALL_MODELS;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void coresOfRandomViolationsAreOneMinimal(String modelName) {
        int violations = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.small(modelName, seed);
            Model<?> model = BuiltinModels.byName(modelName);
            Result result = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ofSeconds(30)));
            if (result.verdict() != Verdict.NOT_LINEARIZABLE) {
                continue;
            }
            violations++;
            String where = modelName + " seed " + seed + ": " + history;
            Model<?> reference = BuiltinModels.byName(modelName);
            List<Operation> prepared = history.operations().stream().map(reference::prepare).toList();
            for (PartitionResult p : result.violations()) {
                Explanation e = p.violation().explanation();
                assertNotNull(e, where);
                assertTrue(e.minimal(), where + " core not proven minimal: " + e.limit());
                assertOneMinimal(where, prepared, e, reference);
                assertFalse(e.orders().isEmpty(), where);
            }
        }
        assertTrue(violations >= MIN_VIOLATIONS, modelName + ": only " + violations + " violations");
    }

    /**
     * Checked unpartitioned, a kv history's core is still searched within one key (a key whose sub-history is not
     * linearizable), and is still 1-minimal.
     */
    @Test
    void coresOfUnpartitionedKvViolationsStayWithinAKeyAndAreOneMinimal() {
        int violations = 0;
        for (int i = 0; i < HISTORIES / 2; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.small("kv", seed);
            Model<?> model = BuiltinModels.byName("kv");
            Result result = Checker.check(history, model, CheckOptions.defaults().withPartition(false)
                    .withCoreTimeout(Duration.ofSeconds(30)));
            if (result.verdict() != Verdict.NOT_LINEARIZABLE) {
                continue;
            }
            violations++;
            String where = "kv unpartitioned seed " + seed + ": " + history;
            Explanation e = result.violations().get(0).violation().explanation();
            assertTrue(e.minimal(), where + " core not proven minimal: " + e.limit());
            assertEquals(1, keys(model, e.core()).size(), where + ": " + e.core());
            Model<?> reference = BuiltinModels.byName("kv");
            assertOneMinimal(where, history.operations().stream().map(reference::prepare).toList(), e, reference);
        }
        assertTrue(violations >= MIN_VIOLATIONS / 2, "only " + violations + " violations");
    }

    /** The kv keys {@code ops} touch, as {@link Model#describeOperation} names them. */
    private static Set<String> keys(Model<?> model, List<Operation> ops) {
        Set<String> keys = new HashSet<>();
        for (Operation op : ops) {
            String d = model.describeOperation(op.input(), op.output());
            keys.add(d.substring(d.indexOf('(') + 1, d.indexOf(d.startsWith("get") ? ')' : ',')));
        }
        return keys;
    }

    /**
     * That core {@code e} of the prepared operations is not linearizable, and that without any one of its operations
     * it is, or leaves an observation the history can produce but the rest of the core cannot.
     */
    private static void assertOneMinimal(String where, List<Operation> prepared, Explanation e, Model<?> reference) {
        Set<Integer> core = ids(e.core());
        assertFalse(linearizable(prepared, core, reference), where + " core " + core + " passes");
        Set<Integer> all = ids(prepared);
        for (int m : core) {
            Set<Integer> rest = new HashSet<>(core);
            rest.remove(m);
            boolean loses = rest.stream().anyMatch(o -> prepared.get(o).outputKnown()
                    && producible(prepared, o, without(all, o), reference)
                    && !producible(prepared, o, without(rest, o), reference));
            assertTrue(loses || linearizable(prepared, rest, reference),
                    where + " core " + core + " without #" + m + " still fails");
        }
    }

    @Test
    void aCoreOfAKvHistoryStaysWithinItsKey() {
        for (int i = 0; i < HISTORIES; i++) {
            History history = RandomHistories.small("kv", BASE_SEED + i);
            Model<?> model = BuiltinModels.byName("kv");
            for (PartitionResult p : Checker.check(history, model, CheckOptions.defaults()
                    .withCoreTimeout(Duration.ofSeconds(30))).violations()) {
                Set<String> keys = new HashSet<>();
                for (Operation op : p.violation().explanation().core()) {
                    String d = model.describeOperation(op.input(), op.output());
                    keys.add(d.substring(d.indexOf('(') + 1, d.indexOf(d.startsWith("get") ? ')' : ',')));
                }
                assertEquals(1, keys.size(), "seed " + (BASE_SEED + i) + ": " + keys);
            }
        }
    }

    @Test
    void aSearchOutOfBudgetReportsTheSmallestFailingSetFoundAndSaysItMayNotBeMinimal() {
        History history = RandomHistories.medium("register", BIG_SEED, 6, 200, 0);
        Model<?> model = BuiltinModels.byName("register");
        Result full = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ofNanos(1)));
        assertEquals(Verdict.NOT_LINEARIZABLE, full.verdict(), "the seed must give a violation");
        Explanation e = full.violations().get(0).violation().explanation();
        assertFalse(e.minimal());
        assertTrue(e.limit().contains("core budget"), e.limit());
        // The smallest set known to fail: the partition up to the observations' last return, at most.
        assertTrue(e.core().size() <= full.violations().get(0).operations());
        Result coreAlone = Checker.check(only(history, e.core().stream().map(Operation::id).toList()),
                BuiltinModels.byName("register"), CheckOptions.defaults().withCoreTimeout(Duration.ZERO));
        assertEquals(Verdict.NOT_LINEARIZABLE, coreAlone.verdict());
    }

    @Test
    void aSlowModelStopsAtTheBudgetWithAFailingCore() {
        History history = firstViolation(3, 30);
        Result r = Checker.check(history, new SlowModel(BuiltinModels.byName("register")),
                CheckOptions.defaults().withCoreTimeout(Duration.ofMillis(100)));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), "the seed must give a violation");
        Explanation e = r.violations().get(0).violation().explanation();
        assertFalse(e.minimal());
        assertTrue(e.limit().contains("core budget of 0.1s ran out"), e.limit());
        List<Integer> core = e.core().stream().map(Operation::id).toList();
        Result coreAlone = Checker.check(only(history, core), BuiltinModels.byName("register"),
                CheckOptions.defaults().withCoreTimeout(Duration.ZERO));
        assertEquals(Verdict.NOT_LINEARIZABLE, coreAlone.verdict());
    }

    @Test
    void theLibrarySearchesNoCoreUnlessAsked() {
        History history = RandomHistories.medium("register", BIG_SEED, 6, 200, 0);
        Result r = Checker.check(history, BuiltinModels.byName("register"));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(null, r.violations().get(0).violation().explanation());
    }

    @Test
    void noCoreIsSearchedWhenTheBudgetIsZero() {
        History history = RandomHistories.medium("register", BIG_SEED, 6, 200, 0);
        Result r = Checker.check(history, BuiltinModels.byName("register"),
                CheckOptions.defaults().withCoreTimeout(Duration.ZERO));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(null, r.violations().get(0).violation().explanation());
    }

    /** The first violating {@code RandomHistories.medium("register", seed, clients, ops, 0)}, seeds from 1. */
    private static History firstViolation(int clients, int ops) {
        for (long seed = 1; ; seed++) {
            History h = RandomHistories.medium("register", seed, clients, ops, 0);
            if (!Checker.check(h, BuiltinModels.byName("register"), CheckOptions.defaults()
                    .withCoreTimeout(Duration.ZERO)).isLinearizable()) {
                return h;
            }
        }
    }

    /** The history with only the operations {@code ids}. */
    static History only(History history, List<Integer> ids) {
        List<Operation> ops = new ArrayList<>();
        for (int id : ids) {
            ops.add(history.get(id));
        }
        return History.of(ops);
    }

    private static Set<Integer> ids(List<Operation> ops) {
        Set<Integer> ids = new HashSet<>();
        ops.forEach(op -> ids.add(op.id()));
        return ids;
    }

    private static Set<Integer> without(Set<Integer> set, int x) {
        Set<Integer> out = new HashSet<>(set);
        out.remove(x);
        return out;
    }

    /** Whether the prepared operations {@code kept} are linearizable, each on a client of its own. */
    private static boolean linearizable(List<Operation> prepared, Set<Integer> kept, Model<?> model) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : prepared) {
            if (kept.contains(op.id())) {
                ops.add(withClient(op, op.id()));
            }
        }
        return BruteForceChecker.isLinearizable(History.of(ops), model);
    }

    /**
     * Whether observation {@code o}, its interval widened to span them all, is linearizable with {@code others}
     * (intervals kept, outputs forgotten): whether they can produce it at some time.
     */
    private static boolean producible(List<Operation> prepared, int o, Set<Integer> others, Model<?> model) {
        List<Operation> ops = new ArrayList<>();
        Operation obs = prepared.get(o);
        long from = obs.call();
        long to = obs.ret();
        for (int id : others) {
            Operation op = prepared.get(id);
            from = Math.min(from, op.call());
            to = Math.max(to, op.isPending() ? op.call() : op.ret());
            ops.add(withClient(CoreSearch.forgotten(op), id));
        }
        ops.add(new Operation(o, o, obs.input(), obs.output(), from, to, Map.of()));
        return BruteForceChecker.isLinearizable(History.of(ops), model);
    }

    private static Operation withClient(Operation op, int client) {
        return new Operation(op.id(), client, op.input(), op.output(), op.call(), op.ret(), op.metadata());
    }

    /** A model whose every step takes {@link #STEP_MILLIS}. */
    private static final class SlowModel implements Model<Object> {
        static final int STEP_MILLIS = 5;
        private final Model<Object> inner;

        @SuppressWarnings("unchecked")
        SlowModel(Model<?> inner) {
            this.inner = (Model<Object>) inner;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public Object init() {
            return inner.init();
        }

        @Override
        public Object step(Object state, Object input, Object output) {
            try {
                Thread.sleep(STEP_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return inner.step(state, input, output);
        }

        @Override
        public Operation prepare(Operation operation) {
            return inner.prepare(operation);
        }

        @Override
        public boolean isReadOnly(Object input) {
            return inner.isReadOnly(input);
        }
    }
}
