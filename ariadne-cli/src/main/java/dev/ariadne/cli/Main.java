package dev.ariadne.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.PrintWriter;

/**
 * The {@code ariadne} command. {@link #run} is the whole program, returning its exit status, so tests can run it
 * in-process; {@link #main} only exits with that status.
 */
@Command(name = "ariadne", mixinStandardHelpOptions = true, version = "ariadne 0.1.0",
        description = "Checks whether concurrent histories are linearizable.",
        subcommands = {CheckCommand.class, ExplainCommand.class, ConvertCommand.class, GenerateCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true),
                ProgressLine.stderrIsTerminal()));
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
        CommandLine cli = new CommandLine(new Main());
        ((CheckCommand) cli.getSubcommands().get("check").getCommand()).stderrIsTerminal = terminal;
        ((CheckCommand) cli.getSubcommands().get("explain").getCommand()).stderrIsTerminal = terminal;
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, a) -> {
            err.println("ariadne: " + e.getMessage());
            e.getCommandLine().usage(err);
            return ExitStatus.USAGE;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            err.println("ariadne: internal error: " + e);
            return 70;
        });
        int status = cli.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (try: ariadne check --help)");
    }
}
