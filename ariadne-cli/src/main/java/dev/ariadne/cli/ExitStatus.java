package dev.ariadne.cli;

import dev.ariadne.core.check.Verdict;

/** The exit statuses scripts rely on (see README and DESIGN): never anything else for these cases. */
final class ExitStatus {
    static final int LINEARIZABLE = 0;
    static final int NOT_LINEARIZABLE = 1;
    static final int UNKNOWN = 2;
    static final int USAGE = 64;
    static final int INVALID_INPUT = 65;
    /** An output file (a converted history, a generated one, a report, an exported module) could not be written. */
    static final int CANNOT_WRITE = 74;
    /** A bug, or a command other than check that the Java heap could not hold. */
    static final int INTERNAL = 70;

    private ExitStatus() {
    }

    static int of(Verdict v) {
        return switch (v) {
            case LINEARIZABLE -> LINEARIZABLE;
            case NOT_LINEARIZABLE -> NOT_LINEARIZABLE;
            case UNKNOWN -> UNKNOWN;
        };
    }

    /** Of several files' statuses, the one to exit with: invalid input, then violation, then unknown. */
    static int worst(int a, int b) {
        return rank(a) >= rank(b) ? a : b;
    }

    private static int rank(int status) {
        return switch (status) {
            case INVALID_INPUT -> 3;
            case NOT_LINEARIZABLE -> 2;
            case UNKNOWN -> 1;
            default -> 0;
        };
    }
}
