package dev.ariadne.io;

import dev.ariadne.core.history.Values;
import us.bpsm.edn.Keyword;
import us.bpsm.edn.Symbol;
import us.bpsm.edn.Tag;
import us.bpsm.edn.TaggedValue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Converts values parsed by edn-java (configured by {@link EdnSource}) into the plain data of histories: keywords
 * and symbols become their names as strings (without the colon), integers (including {@code N} literals and
 * Clojure's {@code 0x1f} and {@code 2r101}) {@link Long} or {@link BigInteger}, floats {@link Double}, lists and
 * vectors {@link List}, sets {@link Set}, maps {@link Map}, characters strings; tagged values ({@code #inst},
 * {@code #uuid}, {@code #object[…]}, {@code #error {…}}, any tag), ratios, regexes, symbolic numbers and {@code M}
 * decimals become {@link OpaqueValue}s of their canonical text.
 */
final class EdnValues {
    /** Deepest nesting accepted. */
    static final int MAX_DEPTH = 256;

    private EdnValues() {
    }

    static Object convert(Object raw) throws BadValue {
        return convert(raw, 0);
    }

    private static Object convert(Object raw, int depth) throws BadValue {
        if (depth > MAX_DEPTH) {
            throw new BadValue("values nested deeper than " + MAX_DEPTH + " levels");
        }
        if (raw instanceof String s) {
            return Limits.string(s);
        }
        if (raw == null || raw instanceof Boolean || raw instanceof Long) {
            return raw;
        }
        if (raw instanceof Keyword k) {
            return Limits.string(name(k));
        }
        if (raw instanceof Symbol s) {
            return Limits.string(s.toString());
        }
        if (raw instanceof BigInteger b) {
            return Values.normalizeNumber(b);
        }
        if (raw instanceof Double d) {
            return finite(d, raw);
        }
        if (raw instanceof Character) {
            return raw.toString();
        }
        if (raw instanceof TaggedValue || raw instanceof BigDecimal || raw instanceof Date || raw instanceof UUID) {
            return new OpaqueValue(Limits.string(text(raw, depth)));
        }
        if (raw instanceof List<?> l) {
            List<Object> out = new ArrayList<>(l.size());
            for (Object e : l) {
                out.add(convert(e, depth + 1));
            }
            return Collections.unmodifiableList(out);
        }
        if (raw instanceof Set<?> s) {
            Set<Object> out = new LinkedHashSet<>();
            for (Object e : s) {
                if (!out.add(convert(e, depth + 1))) {
                    throw new BadValue("set " + describe(raw) + " has two elements that are equal once keywords "
                            + "become strings");
                }
            }
            return Collections.unmodifiableSet(out);
        }
        if (raw instanceof Map<?, ?> m) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                Object key = convert(e.getKey(), depth + 1);
                if (out.containsKey(key)) {
                    throw new BadValue("map " + describe(raw) + " has two keys that are equal once keywords "
                            + "become strings");
                }
                out.put(key, convert(e.getValue(), depth + 1));
            }
            return Collections.unmodifiableMap(out);
        }
        throw new BadValue("unsupported EDN value " + describe(raw) + " (" + raw.getClass().getSimpleName() + ")");
    }

    /**
     * The canonical EDN text of a raw value: as Clojure would print it, maps and sets in the order of their
     * elements' texts (edn-java's order is not the file's), decimals without trailing zeros, Clojure's forms for the
     * values {@link EdnSource} rewrote.
     */
    static String text(Object raw, int depth) throws BadValue {
        if (depth > MAX_DEPTH) {
            throw new BadValue("values nested deeper than " + MAX_DEPTH + " levels");
        }
        if (raw == null) {
            return "nil";
        }
        if (raw instanceof String s) {
            StringBuilder out = new StringBuilder("\"");
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append("\\t");
                    case '\r' -> out.append("\\r");
                    default -> out.append(c);
                }
            }
            return out.append('"').toString();
        }
        if (raw instanceof Character c) {
            return "\\" + c;
        }
        if (raw instanceof BigDecimal d) {
            return d.stripTrailingZeros().toString() + "M";
        }
        if (raw instanceof Date d) {
            return "#inst \"" + d.toInstant() + "\"";
        }
        if (raw instanceof UUID u) {
            return "#uuid \"" + u + "\"";
        }
        if (raw instanceof TaggedValue t) {
            Tag tag = t.getTag();
            if (tag.equals(EdnSource.REGEX)) {
                return "#\"" + t.getValue() + "\"";
            }
            if (tag.equals(EdnSource.RATIO) || tag.equals(EdnSource.SYMBOLIC)) {
                return String.valueOf(t.getValue());
            }
            if (tag.equals(EdnSource.DECIMAL)) {
                return text(t.getValue(), depth + 1);
            }
            return "#" + tag.toString().replaceFirst("^#", "") + " " + text(t.getValue(), depth + 1);
        }
        if (raw instanceof Set<?> s) {
            return "#{" + String.join(" ", sortedTexts(s, depth)) + "}";
        }
        if (raw instanceof List<?> l) {
            List<String> out = new ArrayList<>(l.size());
            for (Object e : l) {
                out.add(text(e, depth + 1));
            }
            return "[" + String.join(" ", out) + "]";
        }
        if (raw instanceof Map<?, ?> m) {
            List<String> entries = new ArrayList<>(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                entries.add(text(e.getKey(), depth + 1) + " " + text(e.getValue(), depth + 1));
            }
            Collections.sort(entries);
            return "{" + String.join(", ", entries) + "}";
        }
        return raw.toString(); // numbers, booleans, keywords (with their colon), symbols
    }

    private static List<String> sortedTexts(Set<?> s, int depth) throws BadValue {
        List<String> out = new ArrayList<>(s.size());
        for (Object e : s) {
            out.add(text(e, depth + 1));
        }
        Collections.sort(out);
        return out;
    }

    private static Double finite(double d, Object raw) throws BadValue {
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            throw new BadValue("number " + describe(raw) + " is out of range");
        }
        return d;
    }

    /** A keyword's name, with its namespace if it has one, without the colon. */
    static String name(Keyword k) {
        return k.toString().substring(1);
    }

    /** A raw EDN value as it would be written in EDN, cut to a readable length. */
    static String describe(Object raw) {
        if (raw instanceof Keyword || raw instanceof Symbol) {
            return Text.cut(Values.escape(raw.toString()));
        }
        if (raw instanceof String s) {
            return "the string " + Text.quote(s);
        }
        if (raw instanceof List<?> l) {
            return "the list " + Text.show(l);
        }
        if (raw instanceof Set<?> s) {
            return "the set " + Text.show(s);
        }
        if (raw instanceof Map<?, ?> m) {
            return "the map " + Text.show(m);
        }
        return Text.show(raw);
    }
}
