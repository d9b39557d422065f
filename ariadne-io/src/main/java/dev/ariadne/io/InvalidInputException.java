package dev.ariadne.io;

/**
 * Input that is not a valid history in its format: a syntax error, a value of the wrong type, an event that
 * breaks the rules of histories. It names the source (usually the file name), the 1-based line when known and
 * the problem, so that {@link #getMessage()} reads {@code <source>:<line>: <problem>}.
 */
public final class InvalidInputException extends Exception {
    private final String source;
    private final long line;
    private final String problem;

    /**
     * @param source  the name of the input, for example the file name
     * @param line    the 1-based line, or -1 when unknown
     * @param problem what is wrong, in words (for example "expected ..., got ...")
     */
    public InvalidInputException(String source, long line, String problem) {
        super(line > 0 ? source + ":" + line + ": " + problem : source + ": " + problem);
        this.source = source;
        this.line = line > 0 ? line : -1;
        this.problem = problem;
    }

    /** The name of the input. */
    public String source() {
        return source;
    }

    /** The 1-based line of the problem, or -1 when unknown. */
    public long line() {
        return line;
    }

    /** What is wrong, without source and line. */
    public String problem() {
        return problem;
    }
}
