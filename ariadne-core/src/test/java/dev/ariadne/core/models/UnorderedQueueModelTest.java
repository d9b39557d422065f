package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;

import java.util.Collection;
import java.util.List;
import java.util.Set;

import static dev.ariadne.core.models.ModelTestSupport.UNKNOWN;
import static dev.ariadne.core.models.ModelTestSupport.op;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnorderedQueueModelTest {
    private final UnorderedQueueModel model = new UnorderedQueueModel();

    private Collection<IntSeq> step(IntSeq state, String f, Object value, Object output) {
        Operation p = model.prepare(op(f, value, output));
        return model.step(state, p.input(), p.output());
    }

    private IntSeq only(Collection<IntSeq> states) {
        assertEquals(1, states.size(), "exactly one successor: " + states);
        return states.iterator().next();
    }

    private IntSeq enqueue(IntSeq s, Object... values) {
        for (Object v : values) {
            s = only(step(s, "enqueue", v, null));
        }
        return s;
    }

    private IntSeq empty() {
        return only(model.init());
    }

    @Test
    void dequeueMayReturnAnyElementPresent() {
        IntSeq s = enqueue(empty(), 1L, 2L, 2L);
        assertEquals(enqueue(empty(), 1L, 2L), only(step(s, "dequeue", null, 2L)));
        assertEquals(enqueue(empty(), 2L, 2L), only(step(s, "dequeue", null, 1L)));
        assertTrue(step(s, "dequeue", null, 3L).isEmpty(), "3 is not there");
        assertTrue(step(empty(), "dequeue", null, 1L).isEmpty());
    }

    @Test
    void nilOutputMeansEmpty() {
        assertEquals(empty(), only(step(empty(), "dequeue", null, null)));
        assertTrue(step(enqueue(empty(), 1L), "dequeue", null, null).isEmpty());
    }

    @Test
    void unknownOutputRemovesAnyOneDistinctElement() {
        IntSeq s = enqueue(empty(), 1L, 2L, 2L);
        assertEquals(Set.of(enqueue(empty(), 2L, 2L), enqueue(empty(), 1L, 2L)),
                Set.copyOf(step(s, "dequeue", null, UNKNOWN)));
        assertEquals(2, step(s, "dequeue", null, UNKNOWN).size(), "one successor per distinct element");
        assertEquals(empty(), only(step(empty(), "dequeue", null, UNKNOWN)));
    }

    @Test
    void equalBagsAreEqualStatesWhateverTheOrder() {
        IntSeq a = enqueue(empty(), 3L, 1, 2L, 1L);
        IntSeq b = enqueue(empty(), 1L, 2, 1L, 3L);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(enqueue(empty(), 1L, 2L, 3L), a, "multiplicity matters");
    }

    @Test
    void rejectsUnknownFunctionsAndNilValues() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> model.prepare(op("pop", null, null)));
        assertTrue(e.getMessage().contains("unordered-queue"), e.getMessage());
        assertThrows(InvalidOperationException.class, () -> model.prepare(op("enqueue", null, null)));
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = model.prepare(op("enqueue", 1L, null));
        assertSame(p, model.prepare(p));
    }

    @Test
    void describes() {
        Operation p = model.prepare(op("enqueue", "\u0007", null));
        assertEquals("enqueue(\"\\u0007\")", model.describeOperation(p.input(), p.output()));
        p = model.prepare(op("dequeue", null, UNKNOWN));
        assertEquals("dequeue → ?", model.describeOperation(p.input(), p.output()));
        assertEquals("#{1 1}", model.describeState(enqueue(empty(), 1L, 1L)));
        assertEquals("unordered-queue", model.toString());
    }

    @Test
    void registryExposesThePowerSetModel() {
        Model<?> m = BuiltinModels.byName("unordered-queue");
        assertEquals("unordered-queue", m.name());
        Operation enq1 = Operation.of(0, 0, Invocation.of("enqueue", 1L), null, 0, 1);
        Operation enq2 = Operation.of(1, 0, Invocation.of("enqueue", 2L), null, 2, 3);
        Operation deq2 = Operation.of(2, 1, Invocation.of("dequeue", null), 2L, 4, 5);
        Operation deq1 = Operation.of(3, 1, Invocation.of("dequeue", null), 1L, 6, 7);
        assertTrue(Checker.check(History.of(enq1, enq2, deq2, deq1), m).isLinearizable(),
                "order does not matter");
        Operation deq2Again = Operation.of(3, 1, Invocation.of("dequeue", null), 2L, 6, 7);
        assertFalse(Checker.check(History.of(enq1, enq2, deq2, deq2Again), BuiltinModels.byName("unordered-queue"))
                .isLinearizable(), "2 was enqueued once");
    }

    @Test
    void pendingDequeueMayTakeEitherElement() {
        List<Operation> ops = List.of(
                Operation.of(0, 0, Invocation.of("enqueue", 1L), null, 0, 1),
                Operation.of(1, 0, Invocation.of("enqueue", 2L), null, 2, 3),
                Operation.of(2, 1, Invocation.of("dequeue", null), UNKNOWN, 4, 5),
                Operation.of(3, 1, Invocation.of("dequeue", null), 1L, 6, 7),
                Operation.of(4, 1, Invocation.of("dequeue", null), null, 8, 9));
        assertTrue(Checker.check(History.of(ops), new UnorderedQueueModel().toModel()).isLinearizable(),
                "the unknown dequeue took 2");
    }
}
