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
    private final JsonStream in;
    private final JepsenOps ops;
    private final String source;
    /** Operation objects read, of clients or not. */
    private long objects;

    private JepsenJsonReader(JsonStream in, JepsenOps ops, String source) {
        this.in = in;
        this.ops = ops;
        this.source = source;
    }

    /**
     * Reads every operation object to the end of {@code stream}, pushing each event to {@code ops} as it is read.
     *
     * @throws InvalidInputException also when the input is an empty array
     */
    static void read(InputStream stream, String source, JepsenOps ops) throws IOException, InvalidInputException {
        try (JsonStream in = new JsonStream(stream, source)) {
            new JepsenJsonReader(in, ops, source).read();
        }
    }

    private void read() throws IOException, InvalidInputException {
        JsonToken t = in.next();
        boolean array = t == JsonToken.START_ARRAY;
        objects(t);
        // objects that are all events of non-client processes are a history of 0 operations; an empty array,
        // which holds no record at all, is not read as one
        if (ops.clientEvents() == 0 && array && objects == 0) {
            throw new InvalidInputException(source, -1, "no operation found: expected Jepsen operation objects such "
                    + "as {\"process\": 0, \"type\": \"invoke\", \"f\": \"read\", \"value\": null}, got an "
                    + "empty array");
        }
    }

    private void objects(JsonToken first) throws IOException, InvalidInputException {
        JsonToken t = first;
        if (t == JsonToken.START_ARRAY) {
            long open = in.line();
            while ((t = in.next()) != JsonToken.END_ARRAY) {
                if (t != JsonToken.START_OBJECT) {
                    throw in.error(in.line(), "expected an operation object {\"process\": …, \"type\": …, \"f\": …} "
                            + "or ] closing the array opened at line " + open + ", got " + JsonValues.describe(t));
                }
                long start = in.line();
                operation(in.object(false), start);
            }
            if ((t = in.next()) != null) {
                throw in.error(in.line(), "expected the end of the input after ] closing the array opened at line "
                        + open + ", got " + JsonValues.describe(t));
            }
        } else {
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
    }

    private void operation(Map<String, Object> op, long line) throws InvalidInputException {
        objects++;
        if (!op.containsKey("process")) {
            throw in.error(line, "the operation has no \"process\"");
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
            throw in.error(line, !op.containsKey("type") ? "the operation has no \"type\" (expected \"invoke\", "
                    + "\"ok\", \"fail\" or \"info\")" : "unknown \"type\" " + JsonValues.describe(typeName)
                    + " (expected \"invoke\", \"ok\", \"fail\" or \"info\")");
        }
        if (!(f instanceof String name) || name.isEmpty()) {
            throw in.error(line, op.containsKey("f") ? "expected \"f\" to be the operation's name, a non-empty "
                    + "string such as \"read\", got " + JsonValues.describe(f) : "the operation has no \"f\"");
        }
        ops.event(client, type, name, op.get("key"), op.get("value"), line);
    }

    private int client(Object process, long line) throws InvalidInputException {
        if (process instanceof Long p && p >= 0 && p <= Integer.MAX_VALUE) {
            return (int) (long) p;
        }
        throw in.error(line, "expected \"process\" to be an integer from 0 to " + Integer.MAX_VALUE + " or a name "
                + "such as \"nemesis\", got " + JsonValues.describe(process));
    }
}
