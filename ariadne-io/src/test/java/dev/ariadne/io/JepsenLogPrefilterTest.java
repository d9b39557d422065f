package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link JepsenLogReader#message} and {@link JepsenLogReader#isLogRecord} look at a line's text before their
 * patterns (so that files of other formats compile none): they answer as the patterns alone would, on the shapes of
 * log lines and on seeded random lines made of their pieces. The patterns are repeated here as the reference.
 */
class JepsenLogPrefilterTest {
    private static final Pattern MARKER =
            Pattern.compile("\\sjepsen\\.util\\s+-\\s|\\sjepsen\\.util:\\s|\\s-\\s+jepsen\\.util\\s");
    private static final Pattern LOG_RECORD = Pattern.compile(
            "(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|SEVERE)\\b.*|\\d{4}-\\d{2}-\\d{2}[ T].*|\\d{2}:\\d{2}:\\d{2}.*",
            Pattern.DOTALL);

    private static void assertAsThePatterns(String line) {
        Matcher m = MARKER.matcher(line);
        assertEquals(m.find() ? line.substring(m.end()).strip() : null, JepsenLogReader.message(line), line);
        assertEquals(LOG_RECORD.matcher(line).matches(), JepsenLogReader.isLogRecord(line), line);
    }

    @Test
    void linesAreJudgedAsByThePatternsAlone() {
        String[] lines = {"INFO  jepsen.util - 0\t:invoke\t:read\tnil", "INFO [2017-03-05 12:00:01,123] jepsen worker 0"
                + " - jepsen.util 0 :invoke :read nil", "2017-03-05 12:00:01,123 INFO [w0] jepsen.util: 0 :ok :read 1",
                "12:00:01 x", "WARNING: x", "WARNINGS", "info  jepsen.util - 1", "{:process 0}", "[{\"process\":0}]", "",
                " ", "\tat jepsen.util", "jepsen.util - 0", "SEVERE", "FATAL\n", "9", "٣٤٥٦-01-01 x"};
        for (String line : lines) {
            assertAsThePatterns(line);
        }
        assertNull(JepsenLogReader.message("{:process 0, :type :invoke, :f :read, :value nil}"));
        String[] pieces = {"INFO", "WARN", "TRACE", "DEBUG", "ERROR", "FATAL", "SEVERE", "WARNING", " ", "  ", "\t", "-",
            ":", "jepsen.util", "jepsen", ".util", "2017", "-03", "-05", "12", ":00", "T", "x", "0", "{", "[", "\n", "é"};
        Random random = new Random(23);
        for (int n = 0; n < 20_000; n++) {
            StringBuilder line = new StringBuilder();
            for (int k = random.nextInt(8); k >= 0; k--) {
                line.append(pieces[random.nextInt(pieces.length)]);
            }
            assertAsThePatterns(line.toString());
        }
    }
}
