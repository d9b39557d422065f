package dev.ariadne.harness;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Deliberately broken concurrent structures, each with the kind of bug the harness is for. Each widens its race
 * window with a short spin, as a slower real implementation (a network round trip, a longer computation) would:
 * Java cannot preempt a thread at an arbitrary instruction the way rr's chaos mode does, so the window is where the
 * schedule chaos and the other clients can land.
 */
final class BrokenStructures {
    private BrokenStructures() {
    }

    static void window() {
        for (int i = 0; i < 200; i++) {
            Thread.onSpinWait();
        }
    }

    /** A counter whose increment reads, then writes: two concurrent increments can count once. */
    static final class CheckThenActCounter {
        private volatile long value;

        void increment() {
            long v = value;
            window();
            value = v + 1;
        }

        long read() {
            return value;
        }
    }

    /**
     * A bounded array queue whose enqueue claims its slot without synchronisation: two concurrent enqueues can take
     * the same slot, so one element is lost (overwritten), or a dequeue can pass a slot not written yet and see the
     * queue empty or an element out of order. Dequeues are synchronized (the bug is in enqueue alone).
     */
    static final class LossyQueue {
        private final Long[] items = new Long[1 << 20];
        private volatile int tail;
        private int head;

        void enqueue(long v) {
            int t = tail;
            window();
            items[t] = v;
            tail = t + 1;
        }

        synchronized Long dequeue() {
            if (head == tail) {
                return null;
            }
            Long v = items[head];
            if (v == null) {
                return null;
            }
            items[head++] = null;
            return v;
        }
    }

    /**
     * A key-value store with a read-through cache in front: a read that misses fetches the value and fills the cache
     * without checking that no write came in between, so a write racing with a read can leave the old value cached
     * for ever. Writes go to the store and invalidate the cache.
     */
    static final class RacyCachedMap {
        private final Map<String, String> store = new ConcurrentHashMap<>();
        private final Map<String, String> cache = new ConcurrentHashMap<>();

        String get(String key) {
            String cached = cache.get(key);
            if (cached != null) {
                return cached;
            }
            String v = store.getOrDefault(key, "");
            window();
            cache.put(key, v);
            return v;
        }

        void put(String key, String value) {
            store.put(key, value);
            cache.remove(key);
        }
    }
}
