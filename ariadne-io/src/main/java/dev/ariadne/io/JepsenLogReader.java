package dev.ariadne.io;

import us.bpsm.edn.parser.Parser;

import java.io.IOException;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Jepsen text logs: lines of the {@code jepsen.util} logger, {@code <process> <type> <f> <value> [<error>]}
 * with fields separated by tabs or runs of spaces, in the shapes Jepsen's log layouts give them: porcupine's
 * {@code INFO  jepsen.util - 0 :invoke :read nil}, {@code INFO [jepsen worker 0] jepsen.util - 0 ...}, unilog's
 * {@code INFO [2017-03-05 12:00:01,123] jepsen worker 0 - jepsen.util 0 ...} and
 * {@code 2017-03-05 12:00:01,123{GMT} INFO [jepsen worker 0] jepsen.util: 0 ...}. Lines of other loggers (a preamble,
 * stack traces) are skipped, and so is Knossos' analysis printed after the operations; events of named processes
 * (such as {@code :nemesis}) are annotations; failures mean what they mean in Jepsen's other formats (see
 * {@link JepsenOps}). A log in which no line is an operation or an event of a named process, or in which most lines
 * are neither operations nor log output, is rejected rather than read as a short history.
 */
final class JepsenLogReader {
    /**
     * The patterns, compiled when a log is read or a line looks like one: a file of another format (every file's
     * first line is asked whether it is a log line) then compiles none (issue 23: the regex engine's first use takes
     * milliseconds of a short run).
     */
    private static final class Patterns {
        static final Pattern FIELDS = Pattern.compile("[ \t]+");
        static final Pattern INTEGER = Pattern.compile("-?[0-9]+");
        /**
         * Where a {@code jepsen.util} message starts: after {@code " jepsen.util - "} (logger, then message), after
         * {@code " jepsen.util: "} (Jepsen's own layout, {@code %d %p [%t] %c: %m}) or after {@code " - jepsen.util "}
         * (unilog's {@code %p [%d] %t - %c %m}: thread, logger, message).
         */
        static final Pattern MARKER =
                Pattern.compile("\\sjepsen\\.util\\s+-\\s|\\sjepsen\\.util:\\s|\\s-\\s+jepsen\\.util\\s");
        /**
         * The start of a log record of any logger: a level, or a date or time (layouts that print it first). Such
         * lines, and indented lines (stack traces, values printed over several lines), are log output, not
         * unrecognised content.
         */
        static final Pattern LOG_RECORD = Pattern.compile(
                "(?:TRACE|DEBUG|INFO|WARN|WARNING|ERROR|FATAL|SEVERE)\\b.*"
                        + "|\\d{4}-\\d{2}-\\d{2}[ T].*|\\d{2}:\\d{2}:\\d{2}.*",
                Pattern.DOTALL);
        /**
         * The first line of what Jepsen's test prints after the run, once Knossos has analysed the history:
         * {@code Not linearizable. Linearizable prefix was:} followed by the prefix, the inconsistent operation and the
         * worlds considered, as bare operation lines ({@code 2\t:invoke\t:read\t0}), or {@code 412 element history
         * linearizable. :D}. Everything from there on is that analysis, not more of the history.
         */
        static final Pattern ANALYSIS = Pattern.compile(
                "\\s*(?:Not linearizable\\. Linearizable prefix was:|\\d+ element history linearizable\\..*)\\s*");
    }

    /** What a reader of this format expects, for messages. */
    static final String EXPECTED = "Jepsen log lines of the jepsen.util logger, <process> <type> <f> <value> "
            + "(such as \"INFO  jepsen.util - 0 :invoke :read nil\" or \"INFO [2017-03-05 12:00:01,123] jepsen "
            + "worker 0 - jepsen.util 0 :invoke :read nil\")";

    private final Lines lines;
    private final JepsenOps ops;
    /** The tokenizer of plain values, or {@code null} to read every value with edn-java (for tests). */
    private EdnFastMap fast = new EdnFastMap();
    private final Matcher marker = Patterns.MARKER.matcher("");
    private final Matcher integerMatcher = Patterns.INTEGER.matcher("");
    private long significant;
    private long operations;
    private long annotations;
    private long unrecognised;
    private long firstUnrecognised = -1;
    private String firstUnrecognisedText;

    private JepsenLogReader(Lines lines, JepsenOps ops) {
        this.lines = lines;
        this.ops = ops;
    }

    /**
     * The text after the {@code jepsen.util} logger's name in {@code line} (the event, {@code <process> <type> ...}),
     * or {@code null} when the line is not one of that logger's.
     */
    static String message(String line) {
        if (!line.contains("jepsen.util")) {
            return null; // every form of the marker names the logger
        }
        Matcher m = Patterns.MARKER.matcher(line);
        return m.find() ? line.substring(m.end()).strip() : null;
    }

    /**
     * The start of porcupine's and Jepsen's default layout, {@code INFO  jepsen.util - }: on such a line the
     * leftmost match of {@link Patterns#MARKER} is always its {@code " jepsen.util - "} (nothing before it can start
     * one), so the message is the rest of the line, found without the regex.
     */
    private static final String COMMON_START = "INFO  jepsen.util - ";

