package dev.ariadne.core.models;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

class IntSortedMapTest {
    private static final int MIN_KEY = -4;
    private static final int MAX_KEY = 24;

    /** A value from a small domain, as a new object each time, so that only {@code equals} can match it. */
    private static String value(Random random) {
        return new String("v" + random.nextInt(4));
    }

    /** The map with {@code contents}' entries put in a random order, into an empty map. */
    private static IntSortedMap<String> rebuilt(Map<Integer, String> contents, Random random) {
        List<Map.Entry<Integer, String>> entries = new ArrayList<>(contents.entrySet());
        Collections.shuffle(entries, random);
        IntSortedMap<String> m = IntSortedMap.empty();
        for (Map.Entry<Integer, String> e : entries) {
            m = m.put(e.getKey(), e.getValue());
        }
        return m;
    }

    private static void assertSameContents(TreeMap<Integer, String> expected, IntSortedMap<String> actual,
            String where) {
        assertEquals(expected.size(), actual.size(), where);
        int i = 0;
        for (Map.Entry<Integer, String> e : expected.entrySet()) {
            assertEquals(e.getKey(), actual.keyAt(i), where + ": key " + i);
            assertEquals(e.getValue(), actual.valueAt(i), where + ": value " + i);
            i++;
        }
        for (int key = MIN_KEY - 1; key <= MAX_KEY + 1; key++) {
            assertEquals(expected.get(key), actual.get(key), where + ": get(" + key + ")");
        }
    }

    @Test
    void randomOperationsAgreeWithTreeMap() {
        for (long seed = 1; seed <= 30; seed++) {
            Random random = new Random(seed);
            IntSortedMap<String> map = IntSortedMap.empty();
            TreeMap<Integer, String> reference = new TreeMap<>();
            List<IntSortedMap<String>> maps = new ArrayList<>();
            List<TreeMap<Integer, String>> references = new ArrayList<>();
            for (int step = 0; step < 400; step++) {
                int key = MIN_KEY + random.nextInt(MAX_KEY - MIN_KEY + 1);
                String where = "seed " + seed + ", step " + step;
                switch (random.nextInt(3)) {
                    case 0 -> {
                        String v = value(random);
                        map = map.put(key, v);
                        reference.put(key, v);
                    }
                    case 1 -> {
                        map = map.remove(key);
                        reference.remove(key);
                    }
                    default -> {
                        // A batch on sorted distinct keys; null removes.
                        TreeMap<Integer, String> batch = new TreeMap<>();
                        for (int n = random.nextInt(6); n > 0; n--) {
                            batch.put(MIN_KEY + random.nextInt(MAX_KEY - MIN_KEY + 1),
                                    random.nextInt(3) == 0 ? null : value(random));
                        }
                        int[] keys = new int[batch.size()];
                        String[] values = new String[batch.size()];
                        int i = 0;
                        for (Map.Entry<Integer, String> e : batch.entrySet()) {
                            keys[i] = e.getKey();
                            values[i++] = e.getValue();
                            if (e.getValue() == null) {
                                reference.remove(e.getKey());
                            } else {
                                reference.put(e.getKey(), e.getValue());
                            }
                        }
                        map = map.putAll(keys, values);
                    }
                }
                assertSameContents(reference, map, where);
                IntSortedMap<String> fresh = rebuilt(reference, random);
                assertEquals(fresh, map, where);
                assertEquals(fresh.hashCode(), map.hashCode(), where + ": hash");
                maps.add(map);
                references.add(new TreeMap<>(reference));
            }
            for (int n = 0; n < 2000; n++) {
                int a = random.nextInt(maps.size());
                int b = random.nextInt(maps.size());
                String where = "seed " + seed + ", maps " + a + " and " + b;
                assertEquals(references.get(a).equals(references.get(b)), maps.get(a).equals(maps.get(b)), where);
                if (references.get(a).equals(references.get(b))) {
                    assertEquals(maps.get(a).hashCode(), maps.get(b).hashCode(), where);
                }
            }
            for (int i = 0; i < maps.size(); i++) {
                assertSameContents(references.get(i), maps.get(i), "seed " + seed + ", map " + i + " afterwards");
            }
        }
    }

    @Test
    void changesThatChangeNothingReturnTheSameMap() {
        IntSortedMap<String> m = IntSortedMap.<String>empty().put(3, "a").put(1, "b");
        assertSame(m, m.put(3, new String("a")), "an equal value");
        assertSame(m, m.remove(2), "an absent key");
        assertSame(m, m.putAll(new int[] {0, 1, 3, 7}, new String[] {null, new String("b"), "a", null}));
        assertSame(m, m.putAll(new int[0], new String[0]));
    }

    @Test
    void emptiedMapsEqualTheEmptyMap() {
        IntSortedMap<String> empty = IntSortedMap.empty();
        IntSortedMap<String> m = empty.put(5, "a").put(-2, "b");
        assertNotEquals(empty, m);
        assertEquals(empty, m.remove(5).remove(-2));
        assertEquals(empty.hashCode(), m.remove(-2).remove(5).hashCode());
        assertEquals(empty, m.putAll(new int[] {-2, 5}, new String[] {null, null}));
        assertNull(m.remove(5).get(5));
    }

    @Test
    void sameValueUnderDifferentKeysIsADifferentMap() {
        IntSortedMap<String> empty = IntSortedMap.empty();
        assertNotEquals(empty.put(1, "a").put(2, "b"), empty.put(1, "b").put(2, "a"));
        assertNotEquals(empty.put(1, "a").hashCode(), empty.put(2, "a").hashCode());
        assertNotEquals(empty.put(1, "a").put(2, "b").hashCode(), empty.put(1, "b").put(2, "a").hashCode());
    }
}
