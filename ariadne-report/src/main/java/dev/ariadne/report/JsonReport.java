package dev.ariadne.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes check results as one JSON document whose shape is documented in {@code docs/json-report.md} and only
 * grows. Operations carry the model's description, so tools need not know the model; the generator escapes every
 * string, so untrusted history values cannot break the document.
 */
public final class JsonReport implements AutoCloseable {
    private static final JsonFactory FACTORY = new JsonFactory();

    /**
     * The verdict of a file that could not be checked (unreadable or invalid input), and the overall verdict of a
     * document in which one such file is: it outranks the others, as exit status 65 does.
     */
    public static final String INVALID_INPUT = "INVALID_INPUT";

    private final JsonGenerator json;

    /** Starts the document {@code {"verdict": …, "files": [}} on {@code out}. */
    public JsonReport(Writer out, Verdict overall) throws IOException {
        this(out, overall.name());
    }

    /**
     * Starts the document with the overall verdict {@code overall}: a {@link Verdict}'s name, or {@link
     * #INVALID_INPUT} when a file could not be checked; anything else is an {@link IllegalArgumentException}.
     */
    public JsonReport(Writer out, String overall) throws IOException {
        if (!overall.equals(INVALID_INPUT)) {
            Verdict.valueOf(overall); // rejects anything else
        }
        json = FACTORY.createGenerator(out);
        json.useDefaultPrettyPrinter();
        json.writeStartObject();
        json.writeStringField("verdict", overall);
        json.writeArrayFieldStart("files");
    }

    /** Adds the result of one file. */
    public void add(String file, Result result, Model<?> model) throws IOException {
        add(file, result, model, List.of());
    }

    /**
     * As {@link #add(String, Result, Model)}, with the events beside the operations that the history recorded (Jepsen
     * nemesis events, OmniLink annotations) listed under {@code annotations}, each with its source line, process
     * (the row it is drawn on), time on the history's clock and text, and for an operation that ended in
     * {@code :fail} its invocation's line and time (and Jepsen's times in ms); the field is left out when there are
     * none.
     */
    public void add(String file, Result result, Model<?> model, List<HtmlReport.Marker> annotations)
            throws IOException {
        add(file, result, model, annotations, java.util.Map.of(), List.of());
    }

    /**
     * As {@link #add(String, Result, Model, List)}, with how the input was read where that is not the default
     * ({@code readings}, such as {@code failedCas: mismatch}; the field is left out when empty) and hints that the
     * user may have meant something else ({@code hints}, sentences; left out when none). Neither changes the verdict.
     */
    public void add(String file, Result result, Model<?> model, List<HtmlReport.Marker> annotations,
                    java.util.Map<String, String> readings, List<String> hints) throws IOException {
        json.writeStartObject();
        json.writeStringField("file", file);
        json.writeStringField("verdict", result.verdict().name());
        json.writeStringField("reason", result.reason());
        json.writeStringField("model", result.model());
        json.writeNumberField("operations", result.operations());
        if (!readings.isEmpty()) {
            json.writeObjectFieldStart("readings");
            for (java.util.Map.Entry<String, String> r : readings.entrySet()) {
                json.writeStringField(r.getKey(), r.getValue());
            }
            json.writeEndObject();
        }
        if (!hints.isEmpty()) {
            json.writeArrayFieldStart("hints");
            for (String h : hints) {
                json.writeString(h);
            }
            json.writeEndArray();
        }
        statistics(result.statistics());
        json.writeArrayFieldStart("partitions");
        for (PartitionResult p : result.partitions()) {
            partition(p, model);
        }
        json.writeEndArray();
        if (!annotations.isEmpty()) {
            json.writeArrayFieldStart("annotations");
            for (HtmlReport.Marker m : annotations.subList(0, Math.min(annotations.size(), ANNOTATIONS_KEPT))) {
                json.writeStartObject();
                json.writeNumberField("line", m.line());
                json.writeStringField("process", m.row());
                json.writeNumberField("time", m.time());
                json.writeStringField("text", LongText.shorten(m.text(), TEXT_WIDTH));
                HtmlReport.Failure f = m.failure();
                if (f != null) {
                    json.writeNumberField("callLine", f.callLine());
                    json.writeNumberField("call", f.call());
                    if (f.callNanos() != null && f.failNanos() != null) {
                        json.writeNumberField("callMs", Math.round(f.callNanos() / 1e3) / 1e3);
                        json.writeNumberField("returnMs", Math.round(f.failNanos() / 1e3) / 1e3);
                    }
                }
                json.writeEndObject();
            }
            json.writeEndArray();
            omitted("omittedAnnotations", annotations.size() - ANNOTATIONS_KEPT);
        }
        json.writeEndObject();
    }

