package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static dev.ariadne.core.models.ModelTestSupport.UNKNOWN;
import static dev.ariadne.core.models.ModelTestSupport.describe;
import static dev.ariadne.core.models.ModelTestSupport.prepared;
import static dev.ariadne.core.models.ModelTestSupport.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MultiRegisterModelTest {
    private final MultiRegisterModel model = new MultiRegisterModel();

    /** A micro-op {@code [f k v]}; v may be null, so not List.of. */
    private static List<Object> mop(String f, Object k, Object v) {
        return Arrays.asList(f, k, v);
    }

    private static List<Object> txn(Object... mops) {
        return Arrays.asList(mops);
    }

    private IntSortedMap<Integer> write(IntSortedMap<Integer> s, Object k, Object v) {
        return step(model, s, "txn", txn(mop("w", k, v)), UNKNOWN);
    }

    @Test
    void readsSeeTheCurrentValuesAndNilInitially() {
        IntSortedMap<Integer> s = model.init();
        assertEquals(s, step(model, s, "txn", txn(mop("r", "x", null)), txn(mop("r", "x", null))));
        assertNull(step(model, s, "txn", txn(mop("r", "x", null)), txn(mop("r", "x", 1L))));
        s = write(s, "x", 1L);
        assertEquals(s, step(model, s, "txn", txn(mop("r", "x", null)), txn(mop("r", "x", 1))));
        assertNull(step(model, s, "txn", txn(mop("r", "x", null)), txn(mop("r", "x", null))));
        assertNull(step(model, s, "txn", txn(mop("r", "y", null)), txn(mop("r", "y", 1L))), "y is nil");
    }

    @Test
    void microOpsApplyInOrder() {
        IntSortedMap<Integer> s = write(model.init(), "x", 1L);
        List<Object> in = txn(mop("r", "x", null), mop("w", "x", 2L), mop("r", "x", null), mop("w", "y", 3L));
        IntSortedMap<Integer> after = step(model, s, "txn", in,
                txn(mop("r", "x", 1L), mop("w", "x", 2L), mop("r", "x", 2L), mop("w", "y", 3L)));
        assertEquals(write(write(model.init(), "x", 2L), "y", 3L), after);
        assertNull(step(model, s, "txn", in,
                txn(mop("r", "x", 1L), mop("w", "x", 2L), mop("r", "x", 1L), mop("w", "y", 3L))),
                "the second read must see the transaction's own write");
        assertNull(step(model, s, "txn", in,
                txn(mop("r", "x", 2L), mop("w", "x", 2L), mop("r", "x", 2L), mop("w", "y", 3L))),
                "the first read comes before the write");
    }

    @Test
    void unknownOutputAppliesTheWrites() {
        IntSortedMap<Integer> s = step(model, model.init(), "txn", txn(mop("r", "x", null), mop("w", "x", 5L),
                mop("w", "x", 6L)), UNKNOWN);
        assertEquals(write(model.init(), "x", 6L), s, "the last write wins");
    }

    @Test
    void keysAndValuesAreNormalised() {
        IntSortedMap<Integer> s = write(model.init(), 1, 2);
        assertEquals(s, write(model.init(), 1L, 2L));
        assertEquals(s, step(model, s, "txn", txn(mop("r", 1L, null)), txn(mop("r", 1, 2L))));
        assertNotEquals(s, write(model.init(), "1", 2L), "the string \"1\" is another key");
    }

    @Test
    void equalContentsAreEqualStates() {
        IntSortedMap<Integer> a = write(write(write(model.init(), "x", 1L), "y", 2L), "x", null);
        IntSortedMap<Integer> b = write(model.init(), "y", 2L);
        assertEquals(a, b, "writing nil is the same as never writing");
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals(write(write(model.init(), "x", 1L), "y", 2L), write(write(model.init(), "y", 2L), "x", 1L));
        assertSame(b, write(b, "y", 2L), "an unchanged state is reused");
    }

    @Test
    void rejectsBadShapes() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "read", null, null));
        assertTrue(e.getMessage().contains("(expected txn)"), e.getMessage());
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", "r x", null));
        assertTrue(e.getMessage().contains("a list of micro-ops"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", txn(mop("x", "k", 1L)), null));
        assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", txn(List.of("r", "k")), null));
        assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", txn(mop("w", null, 1L)), null));
        assertThrows(InvalidOperationException.class,
                () -> prepared(model, "txn", txn(mop("w", List.of(1L), 1L)), null));
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", txn(mop("r", "x", null)),
                txn(mop("r", "y", 1L))));
        assertTrue(e.getMessage().contains("to match"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", txn(mop("r", "x", null)),
                txn(mop("r", "x", 1L), mop("r", "x", 1L))));
        assertThrows(InvalidOperationException.class, () -> prepared(model, "txn", txn(mop("r", "x", null)), 1L));
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "txn", txn(mop("r", "x", null)), txn(mop("r", "x", 1L)));
        assertSame(p, model.prepare(p));
    }

    @Test
    void describesWithEscapedValues() {
        List<Object> in = txn(mop("r", "x", null), mop("w", "y\n", "\u001b"));
        List<Object> out = txn(mop("r", "x", 1L), mop("w", "y\n", "\u001b"));
        assertEquals("txn [[r \"x\" 1] [w \"y\\n\" \"\\u001b\"]]", describe(model, "txn", in, out));
        assertEquals("txn [[r 3 ?]]", describe(model, "txn", txn(mop("r", 3L, null)), UNKNOWN));
        assertEquals("{\"x\" 1}", model.describeState(write(write(model.init(), "x", 1L), "y", null)));
        assertEquals("{}", model.describeState(model.init()));
        assertEquals("multi-register", model.toString());
        assertEquals("multi-register", BuiltinModels.byName("multi-register").name());
    }

    @Test
    void checksHistories() {
        Operation w = Operation.of(0, 0, Invocation.of("txn", txn(mop("w", "x", 1L), mop("w", "y", 1L))),
                txn(mop("w", "x", 1L), mop("w", "y", 1L)), 0, 1);
        Operation torn = Operation.of(1, 1, Invocation.of("txn", txn(mop("r", "x", null), mop("r", "y", null))),
                txn(mop("r", "x", 1L), mop("r", "y", null)), 2, 3);
        assertFalse(Checker.check(History.of(w, torn), new MultiRegisterModel()).isLinearizable(),
                "the transaction wrote x and y atomically");
        Operation pendingW = Operation.pending(0, 0, Invocation.of("txn", txn(mop("w", "x", 1L), mop("w", "y", 1L))),
                0);
        Operation both = Operation.of(1, 1, Invocation.of("txn", txn(mop("r", "x", null), mop("r", "y", null))),
                txn(mop("r", "x", 1L), mop("r", "y", 1L)), 2, 3);
        assertTrue(Checker.check(History.of(pendingW, both), new MultiRegisterModel()).isLinearizable());
    }

    @Test
    void acceptsKnossosAndElleMicroOpNames() {
        IntSortedMap<Integer> s = model.init();
        IntSortedMap<Integer> written = step(model, s, "txn", txn(mop("write", "x", 1L)), UNKNOWN);
        assertEquals(write(s, "x", 1L), written);
        assertEquals(written, step(model, written, "txn", txn(mop("read", "x", null)), txn(mop("read", "x", 1L))));
        assertEquals(written, step(model, written, "txn", txn(mop("r", "x", null)), txn(mop("read", "x", 1L))),
                "an output may name the micro-op the other way");
        assertNull(step(model, written, "txn", txn(mop("read", "x", null)), txn(mop("read", "x", 2L))));
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "txn", txn(mop("read", "x", null)), txn(mop("write", "x", 1L))));
        assertTrue(e.getMessage().contains("to match the input's"), e.getMessage());
    }

    @Test
    void namesTheBadMicroOpInWords() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "txn", txn(mop("append", "x", 1L)), null));
        assertEquals("model multi-register: operation 'txn' expects a list of micro-ops [f k v] with f r or read, "
                + "w or write (Knossos' and Elle's names, as keywords or strings) and k a string, keyword or number; "
                + "a micro-op, got [\"append\" \"x\" 1]", e.getMessage());
    }
}
