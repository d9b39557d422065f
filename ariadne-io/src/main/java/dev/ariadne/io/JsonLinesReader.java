package dev.ariadne.io;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.ModelOptions;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Reads Ariadne's native JSON lines: one object per line, either all operations ({@code client}, {@code call},
 * {@code return}, ...) or all events ({@code "type": "call"} / {@code "return"}). Unknown fields are errors, so
 * that a misspelt field is never silently ignored. Blank lines are skipped. An optional first line states the
 * file's conventions ({@code {"conventions": {"nil-read": "unknown"}}}). Read as a stream, each line's events
 * are pushed to an {@link EventSink} as it is read; the operation form must then come in order of call times,
 * since an operation's return is only delivered once a later call shows that no earlier event can follow.
 */
final class JsonLinesReader {
    private static final Set<String> OPERATION_FIELDS =
            Set.of("client", "call", "return", "f", "key", "value", "output", "meta");
    private static final Set<String> CALL_FIELDS = Set.of("type", "client", "f", "key", "value", "time", "meta");
    private static final Set<String> RETURN_FIELDS = Set.of("type", "client", "output", "time");
    /** The fields of a {@code crash} (Jepsen {@code :info}) or {@code fail} (Jepsen {@code :fail}) event. */
    private static final Set<String> END_FIELDS = Set.of("type", "client", "time");
    /**
     * The field of the optional first line that states the file's conventions, {@code {"conventions": {"nil-read":
     * "unknown"}}}: a nil read carries no information (Knossos'), as in the Jepsen file it was converted from.
     */
    static final String CONVENTIONS = "conventions";
    private static final List<String> ORDER =
            List.of("type", "client", "call", "return", "time", "f", "key", "value", "output", "meta");

    private final Lines lines;
    private final List<Operation> operations = new ArrayList<>();
    private final EventSink sink;
    /** Whether the input is read as a stream: operations become events at once rather than being collected. */
    private final boolean streaming;
    /** Read as a stream, the returns of the operations read so far that no call has passed yet, earliest first. */
    private final PriorityQueue<Return> returns = new PriorityQueue<>(
            Comparator.comparingLong(Return::time).thenComparingLong(Return::line));
    private long lastCall = -1;
    private long lastCallLine;

    private record Return(long time, int client, Object output, long line) {
    }
    private Boolean events;
    private long firstLine;
    /** What a nil read means, as the conventions line says (absent, the native format's meaning, without one). */
    private ModelOptions.NilRead nilRead = ModelOptions.NilRead.ABSENT;
    private long conventionsLine;
    private Boolean timed;
    private long timedLine;

    /** The tokenizer of plain lines, or {@code null} to read every line with Jackson (for tests). */
    private JsonFastObject fast = new JsonFastObject();

    private JsonLinesReader(Lines lines, EventSink sink, boolean streaming) {
        this.lines = lines;
        this.sink = sink;
        this.streaming = streaming;
    }

    static ReadResult read(Lines lines) throws IOException, InvalidInputException {
        return read(lines, true);
    }

    /** As {@link #read(Lines)}; without {@code fast}, Jackson reads every line (for tests). */
    static ReadResult read(Lines lines, boolean fast) throws IOException, InvalidInputException {
        HistoryBuilder builder = new HistoryBuilder();
        JsonLinesReader reader = new JsonLinesReader(lines, builder, false);
        if (!fast) {
            reader.fast = null;
        }
        reader.readAll();
        try {
            History h = reader.events == null ? History.empty() : reader.events ? builder.build()
                    : History.of(reader.operations);
            return new ReadResult(h, Format.JSON, List.of(), reader.nilRead);
        } catch (HistoryException e) {
            throw new InvalidInputException(lines.source(), e.line(), e.getMessage());
        }
    }

    /**
     * The nil-read convention that {@code line}, the first significant line of a native file, states, or
     * {@code null} when it is not a valid conventions line (the reading reports what is wrong with it); see
     * {@link #CONVENTIONS}.
     */
    static ModelOptions.NilRead conventions(String line) {
        try {
            Map<String, Object> fields = JsonValues.object(line);
            return fields.containsKey(CONVENTIONS) ? conventions(fields) : null;
        } catch (BadValue e) {
            return null;
        }
    }

