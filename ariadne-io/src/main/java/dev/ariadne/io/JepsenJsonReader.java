package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Reads Jepsen histories in JSON, as elle-cli takes them: one array of operation objects
 * ({@code {"type": "ok", "f": "read", "value": 1, "process": 0, "time": 12, "index": 3}}), or one object after
 * another (JSON lines). Objects are read one at a time; keys are Jepsen's without the colon and values are plain
 * JSON. Jepsen's conventions are the same as in EDN (see {@link JepsenOps}).
 */
final class JepsenJsonReader {
    private JsonStream in;
    private final JepsenOps ops;
    private final String source;
    /** Operation objects read, of clients or not; those of them {@link JsonFastObject} read. */
    private long objects;
    private long fastObjects;

    private JepsenJsonReader(JepsenOps ops, String source) {
        this.ops = ops;
        this.source = source;
    }

    /**
     * Reads every operation object to the end of {@code stream}, pushing each event to {@code ops} as it is read.
     *
     * @throws InvalidInputException also when the input is an empty array
     */
    static void read(InputStream stream, String source, JepsenOps ops) throws IOException, InvalidInputException {
        read(stream, source, ops, true);
    }

    /**
     * As {@link #read(InputStream, String, JepsenOps)}; without {@code fast}, Jackson reads every object (for
     * tests). Gives the objects read and how many of them the fast path read.
     */
    static long[] read(InputStream stream, String source, JepsenOps ops, boolean fast)
            throws IOException, InvalidInputException {
        JepsenJsonReader r = new JepsenJsonReader(ops, source);
        if (!fast) {
            r.library(stream);
        } else {
            new FastLines(r, stream).read();
        }
        return new long[]{r.objects, r.fastObjects};
    }

    /** The whole input read by Jackson. */
    private void library(InputStream stream) throws IOException, InvalidInputException {
        try (JsonStream json = new JsonStream(stream, source)) {
            in = json;
            JsonToken t = in.next();
            boolean array = t == JsonToken.START_ARRAY;
            objects(t);
            emptyArray(array);
        }
    }

    /** Objects that are all events of non-client processes are a history of 0 operations; an empty array is not. */
    private void emptyArray(boolean array) throws InvalidInputException {
        if (ops.clientEvents() == 0 && array && objects == 0) {
            throw new InvalidInputException(source, -1, "no operation found: expected Jepsen operation objects such "
                    + "as {\"process\": 0, \"type\": \"invoke\", \"f\": \"read\", \"value\": null}, got an "
                    + "empty array");
        }
    }

    /**
     * Where a reading of the common shape stands at the start of a line: one operation object on each line, in an
     * array ({@code [{…},} … {@code {…},} … {@code {…}]}) or one after another (JSON lines). Jackson takes over at
     * the first line of another shape, fed first a few bytes that put it in the same state (inside the array after
     * a comma, say), the array's {@code [} at its line and column and newlines up to the line taken over, so that it
     * reads, and reports, the rest as it would have (its messages name the array's start).
     */
    private enum At {
        /** Nothing read: Jackson reads the whole input, as without the fast path. */
        START(null),
        /** After {@code [} alone on its line. */
        ARRAY_OPEN("["),
        /** After an object and its comma, in the array. */
        ARRAY_NEXT("[0,"),
        /** After the array's {@code ]}: only whitespace may follow. */
        CLOSED("[]"),
        /** Objects one after another, outside any array. */
        ROOT("");

        final String prefix;

        At(String prefix) {
            this.prefix = prefix;
        }
    }

    /**
     * The input read line by line from its bytes while each line is one plain operation object
     * ({@link JsonFastObject}), then handed to Jackson from the first line that is not.
     */
    private static final class FastLines {
        private final JepsenJsonReader r;
        private final InputStream stream;
        private final JsonFastObject fast = new JsonFastObject();
        private byte[] buf = new byte[1 << 16];
        private int pos;
        private int end;
        private boolean eof;
        /** Lines consumed. */
        private long line;
        private At at = At.START;
        /** The line and column of the array's {@code [}. */
        private long open = -1;
        private int openColumn;

        FastLines(JepsenJsonReader r, InputStream stream) {
            this.r = r;
            this.stream = stream;
        }

        void read() throws IOException, InvalidInputException {
            while (true) {
                int nl = newline();
                if (nl == NONE) { // the end of the input
                    if (at == At.CLOSED || at == At.ROOT) {
                        return;
                    }
                    handOff();
                    return;
                }
                int next = nl < end ? nl + 1 : nl;
                if (nl == HUGE || !take(pos, nl)) {
                    handOff();
                    return;
                }
                pos = next;
                line++;
            }
        }

        private static final int NONE = -1;
        private static final int HUGE = -2;

