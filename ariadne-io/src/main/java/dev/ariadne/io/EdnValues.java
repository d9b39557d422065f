package dev.ariadne.io;

import dev.ariadne.core.history.Values;
import us.bpsm.edn.Keyword;
import us.bpsm.edn.Symbol;
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
 * Converts values parsed by edn-java into the plain data of histories: keywords and symbols become their names
 * as strings (without the colon), integers {@link Long} or {@link BigInteger}, floats {@link Double}, lists and
 * vectors {@link List}, sets {@link Set}, maps {@link Map}; characters, {@code #uuid} and {@code #inst} become
 * strings and other tagged values their untagged value.
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
        if (raw == null || raw instanceof String || raw instanceof Boolean || raw instanceof Long) {
            return raw;
        }
        if (raw instanceof Keyword k) {
            return name(k);
        }
        if (raw instanceof Symbol s) {
            return s.toString();
        }
        if (raw instanceof BigInteger b) {
            return Values.normalizeNumber(b);
        }
        if (raw instanceof Double d) {
            return finite(d, raw);
        }
        if (raw instanceof BigDecimal d) {
            return finite(d.doubleValue(), raw);
        }
        if (raw instanceof Character || raw instanceof UUID) {
            return raw.toString();
        }
        if (raw instanceof Date d) {
            return d.toInstant().toString();
        }
        if (raw instanceof TaggedValue t) {
            return convert(t.getValue(), depth + 1);
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
