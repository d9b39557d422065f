package dev.ariadne.cli;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.io.JsonLinesWriter;
import dev.ariadne.workloads.Workloads;
import dev.ariadne.workloads.Workloads.Overlap;
import dev.ariadne.workloads.Workloads.Spec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.concurrent.Callable;

/** {@code ariadne generate}: writes a seeded, generated history in the native JSON-lines format. */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Generate a history: concurrent clients drive a simulated object and each operation takes "
                + "effect inside its interval, so the history is linearizable unless --violation is given.",
                "Exit status: 0 written, 64 usage error, 74 the output could not be written."})
final class GenerateCommand implements Callable<Integer> {
    static final int CANNOT_WRITE = 74;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--model", paramLabel = "NAME", required = true, completionCandidates = ModelNames.class,
            description = "The object: ${COMPLETION-CANDIDATES}.")
    String model;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "5",
            description = "Concurrent clients (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--ops", paramLabel = "N", defaultValue = "1000",
            description = "Operations in all, crashed ones included (default: ${DEFAULT-VALUE}).")
    int ops;

    @Option(names = "--overlap", paramLabel = "LEVEL", defaultValue = "medium",
            description = "low (mostly sequential), medium (independent clients, about half busy) or full (every "
                    + "client always has an operation open; a slow store under load). Default: ${DEFAULT-VALUE}.")
    String overlap;

    @Option(names = "--distinct", description = "Write, enqueue, put, append and add unique values (default: values "
            + "from a domain of five).")
    boolean distinct;

    @Option(names = "--crashed", paramLabel = "N", defaultValue = "0",
            description = "Operations that never return (pending, like Jepsen :info); the client is replaced by a "
                    + "new one (default: ${DEFAULT-VALUE}).")
    int crashed;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Random seed: the same options and seed give the same file (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--violation", description = "Alter one completed operation near the end so that the history "
            + "is not linearizable; it carries meta {\"injected\": reason}.")
    boolean violation;

    @Parameters(arity = "0..1", paramLabel = "OUT", description = "Output file; standard output when absent or -.")
    Path out;

    static final class ModelNames extends ArrayList<String> {
        ModelNames() {
            super(Workloads.models());
        }
    }

    @Override
    public Integer call() {
        Spec s;
        try {
            s = new Spec(model, threads, ops, Overlap.fromName(overlap), distinct, crashed, seed, violation);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        History history = Workloads.generate(s);
        PrintWriter err = spec.commandLine().getErr();
        if (out == null || out.toString().equals("-")) {
            try {
                write(history, spec.commandLine().getOut());
            } catch (IOException e) {
                err.println("ariadne: cannot write to standard output: " + e.getMessage());
                return CANNOT_WRITE;
            }
            return 0;
        }
        try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out),
                StandardCharsets.UTF_8), 1 << 16)) {
            write(history, w);
        } catch (IOException e) {
            err.println("ariadne: cannot write " + Values.escape(out.toString()) + ": " + reason(e));
            return CANNOT_WRITE;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + history.size() + " operations to " + Values.escape(out.toString()));
        for (Operation op : history.operations()) {
            if (op.metadata().get(Workloads.INJECTED) instanceof String why) {
                o.println("injected violation at line " + (op.id() + 1) + " (op #" + op.id() + "): " + why);
            }
        }
        o.flush();
        return 0;
    }

    private static void write(History history, Writer w) throws IOException {
        JsonLinesWriter.write(history, w);
        if (w instanceof PrintWriter p && p.checkError()) {
            throw new IOException("write error");
        }
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.file.FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage());
    }
}
