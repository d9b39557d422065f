package dev.ariadne.io;

import java.io.IOException;

/** Recognises a format from the first significant line (neither blank nor a {@code ;} comment). */
final class Detection {
    static final String JEPSEN_UTIL = " jepsen.util - ";

    private Detection() {
    }

    /**
     * The format of the input whose lines these are, or {@code null} when the input has no significant line
     * (an empty history in every format). Nothing is consumed.
     */
    static Format detect(Lines lines) throws IOException, InvalidInputException {
        String first = lines.peekSignificant();
        if (first == null) {
            return null;
        }
        Format f = classify(first);
        if (f == null) {
            throw new InvalidInputException(lines.source(), lines.peekedNumber(), "cannot recognise the format: "
                    + "expected a Jepsen log line (\"... jepsen.util - ...\"), a JSON object ({\"...) or EDN "
                    + "({:..., [ or (), got " + Text.quote(first.strip()) + "; use --format to name it");
        }
        return f;
    }

    /** The format a significant line belongs to, or {@code null}. */
    static Format classify(String line) {
        if (line.contains(JEPSEN_UTIL)) {
            return Format.JEPSEN_LOG;
        }
        String t = line.strip();
        char c = t.charAt(0);
        if (c == '[' || c == '(') {
            return Format.EDN;
        }
        if (c == '{') {
            String rest = t.substring(1).stripLeading();
            if (rest.startsWith("\"") || rest.startsWith("}")) {
                return Format.JSON;
            }
            if (rest.startsWith(":")) {
                return Format.EDN;
            }
        }
        return null;
    }
}
