package dev.ariadne.io;

import us.bpsm.edn.parser.Parseable;

import java.io.IOException;

/**
 * The characters of an input for edn-java's parser, read line by line from {@link Lines} so that the line of
 * every character is known. Also skips what separates EDN values (whitespace, commas, {@code ;} comments).
 */
final class EdnSource implements Parseable {
    private final Lines lines;
    private String current;
    private int pos;
    private long line;
    private final int[] pushedChars = new int[8];
    private final long[] pushedLines = new long[8];
    private int pushed;
    private final DigitGuard digits = new DigitGuard();

    EdnSource(Lines lines) {
        this.lines = lines;
    }

    /** The line of the character read last (the last line once the input is exhausted). */
    long line() {
        return line;
    }

    @Override
    public int read() throws IOException {
        if (pushed > 0) {
            pushed--;
            line = pushedLines[pushed];
            return pushedChars[pushed];
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
            return END_OF_INPUT;
        }
        line = lines.number();
        pos = 0;
        return read();
    }

    /** {@code c}, a character read for the first time, unless it makes a number too long to parse. */
    private int guard(int c) throws Lines.BadLineException {
        if (!digits.accept(c)) {
            throw new Lines.BadLineException(new InvalidInputException(lines.source(), line, DigitGuard.problem()));
        }
        return c;
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
