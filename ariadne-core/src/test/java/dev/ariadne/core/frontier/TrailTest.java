package dev.ariadne.core.frontier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The frontier's trail arena on its own: reading linearizations back, compaction, sharing with a speculation. */
class TrailTest {
    /** A set of one configuration per given trail entry (the states are distinct so that none merge). */
    static ConfigSet live(int... trails) {
        ConfigSet set = new ConfigSet(1, null);
        long[] bits = new long[1];
        for (int i = 0; i < trails.length; i++) {
            Integer state = i;
            int e = set.add(ConfigSet.hash(state, bits, 0, 1), state, bits, 0);
            set.trails[e] = trails[i];
        }
        return set;
    }

    @Test
    void ordersReadBackAlongParents() {
        Trail trail = new Trail(null);
        int a = trail.append(7, -1);
        int b = trail.append(3, a);
        int c = trail.append(5, a); // a branch
        assertArrayEquals(new int[]{7, 3}, trail.order(b));
        assertArrayEquals(new int[]{7, 5}, trail.order(c));
        assertArrayEquals(new int[0], trail.order(-1));
    }

    @Test
    void compactionKeepsWhatConfigurationsReachAndRenumbersThem() {
        Trail trail = new Trail(null);
        int root = trail.append(1, -1);
        int dead = root;
        for (int i = 0; i < 100_000; i++) {
            dead = trail.append(1000 + i, dead); // a branch no configuration reaches
        }
        int kept = trail.append(2, root);
        kept = trail.append(3, kept);
        ConfigSet configurations = live(kept, -1);
        assertTrue(trail.needsCompaction());
        long before = trail.bytes();

        trail.compact(configurations);

        assertFalse(trail.needsCompaction());
        assertTrue(trail.bytes() < before / 16, "the arena shrinks: " + trail.bytes() + " of " + before);
        assertArrayEquals(new int[]{1, 2, 3}, trail.order(configurations.trails[0]));
        assertEquals(-1, configurations.trails[1]);
        assertEquals(3, trail.append(4, configurations.trails[0]), "three entries survived, in their order");
    }

    @Test
    void aSpeculationAppendsAfterTheSharedEntriesWithoutChangingThem() {
        Trail trail = new Trail(null);
        int a = trail.append(1, -1);
        int b = trail.append(2, a);
        Trail speculation = new Trail(null);
        speculation.shareFrom(trail);

        int s = speculation.append(9, b);

        assertArrayEquals(new int[]{1, 2, 9}, speculation.order(s));
        assertArrayEquals(new int[]{1, 2}, trail.order(b));
        assertEquals(s, trail.append(3, b), "the original overwrites the speculation's entries later");
        assertArrayEquals(new int[]{1, 2, 3}, trail.order(s));
    }
}
