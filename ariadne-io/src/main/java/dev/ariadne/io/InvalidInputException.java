package dev.ariadne.io;

import dev.ariadne.core.history.Values;

/**
 * Input that is not a valid history in its format: a syntax error, a value of the wrong type, an event that
 * breaks the rules of histories. It names the source (usually the file name), the 1-based line when known (or,
 * in binary input, the byte offset) and the problem, so that {@link #getMessage()} reads
 * {@code <source>:<line>: <problem>} (or {@code <source>: at byte <offset>: <problem>}). Source and problem often
 * quote the input (a parser's "Unrecognized token"), so their control, format and other invisible characters are
 * escaped as in reports ({@code &#92;u001b}), and the message can never drive a terminal.
 */
public final class InvalidInputException extends Exception {
    private final String source;
    private final long line;
    private final long byteOffset;
    private final String problem;

    /**
     * @param source  the name of the input, for example the file name
     * @param line    the 1-based line, or -1 when unknown
     * @param problem what is wrong, in words (for example "expected ..., got ...")
     */
    public InvalidInputException(String source, long line, String problem) {
        super(line > 0 ? safe(source) + ":" + line + ": " + safe(problem) : safe(source) + ": " + safe(problem));
        this.source = source;
        this.line = line > 0 ? line : -1;
        this.byteOffset = -1;
        this.problem = safe(problem);
    }

    private InvalidInputException(String source, String problem, long byteOffset) {
        super(safe(source) + ": at byte " + byteOffset + ": " + safe(problem));
        this.source = source;
        this.line = -1;
        this.byteOffset = byteOffset;
        this.problem = safe(problem);
    }

    /**
     * {@code s} with the characters {@link Values#escape} escapes as {@code &#92;uXXXX} (and newlines, tabs, returns)
     * escaped, but quotes and backslashes kept: messages quote values already escaped, which must not change.
     */
    static String safe(String s) {
        StringBuilder out = null;
        int run = 0;
        for (int i = 0; i <= s.length(); i++) {
            if (i < s.length() && s.charAt(i) != '"' && s.charAt(i) != '\\') {
                continue;
            }
            String part = s.substring(run, i);
            String escaped = Values.escape(part);
            if (out == null && !escaped.equals(part)) {
                out = new StringBuilder(s.length() + 16).append(s, 0, run);
            }
            if (out != null) {
                out.append(escaped);
                if (i < s.length()) {
                    out.append(s.charAt(i));
                }
            }
            run = i + 1;
        }
        return out == null ? s : out.toString();
    }

    /**
     * A problem in binary input (such as MessagePack), located by its 0-based byte offset.
     *
     * @param source     the name of the input, for example the file name
     * @param byteOffset the 0-based offset of the byte where the problem starts
     * @param problem    what is wrong, in words
     */
    public static InvalidInputException atByte(String source, long byteOffset, String problem) {
        return new InvalidInputException(source, problem, Math.max(0, byteOffset));
    }

    /** The name of the input, as given (the message escapes it). */
    public String source() {
        return source;
    }

    /** The 1-based line of the problem, or -1 when unknown. */
    public long line() {
        return line;
    }

    /** The 0-based byte offset of the problem in binary input, or -1 when the input is text (see {@link #line()}). */
    public long byteOffset() {
        return byteOffset;
    }

    /** What is wrong, without source and line. */
    public String problem() {
        return problem;
    }
}
