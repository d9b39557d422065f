package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.models.ModelOptions;

import dev.ariadne.core.history.EventSink;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
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
 * Surrogates are written as {@code \}{@code uXXXX} escapes, so a lone one (which UTF-8 cannot encode) is kept.
 * {@link #events(OutputStream)} writes the event form instead, one event at a time, as a history is recorded.
 */
public final class JsonLinesWriter {
    private JsonLinesWriter() {
    }

    /**
     * Writes {@code h} to {@code out}, one line per operation, and flushes {@code out} without closing it.
     *
     * @throws IllegalArgumentException when an operation's input is not an {@link Invocation}, a value is not
     *                                  plain data (null, number, string, boolean, list, set, map), or an
     *                                  operation's line would be longer than the readers accept (64 MiB); the
     *                                  last is known before anything is written
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
        for (Operation op : h.operations()) {
            fits(op); // before anything is written: a history the format cannot hold leaves no partial output
        }
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
                operation(g, op);
                g.writeRaw('\n');
            }
        }
        out.flush();
    }

    /**
     * Refuses an operation whose line the readers would reject: a string over {@link Limits#MAX_STRING_BYTES} or
     * a line over {@link Lines#MAX_LINE_BYTES}. Only an operation whose quick upper bound is over the limit is
     * written out (to a counter) to know.
     */
    private static void fits(Operation op) throws IOException {
        if (bound(op.input()) + bound(op.output()) + bound(op.metadata()) + 128 <= Lines.MAX_LINE_BYTES) {
            return;
        }
        Utf8Counter counter = new Utf8Counter();
        try (JsonGenerator g = JsonValues.FACTORY.createGenerator(counter)) {
            operation(g, op);
        }
        if (counter.bytes > Lines.MAX_LINE_BYTES) {
            throw new IllegalArgumentException(where(op) + "would be a line of " + String.format(java.util.Locale.ROOT,
                    "%,d", counter.bytes) + " bytes in the native format, longer than its limit of 64 MiB (which "
                    + "every reader applies)");
        }
    }

    /** "the operation at line N: ", or "operation ID: " when it has no line. */
    private static String where(Operation op) {
        return op.line() >= 0 ? "the operation at line " + op.line() + " " : "operation " + op.id() + " ";
    }

    /** An upper bound of the bytes {@code v} takes in JSON (every char escaped as \\uXXXX). */
    private static long bound(Object v) {
        if (v instanceof String s) {
            return 2 + 6L * s.length();
        }
        if (v instanceof OpaqueValue o) {
            return 16 + 6L * o.text().length();
        }
        if (v instanceof Invocation inv) {
            return 16 + bound(inv.f()) + bound(inv.key()) + bound(inv.value());
        }
        if (v instanceof Collection<?> c) {
            long n = 16;
            for (Object e : c) {
                n += bound(e) + 1;
            }
            return n;
        }
        if (v instanceof Map<?, ?> m) {
            long n = 16;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                n += bound(e.getKey()) + bound(e.getValue()) + 4;
            }
            return n;
        }
        return v instanceof BigInteger b ? b.bitLength() / 3 + 4 : 32;
    }

    /** Counts the bytes of UTF-8 written, writing nothing. */
    private static final class Utf8Counter extends Writer {
        long bytes;

        @Override
        public void write(char[] cbuf, int off, int len) {
            bytes += Limits.utf8Length(java.nio.CharBuffer.wrap(cbuf, off, len));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }

    /** One operation's object, without its newline. */
    private static void operation(JsonGenerator g, Operation op) throws IOException {
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
    }

    /**
     * A writer of the event form to {@code out}: an {@link EventSink} that turns each call, return, crash and discard
     * into one line ({@code "type"} {@code call}, {@code return}, {@code crash}, {@code fail}), for a history
     * written while it is recorded. Lines are kept in memory until {@link EventWriter#flush()}, which writes the
     * complete lines at once, so that a process killed between flushes leaves a file that reads up to its last
     * flush, never a torn line.
     */
    public static EventWriter events(OutputStream out) {
        return new EventWriter(out);
    }

    /**
     * The event-form writer {@link #events(OutputStream)} returns. Not thread-safe: one thread reports the events
     * (they must be in the order they happened, as every {@link EventSink} requires). An event whose value is not
     * plain data raises {@link IllegalArgumentException} and writes nothing; an I/O error raises
     * {@link UncheckedIOException}.
     */
    public static final class EventWriter implements EventSink, Flushable, Closeable {
        /** Past this many buffered bytes, the complete lines are written out without waiting for a flush. */
        private static final int BUFFER_LIMIT = 1 << 16;

        private final OutputStream out;
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(BUFFER_LIMIT + 1024);
        private JsonGenerator g;
        private long events;

        private EventWriter(OutputStream out) {
            this.out = out;
            this.g = generator();
        }

        private JsonGenerator generator() {
            try {
                JsonGenerator generator = JsonValues.FACTORY.createGenerator(buffer);
                generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                // Nothing between root values (each line ends with its own newline); without a pretty printer the
                // generator takes its fast path for every field name.
                generator.setRootValueSeparator(null);
                return generator;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** Writes a {@code call} line; the input must be an {@link Invocation}, a {@code line} in metadata is dropped. */
        @Override
        public EventWriter call(int client, Object input, long time, Map<String, Object> metadata) {
            if (!(input instanceof Invocation inv)) {
                throw new IllegalArgumentException("client " + client + " calls with input "
                        + Text.cut(String.valueOf(input)) + ", not an Invocation");
            }
            int mark = written();
            try {
                start("call", client);
                g.writeStringField("f", inv.f());
                if (inv.key() != null) {
                    g.writeFieldName("key");
                    value(g, inv.key());
                }
                if (inv.value() != null) {
                    g.writeFieldName("value");
                    value(g, inv.value());
                }
                // no stream here: this runs once per recorded call
                if (metadata.size() > (metadata.containsKey("line") ? 1 : 0)) {
                    g.writeObjectFieldStart("meta");
                    for (Map.Entry<String, Object> e : metadata.entrySet()) {
                        if (!e.getKey().equals("line")) {
                            g.writeFieldName(e.getKey());
                            value(g, e.getValue());
                        }
                    }
                    g.writeEndObject();
                }
                end(time);
            } catch (IllegalArgumentException e) {
                undo(mark);
                throw e;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        /** Writes a {@code return} line; an {@link Operation#UNKNOWN} output is written as no {@code output}. */
        @Override
        public EventWriter ret(int client, Object output, long time, int line) {
            int mark = written();
            try {
                start("return", client);
                if (output != Operation.UNKNOWN) {
                    g.writeFieldName("output");
                    value(g, output);
                }
                end(time);
            } catch (IllegalArgumentException e) {
                undo(mark);
                throw e;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        /** Writes a {@code crash} line: the operation stays pending (Jepsen {@code :info}). */
        @Override
        public EventWriter crash(int client, long time, int line) {
            return bare("crash", client, time);
        }

        /** Writes a {@code fail} line: the operation certainly did not take effect (Jepsen {@code :fail}). */
        @Override
        public EventWriter discard(int client, long time, int line) {
            return bare("fail", client, time);
        }

        /** The number of events written (buffered or out). */
        public long events() {
            return events;
        }

        /** Writes the complete lines buffered so far to the stream, and flushes it. */
        @Override
        public void flush() throws IOException {
            g.flush();
            if (buffer.size() > 0) {
                buffer.writeTo(out);
                buffer.reset();
            }
            out.flush();
        }

        /** Flushes, then closes the stream. */
        @Override
        public void close() throws IOException {
            try {
                flush();
                g.close();
            } finally {
                out.close();
            }
        }

        private EventWriter bare(String type, int client, long time) {
            try {
                start(type, client);
                end(time);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        private void start(String type, int client) throws IOException {
            g.writeStartObject();
            g.writeStringField("type", type);
            g.writeNumberField("client", client);
        }

        private void end(long time) throws IOException {
            if (time != UNTIMED) {
                g.writeNumberField("time", time);
            }
            g.writeEndObject();
            g.writeRaw('\n');
            events++;
            if (written() > BUFFER_LIMIT) {
                flush();
            }
        }

        /** Bytes written so far and not yet out: in the buffer, and still in the generator's own. */
        private int written() {
            return buffer.size() + g.getOutputBuffered();
        }

        /**
         * Drops a half-written line (a value that is not plain data): the buffer keeps the lines before it (the
         * first {@code mark} bytes) and a new generator replaces the one left inside an object.
         */
        private void undo(int mark) {
            try {
                g.flush(); // the half line joins the buffer, to be cut off there
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            byte[] kept = java.util.Arrays.copyOf(buffer.toByteArray(), mark);
            buffer.reset();
            buffer.write(kept, 0, kept.length);
            g = generator();
        }
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
