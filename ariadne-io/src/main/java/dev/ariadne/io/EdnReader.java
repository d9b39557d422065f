package dev.ariadne.io;

import us.bpsm.edn.EdnIOException;
import us.bpsm.edn.EdnSyntaxException;
import us.bpsm.edn.Keyword;
import us.bpsm.edn.Symbol;
import us.bpsm.edn.TaggedValue;
import us.bpsm.edn.parser.Parseable;
import us.bpsm.edn.parser.Parser;

import java.io.IOException;
import java.math.BigInteger;
import java.util.Map;

/**
 * Reads Jepsen EDN histories: operation maps one after another (usually one per line), or one vector or list
 * of them. Maps are read one at a time, so large files stream; see {@link JepsenOps} for the conventions.
 */
final class EdnReader {
    private static final Keyword PROCESS = Keyword.newKeyword("process");
    private static final Keyword TYPE = Keyword.newKeyword("type");
    private static final Keyword F = Keyword.newKeyword("f");
    private static final Keyword KEY = Keyword.newKeyword("key");
    private static final Keyword VALUE = Keyword.newKeyword("value");
    private static final Keyword INDEX = Keyword.newKeyword("index");
    private static final Keyword TIME = Keyword.newKeyword("time");

    private final Lines lines;
    private final EdnSource src;
    /** edn-java's parser, made when a map needs it. */
    private Parser parser;
    /** Maps read, of clients or not; with {@link #collection}, whether the input held anything but blanks. */
    private long maps;
    /** The vector or list that holds the maps ("the vector", "the list"), or {@code null}. */
    private String collection;
    private final JepsenOps ops;
    private final EdnFastMap fast = new EdnFastMap();
    private boolean useFast = true;
    /** Jepsen's common lines, read before {@link #fast} is tried; off to test {@link #fast} alone. */
    private final EdnJepsenLine common = new EdnJepsenLine();
    private boolean useCommon = true;
    private long fastMaps;
    private long commonMaps;

    private EdnReader(Lines lines, JepsenOps ops) {
        this.lines = lines;
        this.src = new EdnSource(lines);
        this.ops = ops;
    }

    /**
     * Reads every operation map to the end of the input, pushing each event to {@code ops} as it is read.
     *
     * @throws InvalidInputException also when the input is an empty vector or list: such a file is not read as an
     *                               empty history (maps of non-client processes only are a history of 0 operations)
     */
    static void read(Lines lines, JepsenOps ops) throws IOException, InvalidInputException {
        read(lines, ops, true);
    }

    /**
     * As {@link #read(Lines, JepsenOps)}; without {@code fast}, every map is read by edn-java (for tests). Gives
     * how many maps were read in all, and by the reader's own tokenizer.
     */
    static long[] read(Lines lines, JepsenOps ops, boolean fast) throws IOException, InvalidInputException {
        return read(lines, ops, fast, fast);
    }

    /**
     * As {@link #read(Lines, JepsenOps, boolean)}; without {@code common}, {@link EdnJepsenLine} is not tried (for
     * tests of {@link EdnFastMap} alone). Gives how many maps were read in all, by the reader's own tokenizers, and
     * by {@link EdnJepsenLine}.
     */
    static long[] read(Lines lines, JepsenOps ops, boolean fast, boolean common) throws IOException,
            InvalidInputException {
        EdnReader r = new EdnReader(lines, ops);
        r.useFast = fast;
        r.useCommon = fast && common;
        r.read();
        return new long[]{r.maps, r.fastMaps, r.commonMaps};
    }

    private void read() throws IOException, InvalidInputException {
        int c = src.skipBlank();
        if (c == '[' || c == '(') {
            long open = src.line();
            src.read();
            char close = c == '[' ? ']' : ')';
            String what = c == '[' ? "the vector" : "the list";
            collection = what;
            while (true) {
                // Knossos' and Jepsen's printed vectors hold a map a line: those lines are read from the bytes too
                if (useFast && fastLine()) {
                    continue;
                }
                if ((c = src.skipBlank()) == close) {
                    break;
                }
                if (c == Parseable.END_OF_INPUT) {
                    throw error(src.line(), "expected " + close + " closing " + what + " opened at line " + open
                            + ", got the end of the input");
                }
                if (c == ']' || c == ')' || c == '}') {
                    throw error(src.line(), "expected an operation map or " + close + " closing " + what
                            + " opened at line " + open + ", got " + (char) c);
                }
                operation();
            }
            src.read();
            if ((c = src.skipBlank()) != Parseable.END_OF_INPUT) {
                throw error(src.line(), "expected the end of the input after " + close + " closing " + what
                        + " opened at line " + open + ", got " + Text.quote(Character.toString(c)));
            }
        } else {
            while (true) {
                if (useFast && fastLine()) {
                    continue;
                }
                if (src.skipBlank() == Parseable.END_OF_INPUT) {
                    break;
                }
                operation();
            }
        }
        // A file of recognised maps that are all events of non-client processes (28 nemesis records) is a history
        // of 0 operations; only an empty vector or list, which holds no record at all, is not read as one.
        if (ops.clientEvents() == 0 && maps == 0 && collection != null) {
            throw error(-1, "no operation found: expected Jepsen operation maps such as {:process 0, :type :invoke, "
                    + ":f :read, :value nil}, got an empty " + collection.substring(4));
        }
    }