    /** The nil-read convention the conventions line {@code fields} states. */
    private static ModelOptions.NilRead conventions(Map<String, Object> fields) throws BadValue {
        known(fields, Set.of(CONVENTIONS), "the conventions line", null);
        if (!(fields.get(CONVENTIONS) instanceof Map<?, ?> c)) {
            throw new BadValue("expected \"conventions\" to be an object such as {\"nil-read\": \"unknown\"}, got "
                    + JsonValues.describe(fields.get(CONVENTIONS)));
        }
        ModelOptions.NilRead nilRead = ModelOptions.NilRead.ABSENT;
        for (Map.Entry<?, ?> e : c.entrySet()) {
            if (!"nil-read".equals(e.getKey())) {
                throw new BadValue("unknown convention " + JsonValues.describe(e.getKey()) + " (expected nil-read)");
            }
            if ("unknown".equals(e.getValue())) {
                nilRead = ModelOptions.NilRead.UNKNOWN;
            } else if (!"absent".equals(e.getValue())) {
                throw new BadValue("expected \"nil-read\" to be \"unknown\" or \"absent\", got "
                        + JsonValues.describe(e.getValue()));
            }
        }
        return nilRead;
    }

    /**
     * Reads to the end of the input, pushing each event to {@code sink} as soon as its line is read: in the
     * operation form a call at once, a return once a later call (or the end) passes its time.
     */
    static void events(Lines lines, EventSink sink) throws IOException, InvalidInputException {
        JsonLinesReader reader = new JsonLinesReader(lines, sink, true);
        reader.readAll();
        try {
            reader.deliverReturns(Operation.PENDING);
        } catch (HistoryException e) {
            throw new InvalidInputException(lines.source(), e.line(), e.getMessage());
        }
    }

    private void readAll() throws IOException, InvalidInputException {
        String text;
        while ((text = lines.next()) != null) {
            if (!text.isBlank()) {
                line(text, lines.number());
            }
        }
    }

    /** The fields of the object on {@code text}, the line just read: by {@link #fast} when it can, else Jackson. */
    private Map<String, Object> object(String text) throws BadValue {
        int at = fast == null ? -1 : lines.asciiOffset(text);
        Map<String, Object> fields = at < 0 ? null : fast.parse(lines.bytes(), at, text.length());
        return fields != null ? fields : JsonValues.object(text);
    }

    private void line(String text, long n) throws InvalidInputException {
        try {
            Map<String, Object> fields = object(text);
            if (fields.containsKey(CONVENTIONS)) {
                if (events != null || conventionsLine > 0) {
                    throw new BadValue("a conventions line must be the first line of the file"
                            + (conventionsLine > 0 ? " (line " + conventionsLine + " is one already)" : ""));
                }
                nilRead = conventions(fields);
                conventionsLine = n;
                return;
            }
            boolean event = fields.containsKey("type");
            if (events == null) {
                events = event;
                firstLine = n;
            } else if (events != event) {
                throw new BadValue(event
                        ? "field \"type\" belongs to the event form, but this file is in operation form (line "
                        + firstLine + " has no \"type\"); the two forms cannot be mixed"
                        : "expected field \"type\" (\"call\" or \"return\"): this file is in event form (see line "
                        + firstLine + "); the two forms cannot be mixed");
            }
            if (event) {
                event(fields, n);
            } else {
                operation(fields, n);
            }
        } catch (BadValue e) {
            // a line cut short is not a complete object, so only a line the input ends inside needs this hint
            throw new InvalidInputException(lines.source(), n, e.getMessage() + (lines.unterminated()
                    ? " (the last line has no newline: was the file still being written?)" : ""));
        } catch (HistoryException e) {
            throw new InvalidInputException(lines.source(), e.line() > 0 ? e.line() : n, e.getMessage());
        }
    }

    private void operation(Map<String, Object> fields, long n) throws BadValue {
        known(fields, OPERATION_FIELDS, "the operation form", null);
        int client = client(fields);
        long call = time(fields, "call");
        long ret = Operation.PENDING;
        if (fields.get("return") != null) {
            ret = time(fields, "return");
            if (ret < call) {
                throw new BadValue("\"return\" (" + ret + ") is before \"call\" (" + call + ")");
            }
        }
        Object output = fields.containsKey("output") ? fields.get("output") : Operation.UNKNOWN;
        if (ret == Operation.PENDING && output != Operation.UNKNOWN) {
            throw new BadValue("a pending operation (no \"return\") cannot have an \"output\": its outcome was "
                    + "not observed");
        }
        if (!streaming) {
            operations.add(new Operation(operations.size(), client, invocation(fields), output, call, ret,
                    metadata(fields, n)));
            return;
        }
        if (call < lastCall) {
            throw new BadValue("\"call\" (" + call + ") is before the call of line " + lastCallLine + " (" + lastCall
                    + "): read as a stream, the operation form must come in order of call times");
        }
        lastCall = call;
        lastCallLine = n;
        // A return at the call's own time stays until after it: the intervals overlap (they are closed), so a
        // client whose previous operation returns at this instant is still busy, as in a batch reading.
        deliverReturns(call);
        sink.call(client, invocation(fields), call, metadata(fields, n));
        if (ret != Operation.PENDING) {
            returns.add(new Return(ret, client, output, n));
        }
    }

