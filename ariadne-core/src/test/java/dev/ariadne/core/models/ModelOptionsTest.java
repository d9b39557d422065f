package dev.ariadne.core.models;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Initial values, the two conventions for nil reads, and the per-key split of {@code --independent}. */
class ModelOptionsTest {
    private static final Object UNKNOWN = Operation.UNKNOWN;

    /** Sequential operations {@code f(value) → output}, one after the other on client 0. */
    private static History sequential(Object... fValueOutput) {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < fValueOutput.length; i += 3) {
            ops.add(Operation.of(ops.size(), 0, Invocation.of((String) fValueOutput[i], fValueOutput[i + 1]),
                    fValueOutput[i + 2], 10L * i, 10L * i + 5));
        }
        return History.of(ops);
    }

    private static Verdict verdict(History h, String model, ModelOptions options) {
        return Checker.check(h, BuiltinModels.byName(model, options)).verdict();
    }

    private static Verdict verdict(History h, String model, Object initial) {
        return Checker.check(h, BuiltinModels.byName(model, initial)).verdict();
    }

    private static List<Object> list(Object... values) {
        return Arrays.asList(values);
    }

    @Test
    void everyModelStartsFromTheGivenInitialValue() {
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("read", null, 0L), "register", 0L));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(sequential("read", null, null), "register", 0L));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("cas", list(0L, 1L), true, "read", null, 1L),
                "cas-register", 0L));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(sequential("cas", list(0L, 1L), true), "cas-register", (Object) null));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("read", null, 7L, "increment", null, UNKNOWN,
                "read", null, 8L), "counter", 7L));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(sequential("acquire", null, UNKNOWN), "mutex", true));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("release", null, UNKNOWN), "mutex", true));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("read", null, list(2L, 1L), "add", 1L, false),
                "set", Set.of(1L, 2L)));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("dequeue", null, 1L, "dequeue", null, 2L,
                "dequeue", null, null), "fifo-queue", list(1, 2L)));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(sequential("dequeue", null, 2L), "fifo-queue", list(1L, 2L)));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("pop", null, 2L, "pop", null, 1L), "stack",
                list(1L, 2L)));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("dequeue", null, 1L, "dequeue", null, 1L,
                "dequeue", null, null), "unordered-queue", list(1L, 1L)));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(sequential("dequeue", null, 1L, "dequeue", null, 1L),
                "unordered-queue", list(1L)));
        assertEquals(Verdict.LINEARIZABLE, verdict(History.of(Operation.of(0, 0, new Invocation("get", "x", null),
                "a", 0, 1)), "kv", Map.of("x", "a")));
        assertEquals(Verdict.LINEARIZABLE, verdict(sequential("txn", list(list("r", "x", null), list("r", "y", null)),
                list(list("r", "x", 0L), list("r", "y", 0L))), "multi-register", Map.of("x", 0L, "y", 0L)));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(sequential("txn", list(list("r", "x", null)),
                list(list("r", "x", 0L))), "multi-register", (Object) null));
    }

    @Test
    void nilIsEveryModelsUsualStart() {
        for (String name : BuiltinModels.names()) {
            Model<?> plain = BuiltinModels.byName(name);
            Model<?> withNil = BuiltinModels.byName(name, (Object) null);
            assertEquals(plain.init(), withNil.init(), name);
        }
    }

    @Test
    void initialValuesOfTheWrongShapeAreRejected() {
        Object[][] bad = {
                {"counter", "1"}, {"counter", 1.5}, {"mutex", 1L}, {"set", 1L}, {"set", list(1L, null)},
                {"fifo-queue", Set.of(1L)}, {"stack", Map.of()}, {"unordered-queue", "ab"}, {"kv", list()},
                {"kv", Map.of("x", 1L)}, {"multi-register", list(1L)}, {"multi-register", Map.of(list(1L), 2L)}};
        for (Object[] b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> BuiltinModels.byName((String) b[0], b[1]), String.valueOf(b[0]));
            assertTrue(e.getMessage().startsWith("model " + b[0] + ": the initial value must be"), e.getMessage());
        }
    }

    @Test
    void nilReadsFollowTheChosenConvention() {
        // write 1 then read nil: porcupine's convention says the read saw an absent value (impossible after the
        // write); Knossos' says the read observed nothing, so it is legal.
        History h = sequential("write", 1L, UNKNOWN, "read", null, null);
        ModelOptions absent = ModelOptions.defaults();
        ModelOptions unknown = absent.withNilRead(ModelOptions.NilRead.UNKNOWN);
        for (String name : List.of("register", "cas-register")) {
            assertEquals(Verdict.NOT_LINEARIZABLE, verdict(h, name, absent), name);
            assertEquals(Verdict.LINEARIZABLE, verdict(h, name, unknown), name);
        }
        RegisterModel m = RegisterModel.register().withNilReads(ModelOptions.NilRead.UNKNOWN);
        Operation p = m.prepare(Operation.of(0, 0, Invocation.of("read", null), null, 0, 1));
        assertEquals("read → nil (no information)", m.describeOperation(p.input(), p.output()));

        History txn = sequential("txn", list(list("w", "x", 1L)), list(list("w", "x", 1L)),
                "txn", list(list("r", "x", null), list("r", "y", null)), list(list("r", "x", null), list("r", "y", 5L)));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(txn, "multi-register", absent));
        // the nil read of x says nothing, but y was never 5
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(txn, "multi-register", unknown));
        History txnOk = sequential("txn", list(list("w", "x", 1L)), list(list("w", "x", 1L)),
                "txn", list(list("r", "x", null)), list(list("r", "x", null)));
        assertEquals(Verdict.NOT_LINEARIZABLE, verdict(txnOk, "multi-register", absent));
        assertEquals(Verdict.LINEARIZABLE, verdict(txnOk, "multi-register", unknown));
    }

    /** Two keys: x is fine, y reads a value never written. */
    private static History independentHistory() {
        return History.of(
                Operation.of(0, 0, Invocation.of("write", list("x", 1L)), list("x", 1L), 0, 10),
                Operation.of(1, 1, Invocation.of("write", list("y", 2L)), list("y", 2L), 1, 11),
                Operation.of(2, 2, Invocation.of("read", list("x", null)), list("x", 1L), 12, 20),
                Operation.of(3, 0, Invocation.of("read", list("y", null)), list("y", 3L), 13, 21),
                Operation.pending(4, 1, Invocation.of("cas", list("x", list(1L, 4L))), 14));
    }

    @Test
    void independentChecksEachKeyOnItsOwn() {
        ModelOptions independent = ModelOptions.defaults().withIndependent(true);
        Model<?> model = BuiltinModels.byName("cas-register", independent);
        assertEquals("independent cas-register", model.name());
        Result r = Checker.check(independentHistory(), model);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(2, r.partitions().size());
        assertTrue(r.partitions().stream().anyMatch(p -> p.label().equals("key \"y\"")
                && p.verdict() == Verdict.NOT_LINEARIZABLE), r.partitions().toString());
        Result whole = Checker.check(independentHistory(), BuiltinModels.byName("cas-register", independent),
                CheckOptions.defaults().withCoreTimeout(null).withPartition(false));
        assertEquals(Verdict.NOT_LINEARIZABLE, whole.verdict());
        assertEquals(1, whole.partitions().size());

        History fixed = History.of(independentHistory().operations().subList(0, 3));
        assertEquals(Verdict.LINEARIZABLE, Checker.check(fixed, BuiltinModels.byName("cas-register", independent))
                .verdict());
        assertEquals(Verdict.LINEARIZABLE, Checker.check(fixed, BuiltinModels.byName("cas-register", independent),
                CheckOptions.defaults().withCoreTimeout(null).withPartition(false)).verdict());
    }

    @Test
    void independentKeysStartFromTheInitialValue() {
        // Knossos' (cas-register 0) per key: each key's first read sees 0
        History h = History.of(
                Operation.of(0, 0, Invocation.of("read", list("a", null)), list("a", 0L), 0, 1),
                Operation.of(1, 0, Invocation.of("cas", list("b", list(0L, 1L))), list("b", list(0L, 1L)), 2, 3),
                Operation.of(2, 0, Invocation.of("read", list("b", null)), list("b", 1L), 4, 5));
        ModelOptions options = ModelOptions.defaults().withIndependent(true).withInitial(0L);
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, BuiltinModels.byName("cas-register", options)).verdict());
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, BuiltinModels.byName("cas-register", options),
                CheckOptions.defaults().withCoreTimeout(null).withPartition(false)).verdict());
        assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(h, BuiltinModels.byName("cas-register",
                ModelOptions.defaults().withIndependent(true))).verdict());
    }

    @Test
    void independentDescribesKeysAndStates() {
        IndependentModel<Object> m = IndependentModel.of(RegisterModel.register());
        Operation p = m.prepare(Operation.of(0, 0, Invocation.of("read", list("x", null)), list("x", 1L), 0, 1));
        assertEquals("key \"x\": read → 1", m.describeOperation(p.input(), p.output()));
        assertEquals("every key nil", m.describeState(m.init()));
        Operation w = m.prepare(Operation.of(1, 0, Invocation.of("write", list("x", 2L)), list("x", 2L), 0, 1));
        assertEquals("{\"x\" 2}", m.describeState(m.step(m.init(), w.input(), w.output())));
    }

    @Test
    void independentRejectsValuesThatAreNotPairs() {
        IndependentModel<?> m = IndependentModel.of(RegisterModel.register());
        assertThrows(InvalidOperationException.class,
                () -> m.prepare(Operation.of(0, 0, Invocation.of("write", 1L), null, 0, 1)));
        assertThrows(InvalidOperationException.class,
                () -> m.prepare(Operation.of(0, 0, Invocation.of("read", list("x", null)), 1L, 0, 1)));
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> m.prepare(Operation.of(0, 0, Invocation.of("read", list("x", null)), list("y", 1L), 0, 1)));
        assertTrue(e.getMessage().contains("same key"), e.getMessage());
    }
}