    /** Annotations written per file; the rest are counted in {@code omittedAnnotations}. */
    private static final int ANNOTATIONS_KEPT = 10_000;
    /** States, descriptions and texts are cut to this many characters (start … end). */
    private static final int TEXT_WIDTH = 1_000;

    /** {@code "field": n} when {@code n > 0}: how many entries of the list before it were left out. */
    private void omitted(String field, long n) throws IOException {
        if (n > 0) {
            json.writeNumberField(field, n);
        }
    }

    /** Adds a file that could not be checked (unreadable or invalid input). */
    public void addError(String file, String message) throws IOException {
        json.writeStartObject();
        json.writeStringField("file", file);
        json.writeStringField("verdict", INVALID_INPUT);
        json.writeStringField("error", message);
        json.writeEndObject();
    }

    private void partition(PartitionResult p, Model<?> model) throws IOException {
        json.writeStartObject();
        json.writeNumberField("index", p.index());
        json.writeStringField("label", p.label());
        json.writeNumberField("operations", p.operations());
        json.writeStringField("verdict", p.verdict().name());
        json.writeStringField("reason", p.reason());
        json.writeStringField("engine", p.engine());
        json.writeStringField("note", p.note());
        statistics(p.statistics());
        json.writeArrayFieldStart("witness");
        List<Operation> witness = p.witness();
        for (Operation op : witness.subList(0, Math.min(witness.size(), Bounds.WITNESS_KEPT))) {
            json.writeNumber(op.id());
        }
        json.writeEndArray();
        omitted("omittedWitness", witness.size() - Bounds.WITNESS_KEPT);
        if (p.violation() != null) {
            json.writeObjectFieldStart("violation");
            json.writeStringField("initialState", LongText.shorten(p.violation().initialState(), TEXT_WIDTH));
            json.writeArrayFieldStart("longest");
            for (PartialLinearization pl : p.violation().longest()) {
                json.writeStartObject();
                // the last steps, nearest the failure; the earlier ones are counted
                List<Step> steps = pl.steps();
                int from = Math.max(0, steps.size() - Bounds.STEPS_KEPT);
                omitted("omittedSteps", from + pl.omittedSteps()); // (what an online check no longer kept too)
                json.writeArrayFieldStart("steps");
                for (Step s : steps.subList(from, steps.size())) {
                    json.writeStartObject();
                    json.writeFieldName("operation");
                    operation(s.operation(), model);
                    json.writeStringField("state", LongText.shorten(s.stateDescription(), TEXT_WIDTH));
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeFieldName("unplaced");
                operation(pl.unplaced(), model);
                json.writeArrayFieldStart("candidates");
                List<Operation> candidates = pl.candidates();
                for (Operation c : candidates.subList(0, Math.min(candidates.size(), Bounds.LIST_KEPT))) {
                    operation(c, model);
                }
                json.writeEndArray();
                omitted("omittedCandidates", candidates.size() - Bounds.LIST_KEPT);
                json.writeEndObject();
            }
            json.writeEndArray();
            if (p.violation().explanation() != null) {
                explanation(p.violation().explanation(), model, Bounds.unplaced(p));
            }
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    /** The minimal failing core and its explanation; operations after the core's list are named by id. */
    private void explanation(Explanation e, Model<?> model, Operation unplaced) throws IOException {
        json.writeObjectFieldStart("explanation");
        json.writeArrayFieldStart("core");
        List<Operation> core = Bounds.nearest(e.core(), unplaced, Bounds.CORE_KEPT);
        for (Operation op : core) {
            operation(op, model);
        }
        json.writeEndArray();
        json.writeNumberField("coreSize", e.core().size());
        omitted("omittedCore", e.core().size() - core.size());
        json.writeBooleanField("found", e.found());
        json.writeBooleanField("minimal", e.minimal());
        json.writeStringField("limit", e.limit());
        json.writeStringField("summary", Bounds.summary(e));
        json.writeArrayFieldStart("precedences");
        List<Explanation.Precedence> precedences = e.precedences();
        for (Explanation.Precedence p : precedences.subList(0, Math.min(precedences.size(), Bounds.LIST_KEPT))) {
            json.writeStartObject();
            json.writeNumberField("first", p.first().id());
            json.writeNumberField("second", p.second().id());
            json.writeStringField("text", Bounds.precedence(p, model, JsonReport::times));
            json.writeEndObject();
        }
        json.writeEndArray();
        omitted("omittedPrecedences", precedences.size() - Bounds.LIST_KEPT);
        json.writeArrayFieldStart("orders");
        for (Explanation.RejectedOrder o : e.orders().subList(0, Math.min(e.orders().size(), Bounds.LIST_KEPT))) {
            json.writeStartObject();
            List<Step> steps = o.steps();
            int from = Math.max(0, steps.size() - Bounds.ORDER_STEPS_KEPT);
            omitted("omittedSteps", from);
            json.writeArrayFieldStart("steps");
            for (Step s : steps.subList(from, steps.size())) {
                json.writeStartObject();
                json.writeNumberField("operation", s.operation().id());
                json.writeStringField("state", LongText.shorten(s.stateDescription(), TEXT_WIDTH));
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeNumberField("rejected", o.rejected().id());
            json.writeStringField("state", LongText.shorten(o.state(), TEXT_WIDTH));
            json.writeStringField("text", Bounds.order(o, model));
            json.writeEndObject();
        }
        json.writeEndArray();
        omitted("omittedOrders", e.orders().size() - Bounds.LIST_KEPT);
        json.writeBooleanField("ordersComplete", e.ordersComplete());
        json.writeNumberField("checks", e.checks());
        json.writeNumberField("millis", Math.round(e.millis() * 1000) / 1000.0);
        json.writeEndObject();
    }

    private void operation(Operation op, Model<?> model) throws IOException {
        json.writeStartObject();
        json.writeNumberField("id", op.id());
        json.writeNumberField("client", op.client());
        json.writeNumberField("call", op.call());
        if (op.isPending()) {
            json.writeNullField("return");
        } else {
            json.writeNumberField("return", op.ret());
        }
        Long callNs = TextReport.nanos(op, TextReport.CALL_TIME);
        Long returnNs = TextReport.nanos(op, TextReport.RETURN_TIME);
        if (callNs != null && (op.isPending() || returnNs != null)) {
            // Jepsen's :time, in milliseconds since the test began, beside the positions the checker ordered by
            json.writeNumberField("callMs", Math.round(callNs / 1e3) / 1e3);
            if (op.isPending()) {
                json.writeNullField("returnMs");
            } else {
                json.writeNumberField("returnMs", Math.round(returnNs / 1e3) / 1e3);
            }
        }
        json.writeStringField("description", LongText.shorten(model.describeOperation(op.input(), op.output()),
                TEXT_WIDTH));
        if (op.line() >= 0) {
            json.writeNumberField("line", op.line());
        }
        json.writeEndObject();
    }

    /** An operation's call and return in the history's own times, as {@code call} and {@code return} are written. */
    private static String[] times(Operation op) {
        return new String[] {Long.toString(op.call()), op.isPending() ? "never returned" : Long.toString(op.ret())};
    }

    private void statistics(Statistics s) throws IOException {
        json.writeObjectFieldStart("statistics");
        json.writeNumberField("configurations", s.configurations());
        json.writeNumberField("cacheHits", s.cacheHits());
        json.writeNumberField("cached", s.cached());
        json.writeNumberField("millis", Math.round(s.millis() * 1000) / 1000.0);
        json.writeEndObject();
    }

    /** Ends the document and flushes it. */
    @Override
    public void close() throws IOException {
        json.writeEndArray();
        json.writeEndObject();
        json.writeRaw('\n');
        json.flush();
    }

    /** Convenience: the whole document for a single file, as a string. */
    public static String of(String file, Result result, Model<?> model) {
        java.io.StringWriter out = new java.io.StringWriter();
        try (JsonReport r = new JsonReport(out, result.verdict())) {
            r.add(file, result, model);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return out.toString();
    }

}
