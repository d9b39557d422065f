package dev.ariadne.cli;

import dev.ariadne.core.history.Values;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a batch {@code check} says when Ctrl-C or SIGTERM stops it, as {@code --follow} does: the files decided
 * were printed as they were decided; a shutdown hook prints each file not decided yet as UNKNOWN (interrupted),
 * completes the {@code --json} document, names the files on standard error and exits with the worst status, an
 * undecided file counting as UNKNOWN (2). The main thread prints an outcome only while holding this object's lock,
 * and the hook halts the JVM while holding it, so no report is cut in the middle or printed twice.
 */
final class BatchInterrupt implements AutoCloseable {
    /** The reason of a file that was not decided when the run was stopped. */
    static final String REASON = "interrupted before it was decided";

    private final CheckCommand command;
    private final List<Path> files;
    private final List<CheckCommand.Outcome> outcomes = new ArrayList<>();
    private final Thread hook = new Thread(this::interrupted, "ariadne-check-shutdown");
    private int status = ExitStatus.LINEARIZABLE;
    /** Set once the files are all decided and the JSON document written: only the page is left to write. */
    private boolean reported;
    private volatile boolean finished;

    private BatchInterrupt(CheckCommand command, List<Path> files) {
        this.command = command;
        this.files = files;
    }

    /** Watches a batch check of {@code files} until {@link #close}. */
    static BatchInterrupt watch(CheckCommand command, List<Path> files) {
        BatchInterrupt b = new BatchInterrupt(command, files);
        Runtime.getRuntime().addShutdownHook(b.hook);
        return b;
    }

    /** Records and prints the next file's outcome; returns the worst status so far. */
    synchronized int decided(CheckCommand.Outcome o) {
        outcomes.add(command.kept(o));
        status = ExitStatus.worst(status, o.status());
        command.print(o);
        command.out.flush();
        return status;
    }

    /** Writes the --json document of every file (after the last one was decided). */
    synchronized void allDecided() {
        if (command.json) {
            command.writeJson(command.out, outcomes, status);
        }
        command.out.flush();
        reported = true;
    }

    /** The worst status of the files decided so far. */
    synchronized int status() {
        return status;
    }

    List<CheckCommand.Outcome> outcomes() {
        return outcomes;
    }

    @Override
    public void close() {
        finished = true;
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running, and halts the JVM when it has printed
        }
    }

    private void interrupted() {
        if (finished) {
            return;
        }
        synchronized (this) {
            if (finished) {
                return;
            }
            AtomicOutput.deletePending();
            ProgressLine progress = command.progressLine;
            if (progress != null) {
                progress.close();
            }
            int exit = status;
            List<String> undecided = new ArrayList<>();
            if (reported) {
                command.err.println("ariadne: interrupted while writing the page "
                        + Values.escape(String.valueOf(command.html)) + ": not written");
                exit = ExitStatus.CANNOT_WRITE;
            } else {
                List<CheckCommand.Outcome> all = new ArrayList<>(outcomes);
                for (Path file : files.subList(outcomes.size(), files.size())) {
                    CheckCommand.Outcome o = CheckCommand.unchecked(file.toString(), REASON, command.modelLabel());
                    all.add(o);
                    exit = ExitStatus.worst(exit, o.status());
                    undecided.add(Values.escape(file.toString()));
                    if (!command.json) {
                        command.print(o);
                    }
                }
                if (command.json) {
                    command.writeJson(command.out, all, exit);
                }
                command.err.println("ariadne: interrupted: " + outcomes.size() + " of " + files.size() + " file"
                        + (files.size() == 1 ? "" : "s") + " decided" + (undecided.isEmpty() ? ""
                        : "; not decided: " + String.join(", ", undecided)));
            }
            try {
                command.out.flush();
            } catch (RuntimeException closed) {
                // standard output is gone: the status still tells
            }
            command.err.flush();
            Runtime.getRuntime().halt(exit);
        }
    }
}
