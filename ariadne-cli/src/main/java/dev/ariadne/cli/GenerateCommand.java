package dev.ariadne.cli;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.io.JsonLinesWriter;
import dev.ariadne.io.OmniLinkWriter;
import dev.ariadne.workloads.KvStream;
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
                "With --model kv --keys N, a kv history of any size over N keys is streamed to disk in constant "
                        + "memory (half puts, half gets, in the event form), optionally split into --files files "
                        + "and with a hot key (--hot-key-share); for the Spark check and its benchmarks.",
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

    @Option(names = "--keys", paramLabel = "N",
            description = "With --model kv: stream a history of --ops operations over N keys k0… in constant "
                    + "memory (half puts, half gets; --threads clients, about half busy). --overlap, --distinct "
                    + "and --crashed do not apply.")
    Integer keys;

    @Option(names = "--files", paramLabel = "N", defaultValue = "1",
            description = "With --keys: split the history into N files OUT/part-00000.jsonl… (OUT a directory; "
                    + "the files in name order are the history). Default: ${DEFAULT-VALUE}, OUT a file.")
    int files;

    @Option(names = "--hot-key-share", paramLabel = "F",
            description = "With --keys: the share (0 to 1) of the operations on key k0, the hot key.")
    Double hotKeyShare;

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
        if (keys != null || files != 1 || hotKeyShare != null) {
            return stream();
        }
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

    /** {@code --keys}: a kv history of any size, streamed to OUT (one file, or --files files in a directory). */
    private int stream() {
        KvStream.Spec s;
        try {
            if (keys == null) {
                throw new IllegalArgumentException("--files and --hot-key-share go with --keys");
            }
            if (!"kv".equals(model) || tlaExample != null) {
                throw new IllegalArgumentException("--keys generates kv histories: give --model kv (and no "
                        + "--tla-example)");
            }
            if (crashed != 0 || distinct || !overlap.equals("medium")) {
                throw new IllegalArgumentException("--crashed, --distinct and --overlap do not go with --keys");
            }
            if (files < 1) {
                throw new IllegalArgumentException("--files must be at least 1, not " + files);
            }
            if (out == null || out.toString().equals("-")) {
                throw new IllegalArgumentException("--keys writes to disk: give OUT (a file, or a directory with "
                        + "--files)");
            }
            s = new KvStream.Spec(ops, keys, threads, seed, violation, hotKeyShare == null ? 0 : hotKeyShare);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        String target = Values.escape(out.toString());
        KvStream.Written w;
        try (Parts parts = new Parts(out, files, 2 * s.ops())) {
            w = KvStream.generate(s, parts);
        } catch (IOException | java.io.UncheckedIOException e) {
            IOException io = e instanceof IOException i ? i : ((java.io.UncheckedIOException) e).getCause();
            err.println("ariadne: cannot write " + target + ": " + reason(io));
            return ExitStatus.CANNOT_WRITE;
        }
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + w.operations() + " operations over " + keys + " keys to " + target
                + (files > 1 ? " (" + files + " files part-00000.jsonl…)" : ""));
        if (w.hotOperations() > 0) {
            o.println("hot key \"k0\": " + w.hotOperations() + " operations");
        }
        if (w.violatedKey() != null) {
            o.println("injected violation: operation #" + w.violatedOperation() + ", a get of key \""
                    + w.violatedKey() + "\" by client " + w.violatedClient() + ", returns \""
                    + KvStream.NEVER_WRITTEN + "\"");
        }
        o.flush();
        return 0;
    }

    /** The event writer of {@code --keys}: one file, or the next of {@code files} files every so many events. */
    private static final class Parts implements dev.ariadne.core.history.EventSink, java.io.Closeable {
        private final Path out;
        private final int files;
        private final long perFile;
        private long events;
        private int file = -1;
        private JsonLinesWriter.EventWriter w;

        Parts(Path out, int files, long events) throws IOException {
            this.out = out;
            this.files = files;
            this.perFile = (events + files - 1) / files;
            if (files > 1) {
                Files.createDirectories(out);
            }
            next();
        }

        private void next() throws IOException {
            if (w != null) {
                w.close();
            }
            file++;
            Path f = files > 1 ? out.resolve(String.format("part-%05d.jsonl", file)) : out;
            w = JsonLinesWriter.events(new java.io.BufferedOutputStream(Files.newOutputStream(f), 1 << 16));
        }

        private void count() {
            if (++events % perFile == 0 && file < files - 1) {
                try {
                    next();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }

        @Override
        public Parts call(int client, Object input, long time, java.util.Map<String, Object> metadata) {
            w.call(client, input, time, metadata);
            count();
            return this;
        }

        @Override
        public Parts ret(int client, Object output, long time, int line) {
            w.ret(client, output, time, line);
            count();
            return this;
        }

        @Override
        public Parts crash(int client, long time, int line) {
            w.crash(client, time, line);
            count();
            return this;
        }

        @Override
        public Parts discard(int client, long time, int line) {
            w.discard(client, time, line);
            count();
            return this;
        }

        @Override
        public void close() throws IOException {
            w.close();
        }
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
