package dev.ariadne.cli;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Progress;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.Annotation;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import dev.ariadne.report.HtmlReport;
import dev.ariadne.report.JsonReport;
import dev.ariadne.report.TextReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/** {@code ariadne check}: reads each file, checks it against the model and prints the verdict and evidence. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Decide whether each history is linearizable.",
                "Exit status: 0 linearizable, 1 not linearizable, 2 unknown (a budget, the time or the Java heap ran "
                        + "out, or the run was interrupted), "
                        + "64 usage error, 65 unreadable or invalid input, 74 the --html report could not be written. "
                        + "With several files, the worst wins (65, then 1, then 2)."})
class CheckCommand implements Callable<Integer> {
    @Option(names = "--model", paramLabel = "NAME",
            description = "The sequential model: ${COMPLETION-CANDIDATES}. Default: the first of these that "
                    + "understands every operation.", completionCandidates = ModelNames.class)
    String modelName;

    @Option(names = "--tla", paramLabel = "SPEC.tla",
            description = "Check against a TLA+ specification instead of a built-in model: an operation X of the "
                    + "trace is the spec's action X, its parameters bound by name (docs/tla.md).")
    Path tlaSpec;

    @Option(names = "--cfg", paramLabel = "SPEC.cfg",
            description = "With --tla: the TLC configuration (CONSTANTS, VIEW). Default: SPEC.cfg beside the spec, "
                    + "if there is one.")
    Path tlaConfig;

    @Option(names = "--const", paramLabel = "NAME=VALUE",
            description = "With --tla: give the constant NAME the TLA+ value VALUE (as CONSTANT NAME = VALUE in the "
                    + "configuration); repeatable.")
    java.util.Map<String, String> tlaConstants = new java.util.LinkedHashMap<>();

    @Option(names = "--semantics", paramLabel = "omnilink|atomic",
            description = "With --tla: what an operation X of the spec's X_Step and X_Done actions means: omnilink "
                    + "(default), its steps interleave with other operations' events until X_Done, as OmniLink "
                    + "validates; atomic, its steps and X_Done take effect as one step (docs/tla.md).")
    String tlaSemantics;

    /**
     * Whether --tla is an OmniLink validation module (its hooks and {@code __traces} see the trace's events): it is
     * then loaded again for each file, with the file's events.
     */
    boolean tlaHooks;
    /**
     * The model of --tla, loaded once before the files are read; null for an OmniLink validation module checked
     * against one file, which is loaded with that file's events only (a load can take most of a second).
     */
    Model<?> tlaModel;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "auto",
            description = "auto, jepsen-log, edn, json, jepsen-json or omnilink (default: ${DEFAULT-VALUE}, "
                    + "recognised from content). A directory is read as an OmniLink trace directory.")
    String formatName;

    @Option(names = "--initial", paramLabel = "VALUE",
            description = "The model's initial value in EDN or JSON syntax: 0, nil, [1 2], {:x 0 :y 0}, "
                    + "{\"x\": 0}. Default: the model's usual start (nil, 0, empty, free).")
    String initialText;

    @Option(names = "--independent",
            description = "Every value is a pair [key value]: check each key on its own, as Jepsen's independent "
                    + "checker does.")
    boolean independent;

    @Option(names = "--nil-read", paramLabel = "MODE", defaultValue = "auto",
            description = "What a read of nil means to register, cas-register and multi-register: absent (the "
                    + "register holds nil; porcupine's etcd logs), unknown (no information; Knossos), or auto "
                    + "(default): the file's own, unknown for Jepsen EDN and JSON (and native files converted from "
                    + "them), absent otherwise.")
    String nilReadName;

    @Option(names = "--failed-cas", paramLabel = "MEANING", defaultValue = "absent",
            description = "What a Jepsen cas that ended in :fail means, in every Jepsen format: absent (default; "
                    + "Jepsen's contract: it did not happen) or mismatch (porcupine's etcd convention: its compare "
                    + "saw another value, so it completes with false; a failed read completes unknown). The report "
                    + "names mismatch when used.")
    String failedCasName;

    @Option(names = "--new-client-after-info",
            description = "A Jepsen process that invokes again after an :info becomes a new client (as Jepsen "
                    + "renumbers it) instead of an error.")
    boolean newClientAfterInfo;

    @Option(names = "--no-partition", description = "Check the history as one object instead of per key/object.")
    boolean noPartition;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto",
            description = "auto, dfs, frontier, or a decision procedure: distinct-register, distinct-set, "
                    + "grow-only-set, distinct-queue, matched-queue, distinct-stack, distinct-priority-queue (used where a "
                    + "partition qualifies, the general "
                    + "engines elsewhere). Default: ${DEFAULT-VALUE} (docs/engines.md).")
    String engineName;

    @Option(names = "--max-memory", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Give up with UNKNOWN (reason memory, exit 2) before the search holds more than this: "
                    + "512m, 2g. Default: a safe share of the Java heap (docs/semantics.md).")
    Long maxMemory;

    @Option(names = "--timeout", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Give up with UNKNOWN (exit 2) after this long, per file: 500ms, 1.5s, 30s, 5m, 1h. "
                    + "Default: no limit.")
    Duration timeout;

    @Option(names = "--core-timeout", paramLabel = "DURATION", converter = DurationConverter.OrZero.class,
            defaultValue = "5s",
            description = "After a violation, search this long for a minimal failing core and explain it: 500ms, "
                    + "5s; 0 for no core. Default: ${DEFAULT-VALUE}.")
    Duration coreTimeout;

    @Option(names = "--threads", paramLabel = "N",
            description = "Search on at most N threads in all: partitions in parallel, and a big partition's dfs "
                    + "on the threads the others leave idle, or with auto dfs racing the frontier on one of them "
                    + "(docs/engines.md). 1: one thread. Default: partitions "
                    + "on one thread per processor, each partition's search on one thread, and several small files "
                    + "two at a time.")
    Integer threads;

    @Option(names = "--json", description = "Print the full result as one JSON document (docs/json-report.md).")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE.html",
            description = "Also write the result as one self-contained interactive HTML page (docs/report.md), "
                    + "whatever the verdict. Takes one history FILE; not with --follow.")
    Path html;

    @Option(names = "--follow",
            description = "Check one history while it is written: FILE is followed like tail -f, - is standard "
                    + "input. Stops at the first violation (exit 1); needs --model or --tla. See README.")
    boolean follow;

    @Option(names = "--follow-idle", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "With --follow: the input has ended once nothing was added to it for this long "
                    + "(5s, 1m). Default: a FILE is followed until interrupted, standard input to its end.")
    Duration followIdle;

    @Option(names = "--quiet", description = "No progress line on standard error (it is only drawn when standard "
            + "error is a terminal and a check takes over a second). Errors and the report still print.")
    boolean quiet;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "History files, plain or gzip-compressed, "
            + "pipes and FIFOs included; - is standard input (with --follow: one FILE, or -).")
    List<Path> files;

    /** Whether standard error is a terminal, so that a progress line can be redrawn there; set by {@link Main}. */
    boolean stderrIsTerminal;

    /** The progress line drawn now, if any: an interrupted batch blanks it before it prints. */
    volatile ProgressLine progressLine;

    /** Where the report and the errors go; set by {@link Main} (picocli's own writers are the same). */
    PrintWriter out;
    PrintWriter err;

    static final class ModelNames extends ArrayList<String> {
        ModelNames() {
            super(BuiltinModels.names());
        }
    }

    /**
     * A file's outcome. {@code markers}, when not {@code null}, are its annotations already placed on the history's
     * clock ({@link #markers(Outcome)}), so that an outcome kept for the JSON document need not keep its history.
     */
    record Outcome(String file, Result result, Model<?> model, String error, int status,
                   List<Annotation> annotations, History history, List<Note> notes,
                   List<HtmlReport.Marker> markers) {
        Outcome(String file, Result result, Model<?> model, String error, int status,
                List<Annotation> annotations, History history, List<Note> notes) {
            this(file, result, model, error, status, annotations, history, notes, null);
        }

        Outcome(String file, Result result, Model<?> model, String error, int status, List<Annotation> annotations,
                History history) {
            this(file, result, model, error, status, annotations, history, List.of());
        }

        Outcome(String file, Result result, Model<?> model, String error, int status, List<Annotation> annotations) {
            this(file, result, model, error, status, annotations, null);
        }

        /** This outcome with {@code more} notes after its own. */
        Outcome withNotes(List<Note> more) {
            List<Note> all = new ArrayList<>(notes);
            all.addAll(more);
            return new Outcome(file, result, model, error, status, annotations, history, List.copyOf(all), markers);
        }
    }

    /**
     * What a batch keeps of an outcome once it is printed: the history never (a 500,000-operation one is hundreds
     * of MB, and the next file's reading and check need the room), the verdict's evidence only for the JSON
     * document written at the end, everything for the one file of {@code --html}.
     */
    Outcome kept(Outcome o) {
        if (html != null) {
            return o;
        }
        if (!json) {
            return new Outcome(o.file, null, null, o.error, o.status, List.of());
        }
        return new Outcome(o.file, o.result, o.model, o.error, o.status, List.of(), null, o.notes,
                o.error == null ? markers(o) : List.of());
    }

    /**
     * A line under a file's report: how the input was read when a reading other than the default was asked for
     * (a {@code reading}: JSON field {@code readings.<field>} = {@code value}), why a history has no operations
     * ({@code readings.empty}), or a {@code hint} that the user may have meant something else (JSON
     * {@code hints}). Notes never change a verdict.
     *
     * @param field the JSON field: {@code hint}, or the name of a reading under {@code readings}
     * @param value the reading's value in JSON (unused for hints)
     * @param text  the text line, without indentation
     */
    record Note(String field, String value, String text) {
        static final String HINT = "hint";
    }

    @Override
    public Integer call() {
        Format format = parse(() -> Format.fromName(formatName));
        Engine engine = parse(() -> Engine.fromName(engineName));
        Object initial = initialText == null ? null : parse(() -> {
            try {
                return HistoryReaders.parseValue(initialText);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--initial: " + e.getMessage());
            }
        });
        String nilRead = parse(() -> nilReadMode(nilReadName));
        ModelOptions modelOptions = ModelOptions.defaults().withInitial(initial).withIndependent(independent);
        if (modelName != null) {
            parse(() -> BuiltinModels.byName(modelName, modelOptions));
        }
        if (tlaSpec != null) {
            validateTla();
            try {
                tlaHooks = dev.ariadne.tla.TlaSpec.isOmniLinkValidation(tlaSpec);
                if (tlaHooks && follow) {
                    throw new UsageException("--follow cannot check with an OmniLink validation module (its hooks "
                            + "see the whole trace's events): check the finished trace");
                }
                dev.ariadne.tla.Semantics semantics = parse(() -> semantics(tlaSemantics));
                // An OmniLink validation module is loaded with each file's events (checkFile). Before several
                // files it is also loaded here without events, so that its own problems are said once, before
                // any file is read; before one file that load would only repeat the file's (checkFile tells the
                // spec's problems from the trace's when that one fails).
                if (!tlaHooks || files.size() > 1) {
                    tlaModel = loadTla(null).model(semantics);
                }
            } catch (dev.ariadne.tla.TlaException e) {
                err.println("ariadne: " + e.getMessage());
                return ExitStatus.INVALID_INPUT;
            }
        } else if (tlaConfig != null || !tlaConstants.isEmpty() || tlaSemantics != null) {
            throw new UsageException((tlaConfig != null ? "--cfg" : !tlaConstants.isEmpty() ? "--const"
                    : "--semantics") + " needs --tla");
        }
        ReadOptions.FailedCas failedCas = parse(() -> ReadOptions.FailedCas.fromName(failedCasName));
        ReadOptions readOptions = ReadOptions.defaults().withFormat(format).withNewClientAfterInfo(newClientAfterInfo)
                .withFailedCas(failedCas).withOmniLinkEvents(tlaHooks);
        CheckOptions options = CheckOptions.defaults().withEngine(engine).withPartition(!noPartition)
                .withTimeout(timeout).withCoreTimeout(coreTimeout);
        if (threads != null) {
            if (threads < 1) {
                throw new UsageException("--threads must be at least 1, not " + threads);
            }
            options = options.withThreads(threads);
        }
        if (maxMemory != null) {
            long heap = Runtime.getRuntime().maxMemory();
            if (maxMemory > heap) {
                // A budget the heap cannot hold is never reached: the JVM would collect garbage for minutes and
                // end UNKNOWN anyway. Keep the automatic budget (half the heap) and say how to get more.
                err.println(memoryWarning(maxMemory, heap));
            } else {
                options = options.withMaxMemory(maxMemory);
            }
        }
        if (html != null && (follow || followIdle != null)) {
            throw new UsageException("--html does not go with --follow: check "
                    + "the finished file to get a report");
        }
        if (html != null && files.size() > 1) {
            throw new UsageException("--html writes the report of one history: "
                    + "give one FILE (run ariadne check once per file for one report each)");
        }
        if (html != null) {
            if (html.toString().equals("-")) {
                throw new UsageException("--html writes a file, not standard output (--json prints a report "
                        + "there)");
            }
            AtomicOutput.check(html.toString(), "--html", files);
        }
        if (follow || followIdle != null) {
            return FollowCheck.run(this, readOptions, modelOptions, nilRead, options);
        }
        int status = ExitStatus.LINEARIZABLE;
        // Small files are read and checked on two threads (CheckAhead), else the next file is read while this one
        // is checked (ReadAhead); neither when a time limit counts from each file's reading, and not a TLA+ spec's
        // files (a spec's model is not shared between threads).
        CheckOptions checkOptions = options;
        boolean ahead2 = options.timeout() == null && tlaSpec == null && html == null
                && CheckAhead.worthIt(files.size(), threads);
        try (BatchInterrupt batch = BatchInterrupt.watch(this, files);
             ReadAhead ahead = options.timeout() == null && files.size() > 1
                     ? new ReadAhead(files, readOptions) : null;
             CheckAhead pair = ahead2 ? new CheckAhead(files, new CheckAhead.FileCheck() {
                 @Override
                 public Outcome check(int i, Object read, boolean drawsProgress) {
                     return rendered(checkFile(files.get(i), null, (ReadAhead.Read) read, i, readOptions,
                             modelOptions, nilRead, checkOptions, drawsProgress));
                 }

                 @Override
                 public Object read(int i) {
                     return ReadAhead.Read.of(files.get(i), readOptions);
                 }
             }, ahead::fits, ahead::apart, ahead::historyBytes, CheckAhead.defaultSmallBudget()) : null) {
            try {
                for (int i = 0; i < files.size(); i++) {
                    // No local holds the outcome: once printed, the file's history is garbage while the next
                    // file is read and checked (the batch keeps only what kept() leaves).
                    status = batch.decided(held(pair != null ? pair.take(i) : checkFile(files.get(i), ahead, null,
                            i, readOptions, modelOptions, nilRead, options, true)));
                }
                batch.allDecided();
            } catch (OutOfMemoryError e) {
                // Reporting did not fit (the JSON document): the verdicts found stand, the rest is unknown.
                HeapReserve.release();
                err.println("ariadne: the Java heap ran out while reporting; " + HeapReserve.ADVICE);
                return ExitStatus.worst(batch.status(), ExitStatus.UNKNOWN);
            }
            Outcome first = batch.outcomes().get(0);
            if (html != null && first.error == null && first.history == null) {
                err.println("ariadne: no page written to " + Values.escape(html.toString()) + ": "
                        + Values.escape(first.file) + " was not read to its end");
            } else if (html != null && first.error == null && !writeHtml(first)) {
                return ExitStatus.CANNOT_WRITE;
            }
        }
        return status;
    }

    /** {@code o}, the heap's reserve held again first: given back if the file filled the heap, now garbage. */
    private static Outcome held(Outcome o) {
        HeapReserve.hold();
        return o;
    }

    /** The warning for a --max-memory above the Java heap. */
    static String memoryWarning(long requested, long heap) {
        return "ariadne: warning: --max-memory " + SizeConverter.format(requested) + " is more than the Java heap ("
                + SizeConverter.format(heap) + "); using half the heap (" + SizeConverter.format(heap / 2)
                + "). For more, give Java a larger heap: ARIADNE_JAVA_OPTS=-Xmx<size> (README, Memory).";
    }

    /** Prints an outcome's error, or its text report unless the report is JSON. */
    void print(Outcome o) {
        if (o.error != null) {
            err.println("ariadne: " + o.error);
        } else if (!json && o.model == null) { // stopped before a model was chosen: nothing but the reason
            out.println(Values.escape(o.file) + ": UNKNOWN (" + o.result.reason() + ")");
        } else if (!json) {
            String text;
            synchronized (rendered) {
                text = rendered.remove(o);
            }
            out.print(text != null ? text : text(o));
            out.flush();
        }
    }

    /**
     * The text reports rendered on the thread that checked the file ({@link CheckAhead}), so that the main thread
     * only writes them; by identity, taken out when printed.
     */
    private final java.util.Map<Outcome, String> rendered = new java.util.IdentityHashMap<>();

    /**
     * {@code o}, its text report rendered now for {@link #print} when it will print one. Not an UNKNOWN's: {@link
     * CheckAhead} may decide it again and drop this outcome.
     */
    Outcome rendered(Outcome o) {
        if (o.error == null && !json && o.model != null && o.status != ExitStatus.UNKNOWN) {
            String text = text(o);
            synchronized (rendered) {
                rendered.put(o, text);
            }
        }
        return o;
    }

    /** The text report of a checked file with its annotation and note lines, as {@link #print} writes it. */
    private String text(Outcome o) {
        // One write per file (out flushes at every println), and loops, not streams: a stream pipeline's first use
        // costs a small file's run more than its check.
        StringBuilder text = new StringBuilder(reportWithin(o));
        String newline = System.lineSeparator();
        List<Annotation> failed = new ArrayList<>();
        List<Annotation> events = new ArrayList<>();
        for (Annotation a : o.annotations) {
            (isFailedOperation(a) ? failed : events).add(a);
        }
        if (!events.isEmpty()) {
            text.append("  ").append(annotationLine(events)).append(newline);
        }
        if (!failed.isEmpty()) {
            text.append("  ").append(failedLine(failed)).append(newline);
        }
        for (Note n : o.notes) {
            text.append("  ").append(n.text).append(newline);
        }
        return text.toString();
    }

    /**
     * The text report of {@code o}, degraded when the Java heap cannot hold it: first without the minimal failing
     * cores (a note says so), then the verdict line alone. The verdict is proven; only its evidence is left out.
     */
    private String reportWithin(Outcome o) {
        try {
            return report(o);
        } catch (OutOfMemoryError e) {
            HeapReserve.release();
        }
        try {
            return report(new Outcome(o.file, withoutCores(o.result, "the minimal failing core was not printed: "
                    + HeapReserve.reason("while printing it").substring("memory: ".length())), o.model, o.error,
                    o.status, o.annotations, o.history));
        } catch (OutOfMemoryError e) {
            return Values.escape(o.file) + ": " + TextReport.verdictText(o.result.verdict()) + "\n  (the report "
                    + "was not printed: " + HeapReserve.reason("while printing it").substring("memory: ".length())
                    + ")\n";
        }
    }

    /** {@code result} without the violations' explanations, {@code note} added to the partitions that had one. */
    static Result withoutCores(Result result, String note) {
        List<PartitionResult> partitions = new ArrayList<>(result.partitions().size());
        for (PartitionResult p : result.partitions()) {
            partitions.add(p.violation() == null || p.violation().explanation() == null ? p
                    : new PartitionResult(p.index(), p.label(), p.operations(), p.verdict(), p.witness(),
                    p.violation().withExplanation(null), p.reason(), p.engine(), p.statistics(), p.note())
                    .withAddedNote(note));
        }
        return new Result(result.verdict(), result.reason(), result.model(), result.operations(), partitions,
                result.statistics());
    }

    /** The text report of a checked file: {@code ariadne explain} prints another. */
    String report(Outcome o) {
        return TextReport.render(o.file, o.result, o.model);
    }

    /** The --nil-read mode: auto, absent or unknown. */
    private static String nilReadMode(String name) {
        String n = name.strip().toLowerCase(java.util.Locale.ROOT);
        if (!n.equals("auto") && !n.equals("absent") && !n.equals("unknown")) {
            throw new IllegalArgumentException("unknown --nil-read '" + name + "' (expected auto, absent or unknown)");
        }
        return n;
    }

    /**
     * What a nil read means for a file whose own convention is {@code source} ({@link ReadResult#nilRead()}: Knossos'
     * for Jepsen EDN and JSON, or what a native file's conventions line says), under --nil-read {@code mode}.
     */
    static ModelOptions.NilRead nilRead(String mode, ModelOptions.NilRead source) {
        return switch (mode) {
            case "absent" -> ModelOptions.NilRead.ABSENT;
            case "unknown" -> ModelOptions.NilRead.UNKNOWN;
            default -> source;
        };
    }

    /** Whether {@code a} is a client's operation that ended in {@code :fail}, kept beside the history. */
    static boolean isFailedOperation(Annotation a) {
        if (!a.type().equals("fail") || a.process().isEmpty()) {
            return false;
        }
        for (int i = 0; i < a.process().length(); i++) {
            if (!Character.isDigit(a.process().charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** {@code 2 operations ended in :fail (not checked): process 1 fail write 2 (line 4), …}. */
    static String failedLine(List<Annotation> failed) {
        StringBuilder s = new StringBuilder().append(failed.size()).append(failed.size() == 1
                ? " operation ended in :fail (not checked): " : " operations ended in :fail (not checked): ");
        for (int i = 0; i < Math.min(3, failed.size()); i++) {
            s.append(i == 0 ? "" : ", ").append("process ").append(failed.get(i));
        }
        return s.append(failed.size() > 3 ? ", …" : "").toString();
    }

    /** {@code 2 events of non-client processes (not operations): nemesis info start (line 3), …}. */
    static String annotationLine(List<Annotation> annotations) {
        StringBuilder s = new StringBuilder().append(annotations.size()).append(annotations.size() == 1
                ? " event of a non-client process (not an operation): "
                : " events of non-client processes (not operations): ");
        for (int i = 0; i < Math.min(3, annotations.size()); i++) {
            s.append(i == 0 ? "" : ", ").append(annotations.get(i));
        }
        return s.append(annotations.size() > 3 ? ", …" : "").toString();
    }

    /**
     * Reads and checks one file, the batch's {@code index}th: what {@code pre} read of it ({@link CheckAhead}),
     * else read through {@code ahead} when there is one, else read now. {@code --timeout} counts from the start of
     * its reading; running out while reading and a full heap (while reading or checking) are UNKNOWN with the
     * reason, never a stack trace. A progress line is drawn only if {@code drawsProgress} (one check at a time draws
     * it).
     */
    private Outcome checkFile(Path file, ReadAhead ahead, ReadAhead.Read pre, int index, ReadOptions readOptions,
                              ModelOptions modelOptions, String nilRead, CheckOptions options,
                              boolean drawsProgress) {
        String name = file.toString();
        long deadline = options.timeout() == null ? 0 : System.nanoTime() + options.timeout().toNanos();
        String phase = "while reading";
        try {
            ReadResult read;
            if (pre != null) {
                read = pre.get();
                pre = null; // the history is this method's alone now: garbage once the outcome drops it
            } else if (ahead != null) {
                read = ahead.load(index);
            } else if (options.timeout() == null) {
                read = load(file, readOptions);
            } else {
                try {
                    read = TimedRead.load(file, readOptions, deadline);
                } catch (TimedRead.TimedOut t) {
                    return unchecked(name, timeLimitReached(options.timeout()) + " " + t.getMessage(),
                            modelLabel());
                }
            }
            phase = "while checking";
            History history = read.history();
            Model<?> fileTla = tlaModel;
            if (tlaHooks) {
                fileTla = loadTla(history).model(semantics(tlaSemantics));
            }
            History asRead = history;
            if (fileTla instanceof dev.ariadne.tla.TlaModel tla) {
                history = tla.withBegins(history); // OmniLink's semantics: where each X_Step/X_Done operation begins
            }
            ModelOptions mo = nilRead.equals("auto") ? read.modelOptions(modelOptions)
                    : modelOptions.withNilRead(nilRead(nilRead, read.nilRead()));
            Model<?> model = tlaHooks ? fileTla
                    : tlaModel != null || modelName != null ? chosenModel(mo) : inferModel(history, mo);
            // What reading left of the time limit; the reasons name the limit given, not what was left of it.
            CheckOptions left = options.timeout() == null ? options
                    : options.withTimeout(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            // A spec that names a built-in model: its order, replayed through the spec, may prove the history first.
            dev.ariadne.tla.WitnessCheck.Outcome witness = fileTla instanceof dev.ariadne.tla.TlaModel tla
                    ? dev.ariadne.tla.WitnessCheck.attempt(tla, asRead, left) : null;
            if (witness != null && options.timeout() != null) {
                // What the witness attempt left of the time limit.
                left = options.withTimeout(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            }
            String label = file.getFileName() == null ? name : file.getFileName().toString();
            // A spec's AriadnePartition is used as far as it is proven (PartitionCheck), never trusted.
            Result result = witness != null && witness.proven() != null ? witness.proven()
                    : model instanceof dev.ariadne.tla.TlaModel tla ? dev.ariadne.tla.PartitionCheck.check(tla,
                    history, left, (h, m, o) -> check(label, h, m, o, drawsProgress))
                    : check(label, history, model, left, drawsProgress);
            if (witness != null && witness.proven() == null) {
                result = result.withNote(witness.note() + "; the general engine decides");
            }
            if (left != options) {
                result = result.withReasonReplaced(timeLimitReached(left.timeout()), timeLimitReached(options.timeout()));
            }
            return new Outcome(name, result, model, null, ExitStatus.of(result.verdict()), read.annotations(),
                    history).withNotes(Notes.of(read, history, model, result, mo, this));
        } catch (OutOfMemoryError e) {
            HeapReserve.release();
            return unchecked(name, HeapReserve.reason(phase), modelLabel());
        } catch (InvalidInputException e) {
            return invalid(name, e.getMessage());
        } catch (InvalidOperationException e) {
            return invalid(name, invalidOperation(name, e));
        } catch (dev.ariadne.tla.TlaException e) {
            if (tlaHooks && tlaModel == null) {
                // The module was not loaded before this file: if it fails without the trace's events too, the
                // problem is the spec's and is said as the spec's, as when it is loaded before the files.
                try {
                    loadTla(null);
                } catch (dev.ariadne.tla.TlaException spec) {
                    return invalid(name, spec.getMessage());
                }
            }
            return invalid(name, Values.escape(name) + ": " + e.getMessage());
        } catch (IOException e) {
            return invalid(name, cannotRead(name, e));
        }
    }

    /** {@code time limit of 1.5s reached}, as the checker says it. */
    static String timeLimitReached(Duration timeout) {
        return dev.ariadne.core.check.Checker.timeLimitReason(timeout);
    }

    /**
     * An UNKNOWN outcome for a file that was not checked to the end (the time or the heap ran out while reading it,
     * or the run was interrupted), with {@code reason}; printed as one line.
     */
    static Outcome unchecked(String file, String reason, String model) {
        return new Outcome(file, new Result(Verdict.UNKNOWN, reason, model, 0, List.of(), Statistics.ZERO), null,
                null, ExitStatus.UNKNOWN, List.of());
    }

    /** The model's name when the command line chose it, for reports of files that were not checked; else null. */
    String modelLabel() {
        return tlaSpec != null ? String.valueOf(tlaSpec.getFileName()) : modelName;
    }

    /** "cannot read NAME: why", for an input that could not be read (its name escaped: it is the user's). */
    static String cannotRead(String name, IOException e) {
        return "cannot read " + Values.escape(name) + ": " + (e instanceof NoSuchFileException ? "no such file"
                : e instanceof AccessDeniedException ? "permission denied" : e.getMessage());
    }

    /**
     * The spec of --tla, loaded with {@code trace}'s events when it is an OmniLink validation module ({@code null}:
     * none, to find the spec's own problems); a malformed AriadneModel hint is the spec's problem too.
     */
    private dev.ariadne.tla.TlaSpec loadTla(History trace) {
        dev.ariadne.tla.TlaSpec spec = trace == null ? dev.ariadne.tla.TlaSpec.load(tlaSpec, tlaConfig, tlaConstants)
                : dev.ariadne.tla.TlaSpec.loadFor(tlaSpec, tlaConfig, tlaConstants, trace);
        dev.ariadne.tla.WitnessCheck.validate(spec);
        return spec;
    }

    /** The model chosen on the command line: --tla's, or the built-in one --model names. */
    Model<?> chosenModel(ModelOptions modelOptions) {
        return tlaModel != null ? tlaModel : BuiltinModels.byName(modelName, modelOptions);
    }

    /** The semantics --semantics names, OmniLink's when none. */
    static dev.ariadne.tla.Semantics semantics(String name) {
        return name == null ? dev.ariadne.tla.Semantics.OMNILINK : dev.ariadne.tla.Semantics.byName(name);
    }

    /** --tla replaces --model; the options that only built-in models take do not apply. */
    private void validateTla() {
        String clash = modelName != null ? "--model" : initialText != null ? "--initial"
                : independent ? "--independent" : null;
        if (clash != null) {
            throw new UsageException("--tla cannot be used with " + clash
                    + " (the spec says the model, its initial state and its partitions)");
        }
    }

    /** The history in {@code file}; {@code -} is standard input, read to its end (it may hold gzip data too). */
    static ReadResult load(Path file, ReadOptions readOptions) throws IOException, InvalidInputException {
        if (file.toString().equals("-")) {
            return HistoryReaders.load(StandardInput.open(), "-", readOptions);
        }
        return HistoryReaders.load(file, readOptions);
    }

    /**
     * Checks one history, drawing a progress line labelled {@code label} (the file's name: the line is short-lived
     * and narrow) while it runs where wanted: standard error is a terminal and no --quiet.
     */
    private Result check(String label, History history, Model<?> model, CheckOptions options,
                         boolean drawsProgress) {
        if (quiet || !stderrIsTerminal || !drawsProgress) {
            return Checker.check(history, model, options);
        }
        Progress progress = new Progress();
        try (ProgressLine line = ProgressLine.start(label, progress, err)) {
            progressLine = line;
            return Checker.check(history, model, options, progress);
        } finally {
            progressLine = null;
        }
    }

    static Outcome invalid(String file, String message) {
        return new Outcome(file, null, null, message, ExitStatus.INVALID_INPUT, List.of());
    }

    /** {@code FILE:LINE: problem} for an operation the model cannot interpret. */
    static String invalidOperation(String file, InvalidOperationException e) {
        Operation op = e.operation();
        String where = op == null ? "" : op.line() >= 0 ? ":" + op.line()
                : op.metadata().get("offset") instanceof Long offset ? ": at byte " + offset : "";
        return Values.escape(file) + where + ": " + e.getMessage();
    }

    /** The first built-in model that understands every operation of the history (and can start from --initial). */
    private static Model<?> inferModel(History history, ModelOptions modelOptions) {
        return BuiltinModels.infer(history, modelOptions);
    }

    /**
     * Writes the --html page of {@code o}, with the nemesis events placed on the history's clock by their lines;
     * {@code false} (after saying why) when the file cannot be written.
     */
    private boolean writeHtml(Outcome o) {
        try {
            HtmlReport page = htmlReport(o);
            AtomicOutput.write(html, stream -> {
                java.io.BufferedOutputStream buffered = new java.io.BufferedOutputStream(stream, 1 << 16);
                page.write(buffered);
                buffered.flush();
            });
            return true;
        } catch (OutOfMemoryError e) {
            // The page is an extra: the verdict printed stands, and the new file was deleted on the way out.
            HeapReserve.release();
            err.println("ariadne: the page " + Values.escape(html.toString()) + " was skipped: "
                    + HeapReserve.reason("while writing it").substring("memory: ".length()));
            return true;
        } catch (IOException e) {
            err.println("ariadne: cannot write " + Values.escape(html.toString()) + ": "
                    + (e instanceof NoSuchFileException ? "no such directory"
                    : e instanceof AccessDeniedException ? "permission denied" : e.getMessage()));
            return false;
        }
    }

    /** The HTML report of a checked file, its annotations (nemesis events) placed on the clock by their lines. */
    static HtmlReport htmlReport(Outcome o) {
        return HtmlReport.of(o.file, o.history, o.model, o.result).withMarkers(markers(o));
    }

    /** The row of the HTML report's operations that ended in {@code :fail}. */
    static final String FAILED_ROW = "failed";

    /** The outcome's annotations placed on the history's clock by their lines, for the HTML and JSON reports. */
    static List<HtmlReport.Marker> markers(Outcome o) {
        if (o.markers != null) {
            return o.markers;
        }
        if (o.annotations.isEmpty()) {
            return List.of();
        }
        HtmlReport.LineClock clock = HtmlReport.LineClock.of(o.history);
        List<HtmlReport.Marker> markers = new ArrayList<>();
        for (Annotation a : o.annotations) {
            String text = a.type() + " " + a.f() + (a.value() == null ? "" : " " + Values.show(a.value()));
            // An operation that ended in :fail (a client's process) is listed under one name for all of them, and
            // drawn as a bar from its invocation to its :fail in its client's row.
            boolean failed = isFailedOperation(a);
            HtmlReport.Failure failure = failed && a.call() != null ? failure(a, clock) : null;
            markers.add(new HtmlReport.Marker(clock.timeOf(a.line()), failed ? FAILED_ROW : a.process(),
                    failed ? "process " + a.process() + " " + text : text, a.line(), failure));
        }
        return markers;
    }

    /** The invocation of a failed operation {@code a}, placed on the history's clock by its line. */
    private static HtmlReport.Failure failure(Annotation a, HtmlReport.LineClock clock) {
        Annotation.FailedCall call = a.call();
        return new HtmlReport.Failure(call.client(), call.input(), clock.timeOf(call.line()), call.line(),
                call.timeNs(), call.failTimeNs());
    }

    void writeJson(PrintWriter out, List<Outcome> outcomes, int status) {
        // the exit status's worst-wins rule: invalid input, then a violation, then unknown
        String overall = switch (status) {
            case ExitStatus.INVALID_INPUT -> JsonReport.INVALID_INPUT;
            case ExitStatus.NOT_LINEARIZABLE -> Verdict.NOT_LINEARIZABLE.name();
            case ExitStatus.LINEARIZABLE -> Verdict.LINEARIZABLE.name();
            default -> Verdict.UNKNOWN.name();
        };
        try (JsonReport report = new JsonReport(out, overall)) {
            for (Outcome o : outcomes) {
                if (o.error != null) {
                    report.addError(o.file, o.error);
                } else {
                    report.add(o.file, o.result, o.model, markers(o), Notes.readings(o.notes), Notes.hints(o.notes));
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    <T> T parse(java.util.function.Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }
}
