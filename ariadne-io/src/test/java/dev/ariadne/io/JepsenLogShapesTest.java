package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jepsen.log} as Jepsen writes it today and as porcupine's etcd logs have it: the same history from every
 * line shape, recognised by detection past a preamble of other loggers' lines.
 */
class JepsenLogShapesTest {
    /** porcupine's etcd logs: {@code INFO  jepsen.util - ...}. */
    private static final String OLD = """
            INFO  jepsen.util - 0\t:invoke\t:read\tnil
            INFO  jepsen.util - 1\t:invoke\t:write\t3
            INFO  jepsen.util - 1\t:ok\t:write\t3
            INFO  jepsen.util - 0\t:ok\t:read\t3
            INFO  jepsen.util - 1\t:invoke\t:cas\t[3 4]
            INFO  jepsen.util - 1\t:info\t:cas\t[3 4]\t:timed-out
            """;

    /** unilog's default layout, {@code %p [%d] %t - %c %m}, after a preamble. */
    private static final String UNILOG = """
            INFO [2017-03-05 12:00:00,001] main - jepsen.cli Test options:
             {:concurrency 2,
              :time-limit 10}
            INFO [2017-03-05 12:00:00,500] jepsen test runner - jepsen.core Running test jepsen.etcd
            INFO [2017-03-05 12:00:01,123] jepsen worker 0 - jepsen.util 0\t:invoke\t:read\tnil
            INFO [2017-03-05 12:00:01,124] jepsen worker 1 - jepsen.util 1\t:invoke\t:write\t3
            INFO [2017-03-05 12:00:01,130] jepsen nemesis - jepsen.util :nemesis\t:info\t:start\tnil
            INFO [2017-03-05 12:00:01,200] jepsen worker 1 - jepsen.util 1\t:ok\t:write\t3
            INFO [2017-03-05 12:00:01,201] jepsen worker 0 - jepsen.util 0\t:ok\t:read\t3
            INFO [2017-03-05 12:00:01,300] jepsen worker 1 - jepsen.util 1\t:invoke\t:cas\t[3 4]
            WARN [2017-03-05 12:00:06,300] jepsen worker 1 - jepsen.core Process 1 crashed
            java.net.SocketTimeoutException: Read timed out
            \tat java.net.SocketInputStream.socketRead0(Native Method)
            INFO [2017-03-05 12:00:06,301] jepsen worker 1 - jepsen.util 1\t:info\t:cas\t[3 4]\tindeterminate: Read timed out
            INFO [2017-03-05 12:00:09,000] jepsen test runner - jepsen.core Everything looks good!
            """;

    /** A thread in brackets, then the logger: {@code INFO [jepsen worker 0] jepsen.util - ...}, spaces only. */
    private static final String BRACKETED = """
            INFO [main] jepsen.cli - Test options: {:concurrency 2}
            INFO [jepsen worker 0] jepsen.util - 0 :invoke :read nil
            INFO [jepsen worker 1] jepsen.util - 1 :invoke :write 3
            INFO [jepsen worker 1] jepsen.util - 1 :ok :write 3
            INFO [jepsen worker 0] jepsen.util - 0 :ok :read 3
            INFO [jepsen worker 1] jepsen.util - 1 :invoke :cas [3 4]
            INFO [jepsen worker 1] jepsen.util - 1 :info :cas [3 4] :timed-out
            """;

    /** Jepsen's own layout, date first: {@code %d{...}{GMT} %p [%t] %c: %m}. */
    private static final String DATE_FIRST = """
            2017-03-05 12:00:00,001{GMT}\tINFO\t[main] jepsen.cli: Test options:
            2017-03-05 12:00:01,123{GMT}\tINFO\t[jepsen worker 0] jepsen.util: 0\t:invoke\t:read\tnil
            2017-03-05 12:00:01,124{GMT}\tINFO\t[jepsen worker 1] jepsen.util: 1\t:invoke\t:write\t3
            2017-03-05 12:00:01,200{GMT}\tINFO\t[jepsen worker 1] jepsen.util: 1\t:ok\t:write\t3
            2017-03-05 12:00:01,201{GMT}\tINFO\t[jepsen worker 0] jepsen.util: 0\t:ok\t:read\t3
            2017-03-05 12:00:01,300{GMT}\tINFO\t[jepsen worker 1] jepsen.util: 1\t:invoke\t:cas\t[3 4]
            2017-03-05 12:00:06,301{GMT}\tINFO\t[jepsen worker 1] jepsen.util: 1\t:info\t:cas\t[3 4]\t:timed-out
            """;

