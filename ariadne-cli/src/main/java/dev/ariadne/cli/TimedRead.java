package dev.ariadne.cli;

import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Reading a history within {@code --timeout}. The file is opened and read on a thread of its own, so that neither
 * a FIFO nobody opens for writing (its {@code open} blocks), nor a pipe that stays silent, nor a huge file holds the
 * command past its deadline; the reading thread stops at its next read once the deadline has passed, and one that
 * is blocked is left behind (a daemon: it ends with the JVM). The bytes read are counted, so a timeout says how far
 * the reading got.
 */
final class TimedRead {
    /** The deadline passed while reading; the message says where the reading was. */
    static final class TimedOut extends Exception {
        TimedOut(String where) {
            super(where, null, false, false);
        }
    }

    private TimedRead() {
    }

    /** The reading stopped at the deadline; {@link #load} turns it into {@link TimedOut}. */
    private static final class Expired extends IOException {
        Expired() {
            super("time limit reached");
        }
    }

    /**
     * The history in {@code file} ({@code -}: standard input), read as {@link CheckCommand#load} reads it, if the
     * reading ends before {@code deadline} ({@link System#nanoTime()}).
     *
     * @throws TimedOut when the deadline passes first; its message is {@code while reading line N} or similar
     */
    static ReadResult load(Path file, ReadOptions options, long deadline)
            throws IOException, InvalidInputException, TimedOut {
        AtomicReference<Counted> opened = new AtomicReference<>();
        CompletableFuture<ReadResult> result = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try {
                result.complete(read(file, options, opened, deadline));
            } catch (Throwable e) { // handed to the waiting thread, which reports it (OutOfMemoryError included)
                result.completeExceptionally(e);
            }
        }, "ariadne-read");
        reader.setDaemon(true);
        reader.start();
        try {
            return result.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            Counted in = opened.get();
            if (in != null) {
                in.stop();
            }
            throw new TimedOut(in == null ? "while opening the input" : in.where());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while reading");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            for (Throwable t = cause; t != null; t = t.getCause()) {
                if (t instanceof Expired) { // the reading saw the deadline pass before this thread did
                    throw new TimedOut(opened.get().where());
                }
            }
            throw rethrown(cause);
        }
    }

    /**
     * Throws what a reading on another thread threw ({@code cause}, as its future gave it), as the reading would
     * have thrown it on this thread; a checked exception no reading throws is wrapped.
     */
    static IllegalStateException rethrown(Throwable cause) throws IOException, InvalidInputException {
        if (cause instanceof IOException io) {
            throw io;
        }
        if (cause instanceof InvalidInputException invalid) {
            throw invalid;
        }
        if (cause instanceof RuntimeException re) {
            throw re;
        }
        if (cause instanceof Error err) {
            throw err;
        }
        return new IllegalStateException(cause);
    }

    private static ReadResult read(Path file, ReadOptions options, AtomicReference<Counted> opened, long deadline)
            throws IOException, InvalidInputException {
        String name = file.toString();
        if (name.equals("-")) {
            Counted in = new Counted(System.in, deadline);
            opened.set(in);
            return HistoryReaders.load(in, "-", options);
        }
        if (Files.isDirectory(file)) { // an OmniLink trace directory: its files are the reader's to open
            return HistoryReaders.load(file, options);
        }
        try (Counted in = new Counted(HistoryReaders.open(file), deadline)) {
            opened.set(in);
            return HistoryReaders.load(in, name, options);
        }
    }

    /** The input, its bytes and lines counted, ending with an error once stopped or past the deadline. */
    private static final class Counted extends FilterInputStream {
        private final long deadline;
        private volatile boolean stopped;
        private volatile long bytes;
        private volatile long newlines;
        private int first = -1;
        private boolean gzip;

        Counted(InputStream in, long deadline) {
            super(in);
            this.deadline = deadline;
        }

        void stop() {
            stopped = true;
        }

        /** Where the reading got: {@code while reading line N}, the line the bytes read so far reach. */
        String where() {
            return gzip ? String.format(java.util.Locale.ROOT, "while reading (%,d bytes of gzip data read)", bytes)
                    : "while reading line " + (newlines + 1);
        }

        private void checkTime() throws IOException {
            if (stopped || System.nanoTime() - deadline > 0) {
                stopped = true;
                throw new Expired();
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            checkTime();
            int n = in.read(b, off, len);
            long lines = 0;
            for (int i = off; i < off + n; i++) {
                if (bytes + (i - off) == 0) {
                    first = b[i] & 0xff;
                } else if (bytes + (i - off) == 1) {
                    gzip = first == 0x1f && (b[i] & 0xff) == 0x8b;
                }
                if (b[i] == '\n') {
                    lines++;
                }
            }
            if (n > 0) {
                newlines += lines;
                bytes += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            checkTime();
            return super.skip(n); // not counted: the readers read, they do not skip
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
