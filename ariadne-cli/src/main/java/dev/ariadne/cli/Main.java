package dev.ariadne.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintWriter;

/**
 * The {@code ariadne} command. {@link #run} is the whole program, returning its exit status, so tests can run it
 * in-process; {@link #main} only exits with that status.
 */
@Command(name = "ariadne", mixinStandardHelpOptions = true, version = "ariadne 0.1.0",
        description = "Checks whether concurrent histories are linearizable.",
        subcommands = {CheckCommand.class, ExplainCommand.class, ConvertCommand.class, GenerateCommand.class,
                ExportTlaCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // Not System.out: its PrintStream hides a closed pipe, and the command would check on for nobody.
        PrintWriter out = new PrintWriter(new ClosedOutput(new FileOutputStream(FileDescriptor.out)), true);
        PrintWriter err = new PrintWriter(System.err, true);
        // A thread of the command's own that fails (the heap ran out in a progress line, a reading pump) says so
        // in one line, not with a stack trace; the main thread reports what that means for the verdicts.
        Thread.setDefaultUncaughtExceptionHandler(new OneLine(err));
        System.exit(run(args, out, err, ProgressLine.stderrIsTerminal()));
    }

    /**
     * The handler of {@link #main}'s threads: a class, not a lambda, since the training run behind the launcher's
     * archive never calls {@code main}, so a lambda here was spun at every start (docs/benchmarks.md, 2026-11-30
     * "small8").
     */
    static final class OneLine implements Thread.UncaughtExceptionHandler {
        private final PrintWriter err;

        OneLine(PrintWriter err) {
            this.err = err;
        }

        @Override
        public void uncaughtException(Thread thread, Throwable e) {
            if (e instanceof OutOfMemoryError) {
                HeapReserve.release();
            }
            err.println(e instanceof OutOfMemoryError ? "ariadne: warning: the Java heap ran out in "
                    + thread.getName() : "ariadne: internal error in " + thread.getName() + ": " + e);
        }
    }

    /**
     * Runs the command with {@code args}, printing to {@code out} and {@code err}; returns the exit status. {@code
     * err} is taken not to be a terminal, so no progress line is drawn.
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        return run(args, out, err, false);
    }

    /** {@link #run(String[], PrintWriter, PrintWriter)}, where {@code err} is a terminal if {@code terminal}. */
    static int run(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        HeapReserve.hold();
        boolean checking = args.length > 0 && (args[0].equals("check") || args[0].equals("explain"));
        try {
            CheckCommand check = args.length > 0 && args[0].equals("check")
                    ? CheckArguments.parse(java.util.Arrays.copyOfRange(args, 1, args.length)) : null;
            int status = check != null ? runWithoutPicocli(check, out, err, terminal)
                    : runWithPicocli(args, out, err, terminal);
            out.flush();
            return status;
        } catch (RuntimeException e) {
            if (ClosedOutput.isClosed(e)) {
                return ClosedOutput.EXIT_STATUS;
            }
            throw e;
        } catch (OutOfMemoryError e) {
            // The last resort: the checks catch it where a verdict can still be kept. Whatever was not decided is
            // UNKNOWN (2); for the other commands, an internal limit (70), never 1, NOT LINEARIZABLE's status.
            HeapReserve.release();
            err.println("ariadne: the Java heap ran out" + (checking ? ", no verdict" : "") + "; "
                    + HeapReserve.ADVICE);
            return checking ? ExitStatus.UNKNOWN : ExitStatus.INTERNAL;
        } finally {
            err.flush();
        }
    }

    /** An everyday {@code check} whose arguments {@link CheckArguments} read: the same outcomes, sooner. */
    private static int runWithoutPicocli(CheckCommand check, PrintWriter out, PrintWriter err, boolean terminal) {
        check.out = out;
        check.err = err;
        check.stderrIsTerminal = terminal;
        try {
            return check.call();
        } catch (UsageException e) {
            return usageError(e.getMessage(), "ariadne check", err);
        } catch (RuntimeException e) {
            return failed(e, err);
        }
    }

    private static int runWithPicocli(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        CommandLine cli = new CommandLine(new Main());
        for (String name : new String[]{"check", "explain"}) {
            CheckCommand check = (CheckCommand) cli.getSubcommands().get(name).getCommand();
            check.stderrIsTerminal = terminal;
            check.out = out;
            check.err = err;
        }
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) ->
                usageError(e.getMessage(), e.getCommandLine().getCommandSpec().qualifiedName(), err));
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> e instanceof UsageException
                ? usageError(e.getMessage(), commandLine.getCommandSpec().qualifiedName(), err) : failed(e, err));
        return cli.execute(args);
    }

    /** Exit status 70 for a bug, or 141, quietly, when the output was closed. */
    private static int failed(Exception e, PrintWriter err) {
        if (ClosedOutput.isClosed(e)) {
            return ClosedOutput.EXIT_STATUS;
        }
        err.println("ariadne: internal error: " + e);
        return 70;
    }

    /**
     * A usage error: its cause on one line and where to read more, as GNU tools do; the whole help would bury the
     * cause. Exit status 64.
     */
    static int usageError(String message, String command, PrintWriter err) {
        err.println("ariadne: " + message);
        err.println("Try '" + command + " --help' for more information.");
        return ExitStatus.USAGE;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command: check, convert or generate");
    }
}
