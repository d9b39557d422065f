package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonToken;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads OmniLink-style traces: action records {@code {"operation_name": "op", "operation": {params…, "_op_start": t0,
 * "_op_end": t1}}}, as OmniLink's logger writes them (one MessagePack map after another, one file per thread), or
 * the same records in JSON. Action {@code op(v1, …, vn)} becomes {@code Invocation(op, value)} with value nil, v1 or
 * the list {@code [v1 … vn]}, and, like a Jepsen {@code :ok}, the same value as output. See {@code docs/formats.md}.
 */
final class OmniLinkReader {
    private static final Set<String> FIELDS = Set.of("operation_name", "operation", "op_start", "op_end", "thread",
            "should_succeed");
    private static final String EXPECTED_FIELDS = "operation_name, operation, op_start, op_end, thread, "
            + "should_succeed";
    /**
     * OmniLink's event that ends a thread: its validation module takes it with the spec's variables unchanged
     * (unless a module overrides the hook), so, like an aborted action, it changes nothing and is not kept.
     */
    static final String TERMINATE_THREAD = "__TerminateThread";

    /** Where a record is: a line of text or a byte offset of MessagePack. */
    private record Where(String source, long line, long offset) {
        InvalidInputException error(String problem) {
            return line > 0 ? new InvalidInputException(source, line, problem)
                    : InvalidInputException.atByte(source, offset, problem);
        }

        /** This place in words, naming the source only when it is not {@code from}'s. */
        String describe(Where from) {
            return (line > 0 ? "line " + line : "byte " + offset) + (source.equals(from.source) ? "" : " of " + source);
        }
    }

    /** The last action of a thread. */
    private record Last(long end, boolean pending, Where where) {
    }

    private static final String NO_RECORD = "no operation found: expected OmniLink action records such as "
            + "{\"operation_name\": \"read\", \"operation\": {\"value\": 1, \"_op_start\": 10, \"_op_end\": 20}}, got ";

    private final List<Operation> operations = new ArrayList<>();
    /** Records read from the current file. */
    private long records;
    private final Map<Integer, Last> threads = new HashMap<>();
    /** Whether JSON records of the common shape are read by {@link JsonFastLines}; records it took, in all. */
    private boolean useFast = true;
    private long fastRecords;
    /** Whether aborted and {@code __TerminateThread} events are kept ({@link ReadOptions#omniLinkEvents}). */
    private boolean keepEvents;

    private OmniLinkReader() {
    }

    /** The trace in {@code in} (MessagePack or JSON, recognised from the first byte); its default thread is 0. */
    static ReadResult read(InputStream in, String source) throws IOException, InvalidInputException {
        return read(in, source, true, null);
    }

    /** As {@link #read(InputStream, String)}, keeping aborted and {@code __TerminateThread} events if asked. */
    static ReadResult read(InputStream in, String source, boolean keepEvents) throws IOException,
            InvalidInputException {
        OmniLinkReader reader = new OmniLinkReader();
        reader.keepEvents = keepEvents;
        reader.file(in, source, 0, null);
        return reader.result(source);
    }

    /**
     * As {@link #read(InputStream, String)}; without {@code fast}, Jackson reads every JSON record (for tests).
     * {@code counts[0]}, when given, is set to the records the fast path read.
     */
    static ReadResult read(InputStream in, String source, boolean fast, long[] counts)
            throws IOException, InvalidInputException {
        OmniLinkReader reader = new OmniLinkReader();
        reader.useFast = fast;
        try {
            reader.file(in, source, 0, null);
            return reader.result(source);
        } finally {
            if (counts != null) {
                counts[0] = reader.fastRecords;
            }
        }
    }

    /**
     * The traces of a directory, as OmniLink writes them: every {@code *.log} file, in name order, is the trace of
     * one thread, numbered from 0 in that order (unless its records name their {@code thread}).
     */
    static ReadResult readDirectory(Path dir) throws IOException, InvalidInputException {
        return readDirectory(dir, false);
    }

