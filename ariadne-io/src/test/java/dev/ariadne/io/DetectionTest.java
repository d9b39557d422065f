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
}
