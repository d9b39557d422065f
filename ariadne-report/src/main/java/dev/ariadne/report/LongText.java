package dev.ariadne.report;

/**
 * Shortens the long texts of a text report (model states, operation descriptions) so that a step fits a terminal
 * line, and says how a state differs from the one before, which is what a reader follows along a linearization. The
 * texts are the models' escaped descriptions: cuts never split an escape sequence ({@code \"}, {@code \u0007}) or a
 * surrogate pair, so what is shown stays escaped, and an elision is always marked with {@code …}.
 */
final class LongText {
    private static final String ELLIPSIS = "…";
    /** Characters kept around a change, on each side. */
    private static final int CONTEXT = 12;
    /** Characters kept at the start of a state whose change lies further on. */
    private static final int HEAD = 12;
    /** Characters kept at the end of a state whose change lies further back. */
    private static final int TAIL = 8;

    private LongText() {
    }

    /** {@code text}, or at most about {@code max} characters of it: its start and end around an ellipsis. */
    static String shorten(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int head = snapBack(text, (max * 2) / 3);
        int tail = snapForward(text, text.length() - (max - (max * 2) / 3) + 1);
        return text.substring(0, head) + ELLIPSIS + text.substring(tail);
    }

    /** How a state description changed from {@code before} to {@code after} (unequal), for display. */
    record Change(String shownAfter, String note) {
    }

    /**
     * {@code after} shortened to its start, the part that changed with some context, and its end; and a note of the
     * change: {@code + added}, {@code − removed}, or {@code old → new}, each part at most {@code max} characters.
     */
    static Change change(String before, String after, int max) {
        int lb = before.length();
        int la = after.length();
        int prefix = 0;
        while (prefix < lb && prefix < la && before.charAt(prefix) == after.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < lb - prefix && suffix < la - prefix
                && before.charAt(lb - 1 - suffix) == after.charAt(la - 1 - suffix)) {
            suffix++;
        }
        // Whole numbers and escapes: 10 → 12 is a change of "10", not of "0" to "2".
        while (prefix > 0 && (splitsNumber(after, prefix) || splitsNumber(before, prefix)
                || !isBoundary(after, prefix) || !isBoundary(before, prefix))) {
            prefix--;
        }
        while (suffix > 0 && (splitsNumber(after, la - suffix) || splitsNumber(before, lb - suffix)
                || !isBoundary(after, la - suffix) || !isBoundary(before, lb - suffix))) {
            suffix--;
        }
        String removed = before.substring(prefix, lb - suffix).strip();
        String added = after.substring(prefix, la - suffix).strip();
        String note = removed.isEmpty() ? "+ " + shorten(added, max)
                : added.isEmpty() ? "− " + shorten(removed, max)
                : shorten(removed, max) + " → " + shorten(added, max);

        // Shown: the start, the start of the map entry the change is in (its key), the change with some context,
        // and the end; overlapping pieces merge, and an elision is marked.
        int changeEnd = la - suffix;
        int entry = after.lastIndexOf(", ", Math.max(0, prefix - 1));
        int[][] pieces = {
                {0, HEAD},
                {entry < 0 ? 0 : entry + 2, entry < 0 ? 0 : entry + 2 + HEAD},
                {Math.max(0, prefix - CONTEXT), Math.min(la, changeEnd + CONTEXT)},
                {la - TAIL, la}};
        StringBuilder shown = new StringBuilder();
        int at = 0; // shown up to here
        for (int[] piece : pieces) {
            int from = snapBack(after, Math.max(piece[0], 0));
            int to = snapForward(after, Math.min(piece[1], la));
            if (to <= at) {
                continue;
            }
            if (from > at + ELLIPSIS.length()) {
                shown.append(ELLIPSIS);
            } else {
                from = at;
            }
            boolean change = piece == pieces[2];
            shown.append(change ? shorten(after.substring(from, to), 2 * CONTEXT + max) : after.substring(from, to));
            at = to;
        }
        if (at < la) {
            shown.append(ELLIPSIS);
        }
        return new Change(shown.toString(), note);
    }

    private static boolean splitsNumber(String s, int at) {
        return at > 0 && at < s.length() && Character.isDigit(s.charAt(at - 1)) && Character.isDigit(s.charAt(at));
    }

    /** The nearest cut at or before {@code at} that splits no escape sequence or surrogate pair. */
    private static int snapBack(String s, int at) {
        while (at > 0 && !isBoundary(s, at)) {
            at--;
        }
        return at;
    }

    /** The nearest cut at or after {@code at} that splits no escape sequence or surrogate pair. */
    private static int snapForward(String s, int at) {
        while (at < s.length() && !isBoundary(s, at)) {
            at++;
        }
        return at;
    }

    /** Whether a cut before index {@code at} splits no escape sequence ({@code \x}, {@code \\uXXXX}) or pair. */
    private static boolean isBoundary(String s, int at) {
        if (at <= 0 || at >= s.length()) {
            return true;
        }
        if (Character.isLowSurrogate(s.charAt(at)) && Character.isHighSurrogate(s.charAt(at - 1))) {
            return false;
        }
        // An escape starts at the backslash that is preceded by an even run of backslashes.
        for (int back = 1; back <= 5 && at - back >= 0; back++) {
            int start = at - back;
            if (s.charAt(start) != '\\' || !escapeStarts(s, start)) {
                continue;
            }
            int length = start + 1 < s.length() && s.charAt(start + 1) == 'u' ? 6 : 2;
            if (at < start + length) {
                return false;
            }
        }
        return true;
    }

    /** Whether the backslash at {@code i} starts an escape (it is not itself the escaped character of one). */
    private static boolean escapeStarts(String s, int i) {
        int run = 0;
        for (int k = i - 1; k >= 0 && s.charAt(k) == '\\'; k--) {
            run++;
        }
        return run % 2 == 0;
    }
}
