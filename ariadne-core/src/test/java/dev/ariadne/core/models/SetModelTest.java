package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

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

class SetModelTest {
    private final SetModel model = new SetModel();

    private IntSeq add(IntSeq s, Object... values) {
        for (Object v : values) {
            s = step(model, s, "add", v, UNKNOWN);
        }
        return s;
    }

    @Test
    void addAndRemove() {
        IntSeq s = add(model.init(), 1L, 2L, 1L);
        assertEquals(add(model.init(), 2L, 1L), s);
        assertEquals(add(model.init(), 2L), step(model, s, "remove", 1L, UNKNOWN));
        assertEquals(s, step(model, s, "remove", 3L, UNKNOWN), "removing an absent value changes nothing");
    }

    @Test
    void booleanOutputsSayWhetherTheValueWasThere() {
        IntSeq one = add(model.init(), 1L);
        assertEquals(one, step(model, model.init(), "add", 1L, true));
        assertNull(step(model, one, "add", 1L, true), "1 was not absent");
        assertEquals(one, step(model, one, "add", 1L, false));
        assertNull(step(model, model.init(), "add", 1L, false), "1 was not present");
        assertEquals(model.init(), step(model, one, "remove", 1L, true));
        assertNull(step(model, model.init(), "remove", 1L, true));
        assertEquals(model.init(), step(model, model.init(), "remove", 1L, false));
        assertNull(step(model, one, "remove", 1L, false));
    }

    @Test
    void otherOutputsOfAddAndRemoveAreIgnored() {
        IntSeq one = add(model.init(), 1L);
        assertEquals(one, step(model, one, "add", 1L, 1L), "Jepsen echoes the value");
        assertEquals(one, step(model, one, "add", 1L, null));
        assertEquals(model.init(), step(model, one, "remove", 1L, "ok"));
    }

    @Test
    void contains() {
        IntSeq one = add(model.init(), 1L);
        assertEquals(one, step(model, one, "contains", 1, true));
        assertNull(step(model, one, "contains", 1L, false));
        assertEquals(one, step(model, one, "contains", 2L, false));
        assertNull(step(model, one, "contains", 2L, true));
        assertEquals(one, step(model, one, "contains", 2L, UNKNOWN));
    }

    /**
     * Issue 27: a read that lists a value twice is an observation no set gives (porcupine's set model and its ports
     * call it illegal): never accepted, so a history with it is not linearizable, whatever the engine.
     */
    @Test
    void aReadThatListsAValueTwiceIsNeverLegal() {
        IntSeq s = add(model.init(), 1L, 2L, "a");
        assertNull(step(model, s, "read", null, List.of(2, "a", 1L, 2L)), "2 (and 2L, the same number) twice");
        assertNull(step(model, add(model.init(), 1L), "read", null, List.of(1L, 1L)));
        assertEquals("read → [1 2 1] (1 twice: no set holds a value twice)",
                describe(model, "read", null, List.of(1L, 2L, 1L)));
        Operation add1 = Operation.of(0, 0, Invocation.of("add", 1L), true, 0, 1);
        Operation add2 = Operation.of(1, 1, Invocation.of("add", 2L), Operation.UNKNOWN, 0, Long.MAX_VALUE);
        Operation read = Operation.of(2, 2, Invocation.of("read", null), List.of(1L, 1L), 2, 3);
        Operation readOk = Operation.of(2, 2, Invocation.of("read", null), List.of(1L), 2, 3);
        for (dev.ariadne.core.check.Engine e : dev.ariadne.core.check.Engine.values()) {
            dev.ariadne.core.check.CheckOptions o = dev.ariadne.core.check.CheckOptions.defaults().withCoreTimeout(null)
                    .withEngine(e);
            assertFalse(Checker.check(History.of(add1, read), new SetModel(), o).isLinearizable(), e.name());
            assertFalse(Checker.check(History.of(add1, add2, read), new SetModel(), o).isLinearizable(), e.name());
            assertTrue(Checker.check(History.of(add1, add2, readOk), new SetModel(), o).isLinearizable(), e.name());
        }
    }

    @Test
    void readComparesAsASet() {
        IntSeq s = add(model.init(), 1L, "a", 2L);
        assertEquals(s, step(model, s, "read", null, Set.of("a", 1, 2L)));
        assertEquals(s, step(model, s, "read", null, List.of(2, "a", 1L)), "order ignored");
        assertNull(step(model, s, "read", null, List.of(1L, 2L)), "a is missing");
        assertNull(step(model, s, "read", null, List.of(1L, 2L, "a", 3L)), "3 was never added");
        assertEquals(model.init(), step(model, model.init(), "read", null, List.of()));
        assertEquals(s, step(model, s, "read", null, UNKNOWN));
    }

    @Test
    void equalSetsAreEqualStates() {
        IntSeq a = add(model.init(), 3L, 1L, 2L);
        a = step(model, a, "remove", 3L, UNKNOWN);
        IntSeq b = add(model.init(), 2L, 1L);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(add(model.init(), 1L), b);
    }

    @Test
    void rejectsBadShapes() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "put", 1L, null));
        assertTrue(e.getMessage().contains("add, remove, contains or read"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "add", null, null));
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "read", null, 3L));
        assertTrue(e.getMessage().contains("a set or list"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "contains", 1L, "yes"));
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "read", null, List.of(1L));
        assertSame(p, model.prepare(p));
    }

    @Test
    void describesWithEscapedValues() {
        assertEquals("add(\"x\\\"y\")", describe(model, "add", "x\"y", UNKNOWN));
        assertEquals("remove(1) → true", describe(model, "remove", 1L, true));
        assertEquals("contains(1) → ?", describe(model, "contains", 1L, UNKNOWN));
        assertEquals("read → #{1 2}", describe(model, "read", null, List.of(1L, 2L)));
        assertEquals("#{\"\\n\"}", model.describeState(add(model.init(), "\n")));
        assertEquals("set", model.toString());
        assertEquals("set", BuiltinModels.byName("set").name());
    }

    @Test
    void checksHistories() {
        Operation add1 = Operation.of(0, 0, Invocation.of("add", 1L), null, 0, 1);
        Operation readEmpty = Operation.of(1, 1, Invocation.of("read", null), List.of(), 2, 3);
        assertFalse(Checker.check(History.of(add1, readEmpty), new SetModel()).isLinearizable());
        Operation pendingAdd2 = Operation.pending(1, 2, Invocation.of("add", 2L), 0);
        Operation read12 = Operation.of(2, 1, Invocation.of("read", null), List.of(2L, 1L), 2, 3);
        assertTrue(Checker.check(History.of(add1, pendingAdd2, read12), new SetModel()).isLinearizable());
    }
}
