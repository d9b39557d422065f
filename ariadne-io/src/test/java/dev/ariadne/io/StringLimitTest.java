package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One limit for strings in every reader and writer, 64 MiB of UTF-8 (Jackson's own default, 20,000,000
 * characters, no longer applies), so that convert never writes what check rejects.
 */
class StringLimitTest {
    /** Just over Jackson's default limit, well under Ariadne's. */
    private static final String LONG = "a".repeat(20_000_001);

    private static InputStream stream(String head, long repeats, String unit, String tail) {
        byte[] u = unit.getBytes(StandardCharsets.UTF_8);
        InputStream middle = new InputStream() {
            long left = repeats * u.length;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                long done = repeats * u.length - left;
                for (int i = 0; i < n; i++) {
                    b[off + i] = u[(int) ((done + i) % u.length)];
                }
                left -= n;
                return n;
            }
        };
        return new SequenceInputStream(new SequenceInputStream(bytes(head), middle), bytes(tail));
    }

    private static ByteArrayInputStream bytes(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aStringOverJacksonsDefaultIsReadInNativeAndJepsenJson() throws Exception {
        String nativeJson = "{\"client\":0,\"call\":1,\"return\":2,\"f\":\"write\",\"value\":\"" + LONG + "\"}\n";
        assertEquals(LONG, Read.input(Read.text(nativeJson, Format.JSON).get(0)).value());
        String jepsenJson = "[{\"process\":0,\"type\":\"invoke\",\"f\":\"write\",\"value\":\"" + LONG + "\"},\n"
                + "{\"process\":0,\"type\":\"ok\",\"f\":\"write\",\"value\":\"" + LONG + "\"}]\n";
        assertEquals(LONG, Read.input(Read.text(jepsenJson, Format.JEPSEN_JSON).get(0)).value());
    }

    @Test
    void aStringOverTheLimitIsRefusedWithTheSameWordsInEveryFormat() {
        long over = Limits.MAX_STRING_BYTES + 1L;
        String words = "longer than the limit of 64 MiB (67,108,864 bytes of UTF-8) for a string in a history";
        InvalidInputException json = assertThrows(InvalidInputException.class, () -> HistoryReaders.read(
                stream("[{\"process\":0,\"type\":\"invoke\",\"f\":\"write\",\"value\":\"", over, "a", "\"}]"),
                "big.json", Format.JEPSEN_JSON));
        assertEquals("big.json:1: a string " + words, json.getMessage());
        // a string of EDN may span lines: no line is too long, the string is
        InvalidInputException edn = assertThrows(InvalidInputException.class, () -> HistoryReaders.read(
                stream("{:process 0 :type :invoke :f :write :value \"", 360_000, "€".repeat(63) + "\n", "\"}"),
                "big.edn", Format.EDN));
        assertEquals("big.edn:1: a string of 68,400,000 bytes, " + words, edn.getMessage());
        // fewer characters than the limit, more bytes: 3 bytes each
        InvalidInputException euros = assertThrows(InvalidInputException.class, () -> HistoryReaders.read(
                stream("{\"process\":0,\"type\":\"invoke\",\"f\":\"write\",\"value\":\"", 22_400_000, "€", "\"}"),
                "euros.json", Format.JEPSEN_JSON));
        assertEquals("euros.json:1: a string of 67,200,000 bytes, " + words, euros.getMessage());
    }

    @Test
    void theWriterRefusesALineNoReaderWouldRead() {
        String big = "b".repeat(33 << 20);
        Operation op = new Operation(0, 0, new Invocation("write", null, big), big, 1, 2, Map.of("line", 7));
        History h = History.of(List.of(op));
        StringWriter out = new StringWriter();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JsonLinesWriter.write(h, out));
        assertTrue(e.getMessage().startsWith("the operation at line 7 would be a line of 69,206,") && e.getMessage()
                .endsWith(" bytes in the native format, longer than its limit of 64 MiB (which every reader "
                        + "applies)"), e.getMessage());
        assertEquals("", out.toString(), "nothing is written");
    }
}
