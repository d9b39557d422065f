package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.models.ModelOptions;

import java.io.IOException;
import java.io.Writer;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Map;
import java.util.Set;

/**
 * Writes a history in the native JSON-lines format, operation form: one object per operation, in id order,
 * that {@link HistoryReaders} reads back into an equal history (up to the {@code line} metadata, which the
 * reader sets from the new file). Sets, maps whose keys are not all strings and {@link OpaqueValue}s are written as
 * the reserved objects {@code {"#set": [...]}}, {@code {"#map": [[k, v], ...]}} and {@code {"#edn": "text"}}.
 */
public final class JsonLinesWriter {
    private JsonLinesWriter() {
    }

    /**
     * Writes {@code h} to {@code out}, one line per operation, and flushes {@code out} without closing it.
     *
     * @throws IllegalArgumentException when an operation's input is not an {@link Invocation} or a value is not
     *                                  plain data (null, number, string, boolean, list, set, map)
     */
    public static void write(History h, Writer out) throws IOException {
        write(h, ModelOptions.NilRead.ABSENT, out);
    }

    /**
     * Writes {@code h} as {@link #write(History, Writer)} does, keeping what a nil read means in it: when
     * {@code nilRead} is {@link ModelOptions.NilRead#UNKNOWN} (a history read from Jepsen EDN or JSON, where a nil
     * read carries no information), the first line says so, {@code {"conventions": {"nil-read": "unknown"}}}, so
     * that {@code --nil-read auto} checks the native file as it checked the original.
     */
    public static void write(History h, ModelOptions.NilRead nilRead, Writer out) throws IOException {
        try (JsonGenerator g = JsonValues.FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(new MinimalPrettyPrinter(""));
            if (nilRead == ModelOptions.NilRead.UNKNOWN) {
                g.writeStartObject();
                g.writeObjectFieldStart(JsonLinesReader.CONVENTIONS);
                g.writeStringField("nil-read", "unknown");
                g.writeEndObject();
                g.writeEndObject();
                g.writeRaw('\n');
            }
            for (Operation op : h.operations()) {
                if (!(op.input() instanceof Invocation inv)) {
                    throw new IllegalArgumentException("operation " + op.id() + " has input "
                            + Text.cut(String.valueOf(op.input())) + ", not an Invocation");
                }
                g.writeStartObject();
                g.writeNumberField("client", op.client());
                g.writeNumberField("call", op.call());
                if (!op.isPending()) {
                    g.writeNumberField("return", op.ret());
                }
                g.writeStringField("f", inv.f());
                if (inv.key() != null) {
                    g.writeFieldName("key");
                    value(g, inv.key());
                }
                if (inv.value() != null) {
                    g.writeFieldName("value");
                    value(g, inv.value());
                }
                if (op.outputKnown()) {
                    g.writeFieldName("output");
                    value(g, op.output());
                }
                if (op.metadata().keySet().stream().anyMatch(k -> !k.equals("line"))) {
                    g.writeObjectFieldStart("meta");
                    for (Map.Entry<String, Object> e : op.metadata().entrySet()) {
                        if (!e.getKey().equals("line")) {
                            g.writeFieldName(e.getKey());
                            value(g, e.getValue());
                        }
                    }
                    g.writeEndObject();
                }
                g.writeEndObject();
                g.writeRaw('\n');
            }
        }
        out.flush();
    }

    static void value(JsonGenerator g, Object v) throws IOException {
        Object value = Values.normalizeNumber(v);
        if (value == null) {
            g.writeNull();
        } else if (value instanceof String s) {
            g.writeString(s);
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof Long l) {
            g.writeNumber(l);
        } else if (value instanceof BigInteger b) {
            g.writeNumber(b);
        } else if ((value instanceof Double || value instanceof Float)
                && Double.isFinite(((Number) value).doubleValue())) {
            g.writeNumber(((Number) value).doubleValue());
        } else if (value instanceof OpaqueValue o) {
            g.writeStartObject();
            g.writeStringField(JsonValues.EDN, o.text());
            g.writeEndObject();
        } else if (value instanceof Set<?> s) {
            g.writeStartObject();
            g.writeFieldName(JsonValues.SET);
            array(g, s);
            g.writeEndObject();
        } else if (value instanceof Collection<?> c) {
            array(g, c);
        } else if (value instanceof Map<?, ?> m) {
            map(g, m);
        } else {
            throw new IllegalArgumentException("cannot write " + Text.cut(String.valueOf(value)) + " ("
                    + value.getClass().getName() + "): history values must be plain data");
        }
    }

    private static void array(JsonGenerator g, Collection<?> c) throws IOException {
        g.writeStartArray();
        for (Object e : c) {
            value(g, e);
        }
        g.writeEndArray();
    }

    private static void map(JsonGenerator g, Map<?, ?> m) throws IOException {
        boolean plain = m.keySet().stream().allMatch(k -> k instanceof String)
                && !(m.size() == 1 && (m.containsKey(JsonValues.SET) || m.containsKey(JsonValues.MAP)
                || m.containsKey(JsonValues.EDN)));
        g.writeStartObject();
        if (plain) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeFieldName((String) e.getKey());
                value(g, e.getValue());
            }
        } else {
            g.writeFieldName(JsonValues.MAP);
            g.writeStartArray();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                g.writeStartArray();
                value(g, e.getKey());
                value(g, e.getValue());
                g.writeEndArray();
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }
}
