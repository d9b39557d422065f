package dev.ariadne.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DetectionTest {
    private static Format detect(String content) throws Exception {
        return HistoryReaders.detect(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), "t");
    }

    @Test
    void recognisesEachFormatFromTheFirstSignificantLine() throws Exception {
        assertEquals(Format.JEPSEN_LOG, detect("INFO  jepsen.util - 0\t:invoke\t:read\tnil\n"));
        assertEquals(Format.JSON, detect("{\"client\":0,\"call\":0,\"f\":\"read\"}\n"));
        assertEquals(Format.JSON, detect("\n  { \"type\": \"call\" }\n"));
        assertEquals(Format.EDN, detect("; comment\n\n{:process 0, :type :invoke}\n"));
        assertEquals(Format.EDN, detect("{ :process 0}"));
        assertEquals(Format.EDN, detect("[{:process 0}]"));
        assertEquals(Format.EDN, detect("(\n{:process 0})"));
        assertEquals(Format.EDN, detect("[\n"));
        assertEquals(Format.JSON, detect("\uFEFF{\"client\":0}"));
        assertEquals(Format.EDN, detect("#jepsen.history.Op{:process 0, :type :invoke}\n"));
    }

    @Test
    void recognisesJsonFlavoursFromTheirFields() throws Exception {
        assertEquals(Format.JEPSEN_JSON, detect("[{\"type\":\"invoke\",\"f\":\"read\",\"process\":0}]"));
        assertEquals(Format.JEPSEN_JSON, detect("[\n  {\n    \"type\": \"invoke\"\n  }\n]\n"));
        assertEquals(Format.JEPSEN_JSON, detect("{\"type\":\"invoke\",\"f\":\"read\",\"process\":0}\n"));
        assertEquals(Format.JSON, detect("{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n"));
        assertEquals(Format.JSON, detect("{\"client\":0,\"call\":0,\"f\":\"read\",\"meta\":{\"process\":1}}"));
        assertEquals(Format.OMNILINK, detect("{\"operation_name\":\"Read\",\"operation\":{}}\n"));
        assertEquals(Format.OMNILINK, detect("[{\"op_start\":1,\"op_end\":2,\"operation_name\":\"Read\"}]"));
        assertEquals(Format.EDN, detect("[ {:process 0} ]"));
        assertEquals(Format.JEPSEN_JSON, detect("[{\"process\":0, \"value\": \"cut short"));
    }

    @Test
    void recognisesMessagePackFromTheFirstByte() throws Exception {
        byte[] log = Msgpack.of(Msgpack.record("Read", 1, 2L, "value", 1L));
        assertEquals(Format.OMNILINK, HistoryReaders.detect(new ByteArrayInputStream(log), "t"));
        byte[] array = Msgpack.of(java.util.List.of(Msgpack.record("Read", 1, 2L)));
        assertEquals(Format.OMNILINK, HistoryReaders.detect(new ByteArrayInputStream(array), "t"));
    }

    @Test
    void longFirstLinesAreRecognisedFromTheirStart() throws Exception {
        StringBuilder big = new StringBuilder("[");
        for (int i = 0; i < 30_000; i++) {
            big.append(i == 0 ? "" : ",").append("{\"type\":\"invoke\",\"f\":\"read\",\"process\":").append(i)
                    .append(",\"value\":\"é\"}");
        }
        String text = big.append("]").toString();
        assertTrue(text.length() > Detection.PEEK);
        assertEquals(Format.JEPSEN_JSON, detect(text));
        assertEquals(30_000, Read.text(text, Format.AUTO).size());
    }

    @Test
    void emptyInputIsReportedAsJsonAndReadsAsEmpty() throws Exception {
        assertEquals(Format.JSON, detect(""));
        assertEquals(Format.JSON, detect("\n  \n; only comments\n"));
        assertTrue(Read.text("\n\n", Format.AUTO).isEmpty());
    }

    @Test
    void unrecognisedContentNamesTheLine() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> detect("\n\nhello world\n"));
        assertEquals(3, e.line());
        assertTrue(e.problem().contains("cannot recognise the format"), e.problem());
        assertTrue(e.problem().contains("--format"), e.problem());
        assertThrows(InvalidInputException.class, () -> Read.text("# Title\n", Format.AUTO));
    }

    @Test
    void theFileNameDoesNotMatter(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("history.json");
        Files.writeString(file, "{:process 0, :type :invoke, :f :read, :value nil}\n");
        assertEquals(Format.EDN, HistoryReaders.detect(file));
        assertEquals(1, HistoryReaders.read(file, Format.AUTO).size());
    }
    /** {@code bytes}' format as {@link Detection#detect} and as the whole first MiB's text say it, or their errors. */
    private static void assertDecidedAlike(byte[] bytes, String what) throws Exception {
        assertEquals(outcome(true, bytes), outcome(false, bytes), what);
    }

    private static String outcome(boolean startFirst, byte[] bytes) throws Exception {
        java.io.BufferedInputStream in = new java.io.BufferedInputStream(new ByteArrayInputStream(bytes), 1 << 16);
        try {
            Format f = startFirst ? Detection.detect(in, "t") : Detection.fromFirstMiB(in, "t");
            return String.valueOf(f) + " " + in.available(); // nothing consumed either way
        } catch (InvalidInputException e) {
            return e.line() + ": " + e.problem();
        }
    }

    @Test
    void theStartOfAFileDecidesItsFormatOnlyAsTheWholeMiBWould() throws Exception {
        int files = 0;
        for (Path p : RepoFiles.under("ariadne-io/src/test/resources", "ariadne-cli/src/test/resources",
                "ariadne-core/src/test/resources", "examples")) {
            assertDecidedAlike(Files.readAllBytes(p), p.toString());
            files++;
        }
        assertTrue(files > 20, "test files found: " + files);
        for (Path p : RepoFiles.files(Path.of("../../shared/testdata/porcupine"))) {
            assertDecidedAlike(Files.readAllBytes(p), p.toString());
        }
        // seeded random texts of the pieces detection looks at, some long enough to be cut at the first look
        String[] pieces = {"\n", " ", "\t", "\r\n", ",", "; a comment\n", "[", "{", "(", "}", "]", "\"", ":", "#a",
            "x", "é", "{:process 0}", "{\"process\":0}", "{\"client\":0}", "{\"operation_name\":\"R\"}",
            "INFO  jepsen.util - 0\t:invoke\t:read\tnil\n", "lein test\n", " ".repeat(9000),
            "y".repeat(Detection.FIRST_LOOK - 3)};
        java.util.Random random = new java.util.Random(23);
        for (int n = 0; n < 3000; n++) {
            StringBuilder text = new StringBuilder();
            for (int k = random.nextInt(12); k >= 0; k--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            assertDecidedAlike(text.toString().getBytes(StandardCharsets.UTF_8), "random text " + n + ": " + text);
        }
    }

    @Test
    void aFileWhoseFirstLinesDecideItsFormatIsDecidedFromThem() {
        assertEquals(Format.EDN, Detection.settled("[{:process 4, :type :invoke, :f :write, :value 2}\n"));
        assertEquals(Format.EDN, Detection.settled("{:process 0, :type :invoke}\n"));
        assertEquals(Format.EDN, Detection.settled("[\n {:process 0}\n"));
        assertEquals(Format.JSON, Detection.settled("{ }\n"));
        assertEquals(null, Detection.settled("[\n"), "a lone [ needs the next line");
        assertEquals(null, Detection.settled("[{\"process\":0}]\n"), "JSON needs the first object's fields");
        assertEquals(null, Detection.settled("#jepsen.history.Op{:process 0}\n"));
    }
}
