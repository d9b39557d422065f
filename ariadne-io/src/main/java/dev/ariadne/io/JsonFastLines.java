package dev.ariadne.io;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * A JSON document of records read line by line from its bytes while it has the common shape: one plain object on
 * each line ({@link JsonFastObject}), in an array ({@code [{…},} … {@code {…},} … {@code {…}]}) or one after
 * another (JSON lines). At the first line of another shape (not ASCII, an object over several lines, an escape, a
 * duplicate name, anything malformed) it stops, and {@link #read} gives the caller the rest of the input for
 * Jackson, fed first a few bytes that put Jackson where this reading was: the array's {@code [} at its line and
 * column, the state's own bytes ({@code [0,} after a comma, say) and newlines up to the line taken over. Jackson then
 * reads, and reports (lines, columns, "for Array starting at"), the rest as if it had read the whole input.
 */
final class JsonFastLines {
    /** Where the reading stands at the start of a line. */
    enum At {
        /** Nothing read: Jackson reads the whole input, as without the fast path. */
        START(null, 0),
        /** After {@code [} alone on its line: Jackson's next token is the array's first value or its end. */
        ARRAY_OPEN("[", 1),
        /** After an object and its comma, in the array. */
        ARRAY_NEXT("[0,", 2),
        /** After the array's {@code ]}: only whitespace may follow. */
        CLOSED("[]", 2),
        /** Objects one after another, outside any array. */
        ROOT("", 0);

        private final String prefix;
        /** The tokens of the prefix, which the caller reads and drops before its own. */
        final int prefixTokens;

        At(String prefix, int prefixTokens) {
            this.prefix = prefix;
            this.prefixTokens = prefixTokens;
        }
    }

    /** Takes each object read, with the line it is on. */
    interface Sink {
        void object(Map<String, Object> fields, long line) throws InvalidInputException;
    }

    private static final int NONE = -1;
    private static final int HUGE = -2;

    private final InputStream stream;
    private final Sink sink;
    private final JsonFastObject fast = new JsonFastObject();
    private byte[] buf = new byte[1 << 16];
    private int pos;
    private int end;
    private boolean eof;
    /** Lines consumed. */
    private long line;
    private At at = At.START;
    /** The line and column of the array's {@code [}, or -1. */
    private long open = -1;
    private int openColumn;
    private long objects;

    JsonFastLines(InputStream stream, Sink sink) {
        this.stream = stream;
        this.sink = sink;
    }

    /**
     * Reads the input's objects to {@link #sink} while it has the common shape: {@code null} when it read to the
     * end (then {@link #at()} is {@link At#CLOSED} or {@link At#ROOT}), else the input for Jackson to read in
     * the state {@link #at()}, whose first {@link At#prefixTokens} tokens the caller drops.
     */
    InputStream read() throws IOException, InvalidInputException {
        while (true) {
            int nl = newline();
            if (nl == NONE) {
                return at == At.CLOSED || at == At.ROOT ? null : rest();
            }
            if (nl == HUGE || !take(pos, nl)) {
                return rest();
            }
            pos = nl < end ? nl + 1 : nl;
            line++;
        }
    }

    /** Where the reading stopped. */
    At at() {
        return at;
    }

    /** The line of the array's {@code [}, or -1 when there is none (objects one after another, or none read). */
    long open() {
        return open;
    }

    /** The objects this reading took. */
    long objects() {
        return objects;
    }

    /**
     * The end of the line at {@link #pos} (its newline, or the end of the input when none ends it), reading more
     * as needed; {@link #NONE} at the end of the input, {@link #HUGE} for a line longer than
     * {@link Lines#MAX_LINE_BYTES} (Jackson reads it).
     */
    private int newline() throws IOException {
        int from = pos;
        while (true) {
            for (int k = from; k < end; k++) {
                if (buf[k] == '\n') {
                    return k;
                }
            }
            if (eof) {
                return pos < end ? end : NONE;
            }
            from = end - pos;
            if (pos > 0) {
                System.arraycopy(buf, pos, buf, 0, end - pos);
                end -= pos;
                pos = 0;
            } else if (end == buf.length) {
                if (buf.length >= Lines.MAX_LINE_BYTES) {
                    return HUGE;
                }
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            int n = stream.read(buf, end, buf.length - end);
            if (n < 0) {
                eof = true;
            } else {
                end += n;
            }
        }
    }

    /** Reads the line {@code buf[from, to)} if it has the common shape; false (nothing read) if not. */
    private boolean take(int from, int to) throws InvalidInputException {
        for (int k = from; k < to; k++) {
            if (buf[k] < 0) {
                return false; // not ASCII
            }
        }
        int a = from;
        int b = to;
        while (a < b && blank(buf[a])) {
            a++;
        }
        while (b > a && blank(buf[b - 1])) {
            b--;
        }
        if (a == b) {
            return at != At.START; // at the start, Jackson reads from the first byte
        }
        At after;
        switch (at) {
            case START -> {
                if (buf[a] == '[') {
                    int bracket = a;
                    a++;
                    while (a < b && blank(buf[a])) {
                        a++;
                    }
                    if (a == b) {
                        open = line + 1;
                        openColumn = bracket - from + 1;
                        at = At.ARRAY_OPEN;
                        return true;
                    }
                    after = inArray(b);
                    if (after != null && buf[a] == '{') {
                        open = line + 1;
                        openColumn = bracket - from + 1;
                    }
                } else {
                    after = At.ROOT;
                }
            }
            case ARRAY_OPEN, ARRAY_NEXT -> after = inArray(b);
            case ROOT -> after = At.ROOT;
            default -> after = null;
        }
        if (after == null || buf[a] != '{') {
            return false;
        }
        int objectEnd = after == At.ROOT ? b : b - 1;
        Map<String, Object> fields = fast.parse(buf, a, objectEnd - a);
        if (fields == null) {
            if (at == At.START) {
                open = -1;
            }
            return false;
        }
        objects++;
        sink.object(fields, line + 1);
        at = after;
        return true;
    }

    /** The state after an object in the array whose line's last character is at {@code b - 1}. */
    private At inArray(int b) {
        byte c = buf[b - 1];
        return c == ',' ? At.ARRAY_NEXT : c == ']' ? At.CLOSED : null;
    }

    private static boolean blank(byte c) {
        return c == ' ' || c == '\t' || c == '\r';
    }

    /** The input from the line at {@link #pos} on, preceded (past the start) by what puts Jackson where this was. */
    private InputStream rest() {
        InputStream rest = new ByteArrayInputStream(buf, pos, end - pos);
        if (!eof) {
            rest = new SequenceInputStream(rest, stream);
        }
        if (at == At.START) {
            return rest;
        }
        InputStream state = new ByteArrayInputStream(at.prefix.getBytes(StandardCharsets.US_ASCII));
        long newlines = line;
        if (open > 0) {
            state = new SequenceInputStream(new SequenceInputStream(new Newlines(open - 1),
                    new ByteArrayInputStream(" ".repeat(openColumn - 1).getBytes(StandardCharsets.US_ASCII))), state);
            newlines -= open - 1;
        }
        return new SequenceInputStream(new SequenceInputStream(state, new Newlines(newlines)), rest);
    }

    /** {@code count} newlines, made as they are read: a handover late in a long file holds none of them. */
    private static final class Newlines extends InputStream {
        private long left;

        Newlines(long count) {
            left = count;
        }

        @Override
        public int read() {
            if (left <= 0) {
                return -1;
            }
            left--;
            return '\n';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            Arrays.fill(b, off, off + n, (byte) '\n');
            left -= n;
            return n;
        }
    }
}