    /** Delivers the returns before {@code time}: no later line can call before them. */
    private void deliverReturns(long time) {
        while (!returns.isEmpty() && returns.peek().time() < time) {
            Return r = returns.poll();
            sink.ret(r.client(), r.output(), r.time(), (int) Math.min(r.line(), Integer.MAX_VALUE));
        }
    }

    private void event(Map<String, Object> fields, long n) throws BadValue {
        Object type = fields.get("type");
        boolean call = "call".equals(type);
        boolean ended = "crash".equals(type) || "fail".equals(type);
        if (!call && !ended && !"return".equals(type)) {
            throw new BadValue("expected \"type\" to be \"call\", \"return\", \"crash\" or \"fail\", got "
                    + JsonValues.describe(type));
        }
        known(fields, call ? CALL_FIELDS : ended ? END_FIELDS : RETURN_FIELDS, null, type);
        int client = client(fields);
        boolean hasTime = fields.containsKey("time");
        if (timed == null) {
            timed = hasTime;
            timedLine = n;
        } else if (timed != hasTime) {
            throw new BadValue((hasTime ? "unexpected \"time\": line " + timedLine + " has none"
                    : "missing \"time\": line " + timedLine + " has one")
                    + "; give a time on every event or on none");
        }
        long time = hasTime ? time(fields, "time") : EventSink.UNTIMED;
        int line = (int) Math.min(n, Integer.MAX_VALUE);
        if (call) {
            sink.call(client, invocation(fields), time, metadata(fields, n));
        } else if ("crash".equals(type)) {
            sink.crash(client, time, line);
        } else if ("fail".equals(type)) {
            sink.discard(client, time, line);
        } else {
            Object output = fields.containsKey("output") ? fields.get("output") : Operation.UNKNOWN;
            sink.ret(client, output, time, (int) Math.min(n, Integer.MAX_VALUE));
        }
    }

    /** Refuses a field not {@code allowed} in {@code form} (or, when null, in an event of {@code type}). */
    private static void known(Map<String, Object> fields, Set<String> allowed, String form, Object type)
            throws BadValue {
        for (String name : fields.keySet()) {
            if (!allowed.contains(name)) {
                String where = form != null ? form : "a \"" + type + "\" event"; // for the message only
                List<String> expected = new ArrayList<>(ORDER);
                expected.retainAll(allowed);
                throw new BadValue("unknown field " + Text.quote(name) + " in " + where + " (expected "
                        + String.join(", ", expected) + ")");
            }
        }
    }

    private static int client(Map<String, Object> fields) throws BadValue {
        Object v = required(fields, "client");
        if (v instanceof Long l && l >= 0 && l <= Integer.MAX_VALUE) {
            return (int) (long) l;
        }
        throw new BadValue("expected \"client\" to be an integer from 0 to " + Integer.MAX_VALUE + ", got "
                + JsonValues.describe(v));
    }

    private static long time(Map<String, Object> fields, String name) throws BadValue {
        Object v = required(fields, name);
        if (v instanceof Long l && l >= 0 && l < Operation.PENDING) {
            return l;
        }
        throw new BadValue("expected \"" + name + "\" to be an integer from 0 to " + (Operation.PENDING - 1)
                + ", got " + (v instanceof BigInteger ? Text.cut(v.toString()) : JsonValues.describe(v)));
    }

    private static Invocation invocation(Map<String, Object> fields) throws BadValue {
        Object f = required(fields, "f");
        if (!(f instanceof String s) || s.isEmpty()) {
            throw new BadValue("expected \"f\" to be the operation's name, a non-empty string, got "
                    + JsonValues.describe(f));
        }
        return new Invocation(s, fields.get("key"), fields.get("value"));
    }

    private static Map<String, Object> metadata(Map<String, Object> fields, long n) throws BadValue {
        if (!fields.containsKey("meta")) {
            return Map.of("line", (int) Math.min(n, Integer.MAX_VALUE)); // one entry: no order to keep
        }
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("line", (int) Math.min(n, Integer.MAX_VALUE));
        if (fields.containsKey("meta")) {
            if (!(fields.get("meta") instanceof Map<?, ?> meta)) {
                throw new BadValue("expected \"meta\" to be an object, got " + JsonValues.describe(fields.get("meta")));
            }
            for (Map.Entry<?, ?> e : meta.entrySet()) {
                if (!(e.getKey() instanceof String key) || key.equals("line")) {
                    throw new BadValue("expected \"meta\" to be an object whose keys are strings other than "
                            + "\"line\" (the reader records the line), got the key " + JsonValues.describe(e.getKey()));
                }
                metadata.put(key, e.getValue());
            }
        }
        return Collections.unmodifiableMap(metadata);
    }

    private static Object required(Map<String, Object> fields, String name) throws BadValue {
        if (!fields.containsKey(name)) {
            throw new BadValue("missing field \"" + name + "\"");
        }
        return fields.get(name);
    }
}
