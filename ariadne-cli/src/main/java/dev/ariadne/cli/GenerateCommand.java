package dev.ariadne.cli;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.io.JsonLinesWriter;
import dev.ariadne.io.OmniLinkWriter;
import dev.ariadne.workloads.TlaTraces;
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

/**
 * {@code ariadne generate}: writes a seeded, generated history in the native JSON-lines format, or, with
 * {@code --tla-example}, as an OmniLink trace of one of the TLA+ example specs.
 */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = {"Generate a history: concurrent clients drive a simulated object and each operation takes "
                + "effect inside its interval, so the history is linearizable unless --violation is given.",
                "With --tla-example NAME, the history is written as an OmniLink trace (JSON) of the TLA+ spec in "
                        + "examples/tla/NAME/, for ariadne check --tla.",
                "Exit status: 0 written, 64 usage error, 74 the output could not be written."})
final class GenerateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--model", paramLabel = "NAME", completionCandidates = ModelNames.class,
            description = "The object: ${COMPLETION-CANDIDATES}. Required unless --tla-example is given.")
    String model;

    @Option(names = "--tla-example", paramLabel = "NAME", completionCandidates = TlaExampleNames.class,
            description = "Write an OmniLink trace of the TLA+ example examples/tla/NAME/ instead: "
                    + "${COMPLETION-CANDIDATES}. It sets the model (queue, producer-queue and bulk-queue: "
                    + "fifo-queue).")
    String tlaExample;

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

    static final class TlaExampleNames extends ArrayList<String> {
        TlaExampleNames() {
            super(TlaTraces.examples());
        }
    }

    @Override
    public Integer call() {
        Spec s;
        try {
            String objectModel = model;
            if (tlaExample != null) {
                objectModel = TlaTraces.modelOf(tlaExample);
                if (model != null && !model.equals(objectModel)) {
                    throw new IllegalArgumentException("--tla-example " + tlaExample + " generates " + objectModel
                            + " histories, not " + model + " (leave --model out)");
                }
            } else if (model == null) {
                throw new IllegalArgumentException("Missing required option: '--model=NAME' (or --tla-example)");
            }
            s = new Spec(objectModel, threads, ops, Overlap.fromName(overlap), distinct, crashed, seed, violation);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        History generated = Workloads.generate(s);
        History history = tlaExample == null ? generated : TlaTraces.convert(tlaExample, generated);
        PrintWriter err = spec.commandLine().getErr();
        if (out == null || out.toString().equals("-")) {
            try {
                write(history, spec.commandLine().getOut(), tlaExample != null);
            } catch (IOException e) {
                err.println("ariadne: cannot write to standard output: " + e.getMessage());
                return ExitStatus.CANNOT_WRITE;
            }
            return 0;
        }
        try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out),
                StandardCharsets.UTF_8), 1 << 16)) {
            write(history, w, tlaExample != null);
        } catch (IOException e) {
            err.println("ariadne: cannot write " + Values.escape(out.toString()) + ": " + reason(e));
            return ExitStatus.CANNOT_WRITE;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + history.size() + " operations to " + Values.escape(out.toString())
                + (tlaExample == null ? "" : " (an OmniLink trace of examples/tla/" + tlaExample + "/)"));
        for (Operation op : history.operations()) {
            if (op.metadata().get(Workloads.INJECTED) instanceof String why) {
                o.println("injected violation at line " + (op.id() + 1) + " (op #" + op.id() + "): " + why);
            }
        }
        o.flush();
        return 0;
    }

    private static void write(History history, Writer w, boolean omnilink) throws IOException {
        if (omnilink) {
            OmniLinkWriter.write(history, w);
        } else {
            JsonLinesWriter.write(history, w);
        }
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