    /** As {@link #message(String)}, with this reader's matcher (one per reading, not one per line). */
    private String logMessage(String line) {
        if (fast != null && line.startsWith(COMMON_START)) {
            return line.substring(COMMON_START.length()).strip();
        }
        Matcher m = marker.reset(line);
        return m.find() ? line.substring(m.end()).strip() : null;
    }

    /** Whether {@code line} starts a log record of some logger (a level, a date or a time first). */
    static boolean isLogRecord(String line) {
        if (line.isEmpty()) {
            return false;
        }
        char c = line.charAt(0); // a level's initial, or a date's or time's first digit
        return (c >= '0' && c <= '9' || "TDIWEFS".indexOf(c) >= 0) && Patterns.LOG_RECORD.matcher(line).matches();
    }

    /**
     * Reads every line to the end of the input, pushing each event to {@code ops} as soon as it is read.
     *
     * @throws InvalidInputException also when the input has significant lines but none is an operation or an event
     *                               of a non-client process, or when more than half of them are neither operations
     *                               nor log output
     */
    static void read(Lines lines, JepsenOps ops) throws IOException, InvalidInputException {
        read(lines, ops, true);
    }

    /** As {@link #read(Lines, JepsenOps)}; without {@code fast}, edn-java reads every value (for tests). */
    static void read(Lines lines, JepsenOps ops, boolean fast) throws IOException, InvalidInputException {
        JepsenLogReader reader = new JepsenLogReader(lines, ops);
        if (!fast) {
            reader.fast = null;
        }
        String line;
        while ((line = lines.next()) != null) {
            if (!Lines.isSignificant(line)) {
                continue;
            }
            if (line.contains("inearizable") && isAnalysis(line)) { // both of its forms say (l|L)inearizable
                reader.skipAnalysis();
                break;
            }
            reader.significant++;
            String message = reader.logMessage(line);
            if (message != null) {
                reader.event(message, lines.number());
            } else if (!isLogRecord(line) && !Character.isWhitespace(line.charAt(0))) {
                reader.unrecognised++;
                if (reader.firstUnrecognised < 0) {
                    reader.firstUnrecognised = lines.number();
                    reader.firstUnrecognisedText = line;
                }
            }
        }
        reader.finish();
    }

    /** Whether {@code line} starts Knossos' analysis printed after the operations ({@link Patterns#ANALYSIS}). */
    static boolean isAnalysis(String line) {
        return line.length() < 200 && Patterns.ANALYSIS.matcher(line).matches();
    }

    /**
     * Reads the rest of the input, Knossos' analysis of the history, without taking any of its lines for an
     * operation: the linearizable prefix it prints repeats operations of the history, and its worlds list
     * invocations in orders of its own.
     */
    private void skipAnalysis() throws IOException {
        while (lines.next() != null) {
            // the analysis is not part of the history
        }
    }

    private void finish() throws InvalidInputException {
        if (significant == 0) {
            return;
        }
        if (operations == 0 && (annotations == 0 || unrecognised * 2 > significant)) {
            throw new InvalidInputException(lines.source(), -1, "no operation found: expected " + EXPECTED
                    + ", but none of its " + significant + (significant == 1 ? " line is one" : " lines is one")
                    + (annotations > 0 ? " (" + annotations + " of them " + (annotations == 1 ? "is an event of a "
                    + "non-client process" : "are events of non-client processes") + " such as :nemesis)" : "")
                    + unrecognisedExample() + "; is this a Jepsen log? (--format names the format)");
        }
        if (unrecognised * 2 > significant) {
            throw new InvalidInputException(lines.source(), -1, "most lines are not operations: " + unrecognised
                    + " of its " + significant + " lines are neither Jepsen operations nor log records, and only "
                    + operations + " are operations" + unrecognisedExample() + "; is this a Jepsen log? (--format "
                    + "names the format)");
        }
    }

    private String unrecognisedExample() {
        return firstUnrecognised < 0 ? "" : " (line " + firstUnrecognised + ": "
                + Text.quote(firstUnrecognisedText.strip()) + ")";
    }

    private void event(String text, long line) throws InvalidInputException {
        String[] fields = fast != null ? split(text) : Patterns.FIELDS.split(text, 4);
        String process = fields[0];
        boolean integer = fast != null ? isInteger(process) : integerMatcher.reset(process).matches();
        if (!integer && process.length() > 1 && process.charAt(0) == ':') {
            // a named process such as :nemesis is not a client: its events are annotations
            unterminated(line);
            annotations++;
            ops.annotate(process.substring(1), fields.length > 1 ? strip(fields[1]) : "",
                    fields.length > 2 ? strip(fields[2]) : "", fields.length > 3 ? fields[3].strip() : null, line);
            return;
        }
        if (fields.length < 4) {
            throw error(line, "expected <process> <type> <f> <value> after the logger jepsen.util, got "
                    + Text.quote(text));
        }
        int client = client(process, integer, line);
        JepsenOps.Type type = fields[1].startsWith(":") ? JepsenOps.Type.of(fields[1].substring(1)) : null;
        if (type == null) {
            throw error(line, "unknown type " + Text.quote(fields[1]) + " (expected " + JepsenOps.Type.EXPECTED
                    + ")");
        }
        if (!fields[2].startsWith(":") || fields[2].length() < 2) {
            throw error(line, "expected the operation (:f) to be a keyword such as :read, got "
                    + Text.quote(fields[2]));
        }
        Object value = value(fields[3], line);
        unterminated(line);
        operations++;
        ops.event(client, type, fields[2].substring(1), null, value, line);
    }