    private void operation() throws IOException, InvalidInputException {
        long start = src.line();
        int at = useFast ? src.mapLine() : -1;
        if (at >= 0 && fast.parse(lines.bytes(), at, src.lineLength(), src.mapStart()) && fast(start)) {
            src.skipTo(fast.end);
            fastMaps++;
            return;
        }
        Object raw = parse(start);
        if (raw == Parser.END_OF_INPUT) {
            return; // only a discarded form (#_) was left
        }
        maps++;
        if (raw instanceof TaggedValue tagged) {
            raw = tagged.getValue(); // a record such as #jepsen.history.Op{...}
        }
        if (!(raw instanceof Map<?, ?> op)) {
            throw error(start, "expected an operation map {:process …, :type …, :f …, :value …}, got "
                    + EdnValues.describe(raw));
        }
        Object process = op.get(PROCESS);
        if (!op.containsKey(PROCESS)) {
            throw error(start, "the operation has no :process");
        }
        ops.index(value(op.get(INDEX), start), start);
        if (process instanceof Keyword || process instanceof Symbol || process instanceof String) {
            // a named process such as :nemesis is not a client: its events are annotations
            ops.annotate(name(process), name(op.get(TYPE)), name(op.get(F)), value(op.get(VALUE), start), start);
            return;
        }
        int client = process(process, start);
        ops.time(client, value(op.get(TIME), start), start);
        JepsenOps.Type type = op.get(TYPE) instanceof Keyword k ? JepsenOps.Type.of(EdnValues.name(k)) : null;
        if (type == null) {
            Object t = op.get(TYPE);
            throw error(start, !op.containsKey(TYPE) ? "the operation has no :type (expected "
                    + JepsenOps.Type.EXPECTED + ")" : t instanceof Keyword ? "unknown :type "
                    + EdnValues.describe(t) + " (expected " + JepsenOps.Type.EXPECTED + ")"
                    : "expected :type to be " + JepsenOps.Type.EXPECTED + ", got " + EdnValues.describe(t));
        }
        Object f = op.get(F);
        if (!(f instanceof Keyword || f instanceof Symbol || f instanceof String)) {
            throw error(start, op.containsKey(F) ? "expected :f to be a keyword such as :read, got "
                    + EdnValues.describe(f) : "the operation has no :f");
        }
        String name = f instanceof Keyword k ? EdnValues.name(k) : f.toString();
        ops.event(client, type, name, value(op.get(KEY), start), value(op.get(VALUE), start), start);
    }

    /**
     * Reads the next line straight from the input's bytes, without its string or this reader's character source,
     * when it is one operation map that {@link #fast} takes, alone on its line but for blanks (Jepsen's
     * history.edn, and the lines between the first and the last of a vector printed a map a line); false (nothing consumed) when it is not, and the line is then read as any other.
     */
    private boolean fastLine() throws IOException, InvalidInputException {
        if (!src.atLineBoundary()) {
            return false;
        }
        // The map is read from the buffer's bytes up to their end, not the line's: the tokenizer stops at the
        // newline (neither a blank nor a delimiter) and at any byte that is not ASCII (in a string too), so the
        // line is known to be one ASCII map, blanks around it, once its newline is found after the map.
        int from = lines.peekStart();
        if (from < 0) {
            return false;
        }
        byte[] b = lines.bytes();
        int end = lines.bufferEnd();
        if (lines.cutAt(from) && lines.compact()) {
            // the line goes on past the buffer: moved to its start, it is read from the bytes as any other
            from = lines.peekStart();
            b = lines.bytes();
            end = lines.bufferEnd();
        }
        if (useCommon && common.parse(b, from, end)) {
            // Jepsen's common lines, one after another while they last: one loop, no per-line setup
            do {
                commonEvent(lines.number() + 1);
                lines.skipThrough(common.next - 1);
                fastMaps++;
                commonMaps++;
            } while ((from = lines.peekStart()) >= 0 && common.parse(b = lines.bytes(), from, lines.bufferEnd()));
            return true;
        }
        int k = from;
        while (k < end && (b[k] == ' ' || b[k] == ',' || b[k] == '\t')) {
            k++;
        }
        if (k == end || b[k] != '{' || !fast.parse(b, from, end - from, k - from)) {
            return false;
        }
        for (k = from + fast.end; k < end && b[k] != '\n'; k++) {
            if (b[k] != ' ' && b[k] != ',' && b[k] != '\t' && (b[k] != '\r' || k + 1 >= end || b[k + 1] != '\n')) {
                return false; // more on the line (another map, a comment): read it as any other
            }
        }
        if (k == end) {
            return false; // no newline in the buffer: the line may go on, or be the input's last
        }
        if (!fast(lines.number() + 1)) {
            return false;
        }
        lines.skipThrough(k);
        fastMaps++;
        return true;
    }

