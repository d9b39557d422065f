package dev.ariadne.io;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Reading as a stream ({@link HistoryReaders#events}) is the batch reading with another sink: the same history,
 * the same errors at the same lines, and every event delivered as soon as its line is complete.
 */
class EventReaderTest {
    private static final Path MALFORMED = Path.of("src/test/resources/malformed");
    private static final Path EXAMPLES = Path.of("../examples");

    private static final String JSONL_EVENTS = """
            {"type":"call","client":0,"f":"write","value":1}
            {"type":"call","client":1,"f":"read"}
            {"type":"return","client":0}
            {"type":"return","client":1,"output":1,"meta":null}
            """.replace(",\"meta\":null", "");
    private static final String JSONL_TIMED = """
            {"type":"call","client":0,"f":"write","value":1,"time":10}
            {"type":"call","client":1,"f":"read","time":10}
            {"type":"return","client":0,"time":12}
            {"type":"return","client":1,"output":1,"time":15}
            """;
    private static final String EDN = """
            ; a comment
            {:process 0, :type :invoke, :f :write, :value 1}
            {:process :nemesis, :type :info, :f :start, :value nil}
            {:process 1, :type :invoke, :f :read, :value nil}
            {:process 0, :type :ok, :f :write, :value 1}
            {:process 1, :type :fail, :f :read, :value nil}
            {:process 2, :type :invoke, :f :write, :value 2}
            {:process 2, :type :info, :f :write, :value 2}
            """;
    private static final String EDN_VECTOR = "[\n" + EDN.replace("; a comment\n", "") + "]\n";
    private static final String LOG = """
            INFO  jepsen.util - 0\t:invoke\t:read\tnil
            INFO  jepsen.util - 1\t:invoke\t:cas\t[3 0]
            other logger line
            INFO  jepsen.util - 0\t:ok\t:read\t3
            INFO  jepsen.util - 1\t:fail\t:cas\t[3 0]
            INFO  jepsen.util - 2\t:invoke\t:write\t4
            INFO  jepsen.util - 2\t:info\t:write\t:timed-out
            """;
    private static final String JEPSEN_JSON = """
            [
            {"type":"invoke","f":"write","value":1,"process":0,"index":0},
            {"type":"ok","f":"write","value":1,"process":0,"index":1},
            {"type":"invoke","f":"read","value":null,"process":1,"index":2},
            {"type":"info","f":"start","process":"nemesis","index":3}]
            """;

    private static InputStream in(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static ReadResult streamed(InputStream in, Format format) throws IOException, InvalidInputException {
        EventReader reader = HistoryReaders.events(in, Read.SOURCE, ReadOptions.defaults().withFormat(format));
        HistoryBuilder builder = new HistoryBuilder();
        reader.readTo(builder);
        return new ReadResult(builder.build(), reader.format(), reader.annotations());
    }

    @TestFactory
    Stream<DynamicTest> aStreamReadsAsTheBatchReaderDoes() throws IOException {
        Map<String, String> inputs = new java.util.TreeMap<>(Map.of("jsonl events", JSONL_EVENTS,
                "jsonl timed", JSONL_TIMED, "edn", EDN, "edn vector", EDN_VECTOR, "jepsen log", LOG,
                "jepsen json", JEPSEN_JSON, "empty", "\n\n"));
        try (Stream<Path> examples = Files.list(EXAMPLES)) {
            for (Path p : examples.filter(Files::isRegularFile).toList()) { // examples/tla/ holds specs and traces
                inputs.put(p.getFileName().toString(), Files.readString(p));
            }
        }
        return inputs.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            ReadResult batch = Read.load(e.getValue(), ReadOptions.defaults());
            ReadResult stream = streamed(in(e.getValue()), Format.AUTO);
            assertEquals(batch.format(), stream.format());
            assertEquals(batch.history().operations(), stream.history().operations());
            assertEquals(batch.annotations(), stream.annotations());
        }));
    }

    @TestFactory
    Stream<DynamicTest> malformedStreamsFailAtTheSameLineWithTheSameProblem() throws IOException {
        List<Path> files;
        try (Stream<Path> all = Files.list(MALFORMED)) {
            files = all.filter(p -> !p.toString().endsWith(".expect") && !p.getFileName().toString()
                    .startsWith("omnilink-")).sorted().toList();
        }
        assertTrue(files.size() >= 40, "the malformed corpus is missing: " + files.size() + " files");
        return files.stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            byte[] content = Files.readAllBytes(file);
            InvalidInputException batch = assertThrows(InvalidInputException.class,
                    () -> Read.load(content, ReadOptions.defaults()));
            try {
                streamed(new ByteArrayInputStream(content), Format.AUTO);
                fail("the stream was read without an error; the batch reader says " + batch.getMessage());
            } catch (InvalidInputException stream) {
                assertEquals(batch.line(), stream.line(), stream.getMessage());
                if (!batch.problem().contains("still open")) {
                    assertEquals(batch.getMessage(), stream.getMessage());
                } else {
                    // the batch reader sees both operations whole; the stream sees the call of a busy client
                    assertTrue(stream.problem().contains("still open"), stream.getMessage());
                }
            }
        }));
    }

    @Test
    void everyEventArrivesWhenItsLineIsCompleteWhileTheWriterIsStillWriting() throws Exception {
        PipedOutputStream writer = new PipedOutputStream();
        PipedInputStream pipe = new PipedInputStream(writer, 1 << 16);
        BlockingQueue<String> events = new LinkedBlockingQueue<>();
        EventSink recorder = new EventSink() {
            @Override
            public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
                events.add("call " + client + " line " + metadata.get("line"));
                return this;
            }

            @Override
            public EventSink ret(int client, Object output, long time, int line) {
                events.add("ret " + client + " line " + line);
                return this;
            }

            @Override
            public EventSink crash(int client, long time, int line) {
                events.add("crash " + client + " line " + line);
                return this;
            }

            @Override
            public EventSink discard(int client, long time, int line) {
                events.add("discard " + client + " line " + line);
                return this;
            }
        };
        CompletableFuture<Format> reading = CompletableFuture.supplyAsync(() -> {
            try {
                EventReader reader = HistoryReaders.events(pipe, "pipe", ReadOptions.defaults());
                reader.readTo(recorder);
                return reader.format();
            } catch (IOException | InvalidInputException e) {
                throw new IllegalStateException(e);
            }
        });
        writer.write("{:process 0, :type :invoke, :f :write, :value 1}\n{:process 0, :type :ok, :f :wri"
                .getBytes(StandardCharsets.UTF_8));
        writer.flush();
        assertEquals("call 0 line 1", events.poll(10, TimeUnit.SECONDS), "the first line, before the rest exists");
        assertEquals(null, events.poll(200, TimeUnit.MILLISECONDS), "half a line is not an event");
        writer.write("te, :value 1}\n{:process 1, :type :invoke, :f :read, :value nil}\n"
                .getBytes(StandardCharsets.UTF_8));
        writer.flush();
        assertEquals("ret 0 line 2", events.poll(10, TimeUnit.SECONDS));
        assertEquals("call 1 line 3", events.poll(10, TimeUnit.SECONDS));
        assertFalse(reading.isDone(), "the input has not ended");
        writer.close();
        assertEquals(Format.EDN, reading.get(10, TimeUnit.SECONDS));
    }

    @Test
    void whatCannotBeStreamedIsRefusedClearly() throws Exception {
        String omnilink = "{\"operation_name\":\"read\",\"operation\":{\"value\":1,\"_op_start\":1,\"_op_end\":2}}\n";
        IllegalArgumentException json = assertThrows(IllegalArgumentException.class,
                () -> streamed(in(omnilink), Format.AUTO));
        assertTrue(json.getMessage().contains("OmniLink"), json.getMessage());
        IllegalArgumentException msgpack = assertThrows(IllegalArgumentException.class,
                () -> streamed(new ByteArrayInputStream(new byte[]{(byte) 0x82, 1, 2}), Format.AUTO));
        assertTrue(msgpack.getMessage().contains("MessagePack"), msgpack.getMessage());
        assertThrows(IllegalArgumentException.class, () -> streamed(in("{}"), Format.OMNILINK));
        assertThrows(IllegalArgumentException.class, () -> HistoryReaders.events(in(EDN), Read.SOURCE,
                ReadOptions.defaults().withNewClientAfterInfo(true)));
    }

    @Test
    void theOperationFormStreamsInOrderOfCallTimes() throws Exception {
        String ops = """
                {"client":0,"call":0,"return":10,"f":"write","value":1}
                {"client":1,"call":10,"return":12,"f":"read","output":1}
                {"client":0,"call":11,"f":"write","value":2}
                {"client":2,"call":12,"return":12,"f":"read","output":null}
                """;
        assertEquals(Read.load(ops, ReadOptions.defaults()).history().operations(),
                streamed(in(ops), Format.AUTO).history().operations());
        InvalidInputException late = assertThrows(InvalidInputException.class,
                () -> streamed(in(ops + "{\"client\":3,\"call\":5,\"f\":\"read\"}\n"), Format.AUTO));
        assertEquals(5, late.line());
        assertTrue(late.problem().contains("in order of call times"), late.getMessage());
        InvalidInputException busy = assertThrows(InvalidInputException.class,
                () -> streamed(in(ops.replace("{\"client\":1,", "{\"client\":0,")), Format.AUTO));
        assertEquals(2, busy.line(), "client 0's write returns at 10, when its read is called: they overlap");
    }

    @Test
    void anErrorOfTheSinkIsReportedAtItsLine() throws Exception {
        EventReader reader = HistoryReaders.events(in(EDN.replace(":type :ok, :f :write", ":type :ok, :f :wr")),
                Read.SOURCE, ReadOptions.defaults());
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> reader.readTo(new HistoryBuilder()));
        assertEquals(5, e.line());
        assertNotNull(e.problem());
    }
}
