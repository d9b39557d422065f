package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.io.JsonEOFException;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JSON document read token by token with Jackson's streaming parser, so that an array of a million operations
 * is never held whole: readers take one object at a time. Jackson's errors become {@link InvalidInputException}s
 * with the line where the parser stopped, in the words of the other readers.
 */
final class JsonStream implements Closeable {
    private final JsonParser parser;
    private final String source;
    private long objectLine = -1;

    JsonStream(InputStream in, String source) throws IOException {
        this.parser = JsonValues.FACTORY.createParser(in);
        this.parser.disable(JsonParser.Feature.AUTO_CLOSE_SOURCE);
        this.source = source;
    }

    /** The next token, {@code null} at the end of the input. */
    JsonToken next() throws IOException, InvalidInputException {
        try {
            return parser.nextToken();
        } catch (JsonProcessingException e) {
            throw translate(e);
        } catch (java.io.CharConversionException e) {
            throw error(1, "invalid JSON: " + e.getMessage() + " (is the file UTF-8?)");
        }
    }

    /** The 1-based line of the current token. */
    long line() {
        return parser.currentTokenLocation().getLineNr();
    }

    /** The fields of the object whose {@code START_OBJECT} is the current token, as plain data, in order. */
    Map<String, Object> object(boolean tagged) throws IOException, InvalidInputException {
        objectLine = line();
        Map<String, Object> fields = new LinkedHashMap<>();
        try {
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = Limits.string(parser.currentName());
                parser.nextToken();
                fields.put(name, JsonValues.value(parser, tagged, 1));
            }
        } catch (JsonProcessingException e) {
            throw translate(e);
        } catch (BadValue e) {
            throw error(line(), e.getMessage());
        }
        objectLine = -1;
        return fields;
    }

    InvalidInputException error(long line, String problem) {
        return new InvalidInputException(source, line, problem);
    }

    private InvalidInputException translate(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        long line = at == null ? line() : at.getLineNr();
        String inObject = objectLine > 0 && objectLine != line ? " (in the object starting at line " + objectLine + ")"
                : "";
        if (e instanceof JsonEOFException) {
            return error(line, "truncated JSON: expected the rest of " + (objectLine > 0 ? "the object" : "the value")
                    + " (a value, a closing } or ], or the end of a string), got the end of the input" + inObject);
        }
        String m = String.valueOf(e.getOriginalMessage()).replaceAll("\\s*\\(start marker at .*", "")
                .replaceAll(", from `[^`]*`", "").replaceAll("\\s+", " ");
        m = m.length() <= 200 ? m : m.substring(0, 200) + "…";
        if (m.contains("Invalid UTF-8")) {
            return error(line, "invalid UTF-8: " + m.replace("Invalid UTF-8 ", "") + " (is the file in another "
                    + "encoding?)");
        }
        if (e instanceof StreamConstraintsException c) {
            return error(line, JsonValues.constraint(c) + inObject);
        }
        String column = at == null ? "" : " at column " + at.getColumnNr();
        return error(line, "invalid JSON" + column + ": " + m + inObject);
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }
}