    /** The event of the line {@link #common} read, as {@link #fast(long)} gives the same map's. */
    private void commonEvent(long line) throws InvalidInputException {
        EdnJepsenLine m = common;
        maps++;
        if (m.index >= 0) {
            ops.index(m.index, line);
        }
        if (m.time >= 0) {
            ops.time(m.process, m.time, line);
        } else {
            ops.time(m.process, null, line);
        }
        ops.event(m.process, m.type, m.f, m.key, m.value, line);
    }

    /**
     * The event of the map {@link #fast} read, as {@link #operation()} reads it from edn-java's map; false (nothing
     * done) when the map is one that edn-java must read (a missing or unusual field: its message is edn-java's).
     */
    private boolean fast(long start) throws InvalidInputException {
        EdnFastMap m = fast;
        if (!m.hasProcess() || m.type == null || m.f == null) {
            return false;
        }
        JepsenOps.Type type = null;
        int client = -1;
        if (!m.namedProcess) {
            type = JepsenOps.Type.of(m.type);
            if (type == null || !(m.process instanceof Long p) || p < 0 || p > Integer.MAX_VALUE) {
                return false;
            }
            client = (int) (long) p;
        }
        maps++;
        ops.index(m.index, start);
        if (m.namedProcess) {
            ops.annotate((String) m.process, m.type, m.f, m.value, start);
            return true;
        }
        if (m.timeIsInteger) {
            ops.time(client, m.timeNs, start);
        } else {
            ops.time(client, m.time, start);
        }
        ops.event(client, type, m.f, m.key, m.value, start);
        return true;
    }

    /** A keyword's, symbol's or string's name; other values as EDN would print them. */
    private static String name(Object v) {
        return v instanceof Keyword k ? EdnValues.name(k) : v instanceof Symbol || v instanceof String
                ? v.toString() : String.valueOf(v);
    }

    private int process(Object process, long line) throws InvalidInputException {
        if (process instanceof Long || process instanceof BigInteger) {
            BigInteger p = new BigInteger(process.toString());
            if (p.signum() >= 0 && p.bitLength() < 32) {
                return p.intValue();
            }
            throw error(line, "expected :process to be an integer from 0 to " + Integer.MAX_VALUE + ", got "
                    + Text.cut(p.toString()));
        }
        throw error(line, "expected :process to be an integer or a keyword such as :nemesis, got "
                + EdnValues.describe(process));
    }

    private Object value(Object raw, long line) throws InvalidInputException {
        try {
            return EdnValues.convert(raw);
        } catch (BadValue e) {
            throw error(line, e.getMessage());
        }
    }

    private Object parse(long start) throws IOException, InvalidInputException {
        try {
            if (parser == null) {
                parser = EdnSource.parser();
            }
            return parser.nextValue(src);
        } catch (EdnIOException e) {
            if (e.getCause() instanceof Lines.BadLineException bad) {
                throw bad.problem();
            }
            throw e.getCause();
        } catch (EdnSyntaxException e) {
            String problem = "invalid EDN: " + humanize(e.getMessage());
            if (problem.contains("end of the input") && src.line() != start) {
                throw error(start, problem + " (the value starting at line " + start + " is not closed)");
            }
            throw error(src.line(), problem + (src.line() != start ? " (in the value starting at line " + start
                    + ")" : ""));
        } catch (StackOverflowError e) {
            throw error(start, "invalid EDN: values nested too deeply");
        } catch (RuntimeException e) {
            throw error(src.line(), "invalid EDN: " + humanize(String.valueOf(e.getMessage())));
        }
    }

    /** edn-java's messages in the words of the other readers. */
    static String humanize(String message) {
        return message.replace("Unexpected end of input", "unexpected end of the input")
                .replace("Expected ", "expected ")
                .replace(", but found ", ", got ")
                .replace("Unexpected ", "unexpected ")
                .replace("END_MAP_OR_SET", "}")
                .replace("END_VECTOR", "]")
                .replace("END_LIST", ")")
                .replace("END_OF_INPUT", "the end of the input")
                .replaceAll("\\.$", "");
    }

    private InvalidInputException error(long line, String problem) {
        return new InvalidInputException(lines.source(), line, problem);
    }
}
