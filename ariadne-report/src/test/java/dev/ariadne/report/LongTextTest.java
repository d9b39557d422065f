package dev.ariadne.report;

import dev.ariadne.core.history.Values;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shortened states and operation descriptions: short enough, still escaped, and the change named exactly. */
class LongTextTest {
    /** One unit of an escaped text, found independently of {@link LongText}: an escape, a surrogate pair, a char. */
    private static final Pattern UNIT = Pattern.compile("\\\\u[0-9a-f]{4}|\\\\.|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF]|.",
            Pattern.DOTALL);

    private static TreeSet<Integer> boundaries(String escaped) {
        TreeSet<Integer> cuts = new TreeSet<>();
        Matcher m = UNIT.matcher(escaped);
        while (m.find()) {
            cuts.add(m.start());
            cuts.add(m.end());
        }
        return cuts;
    }

    private static String randomEscaped(SplittableRandom r) {
        String[] pieces = {"a", "7", " ", "\"", "\\", "\n", "\u0007", "\u202e", "😀", "é", "x 3 1 y"};
        StringBuilder raw = new StringBuilder();
        int n = r.nextInt(120);
        for (int i = 0; i < n; i++) {
            raw.append(pieces[r.nextInt(pieces.length)]);
        }
        return "{\"k\" " + Values.show(raw.toString()) + "}";
    }

    @Test
    void shorteningKeepsEveryEscapeWholeAndMarksTheElision() {
        SplittableRandom r = new SplittableRandom(12);
        for (int i = 0; i < 3000; i++) {
            String escaped = randomEscaped(r);
            int max = 8 + r.nextInt(60);
            String shown = LongText.shorten(escaped, max);
            if (escaped.length() <= max) {
                assertEquals(escaped, shown);
                continue;
            }
            assertTrue(shown.length() <= max + 6, shown + " for max " + max); // an escape may stretch a cut
            int dots = shown.indexOf('…');
            String head = shown.substring(0, dots);
            String tail = shown.substring(dots + 1);
            assertTrue(escaped.startsWith(head) && escaped.endsWith(tail), shown);
            TreeSet<Integer> cuts = boundaries(escaped);
            assertTrue(cuts.contains(head.length()), "head cut splits a unit: " + shown + " of " + escaped);
            assertTrue(cuts.contains(escaped.length() - tail.length()), "tail cut splits a unit: " + shown);
        }
    }

    @Test
    void aChangeIsShownAroundItsPlaceAndNamed() {
        String before = "{\"5\" \"x 3 3 yx 7 2 yx 8 3 yx 6 1 yx 7 10 yx 1 3 yx 8 10 yx 9 13 yx 8 0 y\"}";
        String after = "{\"5\" \"x 3 3 yx 7 2 yx 8 3 yx 6 1 yx 7 10 yx 1 3 yx 8 10 yx 9 13 yx 8 0 yx 9 0 y\"}";
        LongText.Change c = LongText.change(before, after, 40);
        assertEquals("+ x 9 0 y", c.note());
        assertEquals("{\"5\" \"x 3 3 … 13 yx 8 0 yx 9 0 y\"}", c.shownAfter());

        assertEquals("− 1", LongText.change("[1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25]",
                "[2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25]", 40).note());
        assertEquals("10 → 12", LongText.change("{\"a\" 1, \"b\" 2, \"c\" 3, \"d\" 10, \"e\" 5, \"f\" 6, \"g\" 7}",
                "{\"a\" 1, \"b\" 2, \"c\" 3, \"d\" 12, \"e\" 5, \"f\" 6, \"g\" 7}", 40).note(), "whole numbers");
    }

    @Test
    void changesBetweenRandomEscapedStatesKeepEscapesWhole() {
        SplittableRandom r = new SplittableRandom(13);
        for (int i = 0; i < 3000; i++) {
            String before = randomEscaped(r);
            String after = r.nextBoolean() ? randomEscaped(r) : before.substring(0, before.length() - 2)
                    + Values.escape("x\u0007\"" + r.nextInt(100)) + "\"}";
            if (before.equals(after)) {
                continue;
            }
            LongText.Change c = LongText.change(before, after, 12);
            List<String> parts = new ArrayList<>(List.of(c.shownAfter().split("…", -1)));
            TreeSet<Integer> cuts = boundaries(after);
            int from = 0;
            for (String part : parts) {
                int at = after.indexOf(part, from);
                assertTrue(at >= 0, "not a piece of the state, in order: " + part + " in " + after);
                assertTrue(part.isEmpty() || cuts.contains(at) && cuts.contains(at + part.length()),
                        "splits an escape: '" + part + "' of " + after);
                from = at + part.length();
            }
            assertTrue(c.shownAfter().startsWith("{"), c.shownAfter());
            assertTrue(c.shownAfter().endsWith("}"), c.shownAfter());
        }
    }
}
