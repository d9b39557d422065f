package dev.ariadne.core.frontier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The configuration set's bulk removal, which the frontier's pruning passes share. */
class ConfigSetTest {
    @Test
    void removingMarkedEntriesCountsTheLeadingOnesLeftAndClearsTheMarks() {
        ConfigSet set = TrailTest.live(10, 11, 12, 13, 14);
        boolean[] drop = {false, true, false, true, true, false};

        int leading = set.removeMarked(drop, true, 3);

        assertEquals(2, leading);
        assertEquals(2, set.size);
        assertEquals(10, set.trails[0]);
        assertEquals(12, set.trails[1]);
        assertArrayEquals(new boolean[6], drop);
    }

    @Test
    void withNothingMarkedEverythingStays() {
        ConfigSet set = TrailTest.live(10, 11, 12);

        assertEquals(2, set.removeMarked(new boolean[3], false, 2));
        assertEquals(3, set.size);
    }
}
