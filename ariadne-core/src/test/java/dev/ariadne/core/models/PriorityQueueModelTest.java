package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
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

class PriorityQueueModelTest {
    private final PriorityQueueModel model = new PriorityQueueModel();

    private IntSeq insert(IntSeq s, Object... values) {
        for (Object v : values) {
            s = step(model, s, "insert", v, null);
        }
        return s;
    }

    @Test
    void extractsTheLeastFirst() {
        IntSeq s = insert(model.init(), 3L, 1L, 2L);
        assertNull(step(model, s, "extract-min", null, 3L), "3 is not the least");
        assertNull(step(model, s, "extract-min", null, 2L), "2 is not the least");
        IntSeq afterOne = step(model, s, "extract-min", null, 1L);
        assertEquals(insert(model.init(), 2L, 3L), afterOne);
        IntSeq afterTwo = step(model, afterOne, "extract-min", null, 2L);
        assertEquals(model.init(), step(model, afterTwo, "extract-min", null, 3L));
        assertNull(step(model, model.init(), "extract-min", null, 1L), "nothing to extract");
    }

    @Test
    void duplicatesAreKept() {
        IntSeq s = insert(model.init(), 5L, 5L);
        IntSeq once = step(model, s, "extract-min", null, 5L);
        assertEquals(insert(model.init(), 5L), once);
        assertEquals(model.init(), step(model, once, "extract-min", null, 5L));
    }

    @Test
    void integersComeBeforeStringsAndBigIntegersCompareByValue() {
        BigInteger big = BigInteger.ONE.shiftLeft(70);
        IntSeq s = insert(model.init(), "a", big, -4L, "B");
        assertNull(step(model, s, "extract-min", null, "B"));
        s = step(model, s, "extract-min", null, -4L);
        s = step(model, s, "extract-min", null, big);
        s = step(model, s, "extract-min", null, "B"); // 'B' < 'a' in String.compareTo
        assertEquals(model.init(), step(model, s, "extract-min", null, "a"));
    }

    @Test
    void nilOutputMeansEmpty() {
        assertEquals(model.init(), step(model, model.init(), "extract-min", null, null));
        assertNull(step(model, insert(model.init(), 1L), "extract-min", null, null));
    }

    @Test
    void unknownOutputRemovesTheLeastIfAny() {
        assertEquals(model.init(), step(model, model.init(), "extract-min", null, UNKNOWN));
        assertEquals(insert(model.init(), 2L),
                step(model, insert(model.init(), 2L, 1L), "extract-min", null, UNKNOWN));
    }

    @Test
    void numbersAreNormalised() {
        assertEquals(model.init(), step(model, insert(model.init(), 7), "extract-min", null, 7L));
    }

    @Test
    void equalContentsAreEqualStates() {
        IntSeq a = insert(model.init(), 2L, 1L, 3L);
        IntSeq b = insert(model.init(), 3L, 2L, 1L);
        assertEquals(a, b, "insertion order does not matter");
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(insert(model.init(), 1L, 2L), b);
    }

    @Test
    void rejectsUnknownFunctionsNilAndUnorderedValues() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "push", 1L, null));
        assertTrue(e.getMessage().contains("insert or extract-min"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "insert", null, null));
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "insert", 1.5, null));
        assertTrue(e.getMessage().contains("an integer or a string"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> prepared(model, "insert", List.of(1L), null));
        assertThrows(InvalidOperationException.class, () -> prepared(model, "extract-min", null, true));
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "insert", 1L, null);
        assertSame(p, model.prepare(p));
    }

    @Test
    void startsFromAnInitialList() {
        PriorityQueueModel m = model.withInitial(List.of(3L, 1L));
        Operation take = m.prepare(Operation.of(0, 0, Invocation.of("extract-min", null), 1L, 0, 1));
        assertEquals(m.withInitial(List.of(3L)).describeState(m.withInitial(List.of(3L)).init()),
                m.describeState(m.step(m.init(), take.input(), take.output())));
        assertEquals("[next → 1 3]", m.describeState(m.init()));
        assertThrows(IllegalArgumentException.class, () -> model.withInitial(List.of(1.5)));
        assertThrows(IllegalArgumentException.class, () -> model.withInitial(7L));
        assertThrows(IllegalArgumentException.class, () -> model.withInitial(java.util.Arrays.asList(1L, null)));
        assertEquals("[next → 2]", BuiltinModels.byName("priority-queue", List.of(2L)).describeState(
                cast(BuiltinModels.byName("priority-queue", List.of(2L)).init())));
    }

    @SuppressWarnings("unchecked")
    private static <S> S cast(Object state) {
        return (S) state;
    }

    @Test
    void describesWithEscapedValues() {
        assertEquals("insert(\"\\u001b[31m\")", describe(model, "insert", "\u001b[31m", null));
        assertEquals("extract-min → nil", describe(model, "extract-min", null, null));
        assertEquals("extract-min → ?", describe(model, "extract-min", null, UNKNOWN));
        assertEquals("[next → 1 2]", model.describeState(insert(model.init(), 2L, 1L)));
        assertEquals("[]", model.describeState(model.init()));
        assertEquals("priority-queue", model.toString());
        assertEquals("priority-queue", BuiltinModels.byName("priority-queue").name());
    }

    @Test
    void checksHistories() {
        Operation insert2 = Operation.of(0, 0, Invocation.of("insert", 2L), null, 0, 1);
        Operation insert1 = Operation.of(1, 0, Invocation.of("insert", 1L), null, 2, 3);
        Operation take2 = Operation.of(2, 1, Invocation.of("extract-min", null), 2L, 4, 5);
        assertFalse(Checker.check(History.of(insert2, insert1, take2), new PriorityQueueModel()).isLinearizable(),
                "1 is the least");
        Operation insert1Concurrent = Operation.of(1, 2, Invocation.of("insert", 1L), null, 0, 5);
        assertTrue(Checker.check(History.of(insert2, insert1Concurrent, take2), new PriorityQueueModel())
                .isLinearizable(), "1 may be inserted after the extraction");
    }
}
