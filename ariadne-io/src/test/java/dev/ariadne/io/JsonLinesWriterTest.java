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
}
