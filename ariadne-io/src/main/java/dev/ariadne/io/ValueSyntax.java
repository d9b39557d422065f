package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonParser;
import us.bpsm.edn.parser.Parseable;
import us.bpsm.edn.parser.Parser;

import java.io.IOException;

/** One value written on the command line, in JSON or EDN syntax (see {@link HistoryReaders#parseValue}). */
final class ValueSyntax {
    private ValueSyntax() {
    }

    static Object parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("expected a value in EDN or JSON syntax (such as 0, nil, null, "
                    + "{:x 0 :y 0} or {\"x\": 0}), got nothing");
        }
        try (JsonParser p = JsonValues.FACTORY.createParser(text)) {
            p.nextToken();
            Object value = JsonValues.value(p, true, 1);
            if (p.nextToken() == null) {
                return value;
            }
        } catch (IOException | BadValue | RuntimeException e) {
            // not JSON: try EDN
        }
        if (!DigitGuard.check(text)) {
            throw new IllegalArgumentException("cannot use " + Text.quote(text) + ": " + DigitGuard.problem());
        }
        try {
            Parseable in = EdnSource.of(text, "the value", 1);
            Parser parser = EdnSource.parser();
            Object raw = parser.nextValue(in);
            if (raw != Parser.END_OF_INPUT && parser.nextValue(in) == Parser.END_OF_INPUT) {
                return EdnValues.convert(raw);
            }
        } catch (BadValue e) {
            throw new IllegalArgumentException("cannot use the value " + Text.quote(text) + ": " + e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            // neither: reported below
        }
        throw new IllegalArgumentException("cannot read " + Text.quote(text) + " as one value in EDN (such as nil, 0, "
                + "{:x 0 :y 0} or #{1 2}) or JSON (such as null, {\"x\": 0} or [1, 2])");
    }
}
