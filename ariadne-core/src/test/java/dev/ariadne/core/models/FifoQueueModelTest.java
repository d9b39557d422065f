package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

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

class FifoQueueModelTest {
    private final FifoQueueModel model = new FifoQueueModel();

    private IntSeq enqueue(IntSeq s, Object... values) {
        for (Object v : values) {
            s = step(model, s, "enqueue", v, null);
        }
        return s;
    }

    @Test
    void dequeuesInEnqueueOrder() {
        IntSeq s = enqueue(model.init(), 1L, 2L);
        assertNull(step(model, s, "dequeue", null, 2L), "2 is not at the head");
        IntSeq afterOne = step(model, s, "dequeue", null, 1L);
        assertEquals(enqueue(model.init(), 2L), afterOne);
        IntSeq empty = step(model, afterOne, "dequeue", null, 2L);
        assertEquals(model.init(), empty);
        assertNull(step(model, empty, "dequeue", null, 2L), "nothing left to dequeue");
    }

    @Test
    void nilOutputMeansEmpty() {
        assertEquals(model.init(), step(model, model.init(), "dequeue", null, null));
        assertNull(step(model, enqueue(model.init(), 1L), "dequeue", null, null));
    }

    @Test
    void unknownOutputRemovesTheHeadIfAny() {
        assertEquals(model.init(), step(model, model.init(), "dequeue", null, UNKNOWN));
        assertEquals(enqueue(model.init(), 2L), step(model, enqueue(model.init(), 1L, 2L), "dequeue", null, UNKNOWN));
    }

    @Test
    void enqueueOutputIsIgnored() {
        assertEquals(enqueue(model.init(), 1L), step(model, model.init(), "enqueue", 1L, "whatever"));
    }

    @Test
    void numbersAreNormalisedAlsoInsideValues() {
        IntSeq s = enqueue(model.init(), 3, List.of(1, 2));
        s = step(model, s, "dequeue", null, 3L);
        assertEquals(model.init(), step(model, s, "dequeue", null, List.of(1L, 2L)));
        assertNull(step(model, enqueue(model.init(), 3L), "dequeue", null, 3.0), "3.0 is not the integer 3");
    }

    @Test
    void equalContentsAreEqualStates() {
        IntSeq a = enqueue(model.init(), 0L, 1L, 2L);
        a = step(model, a, "dequeue", null, 0L);
        IntSeq b = enqueue(model.init(), 1L, 2L);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(enqueue(model.init(), 2L, 1L), b, "order matters");
    }

    @Test
    void rejectsUnknownFunctionsAndNilValues() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "push", 1L, null));
        assertTrue(e.getMessage().contains("unknown operation 'push'"), e.getMessage());
        assertTrue(e.getMessage().contains("enqueue or dequeue"), e.getMessage());
        e = assertThrows(InvalidOperationException.class, () -> prepared(model, "enqueue", null, null));
        assertTrue(e.getMessage().contains("not nil"), e.getMessage());
        assertThrows(InvalidOperationException.class,
                () -> model.prepare(Operation.of(0, 0, "enqueue 1", null, 0, 1)));
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "dequeue", null, 1L);
        assertSame(p, model.prepare(p));
    }

    @Test
    void describesWithEscapedValues() {
        assertEquals("enqueue(\"a\\nb\")", describe(model, "enqueue", "a\nb", null));
        assertEquals("dequeue → 1", describe(model, "dequeue", null, 1L));
        assertEquals("dequeue → nil", describe(model, "dequeue", null, null));
        assertEquals("dequeue → ?", describe(model, "dequeue", null, UNKNOWN));
        assertEquals("[1 \"x\"]", model.describeState(enqueue(model.init(), 1L, "x")));
        assertEquals("fifo-queue", model.toString());
        assertEquals("fifo-queue", BuiltinModels.byName("fifo-queue").name());
    }

    @Test
    void checksHistories() {
        Operation enq1 = Operation.of(0, 0, Invocation.of("enqueue", 1L), null, 0, 1);
        Operation enq2 = Operation.of(1, 0, Invocation.of("enqueue", 2L), null, 2, 3);
        Operation deq2 = Operation.of(2, 1, Invocation.of("dequeue", null), 2L, 4, 5);
        Operation deq1 = Operation.of(3, 1, Invocation.of("dequeue", null), 1L, 6, 7);
        assertFalse(Checker.check(History.of(enq1, enq2, deq2, deq1), new FifoQueueModel()).isLinearizable(),
                "1 was enqueued first, so it must be dequeued first");

        Operation enq2Concurrent = Operation.of(1, 2, Invocation.of("enqueue", 2L), null, 0, 3);
        assertTrue(Checker.check(History.of(enq1, enq2Concurrent, deq2, deq1), new FifoQueueModel())
                .isLinearizable(), "concurrent enqueues may take effect in either order");

        Operation lost = Operation.pending(1, 2, Invocation.of("dequeue", null), 2);
        Operation deqEmpty = Operation.of(2, 1, Invocation.of("dequeue", null), null, 4, 5);
        assertTrue(Checker.check(History.of(enq1, lost, deqEmpty), new FifoQueueModel()).isLinearizable(),
                "the pending dequeue may have taken 1");
        assertFalse(Checker.check(History.of(enq1, deqEmpty), new FifoQueueModel()).isLinearizable());
    }
}
