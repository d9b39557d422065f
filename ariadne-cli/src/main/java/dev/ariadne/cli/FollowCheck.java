package dev.ariadne.cli;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.EventReader;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code check --follow}: reads one history while it is being written and feeds each event to an
 * {@link OnlineChecker} as soon as its line is complete. It stops at the first violation (the report is a batch
 * check's: exit 1), or at the end of the input (standard input closed, or a file idle for {@code --follow-idle}) with
 * the final verdict. Interrupted (Ctrl-C, SIGTERM) or out of {@code --timeout}, it reports UNKNOWN with what is
 * certain about the history read so far.
 */
final class FollowCheck {
    private static final String STDIN = "-";

    private final CheckCommand command;
    private final FollowedInput input;
    /** The followed file, to read again when the batch check needs the whole history; {@code null} for a stream. */
    private final Path file;
    private final CountDownLatch printed = new CountDownLatch(1);
    private volatile boolean finished;
    private volatile int status = ExitStatus.UNKNOWN;
    /** The checker, once there is one: a stop also cuts short the judgement it may be busy with. */
    private volatile OnlineChecker<?> online;

    private FollowCheck(CheckCommand command, FollowedInput input, Path file) {
        this.command = command;
        this.input = input;
        this.file = file;
    }

    /** Checks {@code command}'s one input as {@code --follow} asks, prints the outcome and returns the exit status. */
    static int run(CheckCommand command, ReadOptions readOptions, ModelOptions modelOptions, String nilRead,
                   CheckOptions options) {
        Path file = validate(command, readOptions);
        boolean stdin = file.toString().equals(STDIN);
        String name = stdin ? "<stdin>" : file.toString();
        long idle = command.followIdle == null ? 0 : command.followIdle.toNanos();
        FollowedInput input;
        try {
            input = stdin ? FollowedInput.stream(StandardInput.open(), idle)
                    : !Files.exists(file) || Files.isRegularFile(file) ? FollowedInput.file(file, idle)
                    // a FIFO, /dev/stdin on a pipe, <(…): no position to poll from, so read as a stream
                    : FollowedInput.stream(() -> new java.io.FileInputStream(file.toFile()), idle);
        } catch (IOException e) {
            return report(command, CheckCommand.invalid(name, CheckCommand.cannotRead(name, e)));
        }
        // (a FIFO or a pipe cannot be read again: only a regular file is)
        FollowCheck follow = new FollowCheck(command, input, !stdin && Files.isRegularFile(file) ? file : null);
        // Ctrl-C and SIGTERM start the JVM's shutdown: report the history read so far before it ends.
        Thread hook = new Thread(follow::shutdown, "ariadne-follow-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Timer timer = new Timer("ariadne-follow-timeout", true);
        if (options.timeout() != null) {
            timer.schedule(new TimerTask() {
                @Override
                public void run() {
                    String reason = dev.ariadne.core.check.Checker.timeLimitReason(options.timeout());
                    input.stop(reason);
                    follow.stopOnline(reason);
                }
            }, options.timeout().toMillis());
        }
        try {
            CheckCommand.Outcome outcome;
            try {
                outcome = follow.check(name, readOptions, modelOptions, nilRead, options);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--follow: " + e.getMessage());
            } finally {
                follow.finished = true;
                timer.cancel();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it waits for the report below
                }
                closeQuietly(input);
            }
            follow.status = report(command, outcome);
            return follow.status;
        } finally {
            follow.printed.countDown();
        }
    }

    /** The one input to follow; every option that makes no sense with {@code --follow} is a usage error. */
    private static Path validate(CheckCommand c, ReadOptions readOptions) {
        if (!c.follow) {
            throw new UsageException("--follow-idle needs --follow");
        }
        if (c.files.size() != 1) {
            throw new UsageException("--follow reads one input, a FILE or - (standard input); got "
                    + c.files.size());
        }
        if (c.modelName == null && c.tlaSpec == null) {
            throw new UsageException("--follow needs --model or --tla: the model cannot be inferred from "
                    + "a history that is not written yet");
        }
        Engine engine = c.parse(() -> Engine.fromName(c.engineName));
        if (engine != Engine.AUTO && engine != Engine.FRONTIER) {
            throw new UsageException("--follow checks with the online frontier engine; --engine "
                    + engine.cliName() + " does not apply (use auto or frontier)");
        }
        if (c.newClientAfterInfo) {
            throw new UsageException("--new-client-after-info cannot be used with --follow: new "
                    + "clients are numbered after the highest process, which is known only at the end");
        }
        if (readOptions.format() == Format.OMNILINK) {
            throw new UsageException("--follow cannot read OmniLink traces (one complete action "
                    + "per record, a file per thread); check them without --follow");
        }
        Path file = c.files.get(0);
        if (Files.isDirectory(file)) {
            throw new UsageException("--follow cannot read a directory (an OmniLink trace "
                    + "directory): " + Values.escape(file.toString()));
        }
        return file;
    }

    private static int report(CheckCommand command, CheckCommand.Outcome outcome) {
        PrintWriter out = command.out;
        command.print(outcome);
        if (command.json) {
            command.writeJson(out, List.of(outcome), outcome.status());
        }
        out.flush();
        command.err.flush();
        return outcome.status();
    }

    private CheckCommand.Outcome check(String name, ReadOptions readOptions, ModelOptions modelOptions,
                                       String nilRead, CheckOptions options) {
        Model<?> model = null;
        OnlineChecker<?> online = null;
        EventReader reader = null;
        StopAtViolation sink = null;
        try {
            reader = HistoryReaders.events(input, name, readOptions);
            model = command.chosenModel(modelOptions.withNilRead(CheckCommand.nilRead(nilRead, reader.nilRead())));
            // memory grows with the overlap, not the length: old operations' records are dropped (the history is
            // in the file, read again if the checker degrades)
            online = OnlineChecker.of(model, options).boundMemory();
            this.online = online;
            sink = new StopAtViolation(online);
            Result result;
            try {
                reader.readTo(sink);
                result = online.finish();
                if (online.wholeHistoryNeeded()) {
                    result = batchOfWholeHistory(result, online.degraded(), readOptions, model, options);
                }
            } catch (StopAtViolation.Violated v) {
                result = online.violation().orElseThrow();
            }
            return outcome(name, result, model, ExitStatus.of(result.verdict()), reader.annotations(), online)
                    .withNotes(Notes.followed(reader.failedCas(), result, reader.annotations()));
        } catch (FollowedInput.Stopped stopped) {
            if (online == null) { // stopped before the first line: nothing is known but the model
                model = command.chosenModel(modelOptions.withNilRead(CheckCommand.nilRead(nilRead,
                        Format.AUTO.nilRead())));
                online = OnlineChecker.of(model, options);
            }
            Result result = soFar(online, stopped.getMessage(), sink == null ? -1 : sink.line);
            return outcome(name, result, model, ExitStatus.UNKNOWN,
                    reader == null ? List.of() : reader.annotations(), online);
        } catch (OutOfMemoryError e) {
            // The online checker's state may be half-updated: nothing is claimed about the events read.
            online = null;
            HeapReserve.release();
            long line = sink == null ? -1 : sink.line;
            return CheckCommand.unchecked(name, HeapReserve.reason(line > 0 ? "after line " + line
                    : "before the first event"), command.modelLabel());
        } catch (InvalidInputException e) {
            return CheckCommand.invalid(name, e.getMessage());
        } catch (InvalidOperationException e) {
            return CheckCommand.invalid(name, CheckCommand.invalidOperation(name, e));
        } catch (dev.ariadne.tla.TlaException e) {
            return CheckCommand.invalid(name, Values.escape(name) + ": " + e.getMessage());
        } catch (IOException e) {
            return CheckCommand.invalid(name, "cannot read " + Values.escape(name) + ": " + e.getMessage());
        }
    }

    /**
     * The checker degraded after it had dropped old operations' records, so its {@code finish()} could not run the
     * batch check of the whole history: the followed file is read again and checked as {@code ariadne check} would;
     * standard input or a pipe cannot be read again, and the result stays UNKNOWN with the reason.
     */
    private Result batchOfWholeHistory(Result online, String degraded, ReadOptions readOptions, Model<?> model,
                                       CheckOptions options) throws IOException, InvalidInputException {
        if (file == null) {
            String reason = online.reason() + "; the input was a stream, which cannot be read again: save it and "
                    + "check the file without --follow";
            List<dev.ariadne.core.check.PartitionResult> partitions = new java.util.ArrayList<>();
            for (dev.ariadne.core.check.PartitionResult p : online.partitions()) {
                partitions.add(new dev.ariadne.core.check.PartitionResult(p.index(), p.label(), p.operations(),
                        p.verdict(), p.witness(), p.violation(), reason, p.engine(), p.statistics(), p.note()));
            }
            return new Result(online.verdict(), reason, online.model(), online.operations(), partitions,
                    online.statistics());
        }
        dev.ariadne.io.ReadResult read = HistoryReaders.load(file, readOptions);
        // A spec's AriadnePartition is used as far as it is proven (PartitionCheck), never trusted.
        Result batch = model instanceof dev.ariadne.tla.TlaModel tla ? dev.ariadne.tla.PartitionCheck.check(tla,
                read.history(), options, (h, m, o) -> dev.ariadne.core.check.Checker.check(h, m, o))
                : dev.ariadne.core.check.Checker.check(read.history(), model, options);
        return batch.withNote(degraded
                + "; the verdict is a batch check's of the whole history, read again from "
                + Values.escape(file.toString()));
    }

    /**
     * An outcome with the history read so far, never {@code null}: the JSON report places the annotations (nemesis
     * events, {@code :fail} operations) on its clock, and how many of them were read when the follow ended (at a
     * violation, a time limit, a signal) depends on timing.
     */
    private static CheckCommand.Outcome outcome(String name, Result result, Model<?> model, int status,
                                                List<dev.ariadne.io.Annotation> annotations, OnlineChecker<?> online) {
        return new CheckCommand.Outcome(name, result, model, null, status, annotations,
                // (once records were dropped the history is not kept: the annotations are then not placed on its clock)
                annotations.isEmpty() || online.forgottenOperations() > 0 ? dev.ariadne.core.history.History.empty()
                        : online.history());
    }

    /**
     * The history read before the input was stopped, as UNKNOWN: the input did not end, so the verdict on the whole
     * is not known; the reason says what is certain about the events read (see {@link OnlineChecker#interrupt}).
     */
    private static Result soFar(OnlineChecker<?> online, String stop, long line) {
        return online.interrupt(stop + (line > 0 ? " after line " + line : " before the first event"));
    }

    /** The JVM is shutting down (Ctrl-C, SIGTERM) while following: stop, wait for the report, exit with its status. */
    private void shutdown() {
        if (finished) {
            return;
        }
        input.stop("interrupted");
        stopOnline("interrupted");
        try {
            if (printed.await(10, TimeUnit.SECONDS)) {
                // the main thread cannot exit while shutdown hooks run; its status must still be the exit status
                Runtime.getRuntime().halt(status);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void stopOnline(String reason) {
        OnlineChecker<?> o = online;
        if (o != null) {
            o.stop(reason);
        }
    }

    private static void closeQuietly(FollowedInput input) {
        try {
            input.close();
        } catch (IOException e) {
            // nothing more is read from it
        }
    }

    /** Feeds an online checker and ends the reading at the first violation; remembers the last line read. */
    private static final class StopAtViolation implements EventSink {
        /** Ends the reading: the rest of the input is not needed. */
        static final class Violated extends RuntimeException {
            Violated() {
                super("violation", null, false, false);
            }
        }

        private final OnlineChecker<?> online;
        private volatile long line = -1;

        StopAtViolation(OnlineChecker<?> online) {
            this.online = online;
        }

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            online.call(client, input, time, metadata);
            return after(metadata.get("line") instanceof Number n ? n.longValue() : -1);
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            online.ret(client, output, time, line);
            return after(line);
        }

        @Override
        public EventSink crash(int client, long time, int line) {
            online.crash(client, time, line);
            return after(line);
        }

        @Override
        public EventSink discard(int client, long time, int line) {
            online.discard(client, time, line);
            return after(line);
        }

        private EventSink after(long eventLine) {
            line = Math.max(line, eventLine);
            if (online.isViolated()) {
                throw new Violated();
            }
            return this;
        }
    }
}
