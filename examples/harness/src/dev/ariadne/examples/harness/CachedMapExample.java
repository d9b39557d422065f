package dev.ariadne.examples.harness;

import dev.ariadne.harness.Arg;
import dev.ariadne.harness.LinearizabilityTest;
import dev.ariadne.harness.Op;
import dev.ariadne.harness.SystemUnderTest;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The walk-through of docs/harness.md: a key-value store behind a read-through cache with a race, and the test that
 * catches it. It fails on purpose, so it runs only when asked:
 * {@code mvn -q -pl ariadne-harness -am verify -Dtest=CachedMapExample -Dsurefire.failIfNoSpecifiedTests=false
 * -Dariadne.examples.failing=true}.
 */
@EnabledIfSystemProperty(named = "ariadne.examples.failing", matches = "true")
class CachedMapExample {

    /** The system under test: a store, and a cache that a read fills after it missed. */
    // guide:store
    static final class CachedStore {
        private final Map<String, String> store = new ConcurrentHashMap<>();
        private final Map<String, String> cache = new ConcurrentHashMap<>();

        String get(String key) {
            String cached = cache.get(key);
            if (cached != null) {
                return cached;
            }
            String value = store.getOrDefault(key, "");
            slowly(); // a network round trip in real life
            cache.put(key, value); // the bug: a put may have come in since the read
            return value;
        }

        void put(String key, String value) {
            store.put(key, value);
            cache.remove(key);
        }
    }
    // guide:end

    private static void slowly() {
        for (int i = 0; i < 200; i++) {
            Thread.onSpinWait();
        }
    }

    // guide:system
    @SystemUnderTest
    CachedStore store() {
        return new CachedStore();
    }
    // guide:end

    // guide:ops
    @Op("put")
    void put(CachedStore s, @Arg(key = true, oneOf = {"x", "y"}) String key, @Arg(letters = 3) String value) {
        s.put(key, value);
    }

    @Op(value = "get", weight = 3)
    String get(CachedStore s, @Arg(key = true, oneOf = {"x", "y"}) String key) {
        return s.get(key);
    }
    // guide:end

    // guide:test
    @LinearizabilityTest(model = "kv", clients = 4, operations = 10, rounds = 3000)
    void cachedStoreIsLinearizable() {
    }
    // guide:end
}