    /** As {@link #readDirectory(Path)}, keeping aborted and {@code __TerminateThread} events if asked. */
    static ReadResult readDirectory(Path dir, boolean keepEvents) throws IOException, InvalidInputException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.log")) {
            for (Path f : entries) {
                if (!Files.isRegularFile(f)) {
                    // skipped, the other threads would pass without it: a thread's trace that cannot be read
                    throw new InvalidInputException(f.toString(), -1, "is " + kind(f) + ", not a regular file: "
                            + "every *.log file of an OmniLink trace directory is the trace of a thread");
                }
                files.add(f);
            }
        }
        if (files.isEmpty()) {
            throw new InvalidInputException(dir.toString(), -1, "is a directory without *.log files; a directory is "
                    + "read as an OmniLink trace directory, one *.log file per thread");
        }
        files.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        OmniLinkReader reader = new OmniLinkReader();
        reader.keepEvents = keepEvents;
        for (int i = 0; i < files.size(); i++) {
            try (InputStream in = Files.newInputStream(files.get(i))) {
                reader.file(in, files.get(i).toString(), i, files.get(i).getFileName().toString());
            }
        }
        return reader.result(dir.toString());
    }

    /** What kind of file {@code f}, which is not a regular file, is, in words. */
    private static String kind(Path f) {
        if (Files.isSymbolicLink(f) && !Files.exists(f)) {
            return "a symbolic link to a file that does not exist";
        }
        if (Files.isDirectory(f)) {
            return "a directory";
        }
        try {
            int mode = (Integer) Files.getAttribute(f, "unix:mode");
            return switch (mode & 0170000) {
                case 0010000 -> "a FIFO (named pipe)";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return "a special file";
        }
    }

    private ReadResult result(String source) throws InvalidInputException {
        try {
            return new ReadResult(History.of(operations), Format.OMNILINK, List.of());
        } catch (HistoryException e) {
            throw new InvalidInputException(source, e.line(), e.getMessage());
        }
    }

    private void file(InputStream raw, String source, int thread, String fileName)
            throws IOException, InvalidInputException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(1);
        int first = in.read();
        in.reset();
        if (first < 0) {
            return;
        }
        if (Detection.isMessagePackLead(first)) {
            msgpack(new MsgpackStream(in, source), source, thread, fileName);
        } else if (!useFast) {
            try (JsonStream json = new JsonStream(in, source)) {
                json(json, source, thread, fileName);
            }
        } else {
            fastJson(in, source, thread, fileName);
        }
    }

    /** The records read line by line while they have the common shape, then by Jackson where it stopped. */
    private void fastJson(InputStream in, String source, int thread, String fileName)
            throws IOException, InvalidInputException {
        long before = records;
        JsonFastLines lines = new JsonFastLines(in, (fields, line) -> record(fields, new Where(source, line, -1),
                thread, fileName));
        InputStream rest = lines.read();
        fastRecords += lines.objects();
        if (rest == null) {
            return;
        }
        try (JsonStream json = new JsonStream(rest, source)) {
            JsonFastLines.At at = lines.at();
            if (at == JsonFastLines.At.START) {
                json(json, source, thread, fileName);
                return;
            }
            for (int k = 0; k < at.prefixTokens; k++) {
                json.next();
            }
            JsonToken t = at == JsonFastLines.At.CLOSED ? JsonToken.END_ARRAY : json.next();
            records(json, t, at != JsonFastLines.At.ROOT, lines.open(), before, source, thread, fileName);
        }
    }

    private void json(JsonStream in, String source, int thread, String fileName)
            throws IOException, InvalidInputException {
        long before = records;
        JsonToken t = in.next();
        boolean array = t == JsonToken.START_ARRAY;
        long open = in.line();
        if (array) {
            t = in.next();
        }
        records(in, t, array, open, before, source, thread, fileName);
    }

    /**
     * The records from the token {@code t} on, in the array opened at line {@code open} or not, to the end of the
     * input; {@code before} is the count of records before this file's.
     */
    private void records(JsonStream in, JsonToken t, boolean array, long open, long before, String source,
                         int thread, String fileName) throws IOException, InvalidInputException {
        while (t != null && t != JsonToken.END_ARRAY) {
            if (t != JsonToken.START_OBJECT) {
                throw in.error(in.line(), "expected an action record {\"operation_name\": …, \"operation\": {…}}"
                        + (array ? " or ] closing the array opened at line " + open : "") + ", got "
                        + JsonValues.describe(t));
            }
            long line = in.line();
            Map<String, Object> fields = in.object(true);
            record(fields, new Where(source, line, -1), thread, fileName);
            t = in.next();
        }
        if (array && t == null) {
            throw in.error(in.line(), "truncated JSON: expected ] closing the array opened at line " + open
                    + ", got the end of the input");
        }
        if (array && t == JsonToken.END_ARRAY && records == before) {
            throw in.error(-1, NO_RECORD + "an empty array");
        }
        if (!array && t == JsonToken.END_ARRAY) {
            throw in.error(in.line(), "unexpected ] (no array is open)");
        }
        if (array && (t = in.next()) != null) {
            throw in.error(in.line(), "expected the end of the input after ] closing the array opened at line "
                    + open + ", got " + JsonValues.describe(t));
        }
    }

    private void msgpack(MsgpackStream in, String source, int thread, String fileName)
            throws IOException, InvalidInputException {
        if (in.hasNext() && in.nextIsArray()) {
            long start = in.offset();
            long n = in.arrayHeader();
            if (n == 0) {
                throw InvalidInputException.atByte(source, start, NO_RECORD + "an empty array");
            }
            for (long i = 0; i < n; i++) {
                if (!in.hasNext()) {
                    throw InvalidInputException.atByte(source, in.offset(), "truncated MessagePack: the array of "
                            + "records at byte " + start + " announces " + n + " records, the input ends after " + i);
                }
                msgpackRecord(in, source, thread, fileName);
            }
            if (in.hasNext()) {
                throw InvalidInputException.atByte(source, in.offset(), "expected the end of the input after the "
                        + "array of records at byte " + start);
            }
            return;
        }
        while (in.hasNext()) {
            msgpackRecord(in, source, thread, fileName);
        }
    }

    private void msgpackRecord(MsgpackStream in, String source, int thread, String fileName)
            throws IOException, InvalidInputException {
        Where where = new Where(source, -1, in.offset());
        Object value = in.value();
        if (!(value instanceof Map<?, ?> map)) {
            throw where.error("expected an action record, a map {\"operation_name\": …, \"operation\": {…}}, got "
                    + JsonValues.describe(value));
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!(e.getKey() instanceof String key)) {
                throw where.error("expected the fields of an action record to be named by strings, got "
                        + JsonValues.describe(e.getKey()));
            }
            fields.put(key, e.getValue());
        }
        record(fields, where, thread, fileName);
    }

    private void record(Map<String, Object> fields, Where where, int defaultThread, String fileName)
            throws InvalidInputException {
        records++;
        for (String name : fields.keySet()) {
            if (!FIELDS.contains(name)) {
                throw where.error("unknown field " + Text.quote(name) + " in an action record (expected "
                        + EXPECTED_FIELDS + ")");
            }
        }
        Object name = fields.get("operation_name");
        if (!(name instanceof String op) || op.isEmpty()) {
            throw where.error(fields.containsKey("operation_name") ? "expected \"operation_name\" to be the action's "
                    + "name, a non-empty string, got " + JsonValues.describe(name) : "missing field \"operation_name\"");
        }
        Object operation = fields.getOrDefault("operation", Map.of());
        if (!(operation instanceof Map<?, ?> params)) {
            throw where.error("expected \"operation\" to be a map of the action's parameters, got "
                    + JsonValues.describe(operation));
        }
        List<Object> args = new ArrayList<>();
        List<String> names = new ArrayList<>();
        Object start = fields.get("op_start");
        Object end = fields.get("op_end");
        boolean startGiven = fields.containsKey("op_start");
        boolean endGiven = fields.containsKey("op_end");
        boolean aborted = false;
        Object meta = null;
        for (Map.Entry<?, ?> e : params.entrySet()) {
            if (!(e.getKey() instanceof String key)) {
                throw where.error("expected the parameters of \"operation\" to be named by strings, got "
                        + JsonValues.describe(e.getKey()));
            }
            if (!key.startsWith("_")) {
                args.add(e.getValue());
                names.add(key);
                continue;
            }
            switch (key) {
                case "_op_start" -> {
                    if (startGiven) {
                        throw where.error("the start time is given twice (\"op_start\" and \"operation\"."
                                + "\"_op_start\")");
                    }
                    start = e.getValue();
                    startGiven = true;
                }
                case "_op_end" -> {
                    if (endGiven) {
                        throw where.error("the end time is given twice (\"op_end\" and \"operation\"."
                                + "\"_op_end\")");
                    }
                    end = e.getValue();
                    endGiven = true;
                }
                case "_did_abort" -> {
                    if (!(e.getValue() instanceof Boolean b)) {
                        throw where.error("expected \"_did_abort\" to be true or false, got "
                                + JsonValues.describe(e.getValue()));
                    }
                    aborted = b;
                }
                case "_meta" -> meta = e.getValue();
                default -> throw where.error("unknown reserved parameter " + Text.quote(key) + " in \"operation\" "
                        + "(names starting with _ are OmniLink's: _op_start, _op_end, _did_abort, _meta)");
            }
        }
        if (!startGiven) {
            throw where.error("missing the start time (\"op_start\", or \"_op_start\" in \"operation\")");
        }
        int thread = thread(fields, defaultThread, where);
        long call = time(start, "start", where);
        boolean pending = end == null;
        long ret = pending ? Operation.PENDING : time(end, "end", where);
        if (ret < call) {
            throw where.error("the action ends (" + ret + ") before it starts (" + call + ")");
        }
        Last last = threads.get(thread);
        if (last != null && (last.pending || call <= last.end)) { // the message is made only for an error
            String previous = "its previous one (" + last.where.describe(where) + ")";
            if (last.pending) {
                throw where.error("thread " + thread + " starts an action, but " + previous + " never ended (it has "
                        + "no end time); a thread runs one action at a time");
            }
            if (call < last.end) {
                throw where.error("thread " + thread + "'s times go backwards: this action starts at " + call
                        + ", before " + previous + " ended at " + last.end);
            }
            if (call == last.end) {
                throw where.error("thread " + thread + "'s action starts at " + call + ", the time " + previous
                        + " ended; a thread's actions must follow one another (equal times overlap)");
            }
        }
        threads.put(thread, new Last(ret, pending, where));
        if ((aborted || op.equals(TERMINATE_THREAD)) && !keepEvents) {
            return; // an aborted action changed nothing: like Jepsen's :fail, it did not happen
        }
        Object shouldSucceed = fields.get("should_succeed");
        if (shouldSucceed != null && !(shouldSucceed instanceof Boolean)) {
            throw where.error("expected \"should_succeed\" to be true or false, got "
                    + JsonValues.describe(shouldSucceed));
        }
        Object value = args.isEmpty() ? null : args.size() == 1 ? args.get(0)
                : Collections.unmodifiableList(new ArrayList<>(args));
        Map<String, Object> metadata = new LinkedHashMap<>();
        if (where.line > 0) {
            metadata.put("line", (int) Math.min(where.line, Integer.MAX_VALUE));
        } else {
            metadata.put("offset", where.offset);
        }
        if (fileName != null) {
            metadata.put("file", fileName);
        }
        if (meta != null) {
            metadata.put("meta", meta);
        }
        if (aborted) {
            metadata.put("aborted", true); // kept for OmniLink's hooks (__AbortBehavior)
        }
        if (shouldSucceed != null) {
            metadata.put("should_succeed", shouldSucceed);
        }
        if (!names.isEmpty()) {
            metadata.put("params", List.copyOf(names)); // the names bind a TLA+ action's parameters (ariadne-tla)
        }
        operations.add(new Operation(operations.size(), thread, new Invocation(op, null, value),
                pending ? Operation.UNKNOWN : value, call, ret, Collections.unmodifiableMap(metadata)));
    }

    private static int thread(Map<String, Object> fields, int otherwise, Where where) throws InvalidInputException {
        if (!fields.containsKey("thread")) {
            return otherwise;
        }
        Object t = fields.get("thread");
        if (t instanceof Long l && l >= 0 && l <= Integer.MAX_VALUE) {
            return (int) (long) l;
        }
        throw where.error("expected \"thread\" to be an integer from 0 to " + Integer.MAX_VALUE + ", got "
                + JsonValues.describe(t));
    }

    private static long time(Object t, String what, Where where) throws InvalidInputException {
        if (t instanceof Long l && l >= 0 && l < Operation.PENDING) {
            return l;
        }
        throw where.error("expected the " + what + " time to be an integer from 0 to " + (Operation.PENDING - 1)
                + ", got " + (t instanceof Long || t instanceof java.math.BigInteger ? Text.cut(t.toString())
                : JsonValues.describe(t)));
    }
}
