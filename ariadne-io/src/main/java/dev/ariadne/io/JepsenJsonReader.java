package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonToken;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Reads Jepsen histories in JSON, as elle-cli takes them: one array of operation objects
 * ({@code {"type": "ok", "f": "read", "value": 1, "process": 0, "time": 12, "index": 3}}), or one object after
 * another (JSON lines). Objects are read one at a time: those of the common shape, one plain object a line, from
 * the line's bytes ({@link JsonFastLines}), the rest by Jackson's streaming parser. Keys are Jepsen's without the
 * colon and values are plain JSON. Jepsen's conventions are the same as in EDN (see {@link JepsenOps}).
 */
final class JepsenJsonReader {
    private JsonStream in;
    private final JepsenOps ops;
    private final String source;
    /** Operation objects read, of clients or not. */
    private long objects;

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
            return new long[]{r.objects, 0};
        }
        JsonFastLines lines = new JsonFastLines(stream, r::operation);
        InputStream rest = lines.read();
        if (rest != null && lines.at() == JsonFastLines.At.START) {
            r.library(rest);
        } else if (rest != null) {
            try (JsonStream json = new JsonStream(rest, source)) {
                r.in = json;
                for (int k = 0; k < lines.at().prefixTokens; k++) {
                    json.next();
                }
                switch (lines.at()) {
                    case ARRAY_OPEN, ARRAY_NEXT -> r.array(lines.open());
                    case CLOSED -> r.afterArray(lines.open());
                    default -> r.sequence(json.next());
                }
            }
            r.emptyArray(lines.open() > 0);
        }
        return new long[]{r.objects, lines.objects()};
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
