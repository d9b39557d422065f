package dev.ariadne.cli;

import dev.ariadne.core.check.Progress;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.Deque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress line's text, and when it is drawn and blanked (snapshots are fed by hand: no clocks involved). */
class ProgressLineTest {
    private static final long SECOND = 1_000_000_000L;

    private static Progress.Snapshot running(long ops, long total, long alive, long explored, int done, int parts,
                                             long nanos) {
        return new Progress.Snapshot(ops, total, alive, explored, done, parts, nanos, false);
    }

    @Test
    void rendersCountsRateAndTime() {
        // 210,000 operations in 0.11 s: 1.9 M ops/s.
        assertEquals("c10-ok.txt: 210,000/500,000 ops · 1,204 configs alive · 1.9 M ops/s · 0.1 s",
                ProgressLine.render("c10-ok.txt", running(210_000, 500_000, 1_204, 9_999, 0, 1, 110_000_000L),
                        200));
        assertEquals("q.jsonl: 2,052/20,000 ops · 24 configs alive · 2.1 k ops/s · 1.0 s",
                ProgressLine.render("q.jsonl", running(2_052, 20_000, 24, 0, 0, 1, SECOND - 1), 200));
    }

    @Test
    void showsPartitionsOnlyWhenThereAreSeveralAndExploredWhenNothingIsAlive() {
        assertEquals("kv.edn: 1,500/3,000 ops · 7/12 partitions · 45,000 configs explored · 500 ops/s · 3.0 s",
                ProgressLine.render("kv.edn", running(1_500, 3_000, 0, 45_000, 7, 12, 3 * SECOND), 200));
        assertEquals("big.jsonl: preparing 500,000 ops · 1.2 s",
                ProgressLine.render("big.jsonl", running(0, 500_000, 0, 0, 0, 0, 1_240_000_000L), 200));
    }

    @Test
    void formatsRatesAndDurations() {
        assertEquals("0 ops/s", ProgressLine.rate(0));
        assertEquals("999 ops/s", ProgressLine.rate(999.4));
        assertEquals("1.0 k ops/s", ProgressLine.rate(999.5));
        assertEquals("12.5 k ops/s", ProgressLine.rate(12_500));
        assertEquals("999.9 k ops/s", ProgressLine.rate(999_900));
        assertEquals("1.0 M ops/s", ProgressLine.rate(999_950));
        assertEquals("23.4 M ops/s", ProgressLine.rate(23_400_000));
        assertEquals("0.0 s", ProgressLine.duration(0));
        assertEquals("3.1 s", ProgressLine.duration(3_140_000_000L));
        assertEquals("3.2 s", ProgressLine.duration(3_150_000_000L));
        assertEquals("59.9 s", ProgressLine.duration(59_940_000_000L));
        assertEquals("1 min 00 s", ProgressLine.duration(59_950_000_000L));
        assertEquals("1 min 00 s", ProgressLine.duration(60 * SECOND));
        assertEquals("2 min 05 s", ProgressLine.duration(125 * SECOND));
        assertEquals("1 h 02 min", ProgressLine.duration(3_725 * SECOND));
        assertEquals("1,234,567", ProgressLine.count(1_234_567));
    }

    @Test
    void fitsTheWidthByShorteningTheNameFromTheLeft() {
        Progress.Snapshot s = running(10, 100, 1, 1, 0, 1, 2 * SECOND);
        String full = ProgressLine.render("a-rather-long-history-name.jsonl", s, 200);
        assertEquals("a-rather-long-history-name.jsonl: 10/100 ops · 1 configs alive · 5 ops/s · 2.0 s", full);
        String fitted = ProgressLine.render("a-rather-long-history-name.jsonl", s, 60);
        assertEquals(60, fitted.length(), fitted);
        assertTrue(fitted.startsWith("…"), fitted);
        assertTrue(fitted.endsWith("name.jsonl: 10/100 ops · 1 configs alive · 5 ops/s · 2.0 s"), fitted);
        assertTrue(ProgressLine.render("x", s, 20).length() <= 20);
    }

    @Test
    void escapesControlCharactersInTheName() {
        String line = ProgressLine.render("evil\r\u001b[2Jname", running(1, 2, 1, 1, 0, 1, SECOND), 200);
        assertFalse(line.contains("\r"), line);
        assertFalse(line.contains("\u001b"), line);
    }

    @Test
    void drawsAfterOneSecondRedrawsInPlaceAndBlanksOnClose() {
        Deque<Progress.Snapshot> feed = new ArrayDeque<>();
        feed.add(running(100, 1_000, 3, 10, 0, 1, SECOND / 2));
        feed.add(running(5_000, 10_000, 1_204, 10, 0, 1, 2 * SECOND));
        feed.add(running(9_000, 10_000, 7, 10, 0, 1, 3 * SECOND));
        StringWriter out = new StringWriter();
        ProgressLine line = new ProgressLine("h.jsonl", feed::poll, new PrintWriter(out), 80);

        assertTrue(line.tick());
        assertEquals("", out.toString(), "nothing during the first second");

        assertTrue(line.tick());
        String first = "h.jsonl: 5,000/10,000 ops · 1,204 configs alive · 2.5 k ops/s · 2.0 s";
        assertEquals("\r" + first, out.toString());

        assertTrue(line.tick());
        String second = "h.jsonl: 9,000/10,000 ops · 7 configs alive · 3.0 k ops/s · 3.0 s";
        // One character shorter: a space covers the leftover of the longer line.
        assertEquals("\r" + first + "\r" + second + " ".repeat(first.length() - second.length()), out.toString());

        line.close();
        assertTrue(out.toString().endsWith("\r" + second + " ".repeat(first.length() - second.length())
                + "\r" + " ".repeat(second.length()) + "\r"), out.toString());
        int before = out.toString().length();
        assertFalse(line.tick(), "stopped once closed");
        line.close();
        assertEquals(before, out.toString().length(), "nothing more after close");
    }

    @Test
    void aQuickCheckPrintsNothingAtAll() {
        StringWriter out = new StringWriter();
        ProgressLine line = new ProgressLine("h.jsonl", () -> running(1, 2, 1, 1, 0, 1, SECOND / 4),
                new PrintWriter(out), 80);
        line.tick();
        line.close();
        assertEquals("", out.toString());
        ProgressLine finished = new ProgressLine("h.jsonl",
                () -> new Progress.Snapshot(2, 2, 0, 1, 1, 1, 5 * SECOND, true), new PrintWriter(out), 80);
        finished.tick();
        finished.close();
        assertEquals("", out.toString(), "a finished check is not drawn");
    }

    @Test
    void recognisesTerminalDevices() {
        assertTrue(ProgressLine.isTerminalDevice("/dev/pts/3"));
        assertTrue(ProgressLine.isTerminalDevice("/dev/tty1"));
        assertFalse(ProgressLine.isTerminalDevice("pipe:[123456]"));
        assertFalse(ProgressLine.isTerminalDevice("/dev/null"));
        assertFalse(ProgressLine.isTerminalDevice("/tmp/err.txt"));
        // The test JVM's standard error is a pipe to the build, not a terminal.
        assertFalse(ProgressLine.stderrIsTerminal());
    }
}
