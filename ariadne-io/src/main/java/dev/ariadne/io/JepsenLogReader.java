package dev.ariadne.io;

import us.bpsm.edn.parser.Parseable;
import us.bpsm.edn.parser.Parser;
import us.bpsm.edn.parser.Parsers;

import java.io.IOException;
import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * Reads Jepsen text logs: lines {@code ... jepsen.util - <process> <type> <f> <value> [<error>]} with fields
 * separated by tabs or runs of spaces. Lines of other loggers and events of named processes (such as
 * {@code :nemesis}) are skipped; failures follow porcupine's etcd conventions (see {@link JepsenOps}).
 */
final class JepsenLogReader {
    private static final Pattern FIELDS = Pattern.compile("[ \t]+");
    private static final Pattern INTEGER = Pattern.compile("-?[0-9]+");

    private final Lines lines;
    private final JepsenOps ops;
    private final Parser parser = Parsers.newParser(Parsers.defaultConfiguration());

    private JepsenLogReader(Lines lines, JepsenOps ops) {
        this.lines = lines;
        this.ops = ops;
    }

    /** Reads every line to the end of the input, pushing each event to {@code ops} as soon as it is read. */
    static void read(Lines lines, JepsenOps ops) throws IOException, InvalidInputException {
        JepsenLogReader reader = new JepsenLogReader(lines, ops);
        String line;
        while ((line = lines.next()) != null) {
            int at = line.indexOf(Detection.JEPSEN_UTIL);
            if (at >= 0) {
                reader.event(line.substring(at + Detection.JEPSEN_UTIL.length()).strip(), lines.number());
            }
        }
    }

    private void event(String text, long line) throws InvalidInputException {
        String[] fields = FIELDS.split(text, 4);
        String process = fields[0];
        boolean integer = INTEGER.matcher(process).matches();
        if (!integer && process.length() > 1 && process.charAt(0) == ':') {
            // a named process such as :nemesis is not a client: its events are annotations
            ops.annotate(process.substring(1), fields.length > 1 ? strip(fields[1]) : "",
                    fields.length > 2 ? strip(fields[2]) : "", fields.length > 3 ? fields[3].strip() : null, line);
            return;
        }
        if (fields.length < 4) {
            throw error(line, "expected <process> <type> <f> <value> after \"jepsen.util - \", got "
                    + Text.quote(text));
        }
        int client = client(process, integer, line);
        JepsenOps.Type type = fields[1].startsWith(":") ? JepsenOps.Type.of(fields[1].substring(1)) : null;
        if (type == null) {
            throw error(line, "unknown type " + Text.quote(fields[1]) + " (expected " + JepsenOps.Type.EXPECTED
                    + ")");
        }
        if (!fields[2].startsWith(":") || fields[2].length() < 2) {
            throw error(line, "expected the operation (:f) to be a keyword such as :read, got "
                    + Text.quote(fields[2]));
        }
        ops.event(client, type, fields[2].substring(1), null, value(fields[3], line), line);
    }

    private static String strip(String keyword) {
        return keyword.startsWith(":") ? keyword.substring(1) : keyword;
    }

    private int client(String process, boolean integer, long line) throws InvalidInputException {
        if (!integer) {
            throw error(line, "expected the process to be an integer or a keyword such as :nemesis, got "
                    + Text.quote(process));
        }
        BigInteger p = new BigInteger(process);
        if (p.signum() < 0 || p.bitLength() >= 32) {
            throw error(line, "expected the process to be an integer from 0 to " + Integer.MAX_VALUE + ", got "
                    + Text.cut(process));
        }
        return p.intValue();
    }

    /** The value field: one EDN value, optionally followed by one more (Jepsen's error), which is ignored. */
    private Object value(String text, long line) throws InvalidInputException {
        if (!DigitGuard.check(text)) {
            throw error(line, DigitGuard.problem());
        }
        Parseable in = Parsers.newParseable(text);
        Object value = parse(in, text, line);
        if (value == Parser.END_OF_INPUT) {
            throw error(line, "expected a value after the operation, got " + Text.quote(text));
        }
        if (parse(in, text, line) != Parser.END_OF_INPUT
                && parse(in, text, line) != Parser.END_OF_INPUT) {
            throw error(line, "expected a value and at most an error after the operation, got "
                    + Text.quote(text));
        }
        try {
            return EdnValues.convert(value);
        } catch (BadValue e) {
            throw error(line, e.getMessage());
        }
    }

    private Object parse(Parseable in, String text, long line) throws InvalidInputException {
        try {
            return parser.nextValue(in);
        } catch (StackOverflowError e) {
            throw error(line, "cannot parse the value " + Text.quote(text) + ": nested too deeply");
        } catch (RuntimeException e) {
            throw error(line, "cannot parse the value " + Text.quote(text) + ": "
                    + EdnReader.humanize(String.valueOf(e.getMessage())));
        }
    }

    private InvalidInputException error(long line, String problem) {
        return new InvalidInputException(lines.source(), line, problem);
    }
}