    /** {@code FIELDS.split(text, 4)} without a regex: at most four fields, the last one the rest of the text. */
    private static String[] split(String text) {
        String[] out = new String[4];
        int count = 0;
        int from = 0;
        int n = text.length();
        for (int k = 0; k < n && count < 3; k++) {
            char c = text.charAt(k);
            if (c == ' ' || c == '\t') {
                out[count++] = text.substring(from, k);
                while (k + 1 < n && (text.charAt(k + 1) == ' ' || text.charAt(k + 1) == '\t')) {
                    k++;
                }
                from = k + 1;
            }
        }
        out[count++] = text.substring(from);
        return count == 4 ? out : java.util.Arrays.copyOf(out, count);
    }

    /** {@code INTEGER.matcher(s).matches()} without a regex. */
    private static boolean isInteger(String s) {
        int k = s.startsWith("-") ? 1 : 0;
        if (k == s.length()) {
            return false;
        }
        for (; k < s.length(); k++) {
            char c = s.charAt(k);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Refuses a last line without a newline: the value ends the line, so a cut one reads as another (12 as 1). */
    private void unterminated(long line) throws InvalidInputException {
        if (lines.unterminated()) {
            throw error(line, Lines.NO_NEWLINE);
        }
    }

    private static String strip(String keyword) {
        return keyword.startsWith(":") ? keyword.substring(1) : keyword;
    }

    private int client(String process, boolean integer, long line) throws InvalidInputException {
        if (!integer) {
            throw error(line, "expected the process to be an integer or a keyword such as :nemesis, got "
                    + Text.quote(process));
        }
        if (process.length() <= 9 && process.charAt(0) != '-') {
            return Integer.parseInt(process); // below 2^31: what the BigInteger below would give
        }
        BigInteger p = new BigInteger(process);
        if (p.signum() < 0 || p.bitLength() >= 32) {
            throw error(line, "expected the process to be an integer from 0 to " + Integer.MAX_VALUE + ", got "
                    + Text.cut(process));
        }
        return p.intValue();
    }

    /**
     * The value field: one EDN value, then Jepsen's error, which is ignored: after a tab, any text (Jepsen prints
     * the error with {@code str}, so it may be free text); otherwise at most one more EDN value.
     */
    private Object value(String text, long line) throws InvalidInputException {
        Object simple = fast == null ? EdnFastMap.NOT_SIMPLE : fast.wholeValue(text);
        if (simple != EdnFastMap.NOT_SIMPLE) {
            return simple; // nil, 3, [3 0], :timed-out: what edn-java would give, without it
        }
        int tab = text.indexOf('\t');
        boolean freeError = tab >= 0;
        String valueText = freeError ? text.substring(0, tab) : text;
        if (!DigitGuard.check(valueText)) {
            throw error(line, DigitGuard.problem());
        }
        EdnSource in = EdnSource.of(valueText, lines.source(), line);
        Object value = parse(in, text, line);
        if (value == Parser.END_OF_INPUT) {
            throw error(line, "expected a value after the operation, got " + Text.quote(text));
        }
        if (!freeError && parse(in, text, line) != Parser.END_OF_INPUT
                && parse(in, text, line) != Parser.END_OF_INPUT) {
            throw error(line, "expected a value and at most an error after the operation, got "
                    + Text.quote(text));
        }
        if (freeError && parse(in, text, line) != Parser.END_OF_INPUT) {
            throw error(line, "expected one value before the tab that starts the error, got "
                    + Text.quote(valueText));
        }
        try {
            return EdnValues.convert(value);
        } catch (BadValue e) {
            throw error(line, e.getMessage());
        }
    }

    private Object parse(EdnSource in, String text, long line) throws InvalidInputException {
        try {
            return EdnSource.parser().nextValue(in);
        } catch (StackOverflowError e) {
            throw error(line, "cannot parse the value " + Text.quote(text) + ": nested too deeply");
        } catch (RuntimeException e) {
            if (e.getCause() instanceof Lines.BadLineException bad) {
                throw bad.problem();
            }
            throw error(line, "cannot parse the value " + Text.quote(text) + ": "
                    + EdnReader.humanize(String.valueOf(e.getMessage())));
        }
    }

    private InvalidInputException error(long line, String problem) {
        return new InvalidInputException(lines.source(), line, problem);
    }
}
