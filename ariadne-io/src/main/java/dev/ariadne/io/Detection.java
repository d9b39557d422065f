package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Recognises a format from the content, never from the file name: MessagePack from its first byte, text formats
 * from the first significant line (neither blank nor a {@code ;} comment) and, for JSON, from the fields of the
 * first object; a Jepsen log also from a log record of any logger first (a preamble) or, after lines of no known
 * shape, from a later {@code jepsen.util} line. Only the first MiB is looked at, and nothing is consumed.
 */
final class Detection {
    /** How much of the input detection may look at. */
    static final int PEEK = 1 << 20;
    /** The bytes looked at first: when their complete lines decide the format, no more is decoded. */
    static final int FIRST_LOOK = 8 << 10;
    /** Compiled on first use (a tagged first line): most detections use no regex (issue 23). */
    private static final class TaggedMap {
        static final Pattern PATTERN = Pattern.compile("#[A-Za-z][^\\s{]*\\s*\\{.*", Pattern.DOTALL);
    }

    private Detection() {
    }

    /**
     * Whether {@code b}, a first byte, starts a MessagePack map or array. No UTF-8 text starts with these bytes
     * (0x80–0x9f are continuation bytes; 0xdc–0xdf are followed by a length, not a continuation byte, in a
     * record), so a binary trace is recognised from its first byte.
     */
    static boolean isMessagePackLead(int b) {
        return b >= 0x80 && b <= 0x9f || b >= 0xdc && b <= 0xdf;
    }

    /**
     * The format of the content of {@code in}, or {@code null} when it has no significant content (an empty
     * history in every format). Nothing is consumed: {@code in} is reset to where it was.
     */
    static Format detect(BufferedInputStream in, String source) throws IOException, InvalidInputException {
        in.mark(PEEK);
        byte[] start = in.readNBytes(FIRST_LOOK);
        in.reset();
        if (start.length == 0) {
            return null;
        }
        if (isMessagePackLead(start[0] & 0xff)) {
            return Format.OMNILINK;
        }
        Format settled = settledAtStart(start, source);
        return settled != null ? settled : fromFirstMiB(in, source);
    }

