package dev.ariadne.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * A batch {@code check} on two threads (issue 23: a batch is mostly reading and checking on one core while the second
 * waits). A helper thread and the main thread share the files' work, at most {@link #WINDOW} files ahead of the one
 * printed next, or further while the files started and not yet printed are all small ones that add up to little
 * ({@link #SMALL_WINDOW}, {@link #smallBudget}), so that a slow file (a violation's core search) does not leave the
 * other thread idle; the main thread prints every outcome in the files' order, so the output and the exit status are
 * those of checking in turn. A small file is read and checked in one go by one thread; a file worth reading apart
 * (a megabyte or more) is read by one thread and checked by whichever is free next, reads first, so that the last
 * files' readings overlap the earlier files' checks instead of the last file running alone at the end. Only files
 * small beside the heap ({@link ReadAhead#fits}) are worked on ahead; a larger one is read and checked by the main
 * thread at its turn, and the helper starts nothing while it is. An outcome decided next to another check that came
 * out UNKNOWN (a budget or the heap ran out) is decided again alone before it is printed, so no verdict depends on
 * checking two files at once; a failure of a check on either thread (a bug) is thrown on the main thread at the
 * file's turn, as checking in turn would have thrown it.
 */
final class CheckAhead implements AutoCloseable {
    /** One file's work: its reading, and its check. */
    interface FileCheck {
        /**
         * The outcome of file {@code index}. {@code read} is what {@link #read} gave for it, or {@code null}: read
         * it now. {@code drawsProgress} is false on the helper thread (one progress line at a time).
         */
        CheckCommand.Outcome check(int index, Object read, boolean drawsProgress);

        /**
         * File {@code index} read ahead of its check, for {@link #check}; never throws (a failure travels in what
         * it returns, to be thrown by the check). {@code null}: nothing read, the check reads it.
         */
        default Object read(int index) {
            return null;
        }
    }

    /** How many files past the one printed next may be started, so that a slow file holds few outcomes waiting. */
    static final int WINDOW = 2;
    /**
     * How many files past the one printed next may be started when they are all small ({@link ReadAhead#apart}
     * says no) and their histories ({@link ReadAhead#estimate}) add up to at most {@link #smallBudget}: at {@link #WINDOW} alone the helper
     * sat idle 14-74 ms of Knossos' 120 files and 106-285 ms of porcupine's corpus (a loaded machine) while the main
     * thread searched a violation's core (docs/benchmarks.md, 2026-11-30 "small8").
     */
    static final int SMALL_WINDOW = 32;

    private static final byte UNKNOWN_SIZE = 0;
    static final byte SMALL = 1;
    /** Small beside the heap, and worth reading on one thread and checking on another. */
    static final byte APART = 2;
    static final byte LARGE = 3;

    private static final byte WAITING = 0;
    private static final byte READING = 1;
    private static final byte READ = 2;
    private static final byte CHECKING = 3;

    private final List<Path> files;
    private final FileCheck check;
    private final Predicate<Path> fits;
    private final Predicate<Path> apart;
    /** The bytes each file's history may take ({@link ReadAhead#estimate}); {@link Long#MAX_VALUE} when unknown. */
    private final ToLongFunction<Path> bytes;
    /** The most bytes the histories of the files started past {@link #WINDOW} and not yet printed may add up to. */
    private final long smallBudget;
    /** Guarded by this, as is everything below. */
    private final byte[] size;
    private final byte[] state;
    /** Each file's history's bytes, once {@link #size} looked: what it counts against {@link #smallBudget}. */
    private final long[] sizes;
    /** What each file's reading gave, until its check takes it. */
    private final Object[] reads;
    /** Each file's outcome (or the {@link Failure} of its check) until the main thread takes it. */
    private final Object[] results;
    /** The first file nobody has started to read or check: files are started in order. */
    private int next;
    /** The file the main thread prints next. */
    private int turn;
    private boolean helperBusy;
    /** Set while the main thread checks a file alone (a large one, or an UNKNOWN decided again): no new start. */
    private boolean alone;
    private boolean closed;
    private final Thread helper;
    /** For tests: how many outcomes the helper decided. */
    private int helped;

    private record Failure(Throwable thrown) {
    }

    /**
     * Starts the helper for a batch of {@code files}; {@code fits} says which files are small enough to be worked
     * on next to another ({@link ReadAhead#fits}), {@code apart} which of those are read apart from their check.
     */
    CheckAhead(List<Path> files, FileCheck check, Predicate<Path> fits, Predicate<Path> apart) {
        this(files, check, fits, apart, ReadAhead::estimate, defaultSmallBudget());
    }

    /**
     * As above; {@code bytes} gives the bytes a file's history may take ({@link ReadAhead#historyBytes};
     * {@link Long#MAX_VALUE}: unknown) and {@code smallBudget} how many of them the small files started past
     * {@link #WINDOW} may add up to.
     */
    CheckAhead(List<Path> files, FileCheck check, Predicate<Path> fits, Predicate<Path> apart,
               ToLongFunction<Path> bytes, long smallBudget) {
        this.files = files;
        this.check = check;
        this.fits = fits;
        this.apart = apart;
        this.bytes = bytes;
        this.smallBudget = smallBudget;
        this.sizes = new long[files.size()];
        this.size = new byte[files.size()];
        this.state = new byte[files.size()];
        this.reads = new Object[files.size()];
        this.results = new Object[files.size()];
        this.helper = new Thread(this::help, "ariadne-check-ahead");
        helper.setDaemon(true); // an interrupted batch halts without waiting for it
        helper.start();
    }

    /** As above, every file read and checked in one go. */
    CheckAhead(List<Path> files, FileCheck check, Predicate<Path> fits) {
        this(files, check, fits, f -> false);
    }

    /**
     * Whether a batch check may use two threads: several files, two processors, and no {@code --threads} (whose
     * number is the threads of the whole run).
     */
    static boolean worthIt(int fileCount, Integer threads) {
        return fileCount > 1 && threads == null && Runtime.getRuntime().availableProcessors() >= 2;
    }

    /** The most bytes of small files' histories started past {@link #WINDOW}: {@link #SMALL_WINDOW} files of 512 KiB. */
    static final long SMALL_BUDGET_BYTES = 16L << 20;
    /** ... and at most this fraction of the heap (a history in memory takes about its file's size, or more). */
    static final int SMALL_BUDGET_HEAP_SHARE = 64;

    /** A batch's budget for small files: {@link #SMALL_BUDGET_BYTES}, at most a {@link #SMALL_BUDGET_HEAP_SHARE}th of the heap. */
    static long defaultSmallBudget() {
        return Math.min(SMALL_BUDGET_BYTES, Runtime.getRuntime().maxMemory() / SMALL_BUDGET_HEAP_SHARE);
    }

    /** File {@code j}'s size class (looked at once, by whichever thread asks first). */
    private byte size(int j) {
        if (size[j] == UNKNOWN_SIZE) {
            Path f = files.get(j);
            size[j] = !fits.test(f) ? LARGE : apart.test(f) ? APART : SMALL;
            sizes[j] = size[j] == SMALL ? bytes.applyAsLong(f) : Long.MAX_VALUE;
        }
        return size[j];
    }

    /**
     * Whether file {@link #next} may be started now: within {@link #WINDOW} of the turn, or within
     * {@link #SMALL_WINDOW} when it and every file started past {@link #WINDOW} are small and their histories' bytes
     * add up to at most {@link #smallBudget}.
     */
    private boolean mayStartNext() {
        for (int j = turn + WINDOW + 1; j <= Math.min(next, turn + SMALL_WINDOW); j++) {
            size(j); // looked at once, as the rule needs them
        }
        return mayStart(next, turn, size, sizes, smallBudget);
    }

    /**
     * The rule of {@link #mayStartNext}: file {@code next} may be started with file {@code turn} printed next when it
     * is within {@link #WINDOW} of it, or within {@link #SMALL_WINDOW} with every file past {@link #WINDOW} up to it
     * {@link #SMALL} (by {@code classes}) and their {@code sizes} adding up to at most {@code budget}.
     */
    static boolean mayStart(int next, int turn, byte[] classes, long[] sizes, long budget) {
        if (next <= turn + WINDOW) {
            return true;
        }
        if (next > turn + SMALL_WINDOW) {
            return false;
        }
        long total = 0;
        for (int j = turn + WINDOW + 1; j <= next; j++) {
            if (classes[j] != SMALL || sizes[j] > budget - total) {
                return false;
            }
            total += sizes[j];
        }
        return true;
    }

    /**
     * The next piece of work for a free thread, or -1: {@code j << 1} reads file {@code j}, {@code j << 1 | 1}
     * checks it (read already, or read by the check). Reads come first: the files' readings then run early and
     * side by side, and the checks, which may run on either thread, fill in, so both threads end together.
     */
    private int pick() {
        if (closed || alone) {
            return -1;
        }
        if (next < results.length && mayStartNext() && size(next) != LARGE) {
            int j = next++;
            if (size(j) == APART) {
                state[j] = READING;
                return j << 1;
            }
            state[j] = CHECKING;
            return j << 1 | 1;
        }
        for (int j = turn; j < next; j++) {
            if (state[j] == READ) {
                state[j] = CHECKING;
                return j << 1 | 1;
            }
        }
        return -1;
    }

    /** Whether the helper has nothing left to do: every file started, and none read and waiting for its check. */
    private boolean helperDone() {
        if (closed) {
            return true;
        }
        if (next < results.length) {
            return false;
        }
        for (int j = turn; j < next; j++) {
            if (state[j] == READING || state[j] == READ) {
                return false;
            }
        }
        return true;
    }

    /** Does {@code task} ({@link #pick}); a check's outcome, or its failure, goes to {@link #results}. */
    private void run(int task, boolean main) {
        int j = task >>> 1;
        if ((task & 1) == 0) {
            Object read = check.read(j);
            synchronized (this) {
                reads[j] = read;
                state[j] = READ;
                notifyAll();
            }
            return;
        }
        Object read;
        synchronized (this) {
            read = reads[j];
            reads[j] = null; // the check holds the history now, and drops it when done
        }
        Object r;
        try {
            r = check.check(j, read, main);
        } catch (Throwable t) {
            r = new Failure(t);
        }
        synchronized (this) {
            results[j] = r;
            if (!main) {
                helped++;
            }
            notifyAll();
        }
    }

    private void help() {
        while (true) {
            int task;
            synchronized (this) {
                try {
                    while ((task = pick()) < 0) {
                        if (helperDone()) {
                            return;
                        }
                        wait();
                    }
                } catch (InterruptedException e) {
                    return; // closed, or a served command cancelled: the main thread checks what is left
                }
                helperBusy = true;
            }
            try {
                run(task, false);
            } finally {
                synchronized (this) {
                    helperBusy = false;
                    notifyAll();
                }
            }
        }
    }

    /** The outcome of file {@code i}, the next to print: decided by either thread, and alone if it is UNKNOWN. */
    CheckCommand.Outcome take(int i) {
        boolean interrupted = false;
        Object r = null;
        try {
            while (r == null) {
                int task;
                synchronized (this) {
                    turn = i;
                    notifyAll();
                    if (results[i] != null) {
                        r = results[i];
                        results[i] = null;
                        continue;
                    }
                    if (next == i && size(i) == LARGE) {
                        next++;
                        state[i] = CHECKING;
                        task = -1;
                    } else if ((task = pick()) < 0) {
                        try {
                            wait();
                        } catch (InterruptedException e) {
                            // a served command cancelled: the helper's check stops too, and its UNKNOWN is redone
                            // here, interrupted as checking in turn would have been
                            interrupted = true;
                            helper.interrupt();
                        }
                        continue;
                    }
                }
                if (task < 0) {
                    return alone(i);
                }
                run(task, true);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        if (r instanceof Failure f) {
            if (f.thrown instanceof Error e) {
                throw e;
            }
            throw f.thrown instanceof RuntimeException e ? e : new IllegalStateException(f.thrown);
        }
        CheckCommand.Outcome o = (CheckCommand.Outcome) r;
        return o.status() == ExitStatus.UNKNOWN ? alone(i) : o;
    }

    /** File {@code i} read and decided on this thread once the helper is idle, and while it starts nothing. */
    private CheckCommand.Outcome alone(int i) {
        boolean interrupted = false;
        synchronized (this) {
            alone = true;
            while (helperBusy) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                    helper.interrupt();
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        try {
            return check.check(i, null, true);
        } finally {
            synchronized (this) {
                alone = false;
                notifyAll();
            }
        }
    }

    /** How many outcomes the helper thread decided (for tests). */
    synchronized int helped() {
        return helped;
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        helper.interrupt();
    }
}
