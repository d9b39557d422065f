package dev.ariadne.io;

import java.util.Locale;

/**
 * The size limits every reader and writer applies, the same in every format (docs/formats.md, "Limits"): a string
 * of at most {@link #MAX_STRING_BYTES} bytes of UTF-8, a line of text of at most {@link Lines#MAX_LINE_BYTES}.
 * One limit everywhere means that {@code convert} never writes a file that {@code check} rejects.
 */
final class Limits {
    /** Longest string (a value, a key, a name), in bytes of UTF-8: 64 MiB. */
    static final int MAX_STRING_BYTES = 64 << 20;

    private Limits() {
    }

    /** {@code s}, unless it is longer than {@link #MAX_STRING_BYTES}. */
    static String string(String s) throws BadValue {
        // UTF-8 takes 1 to 3 bytes per char (4 per surrogate pair): count only strings that may be too long
        if ((long) s.length() * 3 > MAX_STRING_BYTES) {
            long bytes = utf8Length(s);
            if (bytes > MAX_STRING_BYTES) {
                throw new BadValue(tooLong(bytes, false));
            }
        }
        return s;
    }

    /**
     * The problem of a string of {@code bytes} bytes of UTF-8 ({@code -1}: more than the limit, how many is unknown;
     * {@code announced}: a length its header claims).
     */
    static String tooLong(long bytes, boolean announced) {
        String limit = "longer than the limit of 64 MiB (" + String.format(Locale.ROOT, "%,d", MAX_STRING_BYTES)
                + " bytes of UTF-8) for a string in a history";
        return bytes < 0 ? "a string " + limit : String.format(Locale.ROOT, "a string %s %,d bytes, ",
                announced ? "announcing" : "of", bytes) + limit;
    }

    /** The length of {@code s} in UTF-8, a lone surrogate counted as 3 bytes (as CESU-8 would write it). */
    static long utf8Length(CharSequence s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
    }
}
