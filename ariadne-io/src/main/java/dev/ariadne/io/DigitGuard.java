package dev.ariadne.io;

/**
 * Watches EDN text, character by character, for runs of digits longer than {@link #MAX_DIGITS} outside strings,
 * character literals and comments: numbers that long take edn-java quadratic time to parse (a 5-million-digit
 * integer takes minutes), so they are rejected before the parser sees them, as JSON readers do.
 */
final class DigitGuard {
    /** Longest run of digits accepted in a number (the limit Jackson applies to JSON numbers). */
    static final int MAX_DIGITS = 1000;

    private enum State { CODE, STRING, STRING_ESCAPE, CHARACTER, COMMENT }

    private State state = State.CODE;
    private int digits;

    /** Feeds the next character; false when it makes a number longer than {@link #MAX_DIGITS} digits. */
    boolean accept(int c) {
        switch (state) {
            case STRING -> state = c == '\\' ? State.STRING_ESCAPE : c == '"' ? State.CODE : State.STRING;
            case STRING_ESCAPE -> state = State.STRING;
            case CHARACTER -> state = State.CODE;
            case COMMENT -> state = c == '\n' ? State.CODE : State.COMMENT;
            default -> {
                if (c >= '0' && c <= '9') {
                    return ++digits <= MAX_DIGITS;
                }
                digits = 0;
                state = c == '"' ? State.STRING : c == ';' ? State.COMMENT : c == '\\' ? State.CHARACTER
                        : State.CODE;
            }
        }
        return true;
    }

    /** Whether {@code text} holds no number longer than {@link #MAX_DIGITS} digits. */
    static boolean check(String text) {
        DigitGuard g = new DigitGuard();
        for (int i = 0; i < text.length(); i++) {
            if (!g.accept(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static String problem() {
        return "a number of more than " + MAX_DIGITS + " digits (too long to be a history value)";
    }
}
