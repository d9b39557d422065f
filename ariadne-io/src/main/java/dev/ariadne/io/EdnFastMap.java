package dev.ariadne.io;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A tokenizer for the common shape of a Jepsen operation map written on one line, such as
 * {@code {:process 0, :type :invoke, :f :write, :value 3, :time 1000}}, which reads it without edn-java at several
 * times its speed. It takes only what it reads exactly as edn-java with {@link EdnValues} would: keyword keys
 * (each at most once), and values that are {@code nil}, booleans, integers of at most 18 digits, keywords, strings
 * without escapes and vectors of those; anything else (a tag, a set, a nested map, a symbol, a float, an escape,
 * a comment, a map that goes on past its line) makes {@link #parse} return false, and the caller reads the map
 * with edn-java instead, so that the result, and every error message, is the library's.
 */
final class EdnFastMap {
    /** Deepest vector nesting taken; deeper values go to edn-java. */
    private static final int MAX_DEPTH = 8;

    private static final int PROCESS = 1;
    private static final int TYPE = 2;
    private static final int F = 4;
    private static final int KEY = 8;
    private static final int VALUE = 16;
    private static final int INDEX = 32;
    private static final int TIME = 64;

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
    /** Whether {@code :process} is a keyword (a named process such as {@code :nemesis}). */
    boolean namedProcess;
    /** The index just after the map's closing brace. */
    int end;

    private String s;
    private int i;
    /** Whether the value parsed last was a keyword (its name is then the value). */
    private boolean keyword;
    /** The other keys seen, as start and end indexes in {@link #s}, to find one given twice. */
    private int[] others = new int[16];
    private int otherCount;
    /** Keyword names seen so far, the first {@link #nameCount} of them. */
    private final String[] names = new String[32];
    private int nameCount;

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
     * Reads the map that starts with the {@code {} at {@code start} of {@code line}; false when the map is not in
     * the shape this class takes (nothing is then to be trusted but the return value).
     */
    boolean parse(String line, int start) {
        s = line;
        i = start + 1;
        seen = 0;
        otherCount = 0;
        process = key = value = index = time = null;
        type = f = null;
        namedProcess = false;
        while (true) {
            int c = skip();
            if (c == '}') {
                end = i + 1;
                s = null;
                return true;
            }
            if (c != ':') {
                return false;
            }
            int nameStart = i + 1;
            int nameEnd = keywordEnd(nameStart);
            if (nameEnd < 0) {
                return false;
            }
            int which = known(nameStart, nameEnd);
            if (which != 0) {
                if ((seen & which) != 0) {
                    return false;
                }
                seen |= which;
            } else if (!other(nameStart, nameEnd)) {
                return false;
            }
            i = nameEnd;
            if (!delimiter(i) || s.charAt(i) == '}') {
                return false; // a key needs a value
            }
            skip();
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
            if (i >= s.length() || !delimiter(i)) {
                return false;
            }
        }
    }

    /** Whether another key, {@code s[from, to)}, was not seen before; records it. */
    private boolean other(int from, int to) {
        for (int k = 0; k < otherCount; k += 2) {
            int a = others[k];
            int len = others[k + 1] - a;
            if (len == to - from && s.regionMatches(a, s, from, len)) {
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

    private int known(int from, int to) {
        return switch (to - from) {
            case 1 -> s.charAt(from) == 'f' ? F : 0;
            case 3 -> s.startsWith("key", from) ? KEY : 0;
            case 4 -> s.startsWith("type", from) ? TYPE : s.startsWith("time", from) ? TIME : 0;
            case 5 -> s.startsWith("value", from) ? VALUE : s.startsWith("index", from) ? INDEX : 0;
            case 7 -> s.startsWith("process", from) ? PROCESS : 0;
            default -> 0;
        };
    }

    /** Skips spaces, tabs and commas; the character then at {@link #i}, or -1 at the end of the line. */
    private int skip() {
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c != ' ' && c != ',' && c != '\t') {
                return c;
            }
            i++;
        }
        return -1;
    }

    /** Whether the character at {@code at} ends a token here (the end of the line does not: the map goes on). */
    private boolean delimiter(int at) {
        if (at >= s.length()) {
            return false;
        }
        char c = s.charAt(at);
        return c == ' ' || c == ',' || c == '\t' || c == '}' || c == ']';
    }

    /** The end of a plain keyword's name starting at {@code from}, or -1 when it is not one. */
    private int keywordEnd(int from) {
        int k = from;
        if (k >= s.length() || !isLetter(s.charAt(k))) {
            return -1;
        }
        k++;
        while (k < s.length()) {
            char c = s.charAt(k);
            if (isLetter(c) || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '?' || c == '!' || c == '*'
                    || c == '.') {
                k++;
            } else {
                break;
            }
        }
        return k;
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** A value at {@link #i}, leaving {@link #i} after it; sets {@link #keyword}. */
    private Object value(int depth) throws NotSimple {
        keyword = false;
        if (i >= s.length()) {
            throw NotSimple.INSTANCE;
        }
        char c = s.charAt(i);
        Object v;
        if (c == ':') {
            int to = keywordEnd(i + 1);
            if (to < 0) {
                throw NotSimple.INSTANCE;
            }
            v = name(i + 1, to);
            i = to;
            keyword = true;
        } else if (c == '"') {
            int k = i + 1;
            while (true) {
                if (k >= s.length()) {
                    throw NotSimple.INSTANCE;
                }
                char d = s.charAt(k);
                if (d == '"') {
                    break;
                }
                if (d == '\\') {
                    throw NotSimple.INSTANCE;
                }
                k++;
            }
            v = s.substring(i + 1, k);
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
        } else if (s.startsWith("nil", i)) {
            i += 3;
            v = null;
        } else if (s.startsWith("true", i)) {
            i += 4;
            v = Boolean.TRUE;
        } else if (s.startsWith("false", i)) {
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
        int len = to - from;
        for (int k = 0; k < nameCount; k++) {
            String n = names[k];
            if (n.length() == len && s.regionMatches(from, n, 0, len)) {
                return n;
            }
        }
        String n = s.substring(from, to);
        if (nameCount < names.length) {
            names[nameCount++] = n;
        }
        return n;
    }

    /** An integer of at most 18 digits without a leading zero (or 0 itself), as a {@link Long}. */
    private Long integer() throws NotSimple {
        int k = i;
        boolean negative = s.charAt(k) == '-';
        if (negative) {
            k++;
        }
        int first = k;
        long n = 0;
        while (k < s.length()) {
            char d = s.charAt(k);
            if (d < '0' || d > '9') {
                break;
            }
            n = n * 10 + (d - '0');
            k++;
        }
        int digits = k - first;
        if (digits == 0 || digits > 18 || (s.charAt(first) == '0' && (digits > 1 || negative))) {
            throw NotSimple.INSTANCE;
        }
        i = k;
        return negative ? -n : n;
    }

    /** A value this class does not take: the map goes to edn-java. */
    private static final class NotSimple extends Exception {
        static final NotSimple INSTANCE = new NotSimple();

        private NotSimple() {
            super(null, null, false, false);
        }
    }
}
