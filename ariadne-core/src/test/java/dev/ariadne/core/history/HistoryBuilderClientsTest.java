package dev.ariadne.core.history;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link HistoryBuilder} keeps the open operations of small client numbers in an array and the others in a map:
 * both give the same histories and the same mistakes, named by line.
 */
class HistoryBuilderClientsTest {
    private static final int[] CLIENTS = {0, 7, 4095, 4096, 1_000_000, -3};

    private static Map<String, Object> line(int n) {
        return Map.of("line", n);
    }

    @Test
    void smallLargeAndNegativeClientsMakeTheSameHistory() {
        HistoryBuilder b = new HistoryBuilder();
        int line = 1;
        for (int c : CLIENTS) {
            b.call(c, "in" + c, EventSink.UNTIMED, line(line++));
        }
        for (int c : CLIENTS) {
            assertTrue(b.isOpen(c), "client " + c);
        }
        // return in reverse order; the last client stays pending
        for (int k = CLIENTS.length - 1; k > 0; k--) {
            b.ret(CLIENTS[k], "out" + CLIENTS[k], EventSink.UNTIMED, line++);
            assertFalse(b.isOpen(CLIENTS[k]));
        }
        List<Operation> ops = b.build().operations();
        assertEquals(CLIENTS.length, ops.size());
        for (int k = 0; k < CLIENTS.length; k++) {
            Operation op = ops.get(k);
            assertEquals(k, op.id());
            assertEquals(CLIENTS[k], op.client());
            assertEquals("in" + CLIENTS[k], op.input());
            assertEquals(k + 1, op.line());
            if (k == 0) {
                assertTrue(op.isPending());
            } else {
                assertEquals("out" + CLIENTS[k], op.output());
                assertEquals(CLIENTS.length + (CLIENTS.length - 1 - k), op.ret());
            }
        }
    }

    @Test
    void aBusyClientIsNamedWithBothLinesWhateverItsNumber() {
        for (int c : CLIENTS) {
            HistoryBuilder b = new HistoryBuilder();
            b.call(c, "a", EventSink.UNTIMED, line(3));
            HistoryException e = assertThrows(HistoryException.class,
                    () -> b.call(c, "b", EventSink.UNTIMED, line(9)));
            assertEquals("client " + c + " calls a new operation while its operation from line 3 is still open",
                    e.getMessage());
            assertEquals(9, e.line());
        }
    }

    @Test
    void returnsWithoutCallsCrashedClientsAndTimeGoingBackwardsAreNamedByLine() {
        for (int c : CLIENTS) {
            HistoryBuilder b = new HistoryBuilder();
            HistoryException none = assertThrows(HistoryException.class,
                    () -> b.ret(c, "x", EventSink.UNTIMED, 4));
            assertEquals("client " + c + " returns but has no open operation (a completion without its invocation)",
                    none.getMessage());
            assertEquals(4, none.line());
            b.call(c, "a", EventSink.UNTIMED, line(5));
            b.crash(c, EventSink.UNTIMED, 6);
            HistoryException crashed = assertThrows(HistoryException.class,
                    () -> b.call(c, "b", EventSink.UNTIMED, line(7)));
            assertEquals(7, crashed.line());
            assertTrue(crashed.getMessage().contains("after one of its operations crashed"), crashed.getMessage());
        }
        HistoryBuilder timed = new HistoryBuilder();
        timed.call(1, "a", 10, line(1));
        HistoryException back = assertThrows(HistoryException.class, () -> timed.call(2, "b", 5, line(2)));
        assertEquals("time goes backwards: 5 after 10", back.getMessage());
        assertEquals(2, back.line());
    }
}
