package dev.ariadne.cli;

import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A batch {@code check} reads the next file on a thread of its own while the current one is checked (issue 23:
 * reading is most of a batch's time, and the machine has a second core). At most one file is read ahead, and only
 * a file that is small beside the heap ({@link #fits}), so a batch holds at most two histories, the second small.
 * The reading is the same {@link CheckCommand#load} a file read in turn gets; its failure (bad input, an unreadable
 * file, a full heap) is given to the main thread at the file's turn, as the same exception, so outputs and statuses
 * are those of reading in turn. Not used with {@code --timeout} (the limit counts from each file's reading) nor for
 * standard input.
 */
final class ReadAhead implements AutoCloseable {
    /** A file read ahead may be at most this fraction of the heap on disk (a history takes about its file's size). */
    private static final int HEAP_SHARE = 16;
    /** A compressed file's history may be this many times its size on disk. */
    private static final int GZIP_FACTOR = 12;

    private final List<Path> files;
    private final ReadOptions options;
    private final long limit;
    /** {@link #historyBytes} of each file asked about; guarded by itself. */
    private final Map<Path, Long> estimates = new HashMap<>();
    private ExecutorService reader;
    /** The reading of file {@link #aheadIndex}, or {@code null}. */
    private Future<ReadResult> ahead;
    private int aheadIndex = -1;

    ReadAhead(List<Path> files, ReadOptions options) {
        this.files = files;
        this.options = options;
        this.limit = Runtime.getRuntime().maxMemory() / HEAP_SHARE;
    }

    /**
     * The reading of file {@code i}, the next in turn: what was read ahead, or what {@link CheckCommand#load} gives
     * now on this thread. Starts reading file {@code i + 1} first when it {@link #fits}.
     */
    ReadResult load(int i) throws IOException, InvalidInputException {
        Future<ReadResult> mine = aheadIndex == i ? ahead : null;
        ahead = null;
        aheadIndex = -1;
        if (i + 1 < files.size() && fits(files.get(i + 1))) {
            Path next = files.get(i + 1);
            if (reader == null) {
                reader = Executors.newSingleThreadExecutor(r -> {
                    Thread t = new Thread(r, "ariadne-read-ahead");
                    t.setDaemon(true); // an interrupted batch halts without waiting for it
                    return t;
                });
            }
            ahead = reader.submit(() -> CheckCommand.load(next, options));
            aheadIndex = i + 1;
        }
        if (mine == null) {
            return CheckCommand.load(files.get(i), options);
        }
        return result(mine, files.get(i));
    }

    /** The reading's result, or its failure thrown here as it would have been thrown reading in turn. */
    private ReadResult result(Future<ReadResult> f, Path file) throws IOException, InvalidInputException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            // A served command whose client left: read in turn, interrupted, as without reading ahead.
            f.cancel(true);
            Thread.currentThread().interrupt();
            return CheckCommand.load(file, options);
        } catch (ExecutionException e) {
            throw TimedRead.rethrown(e.getCause());
        }
    }

    /** Whether {@code file} may be read ahead: a regular file whose history is small beside the heap. */
    boolean fits(Path file) {
        return historyBytes(file) <= limit;
    }

    /**
     * The bytes {@code file}'s history may take in memory ({@link #estimate}), looked at once per batch: the batch's
     * two threads ask of each file whether it fits, whether it is read apart and how much of the small files' budget
     * it takes ({@link CheckAhead}), and each answer comes from this one estimate.
     */
    long historyBytes(Path file) {
        synchronized (estimates) {
            Long known = estimates.get(file);
            if (known == null) {
                known = estimate(file);
                estimates.put(file, known);
            }
            return known;
        }
    }

    /**
     * What {@code file}'s history may take in memory: its size on disk, {@link #GZIP_FACTOR} times that when it is
     * compressed; {@link Long#MAX_VALUE} for what is not a regular file (standard input, a device, a pipe) or cannot
     * be looked at (read in turn, with its own error message then).
     */
    static long estimate(Path file) {
        String name = file.toString();
        if (name.equals("-") || name.startsWith("/dev/") || name.startsWith("/proc/")) {
            return Long.MAX_VALUE;
        }
        try {
            if (!Files.isRegularFile(file)) {
                return Long.MAX_VALUE;
            }
            long size = Files.size(file);
            if (gzip(file)) {
                size = size > Long.MAX_VALUE / GZIP_FACTOR ? Long.MAX_VALUE : size * GZIP_FACTOR;
            }
            return size;
        } catch (IOException | SecurityException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Whether the file starts with gzip's magic bytes, as {@code HistoryReaders} recognises compressed input. */
    private static boolean gzip(Path file) throws IOException {
        try (var in = Files.newInputStream(file)) {
            return in.read() == 0x1f && in.read() == 0x8b;
        }
    }

    /** The smallest history ({@link #estimate}) that {@link CheckAhead} reads on one thread and checks on another. */
    static final long APART_BYTES = 1L << 20;
    /** {@link #APART_BYTES} as {@link #apart} uses it: tests lower it, so that small files take that path too. */
    static volatile long apartBytes = APART_BYTES;

    /**
     * Whether {@code file} is worth reading apart from its check ({@link CheckAhead}): a regular file whose history
     * ({@link #historyBytes}) is at least {@link #APART_BYTES}, so that its reading takes long enough that
     * overlapping it with another file's check pays for the hand-off.
     */
    boolean apart(Path file) {
        long bytes = historyBytes(file);
        return bytes != Long.MAX_VALUE && bytes >= apartBytes;
    }

    /**
     * What reading a file gave, on one thread, for its check on another ({@link CheckAhead}): the result, or what
     * the reading threw, thrown again by {@link #get} as reading in turn would have thrown it.
     */
    record Read(ReadResult result, Throwable failure) {
        /**
         * {@code file} read now; {@code null} when this thread was interrupted meanwhile (a served command
         * cancelled: its check reads it again, interrupted, as in turn).
         */
        static Read of(Path file, ReadOptions options) {
            Read r;
            try {
                r = new Read(CheckCommand.load(file, options), null);
            } catch (Throwable t) {
                r = new Read(null, t);
            }
            return Thread.currentThread().isInterrupted() ? null : r;
        }

        /** The reading's result, or its failure thrown. */
        ReadResult get() throws IOException, InvalidInputException {
            if (failure != null) {
                throw TimedRead.rethrown(failure);
            }
            return result;
        }
    }

    /** The file being read ahead, or -1 (for tests). */
    int aheadIndex() {
        return aheadIndex;
    }

    @Override
    public void close() {
        if (reader != null) {
            reader.shutdownNow();
        }
    }
}
