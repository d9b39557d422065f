package dev.ariadne.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An input followed while it is being written, for {@code check --follow}: a file read like {@code tail -f} (at its
 * current end, it is polled every {@value #POLL_MILLIS} ms for more), or standard input read to its end. A read
 * returns as soon as some bytes are there, so each line reaches the reader when it is complete. The input ends at
 * its true end (standard input), or when no byte has arrived for the idle time, if one is given; {@link #stop}
 * makes the next read throw {@link Stopped}, so that a reader in the middle of a line never takes half of it for
 * the last line.
 */
final class FollowedInput extends InputStream {
    static final long POLL_MILLIS = 100;

    /** Where the bytes come from: up to {@code len} bytes, 0 if none came within the wait, -1 at the end. */
    private interface Source extends AutoCloseable {
        int read(byte[] b, int off, int len, long waitMillis) throws IOException, InterruptedException;

        @Override
        void close() throws IOException;
    }

    /** The reason {@link #read} stopped before the input ended: {@code check} reports the history read so far. */
    static final class Stopped extends IOException {
        Stopped(String reason) {
            super(reason);
        }
    }

    private final Source source;
    private final long idleNanos;
    private long lastData = System.nanoTime();
    private volatile String stopReason;

    private FollowedInput(Source source, long idleNanos) {
        this.source = source;
        this.idleNanos = idleNanos;
    }

    /**
     * {@code file}, followed from its start; {@code idleNanos} > 0 ends it once it has not grown for that long.
     *
     * @throws IOException when the file cannot be opened
     */
    static FollowedInput file(Path file, long idleNanos) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
        return new FollowedInput(new Source() {
            @Override
            public int read(byte[] b, int off, int len, long waitMillis) throws IOException, InterruptedException {
                long position = channel.position();
                int n = channel.read(ByteBuffer.wrap(b, off, len));
                if (n > 0) {
                    return n;
                }
                if (channel.size() < position) {
                    throw new IOException("it was truncated while being followed (" + channel.size()
                            + " bytes, of which " + position + " were read)");
                }
                Thread.sleep(waitMillis);
                return 0;
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        }, idleNanos);
    }

    /** Opens a stream, on the thread that reads it: opening a FIFO blocks until a writer opens it too. */
    interface Opener {
        InputStream open() throws IOException;
    }

    /**
     * {@code in} (standard input) read by a daemon thread, so that a read can wait for data with a time limit and
     * notice {@link #stop} even while the writer is silent (a blocked read of a pipe cannot be interrupted).
     */
    static FollowedInput stream(InputStream in, long idleNanos) {
        return stream(() -> new java.io.FilterInputStream(in) {
            @Override
            public void close() {
                // standard input stays open: it is not this stream's to close
            }
        }, idleNanos);
    }

    /**
     * The stream {@code opener} opens, read to its end as {@link #stream(InputStream, long)} reads standard input:
     * for a file that cannot be read from a position (a FIFO, {@code /dev/stdin} on a pipe, a shell's
     * {@code <(…)}), whose bytes arrive once. The opening too happens on the reading thread, so a FIFO that no
     * writer has opened yet does not hold off {@link #stop} or {@code --timeout}. A read or open that fails is
     * reported by the read that reaches it, not taken for the end.
     */
    static FollowedInput stream(Opener opener, long idleNanos) {
        BlockingQueue<byte[]> chunks = new ArrayBlockingQueue<>(64);
        byte[] end = new byte[0];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread pump = new Thread(() -> {
            try (InputStream in = opener.open()) {
                byte[] buffer = new byte[1 << 16];
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    if (n > 0) {
                        chunks.put(Arrays.copyOf(buffer, n));
                    }
                }
                chunks.put(end);
            } catch (InterruptedException e) {
                // the follow ended: nobody reads any more
            } catch (IOException | RuntimeException | OutOfMemoryError e) {
                failure.set(e); // the reader reports it where the input broke
                chunks.offer(end);
            }
        }, "ariadne-follow-input");
        pump.setDaemon(true);
        pump.start();
        return new FollowedInput(new Source() {
            private byte[] current;
            private int pos;

            @Override
            public int read(byte[] b, int off, int len, long waitMillis) throws IOException, InterruptedException {
                if (current == null || pos == current.length) {
                    current = chunks.poll(waitMillis, TimeUnit.MILLISECONDS);
                    pos = 0;
                    if (current == null) {
                        return 0;
                    }
                    if (current == end) {
                        chunks.offer(end); // every later read sees the end too
                        Throwable broke = failure.get();
                        if (broke instanceof IOException io) {
                            throw io;
                        }
                        if (broke instanceof OutOfMemoryError oom) {
                            throw oom;
                        }
                        if (broke != null) {
                            throw new IOException(broke.toString(), broke);
                        }
                        return -1;
                    }
                }
                int n = Math.min(len, current.length - pos);
                System.arraycopy(current, pos, b, off, n);
                pos += n;
                return n;
            }

            @Override
            public void close() {
                pump.interrupt();
            }
        }, idleNanos);
    }

    /** Makes the current or next read throw {@link Stopped} with {@code reason} (from any thread). */
    void stop(String reason) {
        stopReason = reason;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        while (true) {
            String reason = stopReason;
            if (reason != null) {
                throw new Stopped(reason);
            }
            int n;
            try {
                n = source.read(b, off, len, POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while following the input");
            }
            if (n != 0) {
                lastData = System.nanoTime();
                return n;
            }
            if (idleNanos > 0 && System.nanoTime() - lastData >= idleNanos) {
                return -1;
            }
        }
    }

    @Override
    public void close() throws IOException {
        source.close();
    }
}
