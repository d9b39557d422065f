package dev.ariadne.core.search;

import dev.ariadne.core.model.StateKeys;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dfs's configuration cache keeps the key of a state whose model has {@link StateKeys} instead of the state:
 * equal keys are one configuration, different keys two even when the states' hashes and the sets collide, a key
 * longer than the cache's buffer is written after the cache makes room, and states without a key are compared as
 * objects, never against keys.
 */
class StateKeysCacheTest {
    /** A state whose hash is the same for all: only its key or its equality can tell it apart. */
    private record S(String text) {
        @Override
        public int hashCode() {
            return 7;
        }
    }

    /** The text's length, then one character a word; no key for a text starting with '!'. */
    private static final StateKeys<S> KEYS = (state, into, at) -> {
        String t = state.text();
        if (t.startsWith("!")) {
            return StateKeys.NO_KEY;
        }
        if (into.length - at < t.length() + 1) {
            return StateKeys.NO_ROOM;
        }
        into[at++] = t.length();
        for (int i = 0; i < t.length(); i++) {
            into[at++] = t.charAt(i);
        }
        return at;
    };

    private static boolean add(ConfigurationCache cache, LinearizedSet set, String state) {
        return cache.add(42L, new S(state), set);
    }

    @Test
    void equalKeysAreOneConfigurationAndDifferentKeysTwo() {
        ConfigurationCache cache = new ConfigurationCache(64, null, KEYS);
        LinearizedSet set = new LinearizedSet(64);
        set.add(3);
        assertTrue(add(cache, set, "ab"));
        assertFalse(add(cache, set, "ab"));
        assertTrue(add(cache, set, "abc"));
        assertTrue(add(cache, set, "ba"));
        String longer = "x".repeat(100); // longer than the cache's first buffer
        assertTrue(add(cache, set, longer));
        assertFalse(add(cache, set, "x".repeat(100)));
        assertTrue(add(cache, set, "x".repeat(99) + "y"));
        // the same state with another set (same set hash given): another configuration
        LinearizedSet other = new LinearizedSet(64);
        other.add(4);
        assertTrue(add(cache, other, "ab"));
        assertFalse(add(cache, other, "ab"));
    }

    @Test
    void statesWithoutKeysAreComparedAsObjectsAndNeverAgainstKeys() {
        ConfigurationCache cache = new ConfigurationCache(64, null, KEYS);
        LinearizedSet set = new LinearizedSet(64);
        assertTrue(add(cache, set, "!a"));
        assertFalse(add(cache, set, "!a"));
        assertTrue(add(cache, set, "!b"));
        assertTrue(add(cache, set, "a"));
        assertFalse(add(cache, set, "a"));
        assertFalse(add(cache, set, "!b"));
    }

    /** A key's words are never read as a set's words: a longer window and a shorter key are another entry. */
    @Test
    void aWindowAndAKeyOfTheSameWordsAreNotConfused() {
        ConfigurationCache cache = new ConfigurationCache(256, null, KEYS);
        LinearizedSet small = new LinearizedSet(256);
        small.add(65); // window: word 0 (not full) .. word 1
        LinearizedSet wide = new LinearizedSet(256);
        wide.add(65);
        wide.add(130); // one more word in the window
        assertTrue(cache.add(1L, new S("ab"), small));
        assertTrue(cache.add(1L, new S("b"), wide));
        assertFalse(cache.add(1L, new S("ab"), small));
        assertFalse(cache.add(1L, new S("b"), wide));
    }
}
