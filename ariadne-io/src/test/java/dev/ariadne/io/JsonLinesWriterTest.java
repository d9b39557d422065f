package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JsonLinesWriterTest {
    private static String write(History h) throws Exception {
        StringWriter out = new StringWriter();
        JsonLinesWriter.write(h, out);
        return out.toString();
    }

    @Test
    void nativeHistoriesRoundTripExactly() throws Exception {
        String json = String.join("\n",
                "{\"client\":0,\"call\":0,\"return\":10,\"f\":\"write\",\"value\":1,\"meta\":{\"node\":\"n1\"}}",
                "{\"client\":1,\"call\":2,\"return\":12,\"f\":\"read\",\"output\":null}",
                "{\"client\":2,\"call\":5,\"f\":\"cas\",\"key\":\"x\",\"value\":[1,2]}",
                "{\"client\":0,\"call\":11,\"return\":11,\"f\":\"read\",\"value\":{\"a\":1.5,\"b\":[true,\"\\t\"]},"
                        + "\"output\":123456789012345678901234}",
                "{\"client\":1,\"call\":13,\"return\":20,\"f\":\"x\",\"value\":{\"#set\":[1]},"
                        + "\"output\":{\"#map\":[[1,2]]}}",
                "{\"client\":3,\"call\":14,\"return\":15,\"f\":\"x\",\"value\":{\"#map\":[[\"#set\",[1]]]}}",
                "");
        History h = Read.text(json, Format.JSON);
        String written = write(h);
        assertEquals(h, Read.text(written, Format.JSON));
        assertEquals(json.lines().toList().get(1), written.lines().toList().get(1));
        assertEquals(json, written);
    }

    @Test
    void historiesFromEdnAndLogsRoundTripUpToLines() throws Exception {
        String edn = "{:process 0, :type :invoke, :f :txn, :key :k, :value [[:r 1 nil] #{1 2} {1 :a, :b 2}]}\n"
                + "{:process 1, :type :invoke, :f :read, :value nil}\n"
                + "{:process 0, :type :ok, :f :txn, :key :k, :value [[:r 1 3] #{1 2} {1 :a, :b 2}]}\n"
                + "{:process 1, :type :info, :f :read, :value nil}\n";
        History h = Read.text(edn, Format.EDN);
        History back = Read.text(write(h), Format.AUTO);
        assertEquals(withoutLines(h), withoutLines(back));
        String log = "INFO  jepsen.util - 0\t:invoke\t:cas\t[1 2]\nINFO  jepsen.util - 0\t:fail\t:cas\t[1 2]\n"
                + "INFO  jepsen.util - 1\t:invoke\t:read\tnil\nINFO  jepsen.util - 1\t:fail\t:read\tnil\n";
        History fromLog = Read.text(log, Format.JEPSEN_LOG);
        assertEquals(withoutLines(fromLog), withoutLines(Read.text(write(fromLog), Format.JSON)));
    }

    @Test
    void emptyHistoryWritesNothing() throws Exception {
        assertEquals("", write(History.empty()));
    }

    @Test
    void rejectsInputsThatAreNotInvocations() {
        History h = History.of(Operation.of(0, 0, "raw", null, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> write(h));
    }

    private static List<Operation> withoutLines(History h) {
        return h.operations().stream()
                .map(op -> new Operation(op.id(), op.client(), op.input(), op.output(), op.call(), op.ret(), Map.of()))
                .toList();
    }

    @Test
    void theEventWriterWritesWholeLinesOnlyAtFlushAndReadsBackWithCrashesAndFailures() throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        w.call(0, dev.ariadne.core.history.Invocation.of("write", 1L), 5, Map.of("line", 3, "node", "n1"));
        w.call(1, new dev.ariadne.core.history.Invocation("put", "k\n\"", List.of(1L, "x")), 6, Map.of());
        assertEquals(0, out.size(), "nothing reaches the stream before a flush");
        w.ret(0, null, 7, -1);
        w.crash(1, 8, -1);
        w.call(2, dev.ariadne.core.history.Invocation.of("read", null), 9, Map.of());
        w.ret(2, Operation.UNKNOWN, 10, -1);
        w.call(0, dev.ariadne.core.history.Invocation.of("write", 2L), 11, Map.of());
        w.discard(0, 12, -1);
        assertThrows(IllegalArgumentException.class,
                () -> w.call(3, dev.ariadne.core.history.Invocation.of("write", new Object()), 13, Map.of()));
        w.call(3, dev.ariadne.core.history.Invocation.of("read", null), 14, Map.of());
        w.flush();
        String text = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(String.join("\n",
                "{\"type\":\"call\",\"client\":0,\"f\":\"write\",\"value\":1,\"meta\":{\"node\":\"n1\"},\"time\":5}",
                "{\"type\":\"call\",\"client\":1,\"f\":\"put\",\"key\":\"k\\n\\\"\",\"value\":[1,\"x\"],\"time\":6}",
                "{\"type\":\"return\",\"client\":0,\"output\":null,\"time\":7}",
                "{\"type\":\"crash\",\"client\":1,\"time\":8}",
                "{\"type\":\"call\",\"client\":2,\"f\":\"read\",\"time\":9}",
                "{\"type\":\"return\",\"client\":2,\"time\":10}",
                "{\"type\":\"call\",\"client\":0,\"f\":\"write\",\"value\":2,\"time\":11}",
                "{\"type\":\"fail\",\"client\":0,\"time\":12}",
                "{\"type\":\"call\",\"client\":3,\"f\":\"read\",\"time\":14}",
                ""), text);
        assertEquals(9, w.events());
        History h = Read.text(text, Format.JSON);
        assertEquals(4, h.size(), "the failed write is dropped");
        assertEquals(Operation.PENDING, h.get(1).ret(), "the crashed put stays pending");
        assertEquals(Operation.UNKNOWN, h.get(2).output());
        assertEquals(Operation.PENDING, h.get(3).ret(), "the read without its return is pending");
    }
}
