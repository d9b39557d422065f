package dev.ariadne.io;

import dev.ariadne.core.history.History;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A last line without a newline may be a line cut short (a file copied while it was written). A Jepsen log's value
 * ends its line, so a cut one reads as another value: such a line is refused. The other formats close every value
 * with a bracket or brace, so a complete last line is read and a cut one is a syntax error that says why.
 */
class LastLineTest {
    private static final String LOG = "INFO  jepsen.util - 0\t:invoke\t:write\t12\n"
            + "INFO  jepsen.util - 0\t:ok\t:write\t12\n"
            + "INFO  jepsen.util - 1\t:invoke\t:read\tnil\n"
            + "INFO  jepsen.util - 1\t:ok\t:read\t12\n";

    @Test
    void aJepsenLogCutInsideItsLastValueIsRefusedNotReadAsAnotherValue() {
        String cut = LOG.substring(0, LOG.length() - 2); // "... :ok :read 1"
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Read.text(cut, Format.JEPSEN_LOG));
        assertEquals(4, e.line());
        assertTrue(e.getMessage().startsWith("test.txt:4: the last line has no newline: it may be incomplete"),
                e.getMessage());
    }

    @Test
    void aJepsenLogWhoseLastLineIsCompleteButUnterminatedIsRefusedToo() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Read.text(LOG.strip(), Format.JEPSEN_LOG));
        assertTrue(e.getMessage().contains("if it is complete, end it with a newline"), e.getMessage());
    }

    @Test
    void aJepsenLogEndingInAnotherLoggersUnterminatedLineIsRead() throws Exception {
        History h = Read.text(LOG + "INFO  jepsen.core - Run compl", Format.JEPSEN_LOG);
        assertEquals(2, h.size());
    }

    @Test
    void aJepsenLogIsDetectedAndRefusedTheSameWay() {
        String cut = LOG.substring(0, LOG.length() - 2);
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(cut, Format.AUTO));
        assertTrue(e.getMessage().contains("no newline"), e.getMessage());
    }

    @Test
    void aStreamedJepsenLogEndingWithoutANewlineIsRefused() throws Exception {
        String cut = LOG.substring(0, LOG.length() - 2);
        EventReader reader = HistoryReaders.events(new ByteArrayInputStream(cut.getBytes(StandardCharsets.UTF_8)),
                "s", ReadOptions.defaults());
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> reader.readTo(new dev.ariadne.core.history.HistoryBuilder()));
        assertEquals("s:4: " + Lines.NO_NEWLINE, e.getMessage());
    }

    @Test
    void nativeJsonLinesWithACompleteUnterminatedLastLineAreRead() throws Exception {
        String json = "{\"client\":0,\"call\":1,\"return\":2,\"f\":\"write\",\"value\":12}\n"
                + "{\"client\":1,\"call\":3,\"return\":4,\"f\":\"read\",\"output\":12}";
        assertEquals(2, Read.text(json, Format.JSON).size());
    }

    @Test
    void nativeJsonLinesCutInsideTheLastLineSayWhy() {
        String json = "{\"client\":0,\"call\":1,\"return\":2,\"f\":\"write\",\"value\":12}\n"
                + "{\"client\":1,\"call\":3,\"return\":4,\"f\":\"read\",\"output\":1";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(json, Format.JSON));
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("truncated JSON") && e.getMessage().contains("the last line has no "
                + "newline: was the file still being written?"), e.getMessage());
    }

    @Test
    void ednAndJepsenJsonWithACompleteUnterminatedLastLineAreRead() throws Exception {
        String edn = "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :ok, :f :read, "
                + ":value 12}";
        assertEquals(1, Read.text(edn, Format.EDN).size());
        String json = "{\"process\":0,\"type\":\"invoke\",\"f\":\"read\",\"value\":null}\n"
                + "{\"process\":0,\"type\":\"ok\",\"f\":\"read\",\"value\":12}";
        assertEquals(1, Read.text(json, Format.JEPSEN_JSON).size());
    }

    @Test
    void ednAndJepsenJsonCutInsideTheirLastValueAreSyntaxErrors() {
        String edn = "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :ok, :f :read, "
                + ":value 1";
        assertThrows(InvalidInputException.class, () -> Read.text(edn, Format.EDN));
        String json = "{\"process\":0,\"type\":\"invoke\",\"f\":\"read\",\"value\":null}\n"
                + "{\"process\":0,\"type\":\"ok\",\"f\":\"read\",\"value\":1";
        assertThrows(InvalidInputException.class, () -> Read.text(json, Format.JEPSEN_JSON));
    }
}