        /**
         * The end of the line at {@link #pos} (its newline, or the end of the input when none ends it), reading
         * more as needed; {@link #NONE} at the end of the input, {@link #HUGE} for a line longer than
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
                    buf = java.util.Arrays.copyOf(buf, buf.length * 2);
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
            int a = from;
            int b = to;
            for (int k = from; k < to; k++) {
                if (buf[k] < 0) {
                    return false; // not ASCII
                }
            }
            while (a < b && blank(buf[a])) {
                a++;
            }
            while (b > a && blank(buf[b - 1])) {
                b--;
            }
            if (a == b) {
                return at != At.START; // Jackson's whitespace; at the start, Jackson reads from the first byte
            }
            At after;
            switch (at) {
                case START -> {
                    if (buf[a] == '[') {
                        open = line + 1;
                        openColumn = a - from + 1;
                        a++;
                        while (a < b && blank(buf[a])) {
                            a++;
                        }
                        if (a == b) {
                            at = At.ARRAY_OPEN;
                            return true;
                        }
                        after = inArray(b);
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
            java.util.Map<String, Object> op = fast.parse(buf, a, objectEnd - a);
            if (op == null) {
                return false;
            }
            r.fastObjects++;
            r.operation(op, line + 1);
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

        /**
         * What puts Jackson where this reading is, at the start of line {@link #line} + 1: the state's bytes, the
         * array's {@code [} at its line and column, and newlines (ASCII, as the lines read were).
         */
        private byte[] prefix() {
            StringBuilder s = new StringBuilder();
            if (open > 0) {
                s.append("\n".repeat((int) (open - 1))).append(" ".repeat(openColumn - 1));
            }
            s.append(at.prefix).append("\n".repeat((int) (line - Math.max(0, open - 1))));
            return s.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        }

        /** Jackson reads the rest, from the line at {@link #pos}, in the state {@link #at}. */
        private void handOff() throws IOException, InvalidInputException {
            InputStream rest = new java.io.ByteArrayInputStream(buf, pos, end - pos);
            if (!eof) {
                rest = new java.io.SequenceInputStream(rest, stream);
            }
            if (at == At.START) {
                r.library(rest);
                return;
            }
            rest = new java.io.SequenceInputStream(new java.io.ByteArrayInputStream(prefix()), rest);
            try (JsonStream json = new JsonStream(rest, r.source)) {
                r.in = json;
                switch (at) {
                    case ARRAY_OPEN -> {
                        json.next();
                        r.array(open);
                    }
                    case ARRAY_NEXT -> {
                        json.next();
                        json.next();
                        r.array(open);
                    }
                    case CLOSED -> {
                        json.next();
                        json.next();
                        r.afterArray(open);
                    }
                    default -> r.sequence(json.next());
                }
            }
            r.emptyArray(open > 0);
        }
    }

    private void objects(JsonToken first) throws IOException, InvalidInputException {
        if (first == JsonToken.START_ARRAY) {
            long open = in.line();
            array(open);
        } else {
            sequence(first);
        }
    }

    /** The array's objects, from after its {@code [} or a comma, and the end of the input after its {@code ]}. */
    private void array(long open) throws IOException, InvalidInputException {
        JsonToken t;
        while ((t = in.next()) != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                throw in.error(in.line(), "expected an operation object {\"process\": …, \"type\": …, \"f\": …} "
                        + "or ] closing the array opened at line " + open + ", got " + JsonValues.describe(t));
            }
            long start = in.line();
            operation(in.object(false), start);
        }
        afterArray(open);
    }

    private void afterArray(long open) throws IOException, InvalidInputException {
        JsonToken t;
        if ((t = in.next()) != null) {
            throw in.error(in.line(), "expected the end of the input after ] closing the array opened at line "
                    + open + ", got " + JsonValues.describe(t));
        }
    }

    /** Objects one after another, from {@code t} on. */
    private void sequence(JsonToken first) throws IOException, InvalidInputException {
        JsonToken t = first;
        while (t != null) {
            if (t != JsonToken.START_OBJECT) {
                throw in.error(in.line(), "expected a JSON array of operation objects [{\"process\": …, "
                        + "\"type\": …, \"f\": …}, …] or one object after another, got " + JsonValues.describe(t));
            }
            long start = in.line();
            operation(in.object(false), start);
            t = in.next();
        }
    }

    private void operation(Map<String, Object> op, long line) throws InvalidInputException {
        objects++;
        if (!op.containsKey("process")) {
            throw error(line, "the operation has no \"process\"");
        }
        Object process = op.get("process");
        ops.index(op.get("index"), line);
        Object typeName = op.get("type");
        JepsenOps.Type type = typeName instanceof String s ? JepsenOps.Type.of(s) : null;
        Object f = op.get("f");
        if (process instanceof String name) {
            ops.annotate(name, String.valueOf(typeName), String.valueOf(f), op.get("value"), line);
            return;
        }
        int client = client(process, line);
        ops.time(client, op.get("time"), line);
        if (type == null) {
            throw error(line, !op.containsKey("type") ? "the operation has no \"type\" (expected \"invoke\", "
                    + "\"ok\", \"fail\" or \"info\")" : "unknown \"type\" " + JsonValues.describe(typeName)
                    + " (expected \"invoke\", \"ok\", \"fail\" or \"info\")");
        }
        if (!(f instanceof String name) || name.isEmpty()) {
            throw error(line, op.containsKey("f") ? "expected \"f\" to be the operation's name, a non-empty "
                    + "string such as \"read\", got " + JsonValues.describe(f) : "the operation has no \"f\"");
        }
        ops.event(client, type, name, op.get("key"), op.get("value"), line);
    }

    private InvalidInputException error(long line, String problem) {
        return new InvalidInputException(source, line, problem);
    }

    private int client(Object process, long line) throws InvalidInputException {
        if (process instanceof Long p && p >= 0 && p <= Integer.MAX_VALUE) {
            return (int) (long) p;
        }
        throw error(line, "expected \"process\" to be an integer from 0 to " + Integer.MAX_VALUE + " or a name "
                + "such as \"nemesis\", got " + JsonValues.describe(process));
    }
}
