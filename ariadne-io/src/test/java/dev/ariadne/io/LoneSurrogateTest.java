package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A lone UTF-16 surrogate (from a JSON escape such as "\ud800") has no UTF-8 form: the writer escapes every
 * surrogate, so the value is kept exactly and reads back, through a strict UTF-8 encoder too.
 */
class LoneSurrogateTest {
    private static final String LONE = "a\ud800b";
    private static final String LOW = "\udc00";
    private static final String PAIR = "smile \ud83d\ude00";

    @Test
    void everyStringWithSurrogatesRoundTrips() throws Exception {
        Map<String, Object> map = Map.of(LONE, LOW);
        Operation op = new Operation(0, 0, new Invocation("write", LOW, List.of(LONE, PAIR, Set.of(LONE), map)),
                LONE, 1, 2, Map.of("line", 1, "note" + LOW, PAIR));
        History h = History.of(List.of(op));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // a strict encoder: an unencodable character would be an error, not a '?'
        Writer strict = new OutputStreamWriter(bytes, StandardCharsets.UTF_8.newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
        JsonLinesWriter.write(h, strict);
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("a\\ud800b") && text.contains("\\udc00") && text.contains("\\ud83d\\ude00"), text);
        assertTrue(text.chars().allMatch(c -> !Character.isSurrogate((char) c)), text);
        Operation back = Read.bytes(bytes.toByteArray(), Format.JSON).get(0);
        assertEquals(op.input(), back.input());
        assertEquals(op.output(), back.output());
        assertEquals(PAIR, back.metadata().get("note" + LOW));
    }

    @Test
    void jepsenJsonEscapesReadAsLoneSurrogates() throws Exception {
        String json = "[{\"process\":0,\"type\":\"invoke\",\"f\":\"write\",\"value\":\"\\ud800\"},\n"
                + "{\"process\":0,\"type\":\"ok\",\"f\":\"write\",\"value\":\"\\ud800\"}]\n";
        assertEquals("\ud800", Read.input(Read.text(json, Format.JEPSEN_JSON).get(0)).value());
    }
}
