package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.io.IOException;
import java.io.Writer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a history as an OmniLink trace in JSON, one action record per line, which {@link HistoryReaders} reads
 * back ({@link Format#OMNILINK}): {@code {"operation_name": f, "operation": {name: value, …, "_op_start": call,
 * "_op_end": return}, "thread": client}}. The parameter names come from the operation's metadata {@code params}
 * (the reader's convention), matched in order with the operation's value (the value itself for one name, a list
 * for several); an operation with metadata {@code aborted} gets {@code "_did_abort": true}, and the rest of its
 * metadata (such as an injected violation's reason) goes into {@code "_meta"}. A pending operation has no end.
 */
public final class OmniLinkWriter {
    /** Metadata the trace's own fields carry, or the reader sets, which is not repeated in {@code _meta}. */
    private static final Set<String> OWN = Set.of("params", "aborted", "line", "offset", "file", "meta");

    private OmniLinkWriter() {
    }

    /**
     * Writes {@code h} to {@code out}, one line per operation in id order, and flushes {@code out} without closing it.
     *
     * @throws IllegalArgumentException when an operation's input is not an {@link Invocation}, its values do not
     *                                  match its parameter names, or a value is not plain data
     */
    public static void write(History h, Writer out) throws IOException {
        try (JsonGenerator g = JsonValues.FACTORY.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.setPrettyPrinter(new MinimalPrettyPrinter(""));
            for (Operation op : h.operations()) {
                if (!(op.input() instanceof Invocation inv)) {
                    throw new IllegalArgumentException("operation " + op.id() + " has input "
                            + Text.cut(String.valueOf(op.input())) + ", not an Invocation");
                }
                g.writeStartObject();
                g.writeStringField("operation_name", inv.f());
                g.writeObjectFieldStart("operation");
                for (Map.Entry<String, Object> p : parameters(op, inv).entrySet()) {
                    g.writeFieldName(p.getKey());
                    JsonLinesWriter.value(g, p.getValue());
                }
                g.writeNumberField("_op_start", op.call());
                if (!op.isPending()) {
                    g.writeNumberField("_op_end", op.ret());
                }
                if (Boolean.TRUE.equals(op.metadata().get("aborted"))) {
                    g.writeBooleanField("_did_abort", true);
                }
                Map<String, Object> rest = new LinkedHashMap<>();
                op.metadata().forEach((k, v) -> {
                    if (!OWN.contains(k)) {
                        rest.put(k, v);
                    }
                });
                if (!rest.isEmpty()) {
                    g.writeFieldName("_meta");
                    JsonLinesWriter.value(g, rest);
                }
                g.writeEndObject();
                g.writeNumberField("thread", op.client());
                g.writeEndObject();
                g.writeRaw('\n');
            }
        }
        out.flush();
    }

    /** The operation's values by parameter name. */
    private static Map<String, Object> parameters(Operation op, Invocation inv) {
        List<?> names = op.metadata().get("params") instanceof List<?> l ? l : List.of();
        List<?> values = names.size() == 1 ? Collections.singletonList(inv.value())
                : names.isEmpty() && inv.value() == null ? List.of()
                : inv.value() instanceof List<?> l ? l : null;
        if (values == null || values.size() != names.size()) {
            throw new IllegalArgumentException("operation " + op.id() + " (" + inv.f() + ") has "
                    + (names.isEmpty() ? "a value but no parameter names" : "parameters " + names
                    + " but not as many values"));
        }
        Map<String, Object> byName = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String name = String.valueOf(names.get(i));
            if (name.startsWith("_")) {
                throw new IllegalArgumentException("operation " + op.id() + ": parameter " + Text.quote(name)
                        + " starts with _, which OmniLink reserves");
            }
            byName.put(name, values.get(i));
        }
        return byName;
    }
}
