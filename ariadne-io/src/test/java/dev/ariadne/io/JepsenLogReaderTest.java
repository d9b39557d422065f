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

    private static final ReadOptions MISMATCH = ReadOptions.defaults().withFormat(Format.JEPSEN_LOG)
            .withFailedCas(ReadOptions.FailedCas.MISMATCH);

    @Test
    void readsEventsWithPorcupineEtcdConventions() throws Exception {
        ReadResult r = Read.load(LOG, MISMATCH);
        assertEquals(ReadOptions.FailedCas.MISMATCH, r.failedCas());
        History h = r.history();
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

    /** Issue 27: by default a log means what the same test's history.edn means: a :fail did not happen. */
    @Test
    void byDefaultAFailedCasOrReadIsDroppedAsInEdn() throws Exception {
        ReadResult r = Read.load(LOG, ReadOptions.defaults());
        assertEquals(ReadOptions.FailedCas.ABSENT, r.failedCas());
        History h = r.history();
        assertEquals(5, h.size());
        assertTrue(h.operations().stream().noneMatch(op -> Read.input(op).f().equals("cas")
                && Read.input(op).value().equals(List.of(3L, 4L))));
        assertEquals(List.of(8L, 12L, 14L), r.annotations().stream().filter(a -> a.type().equals(JepsenOps.FAILED))
                .map(Annotation::line).toList());
        StringBuilder edn = new StringBuilder();
        for (String line : LOG.split("\n")) {
            String m = JepsenLogReader.message(line);
            if (m != null) {
                String[] f = m.split("[ \t]+", 4);
                edn.append("{:process ").append(f[0]).append(", :type ").append(f[1]).append(", :f ").append(f[2])
                        .append(", :value ").append(f[3]).append("}\n");
            } else {
                edn.append("; ").append(line).append('\n');
            }
        }
        for (ReadOptions o : List.of(ReadOptions.defaults(), MISMATCH.withFormat(Format.AUTO))) {
            History fromLog = Read.load(LOG, o).history();
            History fromEdn = Read.load(edn.toString(), o).history();
            assertEquals(Format.EDN, Read.load(edn.toString(), o).format());
            assertEquals(fromLog.size(), fromEdn.size(), o.toString());
            for (int i = 0; i < fromLog.size(); i++) {
                assertEquals(fromLog.get(i).input(), fromEdn.get(i).input());
                assertEquals(fromLog.get(i).output(), fromEdn.get(i).output());
                assertEquals(fromLog.get(i).line(), fromEdn.get(i).line());
            }
        }
    }

    /** A failing run's log: a preamble, the operations, then Knossos' printout (bare operation lines). */
    private static final String FAILING_RUN = String.join("\n",
            "lein test jepsen.etcd-test",
            "INFO  jepsen.core - Running test jepsen.etcd-test",
            "INFO  jepsen.util - 0\t:invoke\t:write\t4",
            "INFO  jepsen.util - 0\t:ok\t:write\t4",
            "INFO  jepsen.util - 1\t:invoke\t:read\tnil",
            "INFO  jepsen.util - 1\t:ok\t:read\t3",
            "Not linearizable. Linearizable prefix was:",
            "0\t:invoke\t:write\t4",
            "0\t:ok\t:write\t4",
            "1\t:invoke\t:read\tnil",
            "",
            "Followed by inconsistent operation:",
            "1\t:ok\t:read\t3",
            "",
            "World with fixed history:",
            "0\t:invoke\t:write\t4",
            "led to state: ",
            "{:value 4}",
            "with pending operations:",
            "1\t:invoke\t:read\t3",
            "INFO  jepsen.util - 7\t:invoke\t:write\t9",
            "");

    /** Issue 27: Knossos' printout ends the history, batch and stream: its lines are never more operations. */
    @Test
    void knossosPrintoutAfterTheOperationsIsNotRead() throws Exception {
        for (Format f : List.of(Format.JEPSEN_LOG, Format.AUTO)) {
            History h = Read.text(FAILING_RUN, f);
            assertEquals(2, h.size());
            assertEquals(List.of(3L, 5L), h.operations().stream().map(Operation::line).map(Long::valueOf).toList());
        }
        EventReader reader = HistoryReaders.events(new java.io.ByteArrayInputStream(
                FAILING_RUN.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "s", ReadOptions.defaults());
        assertEquals(Format.JEPSEN_LOG, reader.format(), "a preamble line, then a log record: a Jepsen log");
        dev.ariadne.core.history.HistoryBuilder b = new dev.ariadne.core.history.HistoryBuilder();
        reader.readTo(b);
        assertEquals(2, b.build().size());
        assertTrue(JepsenLogReader.isAnalysis("Not linearizable. Linearizable prefix was:"));
        assertTrue(JepsenLogReader.isAnalysis("412 element history linearizable. :D"));
        assertTrue(!JepsenLogReader.isAnalysis("INFO  jepsen.util - 0 :invoke :read nil"));
        // without the marker, the bare lines are unrecognised and outnumber the operations: not a history
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Read.text(FAILING_RUN.replace("Not linearizable. Linearizable prefix was:", "Prefix:"),
                        Format.JEPSEN_LOG));
        assertTrue(e.problem().startsWith("most lines are not operations"), e.problem());
    }

    @Test
    void failedWriteIsDropped() throws Exception {
        History h = Read.text(LOG, Format.JEPSEN_LOG);
        assertTrue(h.operations().stream().noneMatch(op -> Read.input(op).value() instanceof Long v && v == 7L));
    }

    @Test
    void autoDetectsTheLogFromItsFirstLine() throws Exception {
        History h = Read.text(LOG.substring(LOG.indexOf('\n') + 1), Format.AUTO);
        assertEquals(5, h.size());
        assertEquals(1, h.get(0).line());
    }

    @Test
    void aTrailingErrorValueIsAccepted() throws Exception {
        History h = Read.text("INFO  jepsen.util - 0\t:invoke\t:write\t1\n"
                + "INFO  jepsen.util - 0\t:info\t:write\t1\t:timed-out\n", Format.JEPSEN_LOG);
        assertTrue(h.get(0).isPending());
    }
}
