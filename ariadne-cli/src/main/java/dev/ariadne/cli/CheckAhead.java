package dev.ariadne.cli;

/**
 * A batch {@code check} of small files on two threads (issue 23: a batch of small histories is mostly cold code
 * running on one core while the second waits). A helper thread reads and checks later files, at most
 * {@link #WINDOW} ahead of the one printed next, while the main thread checks the file printed next (or, when the
 * helper has it, a later one); the main thread prints every outcome in the files' order, so the output and the exit
 * status are those of checking in turn. Only files small beside the heap ({@link ReadAhead#fits}) are checked ahead;
 * a larger one is checked by the main thread at its turn, and the helper starts nothing while it is. An outcome
 * decided next to another check that came out UNKNOWN (a budget or the heap ran out) is decided again alone before it
 * is printed, so no verdict depends on checking two files at once; a failure of the helper's check (a bug) is thrown
 * on the main thread at the file's turn, as checking in turn would have thrown it.
 */
final class CheckAhead implements AutoCloseable {
    /** One file's outcome; {@code drawsProgress} is false on the helper thread (one progress line at a time). */
    interface FileCheck {
        CheckCommand.Outcome check(int index, boolean drawsProgress);
    }

    /** How many files past the one printed next may be checked, so that a slow file holds few outcomes waiting. */
    static final int WINDOW = 2;

    private static final byte UNKNOWN_SIZE = 0;
    private static final byte SMALL = 1;
    private static final byte LARGE = 2;

    private final java.util.List<java.nio.file.Path> files;
    private final FileCheck check;
    private final java.util.function.Predicate<java.nio.file.Path> fits;
    private final byte[] size;
    /** Each file's outcome (or the {@link Failure} of its check) until the main thread takes it; guarded by this. */
    private final Object[] results;
    /** The first file nobody has started to check. */
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
     * Starts the helper for a batch of {@code files}; {@code fits} says which files are small enough to be checked
     * next to another ({@link ReadAhead#fits}).
     */
    CheckAhead(java.util.List<java.nio.file.Path> files, FileCheck check,
               java.util.function.Predicate<java.nio.file.Path> fits) {
        this.files = files;
        this.check = check;
        this.fits = fits;
        this.size = new byte[files.size()];
        this.results = new Object[files.size()];
        this.helper = new Thread(this::help, "ariadne-check-ahead");
        helper.setDaemon(true); // an interrupted batch halts without waiting for it
        helper.start();
    }

    /**
     * Whether a batch check may use two threads: several files, two processors, and no {@code --threads} (whose
     * number is the threads of the whole run).
     */
    static boolean worthIt(int fileCount, Integer threads) {
        return fileCount > 1 && threads == null && Runtime.getRuntime().availableProcessors() >= 2;
    }

    /** Whether file {@code j} is small (its size is looked at once, by whichever thread asks first). */
    private boolean small(int j) {
        if (size[j] == UNKNOWN_SIZE) {
            size[j] = fits.test(files.get(j)) ? SMALL : LARGE;
        }
        return size[j] == SMALL;
    }

    /** Whether file {@code next} may be started now by a thread other than the one whose turn it is. */
    private boolean mayStartAhead() {
        return !closed && !alone && next < results.length && next <= turn + WINDOW && small(next);
    }

    private void help() {
        while (true) {
            int j;
            synchronized (this) {
                try {
                    while (!mayStartAhead()) {
                        if (closed || next >= results.length) {
                            return;
                        }
                        wait();
                    }
                } catch (InterruptedException e) {
                    return; // closed, or a served command cancelled: the main thread checks what is left
                }
                j = next++;
                helperBusy = true;
            }
            Object r;
            try {
                r = check.check(j, false);
            } catch (Throwable t) {
                r = new Failure(t);
            }
            synchronized (this) {
                results[j] = r;
                helperBusy = false;
                helped++;
                notifyAll();
            }
        }
    }

    /** The outcome of file {@code i}, the next to print: decided by either thread, and alone if it is UNKNOWN. */
    CheckCommand.Outcome take(int i) {
        boolean interrupted = false;
        Object r = null;
        try {
            while (r == null) {
                int j;
                boolean large = false;
                synchronized (this) {
                    turn = i;
                    notifyAll();
                    if (results[i] != null) {
                        r = results[i];
                        results[i] = null;
                        continue;
                    }
                    if (next == i) { // nobody has it: the main thread checks it now, a large file alone
                        next++;
                        large = !small(i);
                        j = i;
                    } else if (mayStartAhead()) { // the helper has it: check a later small file meanwhile
                        j = next++;
                    } else {
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
                if (large) {
                    return alone(i);
                }
                Object decided;
                try {
                    decided = check.check(j, true);
                } catch (RuntimeException | Error e) {
                    if (j == i) {
                        throw e;
                    }
                    decided = new Failure(e);
                }
                if (j == i) {
                    r = decided;
                } else {
                    synchronized (this) {
                        results[j] = decided;
                        notifyAll();
                    }
                }
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

    /** File {@code i} decided on this thread once the helper is idle, and while it starts nothing. */
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
            return check.check(i, true);
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
