package dev.ariadne.io;

import us.bpsm.edn.Tag;
import us.bpsm.edn.TaggedValue;
import us.bpsm.edn.parser.Parseable;
import us.bpsm.edn.parser.Parser;
import us.bpsm.edn.parser.Parsers;
import us.bpsm.edn.parser.TagHandler;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * The characters of an input for edn-java's parser, read line by line from {@link Lines} so that the line of
 * every character is known. Also skips what separates EDN values (whitespace, commas, {@code ;} comments).
 *
 * <p>Jepsen histories are printed by Clojure, whose printer writes some values that are not EDN: regexes
 * ({@code #"a+"}), ratios ({@code 22/7}), hexadecimal and radix integers ({@code 0x1f2e3d}, {@code 2r101}, as in
 * {@code #object[java.net.SocketTimeoutException 0x1f2e3d "…"]}) and symbolic numbers ({@code ##Inf}). This source
 * rewrites them, outside strings, comments and character literals, into tagged values edn-java parses
 * ({@code #ariadne/regex "a+"}, {@code #ariadne/ratio "22/7"}, {@code #ariadne/symbolic "##Inf"}; integers in
 * decimal), which {@link EdnValues} turns into {@link OpaqueValue}s. Parse with {@link #parser()}, whose tag handlers
 * keep {@code #inst}, {@code #uuid} and {@code M} decimals as tagged values for the same purpose.
 */
final class EdnSource implements Parseable {
    static final Tag REGEX = Tag.newTag("ariadne", "regex");
    static final Tag RATIO = Tag.newTag("ariadne", "ratio");
    static final Tag SYMBOLIC = Tag.newTag("ariadne", "symbolic");
    static final Tag DECIMAL = Tag.newTag("ariadne", "decimal");

    /**
     * The parser for histories, one per thread (parsers keep no state between values, but are not documented as
     * thread-safe), made on first use: a file whose every map {@link EdnFastMap} reads never loads edn-java's parser.
     */
    static Parser parser() {
        return Library.PARSER.get();
    }

    private static final class Library {
        private static final TagHandler KEEP_TAG = TaggedValue::newTaggedValue;
        /**
         * edn-java's configuration for histories: {@code #inst} and {@code #uuid} stay tagged (an invalid instant is
         * an opaque value, not an error) and {@code M} decimals are tagged {@link #DECIMAL} rather than rounded to
         * doubles.
         */
        private static final Parser.Config CONFIG = Parsers.newParserConfigBuilder()
                .putTagHandler(Parser.Config.EDN_INSTANT, KEEP_TAG)
                .putTagHandler(Parser.Config.EDN_UUID, KEEP_TAG)
                .putTagHandler(Parser.Config.BIG_DECIMAL_TAG, (tag, value) -> TaggedValue.newTaggedValue(DECIMAL,
                        value))
                .build();
        static final ThreadLocal<Parser> PARSER = ThreadLocal.withInitial(() -> Parsers.newParser(CONFIG));
    }

    /** Compiled on first use (a token that may be a Clojure number): most histories need none (issue 23). */
    private static final class Numbers {
        static final Pattern HEX = Pattern.compile("([+-]?)0[xX]([0-9a-fA-F]+)N?");
        static final Pattern RADIX = Pattern.compile("([+-]?)([0-9]{1,2})[rR]([0-9a-zA-Z]+)");
        static final Pattern RATIO_TEXT = Pattern.compile("[+-]?[0-9]+/[0-9]+");
    }

    private final Lines lines;
    private final long lineOffset;
    private String current;
    private int pos;
    private long line;
    private final int[] pushedChars = new int[8];
    private final long[] pushedLines = new long[8];
    private int pushed;
    private final DigitGuard digits = new DigitGuard();

    /** Rewritten characters still to be returned, from {@link #pendingPos} on. */
    private String pending = "";
    private int pendingPos;
    /** A raw character read ahead and given back, or -2 for none. */
    private int lookahead = NONE;
    private static final int NONE = -2;
    private boolean inString;
    /** The characters of the string being read so far. */
    private long stringChars;
    private boolean escaped;
    private boolean inComment;
    /** Whether the previous raw character ends a token, so that the next one may start a number. */
    private boolean afterDelimiter = true;

    EdnSource(Lines lines) {
        this(lines, 0);
    }

    private EdnSource(Lines lines, long lineOffset) {
        this.lines = lines;
        this.lineOffset = lineOffset;
    }

    /** The characters of {@code text}, a value found at {@code line} of {@code source}. */
    static EdnSource of(String text, String source, long line) {
        return new EdnSource(new Lines(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), source),
                Math.max(0, line - 1));
    }

    /** The line of the character read last (the last line once the input is exhausted). */
    long line() {
        return line + lineOffset;
    }

    @Override
    public int read() throws IOException {
        if (pushed > 0) {
            pushed--;
            line = pushedLines[pushed];
            return pushedChars[pushed];
        }
        if (pendingPos < pending.length()) {
            return pending.charAt(pendingPos++);
        }
        int c = raw();
        if (c == END_OF_INPUT) {
            return c;
        }
        if (inString) {
            if (++stringChars > Limits.MAX_STRING_BYTES) {
                // a string may span lines: stop before it holds more than any string may (UTF-8 >= 1 byte a char)
                throw new Lines.BadLineException(new InvalidInputException(lines.source(), line(),
                        Limits.tooLong(-1, false)));
            }
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inString = false;
                afterDelimiter = true;
            }
            return c;
        }
        if (inComment) {
            if (c == '\n') {
                inComment = false;
                afterDelimiter = true;
            }
            return c;
        }
        switch (c) {
            case '"' -> {
                inString = true;
                stringChars = 0;
                return c;
            }
            case ';' -> {
                inComment = true;
                return c;
            }
            case '\\' -> {
                // a character literal: the next character is itself, whatever it is (\" is not a string)
                int next = raw();
                if (next != END_OF_INPUT) {
                    pending = Character.toString(next);
                    pendingPos = 0;
                }
                afterDelimiter = false;
                return c;
            }
            case '#' -> {
                int next = raw();
                if (next == '"') {
                    return emit(regex());
                }
                if (next == '#') {
                    return emit("#ariadne/symbolic " + quoted("##" + token(raw())));
                }
                lookahead = next;
                afterDelimiter = false;
                return c;
            }
            default -> {
                boolean sign = c == '+' || c == '-';
                if (afterDelimiter && (isDigit(c) || sign)) {
                    int next = sign ? raw() : NONE;
                    if (!sign || isDigit(next)) {
                        String token = Character.toString(c) + (sign ? token(next) : token(NONE));
                        return emit(number(token));
                    }
                    lookahead = next;
                }
                afterDelimiter = isDelimiter(c);
                return c;
            }
        }
    }

    /** Returns the first character of {@code text} and keeps the rest for the next reads. */
    private int emit(String text) {
        pending = text;
        pendingPos = 1;
        afterDelimiter = false;
        return text.charAt(0);
    }

    /**
     * The rest of a token whose first characters were consumed, starting with {@code first} ({@link #NONE}: none
     * read yet); the character that ends it is given back.
     */
    private String token(int first) throws IOException {
        StringBuilder s = new StringBuilder();
        int c = first == NONE ? raw() : first;
        while (c != END_OF_INPUT && !isDelimiter(c)) {
            s.appendCodePoint(c);
            c = raw();
        }
        lookahead = c;
        return s.toString();
    }

    /** A number token as edn-java can read it: Clojure's hexadecimal, radix and ratio forms rewritten. */
    private static String number(String token) {
        if (token.indexOf('x') < 0 && token.indexOf('X') < 0 && token.indexOf('r') < 0 && token.indexOf('R') < 0
                && token.indexOf('/') < 0) {
            return token; // each form rewritten below has one of these
        }
        var hex = Numbers.HEX.matcher(token);
        if (hex.matches()) {
            return hex.group(1) + new BigInteger(hex.group(2), 16);
        }
        var radix = Numbers.RADIX.matcher(token);
        if (radix.matches()) {
            int base = Integer.parseInt(radix.group(2));
            if (base >= 2 && base <= 36) {
                try {
                    return radix.group(1) + new BigInteger(radix.group(3), base);
                } catch (NumberFormatException e) {
                    return token; // not digits of that base: edn-java reports the token
                }
            }
        }
        if (Numbers.RATIO_TEXT.matcher(token).matches()) {
            return "#ariadne/ratio " + quoted(token);
        }
        return token;
    }

    /** A regex literal's body (after {@code #"}), to its closing quote, as a tagged string. */
    private String regex() throws IOException {
        StringBuilder body = new StringBuilder();
        int c;
        while ((c = raw()) != END_OF_INPUT) {
            if (c == '"') {
                return "#ariadne/regex " + quoted(body.toString());
            }
            body.appendCodePoint(c);
            if (c == '\\') {
                int next = raw();
                if (next == END_OF_INPUT) {
                    break;
                }
                body.appendCodePoint(next);
            }
        }
        return "#ariadne/regex \"" + escape(body.toString()); // unclosed: the parser reports the end of the input
    }

    private static String quoted(String s) {
        return "\"" + escape(s) + "\"";
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isDelimiter(int c) {
        return Character.isWhitespace(c) || c == ',' || c == '(' || c == ')' || c == '[' || c == ']' || c == '{'
                || c == '}' || c == '"' || c == ';' || c == '\\';
    }

    /** The next character of the input itself. */
    private int raw() throws IOException {
        if (lookahead != NONE) {
            int c = lookahead;
            lookahead = NONE;
            return c;
        }
        if (current != null && pos < current.length()) {
            return guard(current.charAt(pos++));
        }
        if (current != null && pos == current.length()) {
            pos++;
            return guard('\n');
        }
        current = lines.next();
        if (current == null) {
            line = Math.max(line, lines.number()); // lines its caller read from the bytes count (EdnReader.fastLine)
            return END_OF_INPUT;
        }
        line = lines.number();
        pos = 0;
        return raw();
    }

    /** {@code c}, a character read for the first time, unless it makes a number too long to parse. */
    private int guard(int c) throws Lines.BadLineException {
        if (!digits.accept(c)) {
            throw new Lines.BadLineException(new InvalidInputException(lines.source(), line(),
                    DigitGuard.problem()));
        }
        return c;
    }

    /**
     * When the character {@link #skipBlank()} just found is a {@code {} read straight from the line being read
     * (nothing rewritten, read ahead or pending), and that line is all ASCII with its bytes at hand
     * ({@link Lines#asciiOffset}): where the line starts in {@link Lines#bytes()}; else -1. A caller that reads the
     * map starting at {@link #mapStart()} itself then calls {@link #skipTo} with the index after it.
     */
    int mapLine() {
        if (pushed != 1 || pushedChars[0] != '{' || lookahead != NONE || pendingPos < pending.length() || inString
                || inComment || current == null || pos < 1 || pos > current.length()
                || current.charAt(pos - 1) != '{') {
            return -1;
        }
        return lines.asciiOffset(current);
    }

    /**
     * Whether everything read so far ends at the end of a line, outside any string, comment or rewritten text:
     * the next line may then be read from {@link Lines} by the caller (see {@link Lines#peekAscii()}), as a
     * read through this source would (its newline is consumed here, so the digit guard sees it).
     */
    boolean atLineBoundary() throws IOException {
        if (pushed != 0 || lookahead != NONE || pendingPos < pending.length() || inString || inComment) {
            return false;
        }
        if (current == null) {
            return line == 0; // nothing read yet
        }
        if (pos == current.length()) {
            raw(); // the newline
            afterDelimiter = true;
        }
        return pos > current.length();
    }

    /** The length of the line being read. */
    int lineLength() {
        return current.length();
    }

    /** The index in the line being read of the {@code {} found. */
    int mapStart() {
        return pos - 1;
    }

    /**
     * Continues after the map that the caller read itself from {@link #mapLine()}, ending at {@code end} (just
     * after its {@code }}, a delimiter: the state a read through this source would leave).
     */
    void skipTo(int end) {
        pushed = 0;
        pos = end;
        afterDelimiter = true;
    }

    @Override
    public void unread(int ch) throws IOException {
        if (pushed == pushedChars.length) {
            throw new IOException("too many characters pushed back");
        }
        pushedChars[pushed] = ch;
        pushedLines[pushed] = line;
        pushed++;
    }

    /**
     * Skips whitespace, commas and comments; returns the next character without consuming it (its line is then
     * {@link #line()}), or {@link #END_OF_INPUT}.
     */
    int skipBlank() throws IOException {
        while (true) {
            int c = read();
            if (c == ';') {
                while (c != '\n' && c != END_OF_INPUT) {
                    c = read();
                }
            }
            if (c == END_OF_INPUT) {
                return c;
            }
            if (c != ',' && !Character.isWhitespace(c)) {
                unread(c);
                return c;
            }
        }
    }

    @Override
    public void close() {
    }
}
