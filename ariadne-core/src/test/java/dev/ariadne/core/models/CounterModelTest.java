package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static dev.ariadne.core.models.ModelTestSupport.UNKNOWN;
import static dev.ariadne.core.models.ModelTestSupport.describe;
import static dev.ariadne.core.models.ModelTestSupport.prepared;
import static dev.ariadne.core.models.ModelTestSupport.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CounterModelTest {
    private final CounterModel model = new CounterModel();

    @Test
    void incrementsAddsAndDecrements() {
        assertEquals(0L, model.init());
        assertEquals(1L, step(model, 0L, "increment", null, null));
        assertEquals(5L, step(model, 0L, "increment", 5, null));
        assertEquals(7L, step(model, 4L, "add", 3L, null));
        assertEquals(-1L, step(model, 0L, "decrement", null, null));
        assertEquals(2L, step(model, 4L, "decrement", BigInteger.TWO, null));
        assertEquals(-3L, step(model, 0L, "add", -3, "ignored"));
    }

    @Test
    void readMustSeeTheValue() {
        assertEquals(3L, step(model, 3L, "read", null, 3));
        assertEquals(3L, step(model, 3L, "read", null, 3L));
        assertNull(step(model, 3L, "read", null, 4L));
        assertEquals(3L, step(model, 3L, "read", null, UNKNOWN));
    }

    @Test
    void rejectsBadShapes() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "inc", null, null));
        assertTrue(e.getMessage().contains("increment, add, decrement or read"), e.getMessage());
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "add", null, null));
        assertTrue(e.getMessage().contains("an integer"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "increment", 1.5, null));
        assertThrows(InvalidOperationException.class, () -> prepared(model, "decrement", "1", null));
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "read", null, "3"));
        assertTrue(e.getMessage().contains("an integer output"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "read", null, null));
    }

    @Test
    void statesAreValues() {
        Long a = step(model, step(model, 0L, "increment", null, null), "increment", null, null);
        Long b = step(model, 0L, "add", 2, null);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "increment", null, null);
        assertSame(p, model.prepare(p));
    }

    @Test
    void describes() {
        assertEquals("add(+1)", describe(model, "increment", null, null));
        assertEquals("add(-2)", describe(model, "decrement", 2L, null));
        assertEquals("read → 4", describe(model, "read", null, 4));
        assertEquals("read → ?", describe(model, "read", null, UNKNOWN));
        assertEquals("-4", model.describeState(-4L));
        assertEquals("counter", model.toString());
        assertEquals("counter", BuiltinModels.byName("counter").name());
    }

    @Test
    void checksHistories() {
        Operation inc = Operation.of(0, 0, Invocation.of("increment", null), null, 0, 1);
        Operation read2 = Operation.of(1, 1, Invocation.of("read", null), 2L, 2, 3);
        assertFalse(Checker.check(History.of(inc, read2), new CounterModel()).isLinearizable());
        Operation pendingAdd = Operation.pending(1, 2, Invocation.of("add", 1L), 0);
        assertTrue(Checker.check(History.of(inc, pendingAdd, read2), new CounterModel()).isLinearizable());
    }
}
