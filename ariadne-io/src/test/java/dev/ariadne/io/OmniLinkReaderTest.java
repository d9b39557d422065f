package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.ariadne.io.Msgpack.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OmniLinkReaderTest {
    /** Two threads in one JSON file, one record a line, in both of OmniLink's shapes. */
    private static final String JSON = String.join("\n",
            "{\"thread\":0,\"operation_name\":\"write\",\"operation\":{\"value\":1,\"_op_start\":10,\"_op_end\":20}}",
            "{\"thread\":1,\"operation_name\":\"read\",\"op_start\":12,\"op_end\":30,\"operation\":{\"value\":1}}",
            "{\"thread\":0,\"operation_name\":\"cas\",\"operation\":{\"old\":1,\"new\":2,\"_op_start\":21,"
                    + "\"_op_end\":25,\"_meta\":{\"node\":\"n1\"}}}",
            "{\"thread\":1,\"operation_name\":\"size\",\"operation\":{\"_op_start\":31,\"_op_end\":32}}",
            "{\"thread\":0,\"operation_name\":\"put\",\"operation\":{\"k\":{\"#set\":[1,2]},\"v\":true,"
                    + "\"_did_abort\":true,\"_op_start\":26,\"_op_end\":27}}",
            "{\"thread\":0,\"operation_name\":\"read\",\"operation\":{\"value\":null,\"_op_start\":40}}",
            "");

    @Test
    void mapsActionsToInvocationsAndOutputs() throws Exception {
        ReadResult r = Read.load(JSON, ReadOptions.defaults());
        assertEquals(Format.OMNILINK, r.format());
        History h = r.history();
        assertEquals(5, h.size()); // the aborted put is dropped
        Operation write = h.get(0);
        assertEquals(new Invocation("write", null, 1L), write.input());
        assertEquals(1L, write.output()); // the parameters are also the output, as in a Jepsen :ok
        assertEquals(10, write.call());
        assertEquals(20, write.ret());
        assertEquals(1, write.line());
        Operation read = h.get(1);
        assertEquals(1, read.client());
        assertEquals(12, read.call());
        Operation cas = h.get(2);
        assertEquals(new Invocation("cas", null, List.of(1L, 2L)), cas.input());
        assertEquals(Map.of("node", "n1"), cas.metadata().get("meta"));
        Operation size = h.get(3);
        assertNull(Read.input(size).value());
        assertNull(size.output());
        Operation pending = h.get(4);
        assertTrue(pending.isPending());
        assertEquals(6, pending.line());
    }

    @Test
    void readsMessagePackLogsLikeOmniLinksLogger() throws Exception {
        byte[] log = Msgpack.of(
                record("Enqueue", 100, 200L, "element", 5L, "success", true),
                record("Dequeue", 300, 350L, "element", 5L, "success", true),
                record("Write", 400, 450L, "kv", Map.of("x", List.of(1L, "a")), "s", Arrays.asList(null, 2.5)));
        ReadResult r = Read.load(log, ReadOptions.defaults());
        assertEquals(Format.OMNILINK, r.format());
        History h = r.history();
        assertEquals(3, h.size());
        assertEquals(new Invocation("Enqueue", null, List.of(5L, true)), h.get(0).input());
        assertEquals(0L, h.get(0).metadata().get("offset"));
        assertTrue((Long) h.get(1).metadata().get("offset") > 0);
        assertEquals(List.of(Map.of("x", List.of(1L, "a")), Arrays.asList(null, 2.5)), Read.input(h.get(2)).value());
        assertEquals(-1, h.get(0).line());
        // the same records as one array, and in JSON, read the same
        assertEquals(h.operations().stream().map(Operation::input).toList(),
                Read.bytes(Msgpack.of(List.of(record("Enqueue", 100, 200L, "element", 5L, "success", true),
                        record("Dequeue", 300, 350L, "element", 5L, "success", true),
                        record("Write", 400, 450L, "kv", Map.of("x", List.of(1L, "a")), "s",
                                Arrays.asList(null, 2.5)))), Format.OMNILINK)
                        .operations().stream().map(Operation::input).toList());
    }

    @Test
    void aDirectoryHoldsOneThreadPerLogFile(@TempDir Path dir) throws Exception {
        Files.write(dir.resolve("tracing-Queue-102.log"), Msgpack.of(record("Enqueue", 10, 20L, "e", 1L)));
        Files.write(dir.resolve("tracing-Queue-101.log"), Msgpack.of(record("Enqueue", 5, 15L, "e", 2L),
                record("Dequeue", 16, 30L, "e", 1L)));
        Files.writeString(dir.resolve("README.txt"), "not a trace");
        ReadResult r = HistoryReaders.load(dir, ReadOptions.defaults());
        History h = r.history();
        assertEquals(3, h.size());
        assertEquals(0, h.get(0).client()); // tracing-Queue-101.log comes first in name order
        assertEquals("tracing-Queue-101.log", h.get(0).metadata().get("file"));
        assertEquals(1, h.get(1).client());
        assertEquals(Format.OMNILINK, HistoryReaders.detect(dir));
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> HistoryReaders.load(dir, ReadOptions.defaults().withFormat(Format.EDN)));
        assertTrue(e.problem().contains("is a directory"), e.getMessage());
        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThrows(InvalidInputException.class, () -> HistoryReaders.load(empty, ReadOptions.defaults()));
    }

    @Test
    void threadsRunOneActionAtATime() {
        String[][] cases = {
                {"{\"operation_name\":\"a\",\"operation\":{\"_op_start\":10,\"_op_end\":20}}\n"
                        + "{\"operation_name\":\"b\",\"operation\":{\"_op_start\":15,\"_op_end\":30}}", "2",
                        "thread 0's times go backwards"},
                {"{\"operation_name\":\"a\",\"operation\":{\"_op_start\":10,\"_op_end\":20}}\n"
                        + "{\"operation_name\":\"b\",\"operation\":{\"_op_start\":20,\"_op_end\":30}}", "2",
                        "equal times overlap"},
                {"{\"operation_name\":\"a\",\"operation\":{\"_op_start\":10}}\n"
                        + "{\"operation_name\":\"b\",\"operation\":{\"_op_start\":20,\"_op_end\":30}}", "2",
                        "never ended"},
                {"{\"operation_name\":\"a\",\"operation\":{\"_op_start\":-1,\"_op_end\":20}}", "1",
                        "expected the start time to be an integer"},
                {"{\"operation_name\":\"a\",\"operation\":{\"_op_start\":30,\"_op_end\":20}}", "1",
                        "ends (20) before it starts (30)"},
                {"{\"operation_name\":\"a\",\"op_start\":1,\"operation\":{\"_op_start\":1}}", "1", "given twice"},
                {"{\"operation_name\":\"a\",\"operation\":{\"_op_end\":2}}", "1", "missing the start time"},
                {"{\"operation_name\":\"a\",\"operation\":{\"_x\":2,\"_op_start\":1}}", "1", "unknown reserved"},
                {"{\"operation_nam\":\"a\",\"operation\":{\"_op_start\":1}}", "1", "unknown field"},
                {"{\"operation_name\":\"\",\"operation\":{\"_op_start\":1}}", "1", "non-empty string"},
                {"{\"operation_name\":\"a\",\"thread\":\"t\",\"operation\":{\"_op_start\":1}}", "1",
                        "expected \"thread\""},
                {"[{\"operation_name\":\"a\",\"operation\":{\"_op_start\":1}}", "1", "truncated JSON"},
        };
        for (String[] c : cases) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Read.text(c[0], Format.OMNILINK), c[0]);
            assertEquals(Long.parseLong(c[1]), e.line(), e.getMessage());
            assertTrue(e.problem().contains(c[2]), "expected '" + c[2] + "' in: " + e.getMessage());
        }
    }

    @Test
    void messagePackErrorsNameTheByteOffset() {
        byte[] good = Msgpack.of(record("a", 1, 2L), record("b", 3, 4L));
        byte[] truncated = Arrays.copyOf(good, good.length - 3);
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Read.bytes(truncated, Format.AUTO));
        assertTrue(e.getMessage().startsWith(Read.SOURCE + ": at byte "), e.getMessage());
        assertTrue(e.byteOffset() > good.length / 2 && e.byteOffset() < truncated.length, e.getMessage());
        assertTrue(e.problem().endsWith("(in the record starting at byte " + good.length / 2 + ")"), e.getMessage());
        assertTrue(e.problem().contains("truncated MessagePack"), e.problem());
        assertEquals(-1, e.line());

        byte[] hugeString = {(byte) 0x81, (byte) 0xdb, 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 'a'};
        InvalidInputException big = assertThrows(InvalidInputException.class,
                () -> Read.bytes(hugeString, Format.AUTO));
        assertEquals(1, big.byteOffset()); // the string, inside the record at byte 0
        assertTrue(big.problem().contains("a string announcing 2,147,483,647 bytes, longer than the limit of 64 MiB"), big.problem());
        byte[] neverUsed = {(byte) 0x81, (byte) 0xc1};
        assertTrue(assertThrows(InvalidInputException.class, () -> Read.bytes(neverUsed, Format.AUTO)).problem()
                .contains("invalid MessagePack"));
        byte[] notUtf8 = {(byte) 0x81, (byte) 0xa1, (byte) 0xff, 0x01};
        assertTrue(assertThrows(InvalidInputException.class, () -> Read.bytes(notUtf8, Format.AUTO)).problem()
                .contains("invalid UTF-8"));
        byte[] notAMap = Msgpack.of(record("a", 1, 2L), 7L);
        InvalidInputException n = assertThrows(InvalidInputException.class, () -> Read.bytes(notAMap, Format.OMNILINK));
        assertEquals(good.length / 2, n.byteOffset());
        assertTrue(n.problem().contains("expected an action record"), n.problem());
    }

    @Test
    void theExampleOfTheDocsReadsAsDocumented() throws Exception {
        byte[] record = java.util.HexFormat.of().parseHex("82ae6f7065726174696f6e5f6e616d65a472656164a96f706572"
                + "6174696f6e83a576616c756501a95f6f705f73746172740aa75f6f705f656e6414");
        assertEquals(59, record.length);
        Operation op = Read.bytes(record, Format.AUTO).get(0);
        assertEquals(1L, op.output());
        assertEquals(new Invocation("read", null, 1L), op.input());
        assertEquals(10, op.call());
        assertEquals(20, op.ret());
    }

    @Test
    void setsAndNonStringKeysUseTheNativeConventions() throws Exception {
        String json = "{\"operation_name\":\"read\",\"operation\":{\"s\":{\"#set\":[1,2]},"
                + "\"m\":{\"#map\":[[1,\"x\"]]},\"_op_start\":1,\"_op_end\":2}}";
        Object v = Read.input(Read.text(json, Format.AUTO).get(0)).value();
        assertEquals(List.of(Set.of(1L, 2L), Map.of(1L, "x")), v);
    }
}
