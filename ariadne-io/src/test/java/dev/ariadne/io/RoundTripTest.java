package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.ariadne.io.Msgpack.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every format → native JSON lines → a history equal to the original (the {@code line} metadata aside). */
class RoundTripTest {
    static final String EDN = String.join("\n",
            "; every kind of value and every Jepsen type",
            "{:process 0, :type :invoke, :f :write, :value {:a #{1 2.5 \"s\"}, 7 [nil true \\c 99999999999999999999]}}",
            "{:process 1, :type :invoke, :f :cas, :value [1 2], :time 5, :index 1}",
            "{:process :nemesis, :type :info, :f :start, :value nil}",
            "{:process 0, :type :ok, :f :write, :value {:a #{1 2.5 \"s\"}, 7 [nil true \\c 99999999999999999999]}}",
            "{:process 1, :type :fail, :f :cas, :value [1 2]}",
            "{:process 2, :type :invoke, :f :read, :key :k/x, :value nil}",
            "{:process 2, :type :info, :f :read, :value nil}",
            "{:process 4, :type :invoke, :f :read, :value nil}",
            "{:process 3, :type :invoke, :f :read, :value nil}",
            "{:process 3, :type :ok, :f :read, :value {\"#set\" [1]}}",
            "");
    static final String LOG = String.join("\n",
            "INFO  jepsen.util - 0\t:invoke\t:read\tnil",
            "INFO  jepsen.util - 1\t:invoke\t:cas\t[3 0]",
            "INFO  jepsen.util - 0\t:fail\t:read\tnil",
            "INFO  jepsen.util - 1\t:fail\t:cas\t[3 0]",
            "INFO  jepsen.util - 2\t:invoke\t:write\t4",
            "INFO  jepsen.util - 2\t:info\t:write\t:timed-out",
            "INFO  jepsen.util - 3\t:invoke\t:read\tnil",
            "INFO  jepsen.util - 3\t:ok\t:read\t4",
            "");
    static final String JSON_OPS = String.join("\n",
            "{\"client\":0,\"call\":0,\"return\":10,\"f\":\"write\",\"value\":{\"#set\":[1]},\"meta\":{\"n\":[1]}}",
            "{\"client\":1,\"call\":2,\"return\":12,\"f\":\"read\",\"output\":null}",
            "{\"client\":2,\"call\":5,\"return\":15,\"f\":\"get\",\"key\":{\"#map\":[[1,2]]},\"output\":1.5}",
            "{\"client\":1,\"call\":13,\"f\":\"read\"}",
            "");
    static final String JSON_EVENTS = String.join("\n",
            "{\"type\":\"call\",\"client\":0,\"f\":\"write\",\"value\":3}",
            "{\"type\":\"call\",\"client\":1,\"f\":\"read\"}",
            "{\"type\":\"return\",\"client\":0}",
            "{\"type\":\"return\",\"client\":1,\"output\":3}",
            "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}",
            "");
    static final String JEPSEN_JSON = "[{\"type\":\"invoke\",\"f\":\"txn\",\"value\":[[\"w\",\"x\",2]],\"process\":0},\n"
            + "{\"type\":\"invoke\",\"f\":\"txn\",\"value\":[[\"r\",\"x\",null]],\"process\":1},\n"
            + "{\"type\":\"info\",\"f\":\"kill\",\"process\":\"nemesis\"},\n"
            + "{\"type\":\"ok\",\"f\":\"txn\",\"value\":[[\"w\",\"x\",2]],\"process\":0},\n"
            + "{\"type\":\"info\",\"f\":\"txn\",\"value\":[[\"r\",\"x\",null]],\"process\":1}]\n";
    static final String OMNILINK_JSON = "[{\"operation_name\":\"Enqueue\",\"operation\":{\"e\":1,\"ok\":true,"
            + "\"_op_start\":1,\"_op_end\":5,\"_meta\":{\"token\":\"p\"}}},\n"
            + "{\"thread\":2,\"operation_name\":\"Dequeue\",\"op_start\":2,\"op_end\":9,\"operation\":{\"e\":1}},\n"
            + "{\"thread\":3,\"operation_name\":\"Size\",\"op_start\":3,\"operation\":{}}]\n";

    static byte[] omnilinkMsgpack() {
        return Msgpack.of(record("Enqueue", 10, 20L, "e", 1L, "ok", true), record("Dequeue", 30, 40L, "e", 1L),
                record("Peek", 50, null, "e", null));
    }

    /** The operations with their {@code line} metadata removed. */
    static List<Operation> withoutLines(History h) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : h.operations()) {
            Map<String, Object> m = new LinkedHashMap<>(op.metadata());
            m.remove("line");
            ops.add(new Operation(op.id(), op.client(), op.input(), op.output(), op.call(), op.ret(), m));
        }
        return ops;
    }

    static void assertRoundTrips(History original) throws Exception {
        StringWriter native_ = new StringWriter();
        JsonLinesWriter.write(original, native_);
        History back = Read.text(native_.toString(), Format.AUTO);
        assertEquals(withoutLines(original), withoutLines(back), native_.toString());
        assertEquals(Format.JSON, HistoryReaders.detect(new java.io.ByteArrayInputStream(
                native_.toString().getBytes(StandardCharsets.UTF_8)), "t"));
    }

    @Test
    void everyFormatRoundTripsThroughTheNativeFormat(@TempDir Path dir) throws Exception {
        Object[][] inputs = {
                {EDN, Format.EDN, 4}, {LOG, Format.JEPSEN_LOG, 2}, {JSON_OPS, Format.JSON, 4},
                {JSON_EVENTS, Format.JSON, 3}, {JEPSEN_JSON, Format.JEPSEN_JSON, 2},
                {OMNILINK_JSON, Format.OMNILINK, 3}};
        for (Object[] in : inputs) {
            ReadResult r = Read.load((String) in[0], ReadOptions.defaults());
            assertEquals(in[1], r.format());
            assertEquals(in[2], r.history().size(), in[1].toString());
            assertRoundTrips(r.history());
        }
        ReadResult etcd = Read.load(LOG, ReadOptions.defaults().withFailedCas(ReadOptions.FailedCas.MISMATCH));
        assertEquals(4, etcd.history().size()); // porcupine's reading keeps the failed cas (false) and read (unknown)
        assertRoundTrips(etcd.history());
        History msgpack = Read.bytes(omnilinkMsgpack(), Format.AUTO);
        assertEquals(3, msgpack.size());
        assertRoundTrips(msgpack);
        Files.write(dir.resolve("a.log"), omnilinkMsgpack());
        Files.writeString(dir.resolve("b.log"), "{\"operation_name\":\"Enqueue\",\"operation\":{\"e\":2,"
                + "\"_op_start\":15,\"_op_end\":25,\"_meta\":[1]}}\n"
                + "{\"operation_name\":\"Size\",\"operation\":{\"_op_start\":26}}\n");
        History both = HistoryReaders.read(dir, Format.AUTO);
        assertTrue(both.operations().stream().anyMatch(op -> "b.log".equals(op.metadata().get("file"))));
        assertRoundTrips(both);
        History reused = Read.load("{:process 0, :type :invoke, :f :read}\n{:process 0, :type :info, :f :read}\n"
                + "{:process 0, :type :invoke, :f :read}\n", ReadOptions.defaults().withNewClientAfterInfo(true))
                .history();
        assertEquals(0L, reused.get(1).metadata().get("process"));
        assertRoundTrips(reused);
    }
}
