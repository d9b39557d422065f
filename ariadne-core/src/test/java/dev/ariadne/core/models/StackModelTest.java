package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

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

class StackModelTest {
    private final StackModel model = new StackModel();

    private IntSeq push(IntSeq s, Object... values) {
        for (Object v : values) {
            s = step(model, s, "push", v, null);
        }
        return s;
    }

    @Test
    void popsInReverseOrder() {
        IntSeq s = push(model.init(), 1L, 2L);
        assertNull(step(model, s, "pop", null, 1L), "1 is not on top");
        IntSeq afterOne = step(model, s, "pop", null, 2L);
        assertEquals(push(model.init(), 1L), afterOne);
        assertEquals(model.init(), step(model, afterOne, "pop", null, 1L));
        assertNull(step(model, model.init(), "pop", null, 1L), "nothing to pop");
    }

    @Test
    void nilOutputMeansEmpty() {
        assertEquals(model.init(), step(model, model.init(), "pop", null, null));
        assertNull(step(model, push(model.init(), 1L), "pop", null, null));
    }

    @Test
    void unknownOutputPopsTheTopIfAny() {
        assertEquals(model.init(), step(model, model.init(), "pop", null, UNKNOWN));
        assertEquals(push(model.init(), 1L), step(model, push(model.init(), 1L, 2L), "pop", null, UNKNOWN));
    }

    @Test
    void numbersAreNormalised() {
        assertEquals(model.init(), step(model, push(model.init(), 7), "pop", null, 7L));
    }

    @Test
    void equalContentsAreEqualStates() {
        IntSeq a = step(model, push(model.init(), 1L, 2L, 3L), "pop", null, 3L);
        IntSeq b = push(model.init(), 1L, 2L);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(push(model.init(), 2L, 1L), b);
    }

    @Test
    void rejectsUnknownFunctionsAndNilValues() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "enqueue", 1L, null));
        assertTrue(e.getMessage().contains("push or pop"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "push", null, null));
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "push", 1L, null);
        assertSame(p, model.prepare(p));
    }

    @Test
    void describesWithEscapedValues() {
        assertEquals("push(\"\\u001b[31m\")", describe(model, "push", "\u001b[31m", null));
        assertEquals("pop → nil", describe(model, "pop", null, null));
        assertEquals("pop → ?", describe(model, "pop", null, UNKNOWN));
        assertEquals("[1 2 ← top]", model.describeState(push(model.init(), 1L, 2L)));
        assertEquals("[]", model.describeState(model.init()));
        assertEquals("stack", model.toString());
        assertEquals("stack", BuiltinModels.byName("stack").name());
    }

    @Test
    void checksHistories() {
        Operation push1 = Operation.of(0, 0, Invocation.of("push", 1L), null, 0, 1);
        Operation push2 = Operation.of(1, 0, Invocation.of("push", 2L), null, 2, 3);
        Operation pop1 = Operation.of(2, 1, Invocation.of("pop", null), 1L, 4, 5);
        assertFalse(Checker.check(History.of(push1, push2, pop1), new StackModel()).isLinearizable(),
                "2 is on top");
        Operation push2Concurrent = Operation.of(1, 2, Invocation.of("push", 2L), null, 0, 5);
        assertTrue(Checker.check(History.of(push1, push2Concurrent, pop1), new StackModel()).isLinearizable(),
                "2 may be pushed after the pop");
    }
}
