package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JepsenLogReaderTest {
    private static final String LOG = String.join("\n",
            "2017-01-01 INFO  jepsen.core - Running test",                  // 1: other logger
            "INFO  jepsen.util - 0\t:invoke\t:read\tnil",                    // 2
            "INFO  jepsen.util - 1   :invoke :write  3",                     // 3: runs of spaces
            "INFO  jepsen.util - :nemesis\t:info\t:start\tnil",              // 4: skipped
            "INFO  jepsen.util - 2\t:invoke\t:cas\t[3 4]",                   // 5
            "INFO  jepsen.util - 0\t:ok\t:read\tnil",                        // 6
            "INFO  jepsen.util - 1\t:ok\t:write\t3",                         // 7
            "INFO  jepsen.util - 2\t:fail\t:cas\t[3 4]",                     // 8: compare mismatch
            "INFO  jepsen.util - 3\t:invoke\t:write\t5",                     // 9
            "INFO  jepsen.util - 3\t:info\t:write\t:timed-out",              // 10: crash
            "INFO  jepsen.util - 4\t:invoke\t:read\tnil",                    // 11
            "INFO  jepsen.util - 4\t:fail\t:read\t:timed-out",               // 12: unknown output
            "INFO  jepsen.util - 0\t:invoke\t:write\t7",                     // 13
            "INFO  jepsen.util - 0\t:fail\t:write\t7",                       // 14: did not happen
            "INFO  jepsen.util - 1\t:invoke\t:cas\t[3 9]",                   // 15
            "INFO  jepsen.util - 1\t:ok\t:cas\t[3 9]",                       // 16
            "INFO  jepsen.util - 2\t:invoke\t:read\tnil",                    // 17: pending at the end
            "");

    @Test
    void readsEventsWithPorcupineEtcdConventions() throws Exception {
        History h = Read.text(LOG, Format.JEPSEN_LOG);
        assertEquals(7, h.size());
        Operation read = h.get(0);
        assertEquals(new Invocation("read", null, null), read.input());
        assertNull(read.output());
        assertEquals(2, read.line());
        assertEquals(0, read.client());

        Operation write = h.get(1);
        assertEquals(Invocation.of("write", 3L), write.input());
        assertEquals(3L, write.output());
        assertEquals(3, write.line());

        Operation cas = h.get(2);
        assertEquals(Invocation.of("cas", List.of(3L, 4L)), cas.input());
        assertEquals(Boolean.FALSE, cas.output());
        assertEquals(5, cas.line());
        assertTrue(read.call() < write.call() && write.call() < cas.call());
        assertTrue(cas.ret() > read.ret());

        Operation crashed = h.get(3);
        assertEquals(3, crashed.client());
        assertTrue(crashed.isPending());
        assertEquals(Operation.UNKNOWN, crashed.output());

        Operation failedRead = h.get(4);
        assertEquals(4, failedRead.client());
        assertTrue(!failedRead.isPending() && !failedRead.outputKnown());

        Operation cas2 = h.get(5);
        assertEquals(List.of(3L, 9L), cas2.output());
        assertEquals(15, cas2.line());

        Operation pending = h.get(6);
        assertEquals(2, pending.client());
        assertTrue(pending.isPending());
        assertEquals(17, pending.line());
    }

    @Test
    void failedWriteIsDropped() throws Exception {
        History h = Read.text(LOG, Format.JEPSEN_LOG);
        assertTrue(h.operations().stream().noneMatch(op -> Read.input(op).value() instanceof Long v && v == 7L));
    }

    @Test
    void autoDetectsTheLogFromItsFirstLine() throws Exception {
        History h = Read.text(LOG.substring(LOG.indexOf('\n') + 1), Format.AUTO);
        assertEquals(7, h.size());
        assertEquals(1, h.get(0).line());
    }

    @Test
    void aTrailingErrorValueIsAccepted() throws Exception {
        History h = Read.text("INFO  jepsen.util - 0\t:invoke\t:write\t1\n"
                + "INFO  jepsen.util - 0\t:info\t:write\t1\t:timed-out\n", Format.JEPSEN_LOG);
        assertTrue(h.get(0).isPending());
    }
}
