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
