package dev.ariadne.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes one self-contained HTML page for a check result, whatever the verdict: per partition a timeline with a row
 * per client, the witness or the longest partial linearizations drawn across it, the model states before and after
 * each operation, and on a violation the way back from the failure. The page makes no request of any kind (its
 * Content-Security-Policy forbids them, and lets only the page's own script run, by hash). The data is one JSON
 * document that Jackson writes with {@code <}, {@code >}, {@code &} and U+2028/9 escaped as well, so that no history
 * value can end the script element that holds it; the page puts values into the document as text only.
 * {@code docs/report.md} explains how to read it.
 */
public final class HtmlReport {
    /** A model state longer than this is stored shortened (start … end), so that the file grows linearly. */
    static final int STATE_WIDTH = 300;
    /**
     * Once an order's state descriptions have added up to this many characters, the rest are not described: a
     * state that grows with the history would otherwise cost quadratic time. Violations are described from the
     * failure backwards, so the states near it are the ones kept.
     */
    static final long STATE_BUDGET = 20_000_000L;
    private static final String TEMPLATE = "report.html";
    private static final String DATA_SLOT = "<!--ariadne-data-->";
    /** The page's one script element (the data's element has a type). */
    private static final String SCRIPT_OPEN = "<script>";
    private static final String SCRIPT_POLICY = "script-src 'unsafe-inline'";
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final CharacterEscapes HTML_SAFE = new HtmlSafeEscapes();

    /**
     * Why a partition is not linearizable, in words and as a small sub-history, as a minimal-core search finds it:
     * shown in the report when given. Operation ids are those of the history.
     *
     * @param coreIds          the operations of a sub-history that is still not linearizable
     * @param minimal          whether removing any one of them makes it linearizable (else the search ran out of
     *                         time and the core may be larger than needed)
     * @param explanationLines the explanation, one sentence or step a line
     * @param coreSize         how many operations the core has: {@code coreIds} may hold only those nearest the
     *                         failure, at most 1,000
     */
    public record Evidence(List<Integer> coreIds, boolean minimal, List<String> explanationLines, int coreSize,
                           boolean found) {
        public Evidence {
            coreIds = List.copyOf(coreIds);
            explanationLines = List.copyOf(explanationLines);
            if (coreSize < coreIds.size()) {
                throw new IllegalArgumentException("a core of " + coreSize + " operations, " + coreIds.size() + " given");
            }
        }

        /** Evidence whose core is {@code coreIds}, all of it. */
        public Evidence(List<Integer> coreIds, boolean minimal, List<String> explanationLines) {
            this(coreIds, minimal, explanationLines, coreIds.size(), true);
        }

        /**
         * The evidence a check attached to a violation (its minimal failing core and explanation, when the check
         * searched one), or {@code null} for none: the model's summary, then why the core may not be minimal, the
         * real-time precedences and, for each order real time allows, the step the model rejects.
         */
        public static Evidence of(Explanation x) {
            if (x == null) {
                return null;
            }
            List<String> lines = new ArrayList<>();
            if (x.summary() != null) {
                lines.add(Bounds.summary(x));
            }
            if (x.limit() != null) {
                lines.add("This core may not be minimal: " + x.limit() + ".");
            }
            int room = Bounds.PAGE_LINES - lines.size();
            x.precedences().stream().limit(room / 2).forEach(p -> lines.add(LongText.shorten(p.text(), Bounds.LINE_WIDTH)));
            x.orders().stream().limit(Bounds.PAGE_LINES - lines.size())
                    .forEach(o -> lines.add(LongText.shorten(o.text(), Bounds.LINE_WIDTH)));
            if (!x.ordersComplete()) {
                lines.add("(more orders than shown)");
            }
            return of(x, lines, null);
        }

        /**
         * The evidence of a check's violation as the page shows it: the explanation's lines written from its
         * structured data (bounded, every time on the history's own clock), the core's ids nearest the failure.
         */
        static Evidence of(Explanation x, Model<?> model, Operation unplaced) {
            return x == null ? null : of(x, Bounds.pageLines(x, model, HtmlReport::times), unplaced);
        }

        private static Evidence of(Explanation x, List<String> lines, Operation unplaced) {
            return new Evidence(Bounds.nearest(x.core(), unplaced, Bounds.CORE_KEPT).stream().map(Operation::id)
                    .toList(), x.minimal(), lines, x.core().size(), x.found());
        }
    }

    /**
     * Something that happened beside the operations at a time on the history's clock, such as a Jepsen nemesis
     * starting a network partition: drawn on a row of its own, one row per {@code row}. A marker with a
     * {@link Failure} is instead an operation that ended in {@code :fail}: it is drawn as a bar from its call to
     * {@code time} in its client's row, styled as failed and never part of the check.
     *
     * @param time    the time, on the same clock as the operations' calls and returns
     * @param row     the row it is drawn on, for example {@code nemesis} (of a failure, the group it is listed under)
     * @param text    what happened
     * @param line    its source line, or -1 when unknown
     * @param failure of an operation that ended in {@code :fail}, its client and invocation; else {@code null}
     */
    public record Marker(long time, String row, String text, long line, Failure failure) {
        public Marker {
            Objects.requireNonNull(row, "row");
            Objects.requireNonNull(text, "text");
        }

        /** A marker that is not an operation's failure. */
        public Marker(long time, String row, String text, long line) {
            this(time, row, text, line, null);
        }
    }

    /**
     * The invocation of an operation that ended in {@code :fail} (so did not happen and is not checked), for drawing
     * it from its call to its failure in its client's row.
     *
     * @param client    the client (row) that invoked it
     * @param input     its input as the history's operations have theirs (for finding its partition), or
     *                  {@code null} when unknown
     * @param call      its call, on the history's clock
     * @param callLine  the source line of its invocation, or -1 when unknown
     * @param callNanos Jepsen's {@code :time} of its invocation in nanoseconds, or {@code null}
     * @param failNanos Jepsen's {@code :time} of its {@code :fail} in nanoseconds, or {@code null}
     */
    public record Failure(int client, Object input, long call, long callLine, Long callNanos, Long failNanos) {
    }

    private final String source;
    private final History history;
    private final Model<?> model;
    private final Result result;
    private final List<Marker> markers;
    private final Map<Integer, Evidence> evidence;
    private final String clock;
    /** Computed once a page is written: see {@link #failurePartitions()}. */
    private Map<Marker, Integer> failurePartitions;

    private HtmlReport(String source, History history, Model<?> model, Result result, List<Marker> markers,
                       Map<Integer, Evidence> evidence, String clock) {
        this.clock = clock;
        this.source = source;
        this.history = history;
        this.model = model;
        this.result = result;
        this.markers = markers;
        this.evidence = evidence;
    }

    /**
     * A report of {@code result}, which checking {@code history} against {@code model} gave (with or without
     * partitioning); {@code source} names the input (a file name) in the page.
     */
    public static HtmlReport of(String source, History history, Model<?> model, Result result) {
        return new HtmlReport(Objects.requireNonNull(source), Objects.requireNonNull(history),
                Objects.requireNonNull(model), Objects.requireNonNull(result), List.of(), Map.of(), DEFAULT_CLOCK);
    }

    /** This report with {@code markers} drawn on rows of their own (failures: as bars in their clients' rows). */
    public HtmlReport withMarkers(List<Marker> markers) {
        return new HtmlReport(source, history, model, result, List.copyOf(markers), evidence, clock);
    }

    /** This report with {@code e} shown for the partition of index {@code partition}. */
    public HtmlReport withEvidence(int partition, Evidence e) {
        Map<Integer, Evidence> all = new HashMap<>(evidence);
        all.put(partition, Objects.requireNonNull(e));
        return new HtmlReport(source, history, model, result, markers, Map.copyOf(all), clock);
    }

    /**
     * What the page says its times are, completing "Times: …": every time on the page (axis, range, details,
     * explanation) is on the history's own clock, as in its file, and this names its unit, for example
     * {@code nanoseconds since the recorder started}. The default names the units of the formats Ariadne reads.
     */
    public HtmlReport withClock(String clock) {
        return new HtmlReport(source, history, model, result, markers, evidence, Objects.requireNonNull(clock));
    }

    /** The clock a page names unless told otherwise ({@link #withClock}). */
    static final String DEFAULT_CLOCK = "the history\u2019s own clock, as in its file (for Jepsen and porcupine logs "
            + "the position of the event in the file, the n-th event at n)";

    /** Writes the page to {@code file}, replacing it. */
    public void write(Path file) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            write(out);
        }
    }

    /** Writes the page to {@code out} in UTF-8 (not closed). */
    public void write(OutputStream out) throws IOException {
        String template = template();
        int slot = template.indexOf(DATA_SLOT);
        out.write(template.substring(0, slot).getBytes(StandardCharsets.UTF_8));
        // Jackson's own UTF-8 generator: a 100,000-operation page is mostly strings, and this skips an encoder.
        JsonGenerator json = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        json.setCharacterEscapes(HTML_SAFE);
        data(json);
        json.flush();
        out.write(template.substring(slot + DATA_SLOT.length()).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    /** The page as a string. */
    public String render() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    /**
     * The page template, with the script policy narrowed from {@code 'unsafe-inline'} to the hash of the page's own
     * script: then no other script can run in the page, not even an inline event handler, should a value ever reach
     * the document as markup.
     */
    private static String template() throws IOException {
        String template;
        try (InputStream in = HtmlReport.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IOException("the report template " + TEMPLATE + " is missing from the class path");
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int open = template.lastIndexOf(SCRIPT_OPEN);
        String script = template.substring(open + SCRIPT_OPEN.length(), template.indexOf("</script>", open));
        String hash;
        try {
            hash = Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                    .digest(script.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
        return template.replace(SCRIPT_POLICY, "script-src 'sha256-" + hash + "'");
    }

    private void data(JsonGenerator json) throws IOException {
        long origin = Long.MAX_VALUE;
        for (Operation op : history.operations()) {
            origin = Math.min(origin, op.call());
        }
        for (Marker m : markers) {
            origin = Math.min(origin, m.failure() == null ? m.time() : Math.min(m.time(), m.failure().call()));
        }
        if (origin == Long.MAX_VALUE) {
            origin = 0;
        }
        json.writeStartObject();
        json.writeNumberField("format", 1);
        json.writeStringField("source", source);
        json.writeStringField("verdict", result.verdict().name());
        json.writeStringField("reason", result.reason());
        json.writeStringField("model", result.model());
        json.writeNumberField("operations", result.operations());
        json.writeNumberField("millis", Math.round(result.statistics().millis() * 1000) / 1000.0);
        // Times are written relative to the first call: nanosecond clocks exceed what a JavaScript number holds exactly.
        json.writeNumberField("origin", origin);
        // ...and exactly, as text, for the page to show every time on the history's own clock.
        json.writeStringField("originText", Long.toString(origin));
        json.writeStringField("clock", clock);
        List<List<Operation>> parts = partitions();
        Map<Marker, Integer> failurePartition = failurePartitions();
        json.writeArrayFieldStart("markers");
        for (Marker m : markers) {
            json.writeStartObject();
            json.writeNumberField("t", m.time() - origin);
            json.writeStringField("row", m.row());
            json.writeStringField("text", m.text());
            if (m.line() >= 0) {
                json.writeNumberField("line", m.line());
            }
            Failure f = m.failure();
            if (f != null) {
                json.writeNumberField("client", f.client());
                json.writeNumberField("call", f.call() - origin);
                json.writeNumberField("callLine", f.callLine());
                json.writeNumberField("part", failurePartition.getOrDefault(m, -1));
                if (f.callNanos() != null && f.failNanos() != null) {
                    json.writeFieldName("callMs");
                    millis(json, f.callNanos());
                    json.writeFieldName("retMs");
                    millis(json, f.failNanos());
                }
            }
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("partitions");
        for (PartitionResult p : result.partitions()) {
            partition(json, p, parts.get(p.index()), origin);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    /** Each partition's prepared operations, as the checker split them. */
    private List<List<Operation>> partitions() {
        List<PartitionResult> results = result.partitions();
        if (results.size() == 1 && results.get(0).label().equals("all")) {
            return List.of(prepared());
        }
        List<Partition> parts = partitionOf(model, prepared());
        if (parts.size() != results.size()) {
            throw new IllegalArgumentException("the result has " + results.size() + " partitions but the model splits "
                    + "the history into " + parts.size() + ": it is not this history's result");
        }
        List<List<Operation>> ops = new ArrayList<>(parts.size());
        for (Partition part : parts) {
            ops.add(part.operations());
        }
        return ops;
    }

    /**
     * The partition (index) of each failed operation's marker: the only partition, or the one the model puts the
     * failure's input in (a kv operation's key); {@link #NO_PARTITION} when the model puts it in a partition of its
     * own (no checked operation shares its key). A failure whose partition cannot be known (its input is not
     * given, or the model rejects it) is left out; the page then draws it wherever its client has a row.
     */
    private static final int NO_PARTITION = -2;

    private Map<Marker, Integer> failurePartitions() {
        if (failurePartitions != null) {
            return failurePartitions;
        }
        Map<Marker, Integer> found = new java.util.IdentityHashMap<>();
        List<PartitionResult> results = result.partitions();
        Map<String, Integer> byLabel = new HashMap<>();
        for (PartitionResult p : results) {
            byLabel.put(p.label(), p.index());
        }
        for (Marker m : markers) {
            Failure f = m.failure();
            if (f == null) {
                continue;
            }
            if (results.size() == 1) {
                found.put(m, results.get(0).index());
            } else if (f.input() != null) {
                try {
                    List<Partition> own = partitionOf(model, List.of(model.prepare(
                            Operation.pending(0, f.client(), f.input(), f.call()))));
                    if (own.size() == 1) {
                        found.put(m, byLabel.getOrDefault(own.get(0).label(), NO_PARTITION));
                    }
                } catch (RuntimeException e) {
                    // an input the model does not take (it never reached the check): no partition known
                }
            }
        }
        failurePartitions = found;
        return found;
    }

    private static <S> List<Partition> partitionOf(Model<S> model, List<Operation> prepared) {
        return model.partition(prepared);
    }

    private List<Operation> prepared() {
        List<Operation> prepared = new ArrayList<>(history.size());
        for (Operation op : history.operations()) {
            prepared.add(model.prepare(op));
        }
        return prepared;
    }

    private void partition(JsonGenerator json, PartitionResult p, List<Operation> ops, long origin)
            throws IOException {
        json.writeStartObject();
        json.writeNumberField("index", p.index());
        json.writeStringField("label", p.label());
        json.writeStringField("verdict", p.verdict().name());
        json.writeStringField("reason", p.reason());
        json.writeStringField("engine", p.engine());
        json.writeStringField("note", p.note());
        json.writeNumberField("millis", Math.round(p.statistics().millis() * 1000) / 1000.0);
        TreeSet<Integer> clientSet = new TreeSet<>();
        for (Operation op : ops) {
            clientSet.add(row(op));
        }
        // A client whose only operations in this partition failed still gets its row, for drawing them.
        for (Map.Entry<Marker, Integer> f : failurePartitions().entrySet()) {
            if (f.getValue() == p.index()) {
                clientSet.add(f.getKey().failure().client());
            }
        }
        Integer[] clients = clientSet.toArray(new Integer[0]);
        Map<Integer, Integer> rowOf = new HashMap<>();
        json.writeArrayFieldStart("clients");
        for (int i = 0; i < clients.length; i++) {
            rowOf.put(clients[i], i);
            json.writeNumber(clients[i]);
        }
        json.writeEndArray();
        operations(json, ops, rowOf, origin);
        json.writeArrayFieldStart("orders");
        if (p.verdict() == Verdict.LINEARIZABLE) {
            witness(json, p.witness());
        } else if (p.violation() != null) {
            for (PartialLinearization pl : p.violation().longest()) {
                partial(json, p.violation().initialState(), pl);
            }
        }
        json.writeEndArray();
        Evidence e = evidence.getOrDefault(p.index(), p.violation() == null ? null
                : Evidence.of(p.violation().explanation(), model, Bounds.unplaced(p)));
        if (e != null) {
            json.writeObjectFieldStart("core");
            json.writeArrayFieldStart("ids");
            for (int id : e.coreIds()) {
                json.writeNumber(id);
            }
            json.writeEndArray();
            json.writeBooleanField("minimal", e.minimal());
            json.writeBooleanField("found", e.found());
            json.writeNumberField("size", e.coreSize());
            json.writeEndObject();
            json.writeArrayFieldStart("explanation");
            for (String line : e.explanationLines()) {
                json.writeString(line);
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    /**
     * The operations as parallel arrays (one entry per operation), which keeps a 100,000-operation page small and
     * quick to parse: ids, rows, times relative to the origin, kinds (ok, pending, unknown output), descriptions,
     * inputs and outputs as read, source lines and, where Jepsen recorded them, wall-clock milliseconds.
     */
    /**
     * The row an operation is drawn on: its client, or the process it was recorded for when it carries metadata
     * {@code process} (a harness client after a crash, a Jepsen process after its {@code :info} read with
     * {@code --new-client-after-info}): the history needs a new client there, the reader wants the one row.
     */
    static int row(Operation op) {
        return op.metadata().get("process") instanceof Number n && n.longValue() >= 0
                && n.longValue() <= Integer.MAX_VALUE ? n.intValue() : op.client();
    }

    private void operations(JsonGenerator json, List<Operation> ops, Map<Integer, Integer> rowOf, long origin)
            throws IOException {
        json.writeObjectFieldStart("ops");
        json.writeArrayFieldStart("id");
        for (Operation op : ops) {
            json.writeNumber(op.id());
        }
        json.writeEndArray();
        json.writeArrayFieldStart("row");
        for (Operation op : ops) {
            json.writeNumber(rowOf.get(row(op)));
        }
        json.writeEndArray();
        json.writeArrayFieldStart("call");
        for (Operation op : ops) {
            json.writeNumber(op.call() - origin);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("ret");
        for (Operation op : ops) {
            json.writeNumber(op.isPending() ? -1 : op.ret() - origin);
        }
        json.writeEndArray();
        String[] descriptions = new String[ops.size()];
        StringBuilder kinds = new StringBuilder(ops.size());
        for (int i = 0; i < ops.size(); i++) {
            Operation op = ops.get(i);
            descriptions[i] = model.describeOperation(op.input(), op.output());
            Operation read = history.get(op.id());
            // An output that was not observed matters where the model shows it, as "?" (read → ?); a write's
            // output is never observed and means nothing, so such operations are drawn as completed ones.
            boolean unknown = !read.outputKnown() && descriptions[i].contains(Operation.UNKNOWN.toString());
            kinds.append(read.isPending() ? 'p' : unknown ? 'u' : 'o');
        }
        json.writeStringField("kind", kinds.toString());
        json.writeArrayFieldStart("desc");
        for (String d : descriptions) {
            json.writeString(d);
        }
        json.writeEndArray();
        json.writeArrayFieldStart("input");
        for (Operation op : ops) {
            Object input = history.get(op.id()).input();
            json.writeString(input instanceof Invocation ? input.toString() : Values.show(input));
        }
        json.writeEndArray();
        json.writeArrayFieldStart("output");
        for (Operation op : ops) {
            Operation read = history.get(op.id());
            json.writeString(read.isPending() ? "never returned" : read.outputKnown() ? Values.show(read.output())
                    : "unknown");
        }
        json.writeEndArray();
        json.writeArrayFieldStart("line");
        for (Operation op : ops) {
            json.writeNumber(op.line());
        }
        json.writeEndArray();
        boolean timed = false;
        for (Operation op : ops) {
            timed |= TextReport.nanos(op, TextReport.CALL_TIME) != null;
        }
        if (timed) {
            json.writeArrayFieldStart("callMs");
            for (Operation op : ops) {
                millis(json, TextReport.nanos(op, TextReport.CALL_TIME));
            }
            json.writeEndArray();
            json.writeArrayFieldStart("retMs");
            for (Operation op : ops) {
                millis(json, op.isPending() ? null : TextReport.nanos(op, TextReport.RETURN_TIME));
            }
            json.writeEndArray();
        }
        json.writeEndObject();
    }

    /** An operation's call and return on the page's clock: the history's own times. */
    private static String[] times(Operation op) {
        return new String[] {Long.toString(op.call()), op.isPending() ? "never returned" : Long.toString(op.ret())};
    }

    private static void millis(JsonGenerator json, Long nanos) throws IOException {
        if (nanos == null) {
            json.writeNull();
        } else {
            json.writeNumber(Math.round(nanos / 1e3) / 1e3);
        }
    }

    /** A linearizable partition's order, replayed through the model for the state after each operation. */
    private void witness(JsonGenerator json, List<Operation> witness) throws IOException {
        String[] states = replay(model, witness);
        json.writeStartObject();
        json.writeStringField("name", "witness");
        json.writeStringField("initial", LongText.shorten(initialState(model), STATE_WIDTH));
        ids(json, witness);
        json.writeArrayFieldStart("states");
        for (String s : states) {
            json.writeString(s);
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static <S> String initialState(Model<S> model) {
        return model.describeState(model.init());
    }

    /**
     * The described state after each operation of {@code order}, each at most {@link #STATE_WIDTH} characters;
     * {@code null} past a step the model refused (never for a witness the checker gave) and past the budget.
     */
    private static <S> String[] replay(Model<S> model, List<Operation> order) {
        String[] states = new String[order.size()];
        S state = model.init();
        long described = 0;
        for (int i = 0; i < order.size() && state != null; i++) {
            Operation op = order.get(i);
            state = model.step(state, op.input(), op.output());
            if (state != null && described < STATE_BUDGET) {
                String d = model.describeState(state);
                described += d.length();
                states[i] = LongText.shorten(d, STATE_WIDTH);
            }
        }
        return states;
    }

    private static void partial(JsonGenerator json, String initial, PartialLinearization pl) throws IOException {
        List<Step> steps = pl.steps();
        String[] states = new String[steps.size()];
        long described = 0;
        for (int i = steps.size() - 1; i >= 0 && described < STATE_BUDGET; i--) {
            String d = steps.get(i).stateDescription();
            described += d.length();
            states[i] = LongText.shorten(d, STATE_WIDTH);
        }
        json.writeStartObject();
        json.writeStringField("name", "longest");
        json.writeStringField("initial", LongText.shorten(initial, STATE_WIDTH));
        json.writeArrayFieldStart("ids");
        for (Step s : steps) {
            json.writeNumber(s.operation().id());
        }
        json.writeEndArray();
        json.writeArrayFieldStart("states");
        for (String s : states) {
            json.writeString(s);
        }
        json.writeEndArray();
        json.writeNumberField("unplaced", pl.unplaced().id());
        json.writeArrayFieldStart("candidates");
        for (Operation c : pl.candidates()) {
            json.writeNumber(c.id());
        }
        json.writeEndArray();
        json.writeEndObject();
    }

    private static void ids(JsonGenerator json, List<Operation> ops) throws IOException {
        json.writeArrayFieldStart("ids");
        for (Operation op : ops) {
            json.writeNumber(op.id());
        }
        json.writeEndArray();
    }

    /**
     * Places events known only by their source line (Jepsen nemesis events, kept by the readers as annotations) on
     * the history's clock: between the calls of the operations invoked on the lines around them, in proportion to
     * the lines, as events one a line fall in the event-counting clock of Jepsen histories.
     */
    public static final class LineClock {
        private final long[] lines;
        private final long[] times;

        private LineClock(long[] lines, long[] times) {
            this.lines = lines;
            this.times = times;
        }

        /** The clock of {@code history}'s operations that have a source line. */
        public static LineClock of(History history) {
            TreeMap<Long, Long> byLine = new TreeMap<>();
            for (Operation op : history.operations()) {
                if (op.line() >= 0) {
                    byLine.merge((long) op.line(), op.call(), Math::min);
                }
            }
            long[] lines = new long[byLine.size()];
            long[] times = new long[byLine.size()];
            int i = 0;
            for (Map.Entry<Long, Long> e : byLine.entrySet()) {
                lines[i] = e.getKey();
                times[i++] = e.getValue();
            }
            return new LineClock(lines, times);
        }

        /** The time of an event read at {@code line}: 0 when no operation has a line. */
        public long timeOf(long line) {
            if (lines.length == 0) {
                return 0;
            }
            int i = Arrays.binarySearch(lines, line);
            if (i >= 0) {
                return times[i];
            }
            int after = -i - 1;
            if (after == 0) {
                return Math.max(0, times[0] - (lines[0] - line));
            }
            if (after == lines.length) {
                return times[after - 1] + (line - lines[after - 1]);
            }
            long l0 = lines[after - 1];
            long l1 = lines[after];
            long t0 = times[after - 1];
            long t1 = times[after];
            return t0 + Math.round((double) (t1 - t0) * (line - l0) / (l1 - l0));
        }
    }

    /**
     * JSON escapes that also keep the text safe inside an HTML script element: {@code <}, {@code >} and {@code &}
     * (so neither {@code </script>} nor {@code <!--} can occur) and U+2028/U+2029 (line terminators to older
     * JavaScript parsers) become {@code \}{@code uXXXX} escapes, which JSON.parse reads back unchanged.
     */
    private static final class HtmlSafeEscapes extends CharacterEscapes {
        private static final SerializedString LINE_SEPARATOR = new SerializedString("\\u2028");
        private static final SerializedString PARAGRAPH_SEPARATOR = new SerializedString("\\u2029");
        private final int[] ascii;

        HtmlSafeEscapes() {
            ascii = standardAsciiEscapesForJSON();
            ascii['<'] = ESCAPE_STANDARD;
            ascii['>'] = ESCAPE_STANDARD;
            ascii['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return ch == 0x2028 ? LINE_SEPARATOR : ch == 0x2029 ? PARAGRAPH_SEPARATOR : null;
        }
    }
}
