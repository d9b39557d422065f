package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.models.ModelOptions;

import dev.ariadne.core.history.EventSink;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
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
     * written while it is recorded. Lines are kept in memory until {@link EventWriter#flush()} (or until 256 KiB
     * have gathered), which writes the complete lines at once, so that a process killed between flushes leaves a
     * file that reads up to its last flush, never a torn line.
     */
    public static EventWriter events(OutputStream out) {
        return new EventWriter(out);
    }

    /**
     * The event-form writer {@link #events(OutputStream)} returns. Not thread-safe: one thread reports the events
     * (they must be in the order they happened, as every {@link EventSink} requires). An event whose value is not
     * plain data, is nested deeper than the readers accept (256 levels) or whose line would be longer than they
     * accept (64 MiB) raises {@link IllegalArgumentException} and writes nothing; an I/O error raises
     * {@link UncheckedIOException}.
     *
     * <p>Each line is encoded straight into one reused byte buffer (this runs on the recorder's delivery thread for
     * every event: no generator, no string per event), with the bytes Jackson would write for the same values
     * ({@code EventWriterBytesTest} holds the two against each other on random values). Complete lines go to the
     * stream when the buffer passes 256 KiB and at {@link #flush()}, never a part of one.
     */
    public static final class EventWriter implements EventSink, Flushable, Closeable {
        /** Past this many buffered bytes, the complete lines are written out without waiting for a flush. */
        static final int WRITE_OUT_BYTES = 1 << 18;
        /** Chars of a string encoded per check of the room left (6 bytes each at most, as {@code \}{@code uXXXX}). */
        private static final int CHUNK = 4096;
        private static final int INITIAL_BYTES = WRITE_OUT_BYTES + 8 * CHUNK;
        private static final byte[] CALL = ascii("{\"type\":\"call\",\"client\":");
        private static final byte[] RETURN = ascii("{\"type\":\"return\",\"client\":");
        private static final byte[] CRASH = ascii("{\"type\":\"crash\",\"client\":");
        private static final byte[] FAIL = ascii("{\"type\":\"fail\",\"client\":");
        private static final byte[] F = ascii(",\"f\":");
        private static final byte[] KEY = ascii(",\"key\":");
        private static final byte[] VALUE = ascii(",\"value\":");
        private static final byte[] OUTPUT = ascii(",\"output\":");
        private static final byte[] OUTPUT_NULL = ascii(",\"output\":null");
        private static final byte[] META = ascii(",\"meta\":{");
        private static final byte[] TIME = ascii(",\"time\":");
        private static final byte[] END = ascii("}\n");
        private static final byte[] NOTHING = new byte[0];
        /** Eight bytes at once into a byte array (see {@link #timeAndEnd}). */
        private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class,
                ByteOrder.LITTLE_ENDIAN);
        private static final long TIME_LONG = (long) LONGS.get(TIME, 0);
        private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class,
                ByteOrder.LITTLE_ENDIAN);
        private static final byte[] NULL = ascii("null");
        private static final int NULL_INT = (int) INTS.get(NULL, 0);
        private static final byte[] TRUE = ascii("true");
        private static final byte[] FALSE = ascii("false");
        private static final byte[] EDN_FIELD = ascii("{\"" + JsonValues.EDN + "\":");
        private static final byte[] SET_FIELD = ascii("{\"" + JsonValues.SET + "\":");
        private static final byte[] MAP_FIELD = ascii("{\"" + JsonValues.MAP + "\":[");
        private static final byte[] MIN_LONG = ascii(Long.toString(Long.MIN_VALUE));
        private static final long MILLION = 1_000_000;
        private static final int NAMES = 16;
        /** "00" to "99": each number's two digits. */
        private static final byte[] PAIRS = new byte[200];
        /**
         * How each ASCII char is written in a string: 0 as itself, a letter after a backslash, or -1 as
         * {@code \}{@code u00XX} (upper-case hex, as Jackson writes it); JSON requires the escape of every control
         * character, {@code "} and {@code \}.
         */
        private static final int[] ESCAPES = new int[128];
        private static final byte[] UPPER_HEX = ascii("0123456789ABCDEF");
        private static final byte[] LOWER_HEX = ascii("0123456789abcdef");

        static {
            for (int i = 0; i < 100; i++) {
                PAIRS[2 * i] = (byte) ('0' + i / 10);
                PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
            }
            Arrays.fill(ESCAPES, 0, 0x20, -1);
            ESCAPES['\b'] = 'b';
            ESCAPES['\t'] = 't';
            ESCAPES['\n'] = 'n';
            ESCAPES['\f'] = 'f';
            ESCAPES['\r'] = 'r';
            ESCAPES['"'] = '"';
            ESCAPES['\\'] = '\\';
        }

        private final OutputStream out;
        private byte[] buf = new byte[INITIAL_BYTES];
        /** The end of the bytes written into {@link #buf}; the start of the line being written. */
        private int pos;
        private int lineStart;
        private long events;
        /** The digits of the last time above its lowest six (see {@link #time}). */
        private long timeHigh = -1;
        private final byte[] timeHighBytes = new byte[24];
        private long timeHighLong;
        private int timeHighDigits;
        /** Operation names by their hash, and their bytes (see {@link #name}). */
        private final String[] nameStrings = new String[NAMES];
        private final byte[][] nameBytes = new byte[NAMES][];
        private String lastName;
        private byte[] lastNameBytes;
        /** By client: the start of its calls' lines up to the name, and of its returns' up to the output. */
        private final byte[][] callPrefixes = new byte[256][];
        private final byte[][] returnPrefixes = new byte[256][];
        /** By client: the start of its returns' lines with an output, up to the output. */
        private final byte[][] outputPrefixes = new byte[256][];
        /** By client: the start of its returns' lines with output nil, up to the end of the {@code null}. */
        private final byte[][] nullPrefixes = new byte[256][];
        /**
         * By client: the name of its last call and that call's line up to the end of the name, written whole when
         * the next call has the same name (the same string), as a client's calls mostly do.
         */
        private final String[] callNames = new String[256];
        private final byte[][] callNameLines = new byte[256][];

        private EventWriter(OutputStream out) {
            this.out = out;
        }

        private static byte[] ascii(String s) {
            return s.getBytes(StandardCharsets.US_ASCII);
        }

        /** Writes a {@code call} line; the input must be an {@link Invocation}, a {@code line} in metadata is dropped. */
        @Override
        public EventWriter call(int client, Object input, long time, Map<String, Object> metadata) {
            // The recorder's usual call, kept small enough to be compiled into its caller: the same name as the
            // client's last call, no key, no value, no metadata, a time of at least a million. Its line is the
            // client's kept start and the time (the same bytes as below).
            if (input instanceof Invocation inv && client >= 0 && client < callNames.length
                    && callNames[client] == inv.f() && inv.key() == null && inv.value() == null
                    && metadata.isEmpty() && time >= MILLION) {
                lineStart = pos;
                raw(callNameLines[client]);
                timeAndEnd(time);
                return written();
            }
            return anyCall(client, input, time, metadata);
        }

        private EventWriter anyCall(int client, Object input, long time, Map<String, Object> metadata) {
            if (!(input instanceof Invocation inv)) {
                throw new IllegalArgumentException("client " + client + " calls with input "
                        + Text.cut(String.valueOf(input)) + ", not an Invocation");
            }
            try {
                lineStart = pos;
                String f = inv.f();
                if (client >= 0 && client < callNames.length && callNames[client] == f) {
                    raw(callNameLines[client]);
                } else {
                    prefix(callPrefixes, CALL, client, F);
                    name(f);
                    if (client >= 0 && client < callNames.length && pos - lineStart <= 128) {
                        callNames[client] = f;
                        callNameLines[client] = Arrays.copyOfRange(buf, lineStart, pos);
                    }
                }
                if (inv.key() != null) {
                    raw(KEY);
                    value(inv.key(), 1);
                }
                if (inv.value() != null) {
                    raw(VALUE);
                    value(inv.value(), 1);
                }
                if (metadata.size() > (metadata.containsKey("line") ? 1 : 0)) {
                    raw(META);
                    boolean first = true;
                    for (Map.Entry<String, Object> e : metadata.entrySet()) {
                        if (!e.getKey().equals("line")) {
                            if (!first) {
                                raw((byte) ',');
                            }
                            first = false;
                            string(e.getKey());
                            raw((byte) ':');
                            value(e.getValue(), 2);
                        }
                    }
                    raw((byte) '}');
                }
                end(time);
            } catch (RuntimeException e) {
                pos = lineStart; // the lines before it stay; this one was never written
                throw e;
            }
            return written();
        }

        /** Writes a {@code return} line; an {@link Operation#UNKNOWN} output is written as no {@code output}. */
        @Override
        public EventWriter ret(int client, Object output, long time, int line) {
            if (output == null && time >= MILLION) { // the commonest return: its line's start kept whole per client
                lineStart = pos;
                prefix(nullPrefixes, RETURN, client, OUTPUT_NULL);
                timeAndEnd(time);
                return written();
            }
            try {
                lineStart = pos;
                if (output != Operation.UNKNOWN) {
                    prefix(outputPrefixes, RETURN, client, OUTPUT);
                    value(output, 1);
                } else {
                    prefix(returnPrefixes, RETURN, client, NOTHING);
                }
                end(time);
            } catch (RuntimeException e) {
                pos = lineStart;
                throw e;
            }
            return written();
        }

        /** Writes a {@code crash} line: the operation stays pending (Jepsen {@code :info}). */
        @Override
        public EventWriter crash(int client, long time, int line) {
            start(CRASH, client);
            end(time);
            return written();
        }

        /** Writes a {@code fail} line: the operation certainly did not take effect (Jepsen {@code :fail}). */
        @Override
        public EventWriter discard(int client, long time, int line) {
            start(FAIL, client);
            end(time);
            return written();
        }

        /** The number of events written (buffered or out). */
        public long events() {
            return events;
        }

        /** Writes the complete lines buffered so far to the stream, and flushes it. */
        @Override
        public void flush() throws IOException {
            writeOut();
            out.flush();
        }

        /** Flushes, then closes the stream. */
        @Override
        public void close() throws IOException {
            try {
                flush();
            } finally {
                out.close();
            }
        }

        private void writeOut() throws IOException {
            if (pos > 0) {
                out.write(buf, 0, pos);
                pos = 0;
                lineStart = 0;
                if (buf.length > 4 * INITIAL_BYTES) { // after a huge line: keep no more than usual
                    buf = new byte[INITIAL_BYTES];
                }
            }
        }

        private void start(byte[] type, int client) {
            lineStart = pos;
            raw(type);
            number(client);
        }

        /**
         * Writes {@code type}, the client and {@code then}: kept whole for each of the first clients, as every call
         * and return starts so.
         */
        private void prefix(byte[][] known, byte[] type, int client, byte[] then) {
            if (client >= 0 && client < known.length) {
                byte[] bytes = known[client];
                if (bytes == null) {
                    bytes = ascii(new String(type, StandardCharsets.US_ASCII) + client
                            + new String(then, StandardCharsets.US_ASCII));
                    known[client] = bytes;
                }
                raw(bytes);
            } else {
                raw(type);
                number(client);
                raw(then);
            }
        }

        private void end(long time) {
            if (time >= MILLION) {
                timeAndEnd(time);
            } else {
                if (time != UNTIMED) {
                    raw(TIME);
                    number(time);
                }
                raw(END);
            }
            if (pos - 1 - lineStart > Lines.MAX_LINE_BYTES) {
                throw new IllegalArgumentException("an event would be a line of " + String.format(Locale.ROOT,
                        "%,d", pos - 1 - lineStart) + " bytes in the native format, longer than its limit of 64 MiB "
                        + "(which every reader applies)");
            }
        }

        /** Counts the line just ended, and writes the buffer out when it is full. */
        private EventWriter written() {
            events++;
            if (pos > WRITE_OUT_BYTES) {
                try {
                    writeOut();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return this;
        }

        /** Makes room for {@code n} more bytes; a line past the readers' limit is refused (see {@link #end}). */
        private void ensure(int n) {
            if (pos + n > buf.length) {
                if (pos - lineStart > Lines.MAX_LINE_BYTES) {
                    throw new IllegalArgumentException("an event would be a line longer than the limit of 64 MiB of"
                            + " the native format (which every reader applies)");
                }
                buf = Arrays.copyOf(buf, Math.max(pos + n, buf.length * 2));
            }
        }

        private void raw(byte[] bytes) {
            ensure(bytes.length);
            System.arraycopy(bytes, 0, buf, pos, bytes.length);
            pos += bytes.length;
        }

        private void raw(byte b) {
            ensure(1);
            buf[pos++] = b;
        }

        private void number(long v) {
            if (v == Long.MIN_VALUE) {
                raw(MIN_LONG);
                return;
            }
            ensure(20);
            if (v < 0) {
                buf[pos++] = '-';
                v = -v;
            }
            int end = pos + digits(v);
            fill(buf, end, v);
            pos = end;
        }

        /** The number of decimal digits of {@code v}, which is not negative. */
        private static int digits(long v) {
            long p = 10;
            for (int i = 1; i < 19; i++) {
                if (v < p) {
                    return i;
                }
                p *= 10;
            }
            return 19;
        }

        /** Writes the digits of {@code v} (not negative) so that they end just before {@code end}, two at a time. */
        private static void fill(byte[] b, int end, long v) {
            int i = end;
            while (v >= 100) {
                long q = v / 100;
                int r = (int) (v - q * 100);
                b[--i] = PAIRS[2 * r + 1];
                b[--i] = PAIRS[2 * r];
                v = q;
            }
            int r = (int) v;
            if (r >= 10) {
                b[--i] = PAIRS[2 * r + 1];
                b[--i] = PAIRS[2 * r];
            } else {
                b[--i] = (byte) ('0' + r);
            }
        }

        /**
         * The {@code time} field of a time of at least a million, and the line's end: {@code ,"time":T}}\n. Times
         * come in order and close together, so the digits above the lowest six are kept from the last time and only
         * those six are computed; the field's name and those kept digits (up to eight) are stored as a long each.
         */
        private void timeAndEnd(long t) {
            long high = t / MILLION;
            int low = (int) (t - high * MILLION);
            if (high != timeHigh) {
                timeHigh = high;
                timeHighDigits = digits(high);
                fill(timeHighBytes, timeHighDigits, high);
                timeHighLong = (long) LONGS.get(timeHighBytes, 0);
            }
            ensure(TIME.length + timeHighBytes.length + 8);
            byte[] b = buf;
            int p = pos;
            LONGS.set(b, p, TIME_LONG);
            p += TIME.length;
            if (timeHighDigits <= 8) { // the bytes past the digits are written over next
                LONGS.set(b, p, timeHighLong);
            } else {
                System.arraycopy(timeHighBytes, 0, b, p, timeHighDigits);
            }
            p += timeHighDigits;
            for (int k = p + 4; k >= p; k -= 2) { // three pairs, zeros kept
                int r = low % 100;
                low /= 100;
                b[k] = PAIRS[2 * r];
                b[k + 1] = PAIRS[2 * r + 1];
            }
            b[p + 6] = '}';
            b[p + 7] = '\n';
            pos = p + 8;
        }

        /**
         * Writes {@code f} quoted: an operation's name is one of a few, so its bytes are kept, in a small table
         * looked up by the string itself (its hash is cached in it).
         */
        private void name(String f) {
            if (f == lastName) {
                raw(lastNameBytes);
                return;
            }
            int slot = f.hashCode() & (NAMES - 1);
            byte[] known = nameBytes[slot];
            if (known != null && nameStrings[slot] == f) {
                raw(known);
            } else {
                int from = pos;
                string(f);
                if (pos - from > 64) {
                    return;
                }
                known = Arrays.copyOfRange(buf, from, pos);
                nameStrings[slot] = f;
                nameBytes[slot] = known;
            }
            lastName = f;
            lastNameBytes = known;
        }

        /** A string of ASCII that needs no escape (the text of a number). */
        private void asciiText(String s) {
            for (int i = 0; i < s.length(); i += CHUNK) {
                int stop = Math.min(s.length(), i + CHUNK);
                ensure(stop - i);
                byte[] b = buf;
                int p = pos;
                for (int j = i; j < stop; j++) {
                    b[p++] = (byte) s.charAt(j);
                }
                pos = p;
            }
        }

        /**
         * {@code s} quoted: JSON's escapes, surrogates as {@code \}{@code uxxxx} (a lone one has no UTF-8 form), every
         * other char as UTF-8.
         */
        private void string(String s) {
            int n = s.length();
            ensure(2 + 6 * Math.min(n, CHUNK));
            byte[] b = buf;
            int p = pos;
            b[p++] = '"';
            int i = 0;
            while (true) {
                int stop = Math.min(n, i + CHUNK);
                for (; i < stop; i++) {
                    char c = s.charAt(i);
                    if (c < 0x80) {
                        int e = ESCAPES[c];
                        if (e == 0) {
                            b[p++] = (byte) c;
                        } else if (e > 0) {
                            b[p++] = '\\';
                            b[p++] = (byte) e;
                        } else {
                            b[p++] = '\\';
                            b[p++] = 'u';
                            b[p++] = '0';
                            b[p++] = '0';
                            b[p++] = UPPER_HEX[c >> 4];
                            b[p++] = UPPER_HEX[c & 0xF];
                        }
                    } else if (c < 0x800) {
                        b[p++] = (byte) (0xC0 | c >> 6);
                        b[p++] = (byte) (0x80 | c & 0x3F);
                    } else if (Character.isSurrogate(c)) {
                        b[p++] = '\\';
                        b[p++] = 'u';
                        b[p++] = LOWER_HEX[c >> 12];
                        b[p++] = LOWER_HEX[c >> 8 & 0xF];
                        b[p++] = LOWER_HEX[c >> 4 & 0xF];
                        b[p++] = LOWER_HEX[c & 0xF];
                    } else {
                        b[p++] = (byte) (0xE0 | c >> 12);
                        b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                        b[p++] = (byte) (0x80 | c & 0x3F);
                    }
                }
                pos = p;
                if (i == n) {
                    break;
                }
                ensure(1 + 6 * Math.min(n - i, CHUNK));
                b = buf;
            }
            b[p++] = '"';
            pos = p;
        }

        /**
         * One value at the readers' nesting {@code depth} (a field's value is at 1, each array or object adds one),
         * as {@link JsonLinesWriter#value(JsonGenerator, Object)} writes it.
         */
        private void value(Object v, int depth) {
            deeper(depth);
            if (v == null) { // the commonest output, four bytes at once
                ensure(4);
                INTS.set(buf, pos, NULL_INT);
                pos += 4;
                return;
            }
            Object value = Values.normalizeNumber(v);
            if (value instanceof Long l) {
                number(l);
            } else if (value instanceof String s) {
                string(s);
            } else if (value == null) {
                raw(NULL);
            } else if (value instanceof Boolean b) {
                raw(b ? TRUE : FALSE);
            } else if (value instanceof BigInteger b) {
                asciiText(b.toString());
            } else if ((value instanceof Double || value instanceof Float)
                    && Double.isFinite(((Number) value).doubleValue())) {
                asciiText(Double.toString(((Number) value).doubleValue()));
            } else if (value instanceof OpaqueValue o) {
                deeper(depth + 1);
                raw(EDN_FIELD);
                string(o.text());
                raw((byte) '}');
            } else if (value instanceof Set<?> s) {
                raw(SET_FIELD);
                array(s, depth + 1);
                raw((byte) '}');
            } else if (value instanceof Collection<?> c) {
                array(c, depth);
            } else if (value instanceof Map<?, ?> m) {
                map(m, depth);
            } else {
                throw new IllegalArgumentException("cannot write " + Text.cut(String.valueOf(value)) + " ("
                        + value.getClass().getName() + "): history values must be plain data");
            }
        }

        /** Refuses what the readers would: anything at a nesting depth past theirs. */
        private static void deeper(int depth) {
            if (depth > JsonValues.MAX_DEPTH) {
                throw new IllegalArgumentException("cannot write a value nested deeper than " + JsonValues.MAX_DEPTH
                        + " levels: the readers refuse it");
            }
        }

        private void array(Collection<?> c, int depth) {
            deeper(depth);
            raw((byte) '[');
            boolean first = true;
            for (Object e : c) {
                if (!first) {
                    raw((byte) ',');
                }
                first = false;
                value(e, depth + 1);
            }
            raw((byte) ']');
        }

        private void map(Map<?, ?> m, int depth) {
            boolean plain = !(m.size() == 1 && (m.containsKey(JsonValues.SET) || m.containsKey(JsonValues.MAP)
                    || m.containsKey(JsonValues.EDN)));
            for (Object k : m.keySet()) {
                if (!(k instanceof String)) {
                    plain = false;
                    break;
                }
            }
            boolean first = true;
            if (plain) {
                raw((byte) '{');
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        raw((byte) ',');
                    }
                    first = false;
                    string((String) e.getKey());
                    raw((byte) ':');
                    value(e.getValue(), depth + 1);
                }
            } else {
                deeper(depth + 1); // {"#map": [[k, v], ...]}: the object, its array and each pair are levels
                raw(MAP_FIELD);
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!first) {
                        raw((byte) ',');
                    }
                    first = false;
                    deeper(depth + 2);
                    raw((byte) '[');
                    value(e.getKey(), depth + 3);
                    raw((byte) ',');
                    value(e.getValue(), depth + 3);
                    raw((byte) ']');
                }
                raw((byte) ']');
            }
            raw((byte) '}');
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
