package dev.ariadne.core.history;

import java.math.BigInteger;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;

/**
 * Helpers for the plain data values found in histories: normalising numbers so that equal values compare equal,
 * and showing values in the compact, escaped form reports use. History values are untrusted, so
 * {@link #show(Object)} escapes control characters and never lets a value forge terminal output.
 */
public final class Values {
    private Values() {
    }

    /**
     * Normalises a number so that integers that fit a {@code long} are {@link Long}s and larger ones
     * {@link BigInteger}s; other values are returned as they are.
     */
    public static Object normalizeNumber(Object value) {
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        if (value instanceof BigInteger b && b.bitLength() < 64) {
            return b.longValue();
        }
        return value;
    }

    /**
     * {@code value} with every number normalised by {@link #normalizeNumber}, inside lists, sets and maps too, so
     * that equal values compare equal: {@code [3]} written with {@code int}s equals {@code [3]} read from a file as
     * {@link Long}s. This is how built-in models see values; {@link Invocation} and {@link Operation#of} apply it to
     * hand-made inputs and outputs, so a user model comparing {@code Long}s sees the same. Returns {@code value}
     * itself when nothing changes; lists, sets and maps that change are copied, unmodifiable.
     *
     * @throws IllegalArgumentException if the value is nested more than 256 levels deep
     */
    public static Object normalize(Object value) {
        if (value == null || value instanceof Long || value instanceof String) {
            return value; // most values of a history: no walk (C1, the launcher's compiler, would call it)
        }
        return normalize(value, 0);
    }

    private static Object normalize(Object value, int depth) {
        if (depth > 256) {
            throw new IllegalArgumentException("a value nested more than 256 levels deep");
        }
        if (value instanceof java.util.List<?> l) {
            java.util.List<Object> out = null;
            for (int i = 0; i < l.size(); i++) {
                Object e = l.get(i);
                Object n = normalize(e, depth + 1);
                if (n != e && out == null) {
                    out = new java.util.ArrayList<>(l.subList(0, i));
                }
                if (out != null) {
                    out.add(n);
                }
            }
            return out == null ? value : java.util.Collections.unmodifiableList(out);
        }
        if (value instanceof java.util.Set<?> s) {
            java.util.Set<Object> out = null;
            int i = 0;
            for (Object e : s) {
                Object n = normalize(e, depth + 1);
                if (n != e && out == null) { // the first change: copy the elements before it
                    out = new java.util.LinkedHashSet<>();
                    java.util.Iterator<?> before = s.iterator();
                    for (int j = 0; j < i; j++) {
                        out.add(before.next());
                    }
                }
                if (out != null) {
                    out.add(n);
                }
                i++;
            }
            return out == null ? value : java.util.Collections.unmodifiableSet(out);
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> out = null;
            int i = 0;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object k = normalize(e.getKey(), depth + 1);
                Object v = normalize(e.getValue(), depth + 1);
                if ((k != e.getKey() || v != e.getValue()) && out == null) {
                    out = new java.util.LinkedHashMap<>();
                    java.util.Iterator<? extends Map.Entry<?, ?>> before = m.entrySet().iterator();
                    for (int j = 0; j < i; j++) {
                        Map.Entry<?, ?> b = before.next();
                        out.put(b.getKey(), b.getValue());
                    }
                }
                if (out != null) {
                    out.put(k, v);
                }
                i++;
            }
            return out == null ? value : java.util.Collections.unmodifiableMap(out);
        }
        return normalizeNumber(value);
    }

    /** A short, escaped, human-readable rendering: nil, numbers, "strings", [lists], #{sets}, {maps}. */
    public static String show(Object value) {
        StringBuilder out = new StringBuilder();
        show(value, out, 0);
        return out.toString();
    }

    private static void show(Object value, StringBuilder out, int depth) {
        if (depth > 32) {
            out.append('…');
        } else if (value == null) {
            out.append("nil");
        } else if (value instanceof String s) {
            out.append('"');
            escape(s, out);
            out.append('"');
        } else if (value instanceof Map<?, ?> m) {
            out.append('{');
            Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                show(e.getKey(), out, depth + 1);
                out.append(' ');
                show(e.getValue(), out, depth + 1);
                if (it.hasNext()) {
                    out.append(", ");
                }
            }
            out.append('}');
        } else if (value instanceof Collection<?> c) {
            out.append(value instanceof java.util.Set ? "#{" : "[");
            Iterator<?> it = c.iterator();
            while (it.hasNext()) {
                show(it.next(), out, depth + 1);
                if (it.hasNext()) {
                    out.append(' ');
                }
            }
            out.append(value instanceof java.util.Set ? "}" : "]");
        } else {
            escape(String.valueOf(value), out);
        }
    }

    /** Appends {@code s} with control, format and non-printable characters escaped as {@code \\uXXXX}. */
    public static void escape(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> {
                    int type = Character.getType(c);
                    if (c < 0x20 || c == 0x7f || type == Character.CONTROL || type == Character.FORMAT
                            || type == Character.UNASSIGNED || type == Character.LINE_SEPARATOR
                            || type == Character.PARAGRAPH_SEPARATOR || type == Character.SURROGATE
                            && !(Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1)))
                            && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1)))) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
    }

    /** {@code s} escaped as by {@link #escape(String, StringBuilder)}. */
    public static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        escape(s, out);
        return out.toString();
    }
}
