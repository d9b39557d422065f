package dev.ariadne.io;

import dev.ariadne.core.history.HistoryBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * No reader reads a file that is not empty as a history without operations: a file of the wrong format, or one
 * in which most lines are not operations, is invalid input, in batch and in stream readings alike.
 */
class NoFalsePassTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");

    static Stream<Arguments> inputsWithoutOperations() {
        return Stream.of(
                arguments("EDN read as a Jepsen log", Format.JEPSEN_LOG,
                        "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :ok, :f :read, :value 1}\n",
                        "no operation found: expected Jepsen log lines"),
                arguments("JSON read as a Jepsen log", Format.JEPSEN_LOG,
                        "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"read\",\"output\":1}\n", "none of its 1 line is one"),
                arguments("an empty EDN vector", Format.EDN, "[]\n", "got an empty vector"),
                arguments("an empty EDN list", Format.EDN, "; comment\n()\n", "got an empty list"),
                arguments("an empty Jepsen JSON array", Format.JEPSEN_JSON, "[]", "got an empty array"),
                arguments("an empty OmniLink JSON array", Format.OMNILINK, "[]", "expected OmniLink action records"));
    }

    /**
     * Issue 27: records that are all recognised but none a client's (Knossos' mongodb-v0-ack-rollback-.edn: 28
     * nemesis records) are a history of 0 operations, with the records kept as annotations.
     */
    static Stream<Arguments> nemesisOnly() {
        return Stream.of(
                arguments(Format.JEPSEN_LOG, "INFO  jepsen.core - Running test\n"
                        + "INFO  jepsen.util - :nemesis\t:info\t:start\tnil\nINFO  jepsen.util - :nemesis\t:info\t:stop\tnil\n"),
                arguments(Format.EDN, "{:process :nemesis, :type :info, :f :start, :value nil}\n"
                        + "{:process :nemesis, :type :info, :f :stop, :value nil}\n"),
                arguments(Format.EDN, "[{:process :nemesis, :type :info, :f :start, :value nil}\n"
                        + "{:process :nemesis, :type :info, :f :stop, :value nil}]\n"),
                arguments(Format.JEPSEN_JSON, "[{\"process\":\"nemesis\",\"type\":\"info\",\"f\":\"start\"},"
                        + "{\"process\":\"nemesis\",\"type\":\"info\",\"f\":\"stop\"}]"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("nemesisOnly")
    void recordsOfNonClientProcessesOnlyAreAHistoryOfNoOperation(Format format, String content) throws Exception {
        for (Format f : List.of(format, Format.AUTO)) {
            ReadResult r = Read.load(content, ReadOptions.defaults().withFormat(f));
            assertEquals(format, r.format());
            assertTrue(r.history().isEmpty());
            assertEquals(List.of("start", "stop"), r.annotations().stream().map(Annotation::f).toList());
        }
        EventReader reader = HistoryReaders.events(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)),
                "s", ReadOptions.defaults().withFormat(format));
        HistoryBuilder b = new HistoryBuilder();
        reader.readTo(b);
        assertTrue(b.build().isEmpty());
        assertEquals(2, reader.annotations().size());
    }

    @Test
    void nemesisEventsAmongMostlyUnrecognisedLinesAreNoHistory() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(
                "INFO  jepsen.util - :nemesis\t:info\t:start\tnil\nsome\nother\nlines\n", Format.JEPSEN_LOG));
        assertTrue(e.problem().startsWith("no operation found"), e.problem());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("inputsWithoutOperations")
    void aFileWithoutOperationsIsInvalid(String name, Format format, String content, String fragment) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(content, format));
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        assertTrue(e.problem().startsWith("no operation found"), e.problem());
    }

    @ParameterizedTest(name = "{0}, read as a stream")
    @MethodSource("inputsWithoutOperations")
    void aStreamWithoutOperationsIsInvalid(String name, Format format, String content, String fragment)
            throws Exception {
        if (format == Format.OMNILINK) {
            return; // OmniLink traces are not streamed
        }
        EventReader reader = HistoryReaders.events(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)),
                "s", ReadOptions.defaults().withFormat(format));
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> reader.readTo(new HistoryBuilder()));
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    @Test
    void theShippedEdnExampleReadAsAJepsenLogIsInvalid() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> HistoryReaders.read(EXAMPLES.resolve("kv-bad.edn"), Format.JEPSEN_LOG));
        assertTrue(e.problem().startsWith("no operation found: expected Jepsen log lines"), e.problem());
        assertTrue(e.problem().contains("(line 2: \"{:process 0"), e.problem());
    }

    @Test
    void aLogWhoseLinesAreMostlyNotOperationsIsInvalid() {
        String log = "INFO  jepsen.util - 0\t:invoke\t:read\tnil\n"
                + "{:process 0, :type :ok, :f :read, :value 1}\n"
                + "{:process 1, :type :invoke, :f :read, :value nil}\n";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(log, Format.JEPSEN_LOG));
        assertEquals("most lines are not operations: 2 of its 3 lines are neither Jepsen operations nor log records, "
                + "and only 1 are operations (line 2: \"{:process 0, :type :ok, :f :read, :value 1}\"); is this a "
                + "Jepsen log? (--format names the format)", e.problem());
    }

    @Test
    void logOutputOfOtherLoggersIsNotCountedAgainstTheLog() throws Exception {
        String log = "INFO [2017-03-05 12:00:00,000] main - jepsen.core Running test\n"
                + "WARN [2017-03-05 12:00:00,500] main - jepsen.control Retrying\n"
                + "java.net.SocketTimeoutException: Read timed out\n"
                + "\tat java.net.SocketInputStream.socketRead0(Native Method)\n"
                + "\tat java.net.SocketInputStream.read(SocketInputStream.java:150)\n"
                + "INFO [2017-03-05 12:00:01,123] jepsen worker 0 - jepsen.util 0\t:invoke\t:read\tnil\n"
                + "INFO [2017-03-05 12:00:01,200] jepsen worker 0 - jepsen.util 0\t:ok\t:read\t3\n";
        assertEquals(1, Read.text(log, Format.JEPSEN_LOG).size(), "1 of 7 lines unrecognised: within the rule");
    }

    @Test
    void emptyAndCommentOnlyFilesAreStillEmptyHistories() throws Exception {
        for (Format f : new Format[]{Format.JEPSEN_LOG, Format.EDN, Format.JEPSEN_JSON, Format.JSON, Format.AUTO}) {
            assertTrue(Read.text("", f).isEmpty(), f.cliName());
            assertTrue(Read.text("\n   \n", f).isEmpty(), f.cliName());
        }
        assertTrue(Read.text("; a comment\n\n", Format.EDN).isEmpty());
        assertTrue(Read.text("; a comment\n", Format.JEPSEN_LOG).isEmpty());
    }

    @Test
    void onlyFailedOperationsAreOperationsThatDidNotHappen() throws Exception {
        assertTrue(Read.text("{:process 0, :type :invoke, :f :write, :value 1}\n"
                + "{:process 0, :type :fail, :f :write, :value 1}\n", Format.EDN).isEmpty(),
                "events of clients were read: :fail drops the operation, which is not a false pass");
    }

    @Test
    void theJsonFormatNeverSkipsALine() {
        assertThrows(InvalidInputException.class, () -> Read.text("[]\n", Format.JSON));
        assertThrows(InvalidInputException.class, () -> Read.text("INFO nothing\n", Format.JSON));
    }

    @Test
    void anEmptyMessagePackArrayIsInvalid() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Read.bytes(new byte[]{(byte) 0x90}, Format.AUTO));
        assertTrue(e.problem().startsWith("no operation found"), e.problem());
        assertEquals(0, e.byteOffset());
    }
}
