package dev.ariadne.io;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * What the purpose-built tokenizers ({@link EdnFastMap}, {@link JsonFastObject}) share: the signal that a line is not
 * of the common shape they take (the library then reads it, so behaviour stays the library's), and the integers both
 * formats write the same way.
 */
final class FastTokens {
    private FastTokens() {
    }

    /** A line the fast path does not take: the library reads it. Thrown without a stack trace, as control flow. */
    static final class NotSimple extends Exception {
        static final NotSimple INSTANCE = new NotSimple();

        private NotSimple() {
            super(null, null, false, false);
        }
    }

    /**
     * Where the integer starting at {@code from} ends: at most 18 digits (so it fits a long), an optional minus sign,
     * no leading zero (but 0 itself); anything else, a larger or unusual number among them, is not simple.
     */
    static int integerEnd(byte[] s, int from, int n) throws NotSimple {
        int k = from;
        boolean negative = s[k] == '-';
        if (negative) {
            k++;
        }
        int first = k;
        while (k < n && s[k] >= '0' && s[k] <= '9') {
            k++;
        }
        int digits = k - first;
        if (digits == 0 || digits > 18 || (s[first] == '0' && (digits > 1 || negative))) {
            throw NotSimple.INSTANCE;
        }
        return k;
    }

    /** The value of the integer {@link #integerEnd} accepted between {@code from} and {@code end}. */
    static long integerValue(byte[] s, int from, int end) {
        boolean negative = s[from] == '-';
        long v = 0;
        for (int k = negative ? from + 1 : from; k < end; k++) {
            v = v * 10 + (s[k] - '0');
        }
        return negative ? -v : v;
    }

    /**
     * The names a tokenizer has seen (keywords, field names), one string per name: the same few come back on every
     * line, so each line's names are neither decoded nor allocated again. Holds at most 32; later names are made
     * each time.
     */
    static final class Names {
        private final String[] names = new String[32];
        private final byte[][] bytes = new byte[32][];
        private int count;

        /** Whether {@code s[from, from + len)} is {@code b}: a loop, as names are short (Arrays.equals is a call). */
        private static boolean same(byte[] s, int from, byte[] b, int len) {
            for (int k = 0; k < len; k++) {
                if (s[from + k] != b[k]) {
                    return false;
                }
            }
            return true;
        }

        /**
         * The name seen before that starts at {@code from} in {@code s} and ends there, before {@code n} or a
         * character that {@code goesOn} does not take (ASCII characters a name may go on with); else {@code null}.
         */
        String at(byte[] s, int from, int n, boolean[] goesOn) {
            if (from >= n) {
                return null;
            }
            byte first = s[from];
            next:
            for (int k = 0; k < count; k++) {
                byte[] b = bytes[k];
                int len = b.length;
                int end = from + len;
                if (end > n || len == 0 || b[0] != first) {
                    continue;
                }
                for (int j = 1; j < len; j++) { // in line: C1, the launcher's only JIT, inlines little
                    if (s[from + j] != b[j]) {
                        continue next;
                    }
                }
                if (end == n || s[end] < 0 || !goesOn[s[end]]) {
                    return names[k];
                }
            }
            return null;
        }

        /** The ASCII name {@code s[from, to)}. */
        String of(byte[] s, int from, int to) {
            int len = to - from;
            for (int k = 0; k < count; k++) {
                byte[] b = bytes[k];
                if (b.length == len && same(s, from, b, len)) {
                    return names[k];
                }
            }
            String name = new String(s, from, len, StandardCharsets.ISO_8859_1);
            if (count < names.length) {
                bytes[count] = Arrays.copyOfRange(s, from, to);
                names[count++] = name;
            }
            return name;
        }
    }
}
