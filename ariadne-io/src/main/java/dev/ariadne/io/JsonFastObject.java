package dev.ariadne.io;

import dev.ariadne.io.FastTokens.NotSimple;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tokenizer for the common shape of a line of the native format, one JSON object of plain fields such as
 * {@code {"client":0,"call":1,"return":14,"f":"write","value":2}}, read from the line's ASCII bytes without
 * creating a Jackson parser per line. It takes only what it reads exactly as {@link JsonValues#object} would:
 * field names at most once, and values that are {@code null}, booleans, integers of at most 18 digits, strings
 * without escapes, and arrays and objects of those (no name of a nested object starting with {@code #}); for
 * anything else (a reserved object such as {@code {"#set": […]}}, a fraction, an escape, a malformed line)
 * {@link #parse} returns {@code null} and the caller gives the line to Jackson, whose result and messages stand.
 */
final class JsonFastObject {
    private static final int MAX_DEPTH = 8;

    private byte[] s;
    private int n;
    private int i;
    /** Field names seen so far (most lines use the same few). */
    private final FastTokens.Names names = new FastTokens.Names();

    /** The fields of the object on the ASCII line {@code bytes[from, from + length)}, or {@code null}. */
    Map<String, Object> parse(byte[] bytes, int from, int length) {
        s = bytes;
        i = from;
        n = from + length;
        try {
            if (skip() != '{') {
                return null;
            }
            Map<String, Object> fields = fields(0);
            return end() ? fields : null;
        } catch (NotSimple e) {
            return null;
        } finally {
            s = null;
        }
    }

    /**
     * The fields of the object whose {@code {} is at {@link #i}, up to its {@code }}. Inside a value ({@code depth}
     * above 0), a name starting with {@code #} is not simple: with it, the object may be one of the reserved ones
     * ({@code {"#set": […]}}) that {@link JsonValues} turns into another kind of value.
     */
    private Map<String, Object> fields(int depth) throws NotSimple {
        i++;
        Map<String, Object> fields = new LinkedHashMap<>();
        int c = skip();
        if (c == '}') {
            i++;
            return fields;
        }
        while (true) {
            if (c != '"') {
                throw NotSimple.INSTANCE;
            }
            String name = name();
            if (depth > 0 && name.startsWith("#")) {
                throw NotSimple.INSTANCE;
            }
            if (skip() != ':') {
                throw NotSimple.INSTANCE;
            }
            i++;
            skip();
            if (fields.containsKey(name)) {
                throw NotSimple.INSTANCE; // a name given twice: Jackson reports it
            }
            fields.put(name, value(depth));
            c = skip();
            if (c == '}') {
                i++;
                return fields;
            }
            if (c != ',') {
                throw NotSimple.INSTANCE;
            }
            i++;
            c = skip();
        }
    }

    /** Whether only whitespace is left. */
    private boolean end() {
        return skip() < 0;
    }

    private int skip() {
        while (i < n) {
            byte c = s[i];
            if (c != ' ' && c != '\t' && c != '\r') {
                return c;
            }
            i++;
        }
        return -1;
    }

    /** The end of the string that starts (after its quote) at {@code from}: the index of its closing quote. */
    private int stringEnd(int from) throws NotSimple {
        int k = from;
        while (true) {
            if (k >= n) {
                throw NotSimple.INSTANCE;
            }
            byte d = s[k];
            if (d == '"') {
                return k;
            }
            if (d == '\\' || d < 0x20) {
                throw NotSimple.INSTANCE;
            }
            k++;
        }
    }

    private String name() throws NotSimple {
        int from = i + 1;
        int to = stringEnd(from);
        i = to + 1;
        return names.of(s, from, to);
    }

    private Object value(int depth) throws NotSimple {
        if (i >= n) {
            throw NotSimple.INSTANCE;
        }
        byte c = s[i];
        switch (c) {
            case '"' -> {
                int to = stringEnd(i + 1);
                String v = new String(s, i + 1, to - i - 1, StandardCharsets.ISO_8859_1);
                i = to + 1;
                return v;
            }
            case '{' -> {
                if (depth >= MAX_DEPTH) {
                    throw NotSimple.INSTANCE;
                }
                Map<String, Object> fields = fields(depth + 1);
                delimited();
                return Collections.unmodifiableMap(fields);
            }
            case '[' -> {
                if (depth >= MAX_DEPTH) {
                    throw NotSimple.INSTANCE;
                }
                i++;
                List<Object> out = new ArrayList<>();
                int d = skip();
                if (d == ']') {
                    i++;
                    return Collections.unmodifiableList(out);
                }
                while (true) {
                    out.add(value(depth + 1));
                    d = skip();
                    if (d == ']') {
                        i++;
                        return Collections.unmodifiableList(out);
                    }
                    if (d != ',') {
                        throw NotSimple.INSTANCE;
                    }
                    i++;
                    skip();
                }
            }
            case 'n' -> {
                word("null");
                return null;
            }
            case 't' -> {
                word("true");
                return Boolean.TRUE;
            }
            case 'f' -> {
                word("false");
                return Boolean.FALSE;
            }
            default -> {
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return integer();
                }
                throw NotSimple.INSTANCE;
            }
        }
    }

    /** Consumes {@code word}, which must end there (followed by a delimiter or the end). */
    private void word(String word) throws NotSimple {
        int len = word.length();
        if (i + len > n) {
            throw NotSimple.INSTANCE;
        }
        for (int k = 0; k < len; k++) {
            if (s[i + k] != word.charAt(k)) {
                throw NotSimple.INSTANCE;
            }
        }
        i += len;
        delimited();
    }

    /** A token must be followed by whitespace, a comma, a closing bracket or brace, or the end of the line. */
    private void delimited() throws NotSimple {
        if (i < n) {
            byte c = s[i];
            if (c != ' ' && c != '\t' && c != '\r' && c != ',' && c != ']' && c != '}') {
                throw NotSimple.INSTANCE;
            }
        }
    }

    private Long integer() throws NotSimple {
        int end = FastTokens.integerEnd(s, i, n);
        long v = FastTokens.integerValue(s, i, end);
        i = end;
        delimited();
        return v;
    }
}