    @Test
    void everyShapeReadsTheSameHistory() throws Exception {
        History expected = Read.text(OLD, Format.JEPSEN_LOG);
        assertEquals(3, expected.size());
        for (String log : List.of(UNILOG, BRACKETED, DATE_FIRST)) {
            ReadResult r = Read.load(log, ReadOptions.defaults());
            assertEquals(Format.JEPSEN_LOG, r.format(), log);
            History h = r.history();
            assertEquals(expected.size(), h.size(), log);
            for (int i = 0; i < h.size(); i++) {
                assertEquals(expected.get(i).input(), h.get(i).input(), log);
                assertEquals(expected.get(i).output(), h.get(i).output(), log);
                assertEquals(expected.get(i).client(), h.get(i).client(), log);
                assertEquals(expected.get(i).isPending(), h.get(i).isPending(), log);
            }
        }
    }

    @Test
    void linesKeepTheirNumbersAfterAPreamble() throws Exception {
        History h = Read.text(UNILOG, Format.AUTO);
        assertEquals(5, h.get(0).line());
        assertEquals(new Invocation("read", null, null), h.get(0).input());
        assertEquals(List.of(3L, 4L), Read.input(h.get(2)).value());
        assertEquals(List.of(new Annotation(7, "nemesis", "info", "start", "nil")),
                Read.load(UNILOG, ReadOptions.defaults()).annotations());
    }

    @Test
    void detectionLooksPastAPreambleOfAnyShape() throws Exception {
        String banner = "Running jepsen.etcd with :concurrency 2\n" + OLD;
        assertEquals(Format.JEPSEN_LOG, HistoryReaders.detect(
                new ByteArrayInputStream(banner.getBytes(StandardCharsets.UTF_8)), "log"));
        assertEquals(3, Read.text(banner, Format.AUTO).size());
        assertEquals(Format.JEPSEN_LOG, HistoryReaders.detect(
                new ByteArrayInputStream(UNILOG.getBytes(StandardCharsets.UTF_8)), "log"));
    }

    @Test
    void aStreamStartingWithAPreambleIsAJepsenLog() throws Exception {
        EventReader reader = HistoryReaders.events(new ByteArrayInputStream(UNILOG.getBytes(StandardCharsets.UTF_8)),
                "s", ReadOptions.defaults());
        assertEquals(Format.JEPSEN_LOG, reader.format());
    }

    @Test
    void anErrorAfterATabIsFreeText() throws Exception {
        History h = Read.text("INFO  jepsen.util - 0\t:invoke\t:read\tnil\n"
                + "INFO  jepsen.util - 0\t:fail\t:read\tnil\tjava.net.ConnectException: Connection refused (x: y)\n"
                + "INFO  jepsen.util - 1\t:invoke\t:write\t#object[java.lang.Long 0x1f2e \"5\"]\n"
                + "INFO  jepsen.util - 1\t:ok\t:write\t#object[java.lang.Long 0x1f2e \"5\"]\n", Format.JEPSEN_LOG);
        assertEquals(1, h.size()); // the failed read did not happen
        assertEquals(new OpaqueValue("#object [java.lang.Long 7982 \"5\"]"), h.get(0).output());
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Read.text("INFO  jepsen.util - 0\t:invoke\t:read\tnil nil\terror\n", Format.JEPSEN_LOG));
        assertTrue(e.problem().contains("expected one value before the tab"), e.problem());
        assertNull(JepsenLogReader.message("INFO jepsen.utility - 0 :invoke :read nil"));
    }
}
