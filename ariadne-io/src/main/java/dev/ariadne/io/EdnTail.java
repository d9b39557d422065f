package dev.ariadne.io;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * The tail of a large EDN file (a map a line), tokenized by a second thread while {@link EdnReader} reads the head
 * (issue 23: a batch's first file, or a single file, is read while the machine's second core has nothing to do).
 * The tail starts just after a newline part-way through the file; this thread reads Jepsen's common lines from there
 * with its own {@link EdnJepsenLine} into blocks of events, in order, and stops at the first line it does not take
 * (or at the end of the file). Nothing here judges an event: the reader replays the blocks through the same
 * {@link JepsenOps} calls as its own common lines, with their line numbers, once it has reached the tail's start at a
 * boundary between two top-level maps, and then reads on from where this thread stopped. When the reader does not
 * meet the start at such a boundary (a value spanning it), it {@link #close}s this and reads on by itself, so the
 * history, and any error, is the one a reading by one thread gives.
 */
final class EdnTail implements AutoCloseable {
    /** A tail is worth a thread from this many bytes of file on. */
    static final long MIN_BYTES = 8L << 20;
    /** Where the tail starts, as a fraction of the file: the reader also turns every tail event into history. */
    static final double SPLIT = 0.3;
    private static final int BLOCK = 4096;

    /** Events of common lines, in file order; line k of the block is the k-th line after the block's first. */
    static class Block {
        int n;
        final int[] process;
        final JepsenOps.Type[] type;
        final String[] f;
        final Object[] key;
        final Object[] value;
        final long[] time;
        final long[] index;

        Block(int size) {
            process = new int[size];
            type = new JepsenOps.Type[size];
            f = new String[size];
            key = new Object[size];
            value = new Object[size];
            time = new long[size];
            index = new long[size];
        }
    }

    /** The last block, empty: where the thread stopped (the offset of the first line not taken), lines taken. */
    private static final class End extends Block {
        final long stop;
        final long lines;

        End(long stop, long lines) {
            super(0);
            this.stop = stop;
            this.lines = lines;
        }
    }

    private final Path file;
    /** The offset of the tail's first byte: just after a newline. */
    final long start;
    private final BlockingQueue<Block> blocks = new ArrayBlockingQueue<>(16);
    private volatile boolean cancelled;
    private final Thread thread;

    private EdnTail(Path file, long start) {
        this.file = file;
        this.start = start;
        thread = new Thread(this::run, "ariadne-read-tail");
        thread.setDaemon(true);
    }

    /**
     * A tail of {@code file} ({@code size} bytes) started on a thread of its own, from the first line that starts
     * after {@code at}; {@code null} when there is no such line within the next 64 KiB.
     */
    static EdnTail start(Path file, long size, long at) throws IOException {
        byte[] b = new byte[1 << 16];
        int n;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "r")) {
            f.seek(at);
            n = f.read(b);
        }
        for (int i = 0; i < n; i++) {
            if (b[i] == '\n') {
                if (at + i + 1 >= size) {
                    return null;
                }
                EdnTail t = new EdnTail(file, at + i + 1);
                t.thread.start();
                return t;
            }
        }
        return null;
    }

    /** The next block, in order; the last is an {@link End}. */
    Block take() throws InterruptedException {
        return blocks.take();
    }

    static boolean isEnd(Block b) {
        return b instanceof End;
    }

    static long stop(Block end) {
        return ((End) end).stop;
    }

    static long lines(Block end) {
        return ((End) end).lines;
    }

    /** Stops the thread (its blocks are dropped); the file it reads is closed as it ends. */
    @Override
    public void close() {
        cancelled = true;
        blocks.clear(); // a thread waiting to hand over a block goes on, sees the flag and ends
        thread.interrupt();
    }

    private void run() {
        long base = start; // the offset of b[0]
        int pos = 0;
        long taken = 0;
        Block block = new Block(BLOCK);
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(start);
            EdnJepsenLine p = new EdnJepsenLine();
            byte[] b = new byte[1 << 16];
            int end = 0;
            boolean eof = false;
            while (!cancelled) {
                if (p.parse(b, pos, end)) {
                    int k = block.n++;
                    block.process[k] = p.process;
                    block.type[k] = p.type;
                    block.f[k] = p.f;
                    block.key[k] = p.key;
                    block.value[k] = p.value;
                    block.time[k] = p.time;
                    block.index[k] = p.index;
                    pos = p.next;
                    taken++;
                    if (block.n == BLOCK) {
                        blocks.put(block);
                        block = new Block(BLOCK);
                    }
                    continue;
                }
                // not taken: a line the buffer cuts is read again once whole; any other ends the tail here
                int nl = pos;
                while (nl < end && b[nl] != '\n') {
                    nl++;
                }
                if (nl < end || eof || (pos == 0 && end == b.length)) {
                    break;
                }
                System.arraycopy(b, pos, b, 0, end - pos);
                base += pos;
                end -= pos;
                pos = 0;
                int n = in.read(b, end, b.length - end);
                if (n < 0) {
                    eof = true;
                } else {
                    end += n;
                }
            }
        } catch (InterruptedException e) {
            return; // closed
        } catch (IOException | RuntimeException e) {
            // the lines taken so far stand; the reader reads on from the first one not taken, and meets the
            // failure itself if it is the file's
        }
        if (cancelled) {
            return;
        }
        try {
            blocks.put(block);
            blocks.put(new End(base + pos, taken));
        } catch (InterruptedException e) {
            // closed
        }
    }
}
