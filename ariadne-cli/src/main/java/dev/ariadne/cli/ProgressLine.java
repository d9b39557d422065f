package dev.ariadne.cli;

import dev.ariadne.core.check.Progress;
import dev.ariadne.core.history.Values;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The progress line {@code ariadne check} keeps redrawn in place on a terminal's standard error while a long
 * check runs: {@code c10-ok.txt: 210,000/500,000 ops · 1,204 configs alive · 1.9 M ops/s · 3.1 s}. A daemon
 * thread polls the check's {@link Progress} every {@value #INTERVAL_MILLIS} ms, draws nothing during the first
 * second (so quick checks print nothing at all), and {@link #close()} stops it and blanks the line before the
 * report is printed.
 */
final class ProgressLine implements AutoCloseable {
    /** Checks shorter than this never show a line: a flash of text would only be noise. */
    static final long FIRST_DRAW_NANOS = TimeUnit.SECONDS.toNanos(1);
    static final long INTERVAL_MILLIS = 250;
    /** Terminal width assumed when {@code COLUMNS} does not say: a line that wraps cannot be redrawn with \r. */
    static final int DEFAULT_WIDTH = 80;

    private final String name;
    private final Supplier<Progress.Snapshot> source;
    private final PrintWriter err;
    private final int width;
    private Thread thread;
    /** Characters of the line now on the screen (0 when none), to blank exactly that many. */
    private int shown;
    private boolean closed;

    ProgressLine(String name, Supplier<Progress.Snapshot> source, PrintWriter err, int width) {
        this.name = name;
        this.source = source;
        this.err = err;
        this.width = width;
    }

    /** Starts drawing the progress of {@code progress}, the check of file {@code name}, on {@code err}. */
    static ProgressLine start(String name, Progress progress, PrintWriter err) {
        ProgressLine line = new ProgressLine(name, progress::snapshot, err, terminalWidth());
        Thread t = new Thread(line::loop, "ariadne-progress");
        t.setDaemon(true);
        line.thread = t;
        t.start();
        return line;
    }

    private void loop() {
        try {
            while (tick()) {
                Thread.sleep(INTERVAL_MILLIS);
            }
        } catch (InterruptedException e) {
            // close() interrupts the sleep: the check is over.
        }
    }

    /** Draws the line if the check has run long enough. Returns whether to go on (false once closed). */
    synchronized boolean tick() {
        if (closed) {
            return false;
        }
        Progress.Snapshot s = source.get();
        if (s.elapsedNanos() >= FIRST_DRAW_NANOS && !s.finished()) {
            String line = render(name, s, width - 1);
            // Spaces cover what is left of a longer previous line; \r alone does not erase.
            err.print("\r" + line + " ".repeat(Math.max(0, shown - line.length())));
            err.flush();
            shown = line.length();
        }
        return true;
    }

    /** Stops drawing and blanks the line if one was drawn, leaving the cursor at its start. Idempotent. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            if (shown > 0) {
                err.print("\r" + " ".repeat(shown) + "\r");
                err.flush();
                shown = 0;
            }
            t = thread;
        }
        if (t != null) {
            t.interrupt();
        }
    }

    /**
     * The line for a snapshot of the check of file {@code name}, at most {@code width} characters (the name is
     * shortened from the left with … to fit). Pure: the same snapshot gives the same line.
     */
    static String render(String name, Progress.Snapshot s, int width) {
        StringBuilder rest = new StringBuilder();
        if (s.partitions() == 0) {
            rest.append("preparing ").append(count(s.totalOperations())).append(" ops");
        } else {
            rest.append(count(s.operations())).append('/').append(count(s.totalOperations())).append(" ops");
            if (s.partitions() > 1) {
                rest.append(" · ").append(count(s.partitionsDone())).append('/').append(count(s.partitions()))
                        .append(" partitions");
            }
            // A frontier's live configurations say how hard the history is now; dfs and the decision
            // procedures keep none alive in that sense, so their explored count stands in.
            if (s.configurationsAlive() > 0) {
                rest.append(" · ").append(count(s.configurationsAlive())).append(" configs alive");
            } else {
                rest.append(" · ").append(count(s.configurationsExplored())).append(" configs explored");
            }
            rest.append(" · ").append(rate(s.operationsPerSecond()));
        }
        rest.append(" · ").append(duration(s.elapsedNanos()));
        String label = Values.escape(name);
        int room = width - rest.length() - 2;
        if (label.length() > room) {
            label = room >= 2 ? "…" + label.substring(label.length() - (room - 1)) : "";
        }
        String line = label.isEmpty() ? rest.toString() : label + ": " + rest;
        return line.length() > width ? line.substring(0, Math.max(0, width)) : line;
    }

    /** {@code 1,234,567}. */
    static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 850 ops/s}, {@code 12.5 k ops/s}, {@code 1.9 M ops/s}. */
    static String rate(double perSecond) {
        if (perSecond < 999.5) {
            return String.format(Locale.ROOT, "%.0f ops/s", perSecond);
        }
        if (perSecond < 999_950) {
            return String.format(Locale.ROOT, "%.1f k ops/s", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f M ops/s", perSecond / 1e6);
    }

    /** {@code 3.1 s}, {@code 2 min 05 s}, {@code 1 h 02 min}: rounded to the nearest unit shown. */
    static String duration(long nanos) {
        long tenths = (nanos + 50_000_000L) / 100_000_000L;
        if (tenths < 600) {
            return String.format(Locale.ROOT, "%d.%d s", tenths / 10, tenths % 10);
        }
        long seconds = (nanos + 500_000_000L) / 1_000_000_000L;
        if (seconds < 3600) {
            return String.format(Locale.ROOT, "%d min %02d s", seconds / 60, seconds % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", seconds / 3600, seconds / 60 % 60);
    }

    /** The width of the terminal as the shell exports it in {@code COLUMNS}, else {@value #DEFAULT_WIDTH}. */
    private static int terminalWidth() {
        String columns = System.getenv("COLUMNS");
        try {
            int w = columns == null ? DEFAULT_WIDTH : Integer.parseInt(columns.strip());
            return w >= 20 ? w : DEFAULT_WIDTH;
        } catch (NumberFormatException e) {
            return DEFAULT_WIDTH;
        }
    }

    /**
     * Whether this process's standard error is a terminal. On Linux it asks what file descriptor 2 is ({@code
     * /proc/self/fd/2} names a {@code /dev/pts/…} or {@code /dev/tty…} device), so that a report redirected to a
     * file still gets a progress line; elsewhere Java can only tell whether the process has a console
     * ({@link System#console()}: standard input and output are terminals), which is used instead.
     */
    static boolean stderrIsTerminal() {
        Path fd = Path.of("/proc/self/fd/2");
        if (Files.isSymbolicLink(fd)) {
            try {
                return isTerminalDevice(Files.readSymbolicLink(fd).toString());
            } catch (IOException | SecurityException e) {
                return false;
            }
        }
        return System.console() != null;
    }

    /** Whether a device path names a terminal: {@code /dev/pts/3}, {@code /dev/tty1}, {@code /dev/console}. */
    static boolean isTerminalDevice(String device) {
        return device.startsWith("/dev/pts/") || device.startsWith("/dev/tty") || device.equals("/dev/console");
    }
}
