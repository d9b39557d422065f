package dev.ariadne.io;

import dev.ariadne.io.FastTokens.NotSimple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A tokenizer for the common shape of a Jepsen operation map written on one line of ASCII, such as
 * {@code {:process 0, :type :invoke, :f :write, :value 3, :time 1000}}, which reads it without edn-java at several
 * times its speed, from the line's bytes. It takes only what it reads exactly as edn-java with {@link EdnValues} would: keyword keys
 * (each at most once), and values that are {@code nil}, booleans, integers of at most 18 digits, keywords, strings
 * without escapes and vectors of those; anything else (a tag, a set, a nested map, a symbol, a float, an escape,
 * a comment, a map that goes on past its line) makes {@link #parse} return false, and the caller reads the map
 * with edn-java instead, so that the result, and every error message, is the library's.
 */
final class EdnFastMap {
    /** Deepest vector nesting taken; deeper values go to edn-java. */
    private static final int MAX_DEPTH = 8;

    private static final byte[] W_KEY = ascii("key");
    private static final byte[] W_TYPE = ascii("type");
    private static final byte[] W_TIME = ascii("time");
    private static final byte[] W_VALUE = ascii("value");
    private static final byte[] W_INDEX = ascii("index");
    private static final byte[] W_PROCESS = ascii("process");
    private static final byte[] W_NIL = ascii("nil");
    private static final byte[] W_TRUE = ascii("true");
    private static final byte[] W_FALSE = ascii("false");

    private static byte[] ascii(String word) {
        return word.getBytes(StandardCharsets.US_ASCII);
    }

    /** The known keys, as bits of {@link #seen} (and of {@link EdnJepsenLine}'s). */
    static final int PROCESS = 1;
    static final int TYPE = 2;
    static final int F = 4;
    static final int KEY = 8;
    static final int VALUE = 16;
    static final int INDEX = 32;
    static final int TIME = 64;

    /** Which of the known keys the map has. */
    int seen;
    /** The values of the known keys, as {@link EdnValues#convert} gives them; keywords as their names. */
    Object process;
    Object key;
    Object value;
    Object index;
    Object time;
    /** The names of the keyword values of {@code :type} and {@code :f}, or {@code null} when not keywords. */
    String type;
    String f;
    /**
     * {@code :time} when it is an integer, unboxed (it differs on every line): then {@link #timeIsInteger} is set
     * and {@link #time} is {@code null}.
     */
    long timeNs;
    boolean timeIsInteger;
    /** Whether {@code :process} is a keyword (a named process such as {@code :nemesis}). */
    boolean namedProcess;
    /** The index just after the map's closing brace. */
    int end;

    private byte[] s;
    /** The end of the line in {@link #s}. */
    private int n;
    /** Where the line starts in {@link #s}: indexes given out ({@link #end}) are relative to it. */
    private int base;
    private int i;
    /** Whether the end of the text ends a token (a whole value), or not (a map that goes on over lines). */
    private boolean endIsDelimiter;
    /** Whether the value parsed last was a keyword (its name is then the value). */
    private boolean keyword;
    /** The other keys seen, as start and end indexes in {@link #s}, to find one given twice. */
    private int[] others = new int[16];
    private int otherCount;
    /** Keyword names seen so far. */
    private final FastTokens.Names names = new FastTokens.Names();

    boolean has(int key) {
        return (seen & key) != 0;
    }

    boolean hasProcess() {
        return has(PROCESS);
    }

    boolean hasType() {
        return has(TYPE);
    }

    boolean hasF() {
        return has(F);
    }

    /**
     * Reads the map that starts with the {@code {} at {@code start} of a line of ASCII whose bytes are
     * {@code bytes[from, from + length)}; false when the map is not in the shape this class takes (nothing is then
     * to be trusted but the return value). {@link #end} is relative to the line's start. The bytes may also go on
     * past the line's end: a map taken never holds a newline or a byte that is not ASCII, so the caller need only
     * find the newline after {@link #end}.
     */
    boolean parse(byte[] bytes, int from, int length, int start) {
        endIsDelimiter = false;
        s = bytes;
        base = from;
        n = from + length;
        i = from + start + 1;
        seen = 0;
        otherCount = 0;
        process = key = value = index = time = null;
        type = f = null;
        namedProcess = false;
        timeIsInteger = false;
        while (true) {
            int c = skip();
            if (c == '}') {
                end = i + 1 - base;
                s = null;
                return true;
            }
            if (c != ':') {
                return false;
            }
            int nameStart = i + 1;
            int which = knownAt(nameStart);
            int nameEnd = which != 0 ? nameStart + KEY_LENGTH[Integer.numberOfTrailingZeros(which)]
                    : keywordEnd(nameStart);
            if (nameEnd < 0) {
                return false;
            }
            if (which != 0) {
                if ((seen & which) != 0) {
                    return false;
                }
                seen |= which;
            } else if (!other(nameStart, nameEnd)) {
                return false;
            }
            i = nameEnd;
            if (!delimiter(i) || s[i] == '}') {
                return false; // a key needs a value
            }
            skip();
            if (which == TIME && i < n && (s[i] == '-' || (s[i] >= '0' && s[i] <= '9'))) {
                try {
                    timeNs = integerAt();
                } catch (NotSimple e) {
                    return false;
                }
                timeIsInteger = true;
                if (!delimiter(i)) {
                    return false;
                }
                continue;
            }
            Object v;
            try {
                v = value(0);
            } catch (NotSimple e) {
                return false;
            }
            switch (which) {
                case PROCESS -> {
                    process = v;
                    namedProcess = keyword;
                }
                case TYPE -> type = keyword ? (String) v : null;
                case F -> f = keyword ? (String) v : null;
                case KEY -> key = v;
                case VALUE -> value = v;
                case INDEX -> index = v;
                case TIME -> time = v;
                default -> {
                }
            }
            if (!delimiter(i)) {
                return false;
            }
        }
    }

    /** What {@link #wholeValue} gives for a text that is not one value of the shapes this class takes. */
    static final Object NOT_SIMPLE = new Object();

    /**
     * The value that is the whole of {@code text} (a Jepsen log's value field), as {@link EdnValues#convert} gives
     * it, when it is ASCII and of the shapes this class takes; else {@link #NOT_SIMPLE}.
     */
    Object wholeValue(String text) {
        int len = text.length();
        if (len == 0 || len > 4096) {
            return NOT_SIMPLE;
        }
        for (int k = 0; k < len; k++) {
            char c = text.charAt(k);
            if (c >= 0x80 || c == '\t') {
                return NOT_SIMPLE; // a tab starts the log's error text: the log reader splits there
            }
        }
        s = text.getBytes(StandardCharsets.ISO_8859_1);
        base = 0;
        n = len;
        i = 0;
        endIsDelimiter = true;
        try {
            Object v = value(0);
            return i == n ? v : NOT_SIMPLE;
        } catch (NotSimple e) {
            return NOT_SIMPLE;
        } finally {
            s = null;
        }
    }

    /** Whether another key, {@code s[from, to)}, was not seen before; records it. */
    private boolean other(int from, int to) {
        for (int k = 0; k < otherCount; k += 2) {
            int a = others[k];
            int len = others[k + 1] - a;
            if (len == to - from && java.util.Arrays.equals(s, a, a + len, s, from, to)) {
                return false;
            }
        }
        if (otherCount == others.length) {
            others = java.util.Arrays.copyOf(others, others.length * 2);
        }
        others[otherCount++] = from;
        others[otherCount++] = to;
        return true;
    }

    /** The lengths of the known keys' names, by the number of trailing zeros of their bit. */
    private static final int[] KEY_LENGTH = {7, 4, 1, 3, 5, 5, 4};

    /**
     * The known key whose whole name starts at {@code from}, or 0 when the name there is another (or none): found
     * from the name's first letter without measuring it first, as {@link #keywordEnd} would have ended it.
     */
    private int knownAt(int from) {
        if (from >= n) {
            return 0;
        }
        return switch (s[from]) {
            case 'f' -> !nameChar(from + 1) ? F : 0;
            case 'k' -> at(from, W_KEY) && !nameChar(from + 3) ? KEY : 0;
            case 't' -> !at(from, W_TYPE) && !at(from, W_TIME) || nameChar(from + 4) ? 0
                    : s[from + 1] == 'y' ? TYPE : TIME;
            case 'v' -> at(from, W_VALUE) && !nameChar(from + 5) ? VALUE : 0;
            case 'i' -> at(from, W_INDEX) && !nameChar(from + 5) ? INDEX : 0;
            case 'p' -> at(from, W_PROCESS) && !nameChar(from + 7) ? PROCESS : 0;
            default -> 0;
        };
    }

    /** Whether the line goes on at {@code at} with a character a keyword's name may go on with. */
    private boolean nameChar(int at) {
        return at < n && s[at] >= 0 && NAME[s[at]];
    }

    /** Whether the line holds {@code word} (ASCII) at {@code from}. */
    private boolean at(int from, byte[] word) {
        if (from + word.length > n) {
            return false;
        }
        for (int k = 0; k < word.length; k++) {
            if (s[from + k] != word[k]) {
                return false;
            }
        }
        return true;
    }

    /** Skips spaces, tabs and commas; the character then at {@link #i}, or -1 at the end of the line. */
    private int skip() {
        while (i < n) {
            byte c = s[i];
            if (c != ' ' && c != ',' && c != '\t') {
                return c;
            }
            i++;
        }
        return -1;
    }

    /** Whether the character at {@code at} ends a token here (the end of the line does not: the map goes on). */
    private boolean delimiter(int at) {
        if (at >= n) {
            return endIsDelimiter;
        }
        byte c = s[at];
        return c == ' ' || c == ',' || c == '\t' || c == '}' || c == ']';
    }

    /** The end of a plain keyword's name starting at {@code from}, or -1 when it is not one. */
    private int keywordEnd(int from) {
        int k = from;
        if (k >= n || !isLetter(s[k])) {
            return -1;
        }
        k++;
        while (k < n && s[k] >= 0 && NAME[s[k]]) {
            k++;
        }
        return k;
    }

    /** The ASCII characters a plain keyword's name goes on with: letters, digits and {@code -_?!*.}. */
    static final boolean[] NAME = new boolean[128];

    static {
        for (int c = 0; c < 128; c++) {
            NAME[c] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
                    || c == '_' || c == '?' || c == '!' || c == '*' || c == '.';
        }
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** A value at {@link #i}, leaving {@link #i} after it; sets {@link #keyword}. */
    private Object value(int depth) throws NotSimple {
        keyword = false;
        if (i >= n) {
            throw NotSimple.INSTANCE;
        }
        byte c = s[i];
        Object v;
        if (c == ':') {
            // a name seen before, found without measuring it first; else measured and remembered
            String seen = names.at(s, i + 1, n, NAME);
            if (seen != null) {
                i += 1 + seen.length();
            } else {
                int to = keywordEnd(i + 1);
                if (to < 0) {
                    throw NotSimple.INSTANCE;
                }
                seen = name(i + 1, to);
                i = to;
            }
            v = seen;
            keyword = true;
        } else if (c == '"') {
            int k = i + 1;
            while (true) {
                if (k >= n) {
                    throw NotSimple.INSTANCE;
                }
                byte d = s[k];
                if (d == '"') {
                    break;
                }
                if (d == '\\' || d == '\n' || d < 0) {
                    // an escape; or, read from a buffer's bytes, the end of the line or a byte that is not ASCII
                    throw NotSimple.INSTANCE;
                }
                k++;
            }
            v = new String(s, i + 1, k - i - 1, StandardCharsets.ISO_8859_1);
            i = k + 1;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            v = integer();
        } else if (c == '[') {
            if (depth >= MAX_DEPTH) {
                throw NotSimple.INSTANCE;
            }
            i++;
            List<Object> out = new ArrayList<>();
            while (true) {
                int d = skip();
                if (d == ']') {
                    i++;
                    break;
                }
                if (d < 0) {
                    throw NotSimple.INSTANCE;
                }
                out.add(value(depth + 1));
                if (!delimiter(i)) {
                    throw NotSimple.INSTANCE;
                }
            }
            v = Collections.unmodifiableList(out);
            keyword = false;
        } else if (at(i, W_NIL)) {
            i += 3;
            v = null;
        } else if (at(i, W_TRUE)) {
            i += 4;
            v = Boolean.TRUE;
        } else if (at(i, W_FALSE)) {
            i += 5;
            v = Boolean.FALSE;
        } else {
            throw NotSimple.INSTANCE;
        }
        if (!delimiter(i)) {
            throw NotSimple.INSTANCE;
        }
        return v;
    }

    /**
     * The keyword name {@code s[from, to)}: one string per name, as the same few ({@code read}, {@code write},
     * {@code invoke}) come back on every line and each operation keeps its function's.
     */
    private String name(int from, int to) {
        return names.of(s, from, to);
    }

    /** An integer of at most 18 digits without a leading zero (or 0 itself), as a {@link Long}. */
    private Long integer() throws NotSimple {
        return integerAt();
    }

    /**
     * The integer at {@link #i}, leaving {@link #i} after it: what {@link FastTokens#integerEnd} takes, valued as
     * {@link FastTokens#integerValue} values it, in one pass over its digits.
     */
    private long integerAt() throws NotSimple {
        int k = i;
        boolean negative = s[k] == '-';
        if (negative) {
            k++;
        }
        int first = k;
        long v = 0;
        while (k < n) {
            int d = s[k] - '0';
            if (d < 0 || d > 9) {
                break;
            }
            v = v * 10 + d; // 18 digits at most are taken, and they fit: a longer number is thrown out below
            k++;
        }
        int digits = k - first;
        if (digits == 0 || digits > 18 || (s[first] == '0' && (digits > 1 || negative))) {
            throw NotSimple.INSTANCE;
        }
        i = k;
        return negative ? -v : v;
    }
}