    /** {@link #detect(BufferedInputStream, String)} from the first MiB's text, without a look at its start first. */
    static Format fromFirstMiB(BufferedInputStream in, String source) throws IOException, InvalidInputException {
        in.mark(PEEK);
        byte[] head = in.readNBytes(PEEK);
        in.reset();
        if (head.length == 0) {
            return null;
        }
        if (isMessagePackLead(head[0] & 0xff)) {
            return Format.OMNILINK;
        }
        boolean cut = head.length == PEEK;
        int length = cut ? completeUtf8(head) : head.length;
        Lines lines = new Lines(new ByteArrayInputStream(head, 0, length), source);
        String first;
        try {
            first = lines.peekSignificant();
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
        if (first == null) {
            if (cut) {
                throw new InvalidInputException(source, -1, "cannot recognise the format: the first MiB holds only "
                        + "blank and comment lines; use --format to name it");
            }
            return null;
        }
        long number = lines.peekedNumber();
        StringBuilder text = new StringBuilder();
        try {
            String line;
            while ((line = lines.next()) != null) {
                if (lines.number() >= number) {
                    text.append(line).append('\n');
                }
            }
        } catch (Lines.BadLineException e) {
            // later lines only refine JSON detection; the reader reports this line when it gets there
        }
        return classifyOrFail(first, text.toString(), source, number);
    }

    /**
     * The format {@link #classify} gives the whole first MiB when the complete lines of its first
     * {@link #FIRST_LOOK} bytes ({@code start}) already decide it, else {@code null} (and the first MiB is looked
     * at). Most files are decided by their first line (a Jepsen log line, an EDN map or vector of maps): a batch of
     * small files then decodes a line or two of each for detection, not the whole file (issue 23).
     */
    private static Format settledAtStart(byte[] start, String source) throws IOException {
        int end = start.length;
        if (end == FIRST_LOOK) { // cut: only the lines that end within it, whose text the whole MiB shares
            while (end > 0 && start[end - 1] != '\n') {
                end--;
            }
        }
        Lines lines = new Lines(new ByteArrayInputStream(start, 0, end), source);
        try {
            String first = lines.peekSignificant();
            if (first == null) {
                return null;
            }
            if (JepsenLogReader.message(first) != null || JepsenLogReader.isLogRecord(first)) {
                return Format.JEPSEN_LOG;
            }
            long number = lines.peekedNumber();
            StringBuilder text = new StringBuilder();
            String line;
            while (text.length() < FIRST_LOOK / 2 && (line = lines.next()) != null) {
                if (lines.number() >= number) {
                    Format f = settled(text.append(line).append('\n'));
                    if (f != null) {
                        return f;
                    }
                }
            }
        } catch (Lines.BadLineException e) {
            // the whole MiB's detection reports it, as before
        }
        return null;
    }

    /**
     * What {@link #classify} says of every text that starts with {@code text} (the first significant line, not a
     * Jepsen log line, and those after it), when the characters of {@code text} decide it: the same tests, and
     * {@code null} whenever they would look past its end or at the fields of a JSON object.
     */
    static Format settled(CharSequence text) {
        int from = 0;
        while (from < text.length() && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        if (from == text.length()) {
            return null;
        }
        char c = text.charAt(from);
        if (c == '(') {
            return Format.EDN;
        }
        if (c == '[') {
            int i = skipBlank(text, from + 1);
            if (i >= text.length()) {
                return null;
            }
            if (text.charAt(i) != '{') {
                return Format.EDN;
            }
            int j = skipBlank(text, i + 1);
            return j >= text.length() || text.charAt(j) == '"' ? null : Format.EDN;
        }
        if (c == '{') {
            int i = skipBlank(text, from + 1);
            if (i >= text.length()) {
                return null;
            }
            char d = text.charAt(i);
            return d == '}' ? Format.JSON : d == ':' ? Format.EDN : null;
        }
        return null;
    }

    /**
     * The format of a text input read as a stream, from its first significant line alone (a lone {@code [} or
     * {@code (} with the next line that says more), so that a stream whose writer has written only a line can
     * already be read; {@code null} when the input ends without significant content. Nothing is consumed. A
     * MessagePack stream is not text: its caller recognises it from the first byte.
     */
    static Format detect(Lines lines) throws IOException, InvalidInputException {
        int index = 0;
        String first;
        while ((first = lines.peek(index)) != null && !Lines.isSignificant(first)) {
            index++;
        }
        if (first == null) {
            return null;
        }
        StringBuilder text = new StringBuilder(first).append('\n');
        String more;
        for (int next = index + 1; text.toString().strip().length() == 1
                && (more = lines.peek(next)) != null; next++) {
            text.append(more).append('\n');
        }
        if (classify(first, text.toString()) == null && preambleOfLog(lines, index + 1)) {
            return Format.JEPSEN_LOG;
        }
        return classifyOrFail(first, text.toString(), lines.source(), lines.number() + index + 1);
    }

    /**
     * Whether the first significant line from line {@code from} on (ahead of what was read) is a log line, of
     * {@code jepsen.util} or of another logger: so a stream whose first line is a preamble in a shape of its own
     * ({@code lein test jepsen.etcd-test}, then the test's log) is recognised as a Jepsen log, as the batch detection
     * recognises the same file. This waits for that one line to be written, and looks no further.
     */
    private static boolean preambleOfLog(Lines lines, int from) throws IOException {
        String line;
        for (int i = from; (line = lines.peek(i)) != null; i++) {
            if (Lines.isSignificant(line)) {
                return JepsenLogReader.message(line) != null || JepsenLogReader.isLogRecord(line);
            }
        }
        return false;
    }

    private static Format classifyOrFail(String first, String text, String source, long number)
            throws InvalidInputException {
        Format f = classify(first, text);
        if (f == null) {
            throw new InvalidInputException(source, number, "cannot recognise the format: expected a Jepsen log "
                    + "(\"INFO ... jepsen.util - ...\"), JSON ({\"... or [{\"...), EDN ({:..., [ or () or MessagePack,"
                    + " got " + Text.quote(first.strip()) + "; use --format to name it");
        }
        return f;
    }

    /** The length of {@code head} without a UTF-8 sequence cut short at its end. */
    private static int completeUtf8(byte[] head) {
        int n = head.length;
        for (int back = 1; back <= 3 && n - back >= 0; back++) {
            int b = head[n - back] & 0xff;
            if (b < 0x80) {
                return n;
            }
            if (b >= 0xc0) {
                int need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
                return back < need ? n - back : n;
            }
        }
        return n;
    }

    /**
     * The format a significant line belongs to, or {@code null}; {@code text} is that line and the ones after it
     * (as far as detection looked), which JSON and bracketed EDN need.
     */
    static Format classify(String line, String text) {
        if (JepsenLogReader.message(line) != null || JepsenLogReader.isLogRecord(line)) {
            return Format.JEPSEN_LOG; // an operation, or a log record of a preamble before the first operation
        }
        String t = text.stripLeading();
        if (t.isEmpty()) {
            return null;
        }
        char c = t.charAt(0);
        if (c == '(') {
            return Format.EDN;
        }
        if (c == '#') {
            return TaggedMap.PATTERN.matcher(t).matches() ? Format.EDN : null;
        }
        if (c == '[') {
            int i = skipBlank(t, 1);
            if (i < t.length() && t.charAt(i) == '{' && startsJsonObject(t, i)) {
                return jsonFamily(t, true);
            }
            return Format.EDN;
        }
        if (c == '{') {
            int i = skipBlank(t, 1);
            if (i < t.length() && t.charAt(i) == '}') {
                return Format.JSON;
            }
            if (startsJsonObject(t, 0)) {
                return jsonFamily(t, false);
            }
            if (i < t.length() && t.charAt(i) == ':') {
                return Format.EDN;
            }
            return null;
        }
        // a preamble in a shape of its own (a banner, a command line): a Jepsen log if an operation line follows
        for (String later : t.split("\n")) {
            if (JepsenLogReader.message(later) != null) {
                return Format.JEPSEN_LOG;
            }
        }
        return null;
    }

    private static int skipBlank(CharSequence t, int from) {
        int i = from;
        while (i < t.length() && (Character.isWhitespace(t.charAt(i)) || t.charAt(i) == ',')) {
            i++;
        }
        return i;
    }

    /** Whether the { at {@code open} is followed by a string: the first field name of a JSON object. */
    private static boolean startsJsonObject(String t, int open) {
        int i = skipBlank(t, open + 1);
        return i < t.length() && t.charAt(i) == '"';
    }

    /**
     * Which JSON format the first object's field names point to: OmniLink's records, Jepsen's operations (which
     * have a {@code process}) or Ariadne's native lines.
     */
    private static Format jsonFamily(String text, boolean array) {
        Set<String> fields = firstObjectFields(text);
        if (fields.contains("operation_name") || fields.contains("operation") || fields.contains("op_start")) {
            return Format.OMNILINK;
        }
        if (fields.contains("process") || array) {
            return Format.JEPSEN_JSON;
        }
        return Format.JSON;
    }

    /** The field names of the first JSON object in {@code text}, as far as it parses. */
    private static Set<String> firstObjectFields(String text) {
        Set<String> fields = new HashSet<>();
        try (JsonParser p = JsonValues.FACTORY.createParser(text)) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_ARRAY) {
                t = p.nextToken();
            }
            if (t != JsonToken.START_OBJECT) {
                return fields;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                fields.add(p.currentName());
                p.nextToken();
                p.skipChildren();
            }
        } catch (IOException | RuntimeException e) {
            // a truncated or malformed object: the fields seen so far decide; the reader reports the error
        }
        return fields;
    }
}
