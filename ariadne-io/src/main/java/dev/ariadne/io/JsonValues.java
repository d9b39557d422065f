package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.io.JsonEOFException;
import dev.ariadne.core.history.Values;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Parses one line of the native format: exactly one JSON object, whose field values become plain data. JSON
 * integers become {@link Long} ({@link java.math.BigInteger} when too large), fractions {@link Double}; the
 * reserved objects {@code {"#set": [...]}}, {@code {"#map": [[k, v], ...]}} and {@code {"#edn": "text"}} become a
 * {@link Set}, a {@link Map} with keys of any kind and an {@link OpaqueValue}, so that values read from EDN
 * round-trip.
 */
final class JsonValues {
    static final String SET = "#set";
    static final String MAP = "#map";
    static final String EDN = "#edn";

    /**
     * Jackson for histories: duplicate keys are errors, strings and names are bounded by {@link Limits} (not by
     * Jackson's 20,000,000 characters), and generators write surrogates as {@code \\uXXXX} escapes, so that a lone
     * one (which no UTF-8 writer can encode) is kept exactly and reads back.
     */
    static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(Limits.MAX_STRING_BYTES)
                    .maxNameLength(Limits.MAX_STRING_BYTES).build())
            .characterEscapes(new SurrogateEscapes())
            .build();

    /** JSON's own escapes, and surrogates as {@code \\uXXXX}: a lone one has no UTF-8 form. */
    private static final class SurrogateEscapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return Character.isSurrogate((char) ch) ? new SerializedString(String.format("\\u%04x", ch)) : null;
        }
    }

    private JsonValues() {
    }

    /** The fields of the JSON object that {@code line} holds, in order. */
    static Map<String, Object> object(String line) throws BadValue {
        try (JsonParser p = FACTORY.createParser(line)) {
            JsonToken t = p.nextToken();
            if (t != JsonToken.START_OBJECT) {
                throw new BadValue("expected a JSON object {...}, got " + describe(t));
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = Limits.string(p.currentName());
                p.nextToken();
                fields.put(name, value(p, true, 1));
            }
            JsonToken after = p.nextToken();
            if (after != null) {
                throw new BadValue("expected the end of the line after the JSON object, got " + describe(after));
            }
            return fields;
        } catch (JsonEOFException e) {
            throw new BadValue("truncated JSON: expected the rest of the object (a value, a closing } or ], or "
                    + "the end of a string), got the end of the line");
        } catch (StreamConstraintsException e) {
            throw new BadValue(constraint(e));
        } catch (JsonProcessingException e) {
            String m = String.valueOf(e.getOriginalMessage()).replaceAll("\\s*\\(start marker at .*", "")
                    .replaceAll(", from `[^`]*`", "").replaceAll("\\s+", " ");
            String at = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
            throw new BadValue("invalid JSON" + at + ": " + (m.length() <= 200 ? m : m.substring(0, 200) + "…"));
        } catch (IOException e) {
            throw new BadValue("invalid JSON: " + e.getMessage());
        }
    }

    /** Jackson's message for a limit it enforces, in the words of {@link Limits} where it is one of those. */
    static String constraint(StreamConstraintsException e) {
        String m = String.valueOf(e.getOriginalMessage());
        if (m.startsWith("String value length") || m.startsWith("Name length")) {
            return Limits.tooLong(-1, false);
        }
        return "invalid JSON: " + m.replaceAll(", from `[^`]*`", "").replaceAll("\\s+", " ");
    }

    /** Deepest nesting accepted in values. */
    static final int MAX_DEPTH = 256;

    /**
     * The JSON value whose first token is the parser's current one, as plain data, leaving the parser on its last
     * token. With {@code tagged}, the reserved objects {@code {"#set": [...]}} and {@code {"#map": [...]}} are
     * a set and a map.
     */
    static Object value(JsonParser p, boolean tagged, int depth) throws IOException, BadValue {
        if (depth > MAX_DEPTH) {
            throw new BadValue("JSON values nested deeper than " + MAX_DEPTH + " levels");
        }
        switch (p.currentToken()) {
            case VALUE_NULL:
                return null;
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_STRING:
                return Limits.string(p.getText());
            case VALUE_NUMBER_INT:
                return p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                        ? Values.normalizeNumber(p.getBigIntegerValue()) : (Object) p.getLongValue();
            case VALUE_NUMBER_FLOAT: {
                double d = p.getDoubleValue();
                if (Double.isInfinite(d) || Double.isNaN(d)) {
                    throw new BadValue("number " + Text.cut(p.getText()) + " is out of range");
                }
                return d;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(value(p, tagged, depth + 1));
                }
                return Collections.unmodifiableList(list);
            }
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = Limits.string(p.currentName());
                    p.nextToken();
                    map.put(name, value(p, tagged, depth + 1));
                }
                return tagged ? tagged(map) : Collections.unmodifiableMap(map);
            }
            default:
                throw new BadValue("expected a JSON value, got " + describe(p.currentToken()));
        }
    }

    private static Object tagged(Map<String, Object> map) throws BadValue {
        if (map.size() == 1 && map.get(SET) instanceof List<?> elements) {
            return set(elements);
        }
        if (map.size() == 1 && map.get(MAP) instanceof List<?> entries) {
            Map<Object, Object> out = new LinkedHashMap<>();
            for (Object e : entries) {
                if (!(e instanceof List<?> pair) || pair.size() != 2) {
                    throw new BadValue("expected the entries of {\"#map\": ...} to be pairs [key, value], got "
                            + describe(e));
                }
                if (out.containsKey(pair.get(0))) {
                    throw new BadValue("{\"#map\": ...} holds the key " + Text.show(pair.get(0)) + " twice");
                }
                out.put(pair.get(0), pair.get(1));
            }
            return Collections.unmodifiableMap(out);
        }
        if (map.size() == 1 && map.get(EDN) instanceof String text) {
            return new OpaqueValue(text);
        }
        if (map.size() == 1 && map.containsKey(EDN)) {
            throw new BadValue("expected the value of the reserved object {\"#edn\": ...} to be a string (the text "
                    + "of a value that is not plain data, such as #inst \"…\"), got " + describe(map.get(EDN)));
        }
        if (map.size() == 1 && (map.containsKey(SET) || map.containsKey(MAP))) {
            throw new BadValue("expected the value of the reserved object {\"" + map.keySet().iterator().next()
                    + "\": ...} to be an array");
        }
        return Collections.unmodifiableMap(map);
    }

    /** The set of {@code {"#set": elements}}; an element given twice is an error. */
    static Set<Object> set(List<?> elements) throws BadValue {
        Set<Object> set = new LinkedHashSet<>();
        for (Object e : elements) {
            if (!set.add(e)) {
                throw new BadValue("{\"#set\": ...} holds " + Text.show(e) + " twice");
            }
        }
        return Collections.unmodifiableSet(set);
    }

    static String describe(JsonToken t) {
        if (t == null) {
            return "the end of the line";
        }
        return switch (t) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            default -> t.asString() == null ? t.name() : t.asString();
        };
    }

    /** A plain-data value as found in a JSON line, for error messages. */
    static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String s) {
            return "the string " + Text.quote(s);
        }
        if (value instanceof Set<?>) {
            return "the set " + Text.show(value);
        }
        if (value instanceof List<?> l) {
            return "the array " + Text.show(l);
        }
        if (value instanceof Map<?, ?> m) {
            return "the object " + Text.show(m);
        }
        return Text.show(value);
    }
}
