package dev.ariadne.harness.redis;

import java.util.HashMap;
import java.util.Map;

/**
 * A deliberately broken read-through cache in front of {@link Registers}, as a near cache without invalidation
 * messages would be: each thread keeps the values it read or wrote, answers reads from them, and never hears of
 * other threads' writes. Its own writes and compare-and-sets go to the store and update its copy. A read that
 * follows another client's completed write can then return the old value: not linearizable.
 */
final class StaleCache implements Registers {
    private final Registers store;
    private final ThreadLocal<Map<String, Long>> cached = ThreadLocal.withInitial(HashMap::new);

    StaleCache(Registers store) {
        this.store = store;
    }

    @Override
    public Long read(String key) {
        Map<String, Long> mine = cached.get();
        if (mine.containsKey(key)) {
            return mine.get(key);
        }
        Long v = store.read(key);
        mine.put(key, v);
        return v;
    }

    @Override
    public void write(String key, long value) {
        cached.get().remove(key); // unknown until the store answers
        store.write(key, value);
        cached.get().put(key, value);
    }

    @Override
    public boolean cas(String key, long expected, long value) {
        cached.get().remove(key);
        boolean swapped = store.cas(key, expected, value);
        if (swapped) {
            cached.get().put(key, value);
        }
        return swapped;
    }
}
