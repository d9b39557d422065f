package dev.ariadne.io;

import static dev.ariadne.io.EdnFastMap.F;
import static dev.ariadne.io.EdnFastMap.INDEX;
import static dev.ariadne.io.EdnFastMap.KEY;
import static dev.ariadne.io.EdnFastMap.PROCESS;
import static dev.ariadne.io.EdnFastMap.TIME;
import static dev.ariadne.io.EdnFastMap.TYPE;
import static dev.ariadne.io.EdnFastMap.VALUE;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Jepsen's common line, read from the input's bytes straight into an event's fields: one map of a client's event
 * such as {@code {:process 0, :type :invoke, :f :write, :value 3, :time 1000}} on a line of its own, with no key but
 * {@code :process} (an integer), {@code :type} (one of Jepsen's four), {@code :f} (a keyword), {@code :key},
 * {@code :value} ({@code nil}, a boolean, an integer of at most 18 digits, a plain keyword, a string without
 * escapes, or a flat vector of those), {@code :time} and {@code :index} (non-negative integers), each at most once.
 * Anything else (another key, a named process, a negative number, a comment after the map, a line cut by the
 * buffer's end) makes {@link #parse} return false with nothing consumed: the caller then reads the line with
 * {@link EdnFastMap}, and failing that with edn-java, so that every value and error message stays the library's.
 *
 * <p>Why a second tokenizer: the launcher runs only the quick compiler C1, which inlines little, so the line is read
 * by one method with its position in a local and the keys matched by their bytes, not by a call per token; a
 * 500,000-operation history has a million such lines.
 */
final class EdnJepsenLine {
    /** The event's fields; {@link #time} and {@link #index} are -1 when absent. */
    int process;
    JepsenOps.Type type;
    String f;
    Object key;
    Object value;
    long time;
    long index;
    /** The index just after the line's newline. */
    int next;

    /** Keyword names seen so far ({@code read}, {@code write}, ...), one string each. */
    private final FastTokens.Names names = new FastTokens.Names();
    /** A value's end, set by {@link #value} (one field rather than an object per value). */
    private int at;

    /**
     * Reads the line starting at {@code from} in {@code b}, whose bytes go on to {@code end} (the line's newline
     * must lie before it); false when the line is not of the shape this class takes.
     */
    boolean parse(byte[] b, int from, int end) {
        int i = from;
        byte c;
        while (i < end && ((c = b[i]) == ' ' || c == ',' || c == '\t')) {
            i++;
        }
        if (i >= end || b[i] != '{') {
            return false;
        }
        i++;
        int seen = 0;
        key = null;
        value = null;
        time = -1;
        index = -1;
        while (true) {
            if (i >= end) {
                return false;
            }
            if ((c = b[i]) != ':') { // a key at once (Jepsen's ", " was skipped below); else blanks, or the end
                while (i < end && ((c = b[i]) == ' ' || c == ',' || c == '\t')) {
                    i++;
                }
                if (i >= end) {
                    return false;
                }
                if (c == '}') {
                    break;
                }
                if (c != ':') {
                    return false;
                }
            }
            // every byte looked at below lies before the end (the line's newline is after them)
            if (i + 2 >= end) {
                return false;
            }
            int which;
            int k = i + 1;
            switch (b[k]) {
                case 'p' -> {
                    if (k + 7 >= end || b[k + 1] != 'r' || b[k + 2] != 'o' || b[k + 3] != 'c' || b[k + 4] != 'e'
                            || b[k + 5] != 's' || b[k + 6] != 's') {
                        return false;
                    }
                    which = PROCESS;
                    i = k + 7;
                }
                case 't' -> {
                    if (k + 4 >= end) {
                        return false;
                    }
                    if (b[k + 1] == 'y' && b[k + 2] == 'p' && b[k + 3] == 'e') {
                        which = TYPE;
                    } else if (b[k + 1] == 'i' && b[k + 2] == 'm' && b[k + 3] == 'e') {
                        which = TIME;
                    } else {
                        return false;
                    }
                    i = k + 4;
                }
                case 'f' -> {
                    which = F;
                    i = k + 1;
                }
                case 'v' -> {
                    if (k + 5 >= end || b[k + 1] != 'a' || b[k + 2] != 'l' || b[k + 3] != 'u' || b[k + 4] != 'e') {
                        return false;
                    }
                    which = VALUE;
                    i = k + 5;
                }
                case 'k' -> {
                    if (k + 3 >= end || b[k + 1] != 'e' || b[k + 2] != 'y') {
                        return false;
                    }
                    which = KEY;
                    i = k + 3;
                }
                case 'i' -> {
                    if (k + 5 >= end || b[k + 1] != 'n' || b[k + 2] != 'd' || b[k + 3] != 'e' || b[k + 4] != 'x') {
                        return false;
                    }
                    which = INDEX;
                    i = k + 5;
                }
                default -> {
                    return false;
                }
            }
            // the name must end here (":processes" is another key), and a key seen twice is edn-java's to report
            c = b[i];
            if ((c != ' ' && c != ',' && c != '\t') || (seen & which) != 0) {
                return false;
            }
            seen |= which;
            do {
                i++;
            } while (i < end && ((c = b[i]) == ' ' || c == ',' || c == '\t'));
            if (i >= end) {
                return false;
            }
            if (which == PROCESS || which == TIME || which == INDEX) {
                // a non-negative integer: digits without a leading zero (or 0 itself), at most 18 (9 for a process)
                int first = i;
                long v = 0;
                int d;
                while (i < end && (d = b[i] - '0') >= 0 && d <= 9) {
                    v = v * 10 + d;
                    i++;
                }
                int digits = i - first;
                if (digits == 0 || digits > (which == PROCESS ? 9 : 18) || (b[first] == '0' && digits > 1)) {
                    return false;
                }
                if (which == PROCESS) {
                    process = (int) v;
                } else if (which == TIME) {
                    time = v;
                } else {
                    index = v;
                }
            } else if (which == TYPE) {
                if (b[i] != ':' || i + 3 >= end) {
                    return false;
                }
                k = i + 1;
                if (b[k] == 'i' && k + 6 < end && b[k + 1] == 'n' && b[k + 2] == 'v' && b[k + 3] == 'o'
                        && b[k + 4] == 'k' && b[k + 5] == 'e') {
                    type = JepsenOps.Type.INVOKE;
                    i = k + 6;
                } else if (b[k] == 'o' && b[k + 1] == 'k') {
                    type = JepsenOps.Type.OK;
                    i = k + 2;
                } else if (b[k] == 'f' && k + 4 < end && b[k + 1] == 'a' && b[k + 2] == 'i' && b[k + 3] == 'l') {
                    type = JepsenOps.Type.FAIL;
                    i = k + 4;
                } else if (b[k] == 'i' && k + 4 < end && b[k + 1] == 'n' && b[k + 2] == 'f' && b[k + 3] == 'o') {
                    type = JepsenOps.Type.INFO;
                    i = k + 4;
                } else {
                    return false;
                }
            } else if (which == F) {
                if (b[i] != ':') {
                    return false; // a string or a symbol: EdnFastMap's and edn-java's
                }
                String name = keyword(b, i + 1, end);
                if (name == null) {
                    return false;
                }
                f = name;
                i = at;
            } else {
                Object v;
                if (b[i] == '[') {
                    List<Object> out = new ArrayList<>(4);
                    i++;
                    while (true) {
                        while (i < end && ((c = b[i]) == ' ' || c == ',' || c == '\t')) {
                            i++;
                        }
                        if (i >= end) {
                            return false;
                        }
                        if (b[i] == ']') {
                            i++;
                            break;
                        }
                        Object e = value(b, i, end);
                        if (e == NOT_SIMPLE) {
                            return false;
                        }
                        out.add(e);
                        i = at;
                        if (i >= end || ((c = b[i]) != ' ' && c != ',' && c != '\t' && c != ']')) {
                            return false;
                        }
                    }
                    v = Collections.unmodifiableList(out);
                } else {
                    v = value(b, i, end);
                    if (v == NOT_SIMPLE) {
                        return false;
                    }
                    i = at;
                }
                if (which == VALUE) {
                    value = v;
                } else {
                    key = v;
                }
            }
            // a value ends at a blank or the map's end (not "1N", "1.5", ":a/b", "nilly")
            if (i >= end || ((c = b[i]) != ' ' && c != ',' && c != '\t' && c != '}')) {
                return false;
            }
            if (c == ',' && i + 2 < end && b[i + 1] == ' ' && b[i + 2] == ':') {
                i += 2; // Jepsen's separator before the next key, skipped at once
            }
        }
        if ((seen & (PROCESS | TYPE | F)) != (PROCESS | TYPE | F)) {
            return false;
        }
        // only blanks after the map, then the newline (a comment or a second map: the line is read as any other)
        i++;
        while (i < end && ((c = b[i]) == ' ' || c == ',' || c == '\t')) {
            i++;
        }
        if (i < end && b[i] == '\n') {
            next = i + 1;
            return true;
        }
        if (i + 1 < end && b[i] == '\r' && b[i + 1] == '\n') {
            next = i + 2;
            return true;
        }
        return false;
    }

    /** What {@link #value} gives for a value this class does not take. */
    private static final Object NOT_SIMPLE = new Object();

    /**
     * The simple value at {@code i}: {@code nil}, a boolean, an integer of at most 18 digits, a plain keyword's name
     * or a string without escapes, as {@link EdnValues#convert} gives it, with its end in {@link #at}; else
     * {@link #NOT_SIMPLE}. The caller checks what follows it.
     */
    private Object value(byte[] b, int i, int end) {
        byte c = b[i];
        if (c == ':') {
            String name = keyword(b, i + 1, end);
            return name == null ? NOT_SIMPLE : name;
        }
        if ((c >= '0' && c <= '9') || c == '-') {
            int k = c == '-' ? i + 1 : i;
            int first = k;
            long v = 0;
            int d;
            while (k < end && (d = b[k] - '0') >= 0 && d <= 9) {
                v = v * 10 + d;
                k++;
            }
            int digits = k - first;
            if (digits == 0 || digits > 18 || (b[first] == '0' && (digits > 1 || c == '-'))) {
                return NOT_SIMPLE;
            }
            at = k;
            return c == '-' ? -v : v;
        }
        if (c == '"') {
            int k = i + 1;
            byte d;
            while (k < end && (d = b[k]) != '"') {
                if (d == '\\' || d == '\n' || d < 0) {
                    return NOT_SIMPLE; // an escape, the line's end, or a byte that is not ASCII
                }
                k++;
            }
            if (k >= end) {
                return NOT_SIMPLE;
            }
            at = k + 1;
            return new String(b, i + 1, k - i - 1, StandardCharsets.ISO_8859_1);
        }
        if (c == 'n' && i + 3 < end && b[i + 1] == 'i' && b[i + 2] == 'l') {
            at = i + 3;
            return null;
        }
        if (c == 't' && i + 4 < end && b[i + 1] == 'r' && b[i + 2] == 'u' && b[i + 3] == 'e') {
            at = i + 4;
            return Boolean.TRUE;
        }
        if (c == 'f' && i + 5 < end && b[i + 1] == 'a' && b[i + 2] == 'l' && b[i + 3] == 's' && b[i + 4] == 'e') {
            at = i + 5;
            return Boolean.FALSE;
        }
        return NOT_SIMPLE;
    }

    /**
     * The name of the plain keyword whose name starts at {@code from} (a letter, then letters, digits and
     * {@code -_?!*.}), one string per name, with its end in {@link #at}; {@code null} when there is none. The
     * caller checks that a delimiter follows (":a/b" and ":a:b" are not plain).
     */
    private String keyword(byte[] b, int from, int end) {
        if (from >= end) {
            return null;
        }
        byte c = b[from];
        if (c < 0) {
            return null;
        }
        // the name last seen with this first letter, compared here: a history repeats a few ("read", "write")
        byte[] last = lastBytes[c];
        if (last != null) {
            int len = last.length;
            int e = from + len;
            if (e < end) {
                int j = 1;
                while (j < len && b[from + j] == last[j]) {
                    j++;
                }
                byte d;
                if (j == len && ((d = b[e]) < 0 || !EdnFastMap.NAME[d])) {
                    at = e;
                    return lastNames[c];
                }
            }
        }
        String seen = names.at(b, from, end, EdnFastMap.NAME);
        if (seen == null) {
            if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                return null;
            }
            int k = from + 1;
            byte d;
            while (k < end && (d = b[k]) >= 0 && EdnFastMap.NAME[d]) {
                k++;
            }
            seen = names.of(b, from, k);
        }
        at = from + seen.length();
        lastNames[c] = seen;
        lastBytes[c] = seen.getBytes(StandardCharsets.ISO_8859_1);
        return seen;
    }

    /** By first letter, the keyword name seen last and its bytes (see {@link #keyword}). */
    private final String[] lastNames = new String[128];
    private final byte[][] lastBytes = new byte[128][];
}
