package dev.ariadne.io;

import dev.ariadne.core.history.Values;

/** Short, escaped renderings of untrusted input for error messages. */
final class Text {
    static final int MAX = 60;

    private Text() {
    }

    /** {@code s} in double quotes, escaped and cut to a readable length. */
    static String quote(String s) {
        return "\"" + cut(Values.escape(s)) + "\"";
    }

    /** {@code s} cut to a readable length. */
    static String cut(String s) {
        return s.length() <= MAX ? s : s.substring(0, MAX) + "…";
    }

    /** A plain-data value as {@link Values#show} renders it, cut to a readable length. */
    static String show(Object value) {
        return cut(Values.show(value));
    }
}
