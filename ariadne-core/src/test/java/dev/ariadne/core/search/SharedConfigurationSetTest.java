package dev.ariadne.core.search;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link SharedConfigurationSet}: exactly one winner per configuration however many threads add it at once, also
 * while the table grows under them; membership by the whole configuration, never by the hash alone.
 */
class SharedConfigurationSetTest {
    private static final int WORDS = 3;

    /** Configuration {@code i}: a bitset of three words spread from i, its Zobrist-like hash, and a state. */
    private static long[] set(int i) {
        return new long[]{i, (long) i * 31, ~(long) i};
    }

    private static long hash(int i) {
        return i * 0x9E3779B97F4A7C15L;
    }

    @Test
    void threadsAddingTheSameConfigurationsGetOneWinnerEachWhileTheTableGrows() throws Exception {
        int configurations = 150_000;
        int threads = 4;
        // From the smallest table: it doubles about six times while the threads add.
        SharedConfigurationSet shared = new SharedConfigurationSet(1, threads, Budget.unlimited());
        AtomicIntegerArray wins = new AtomicIntegerArray(configurations);
        CyclicBarrier start = new CyclicBarrier(threads);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] all = new Thread[threads];
        SharedConfigurationSet.Writer[] writers = new SharedConfigurationSet.Writer[threads];
        for (int t = 0; t < threads; t++) {
            SharedConfigurationSet.Writer writer = shared.writer();
            writers[t] = writer;
            int offset = t * 7919; // each thread in its own order, so that they meet everywhere
            all[t] = new Thread(() -> {
                try {
                    start.await();
                    for (int k = 0; k < configurations; k++) {
                        int i = (k + offset) % configurations;
                        // States are equal by value, not identity: a boxed long made afresh each time.
                        if (writer.add(hash(i), Long.valueOf(i % 5 + 1000L), set(i))) {
                            wins.incrementAndGet(i);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            all[t].start();
        }
        for (Thread t : all) {
            t.join();
        }
        assertNull(failure.get());
        long added = 0;
        for (SharedConfigurationSet.Writer w : writers) {
            added += w.added();
        }
        assertEquals(configurations, added);
        for (int i = 0; i < configurations; i++) {
            assertEquals(1, wins.get(i), "configuration " + i);
        }
        SharedConfigurationSet.Writer late = shared.writer();
        for (int i = 0; i < configurations; i++) {
            assertFalse(late.add(hash(i), Long.valueOf(i % 5 + 1000L), set(i)), "configuration " + i + " was lost");
        }
    }

    /** A state whose hash code is the same for every value: all configurations of one set collide. */
    private record Colliding(int value) {
        @Override
        public int hashCode() {
            return 42;
        }
    }

    @Test
    void differentConfigurationsWithTheSameHashAreAllKept() {
        SharedConfigurationSet shared = new SharedConfigurationSet(1, 2, Budget.unlimited());
        SharedConfigurationSet.Writer a = shared.writer();
        SharedConfigurationSet.Writer b = shared.writer();
        long sameHash = 12345;
        // The same set hash with different sets, and the same set with different states of one hash code.
        assertTrue(a.add(sameHash, new Colliding(1), set(1)));
        assertTrue(b.add(sameHash, new Colliding(1), set(2)));
        assertTrue(a.add(sameHash, new Colliding(2), set(1)));
        assertTrue(b.add(sameHash, new Colliding(2), set(2)));
        assertFalse(a.add(sameHash, new Colliding(2), set(2)));
        assertFalse(b.add(sameHash, new Colliding(1), set(1)));
        assertFalse(b.add(sameHash, new Colliding(1), set(2)));
        assertEquals(4, a.added() + b.added());
    }

    @Test
    void manyCollidingConfigurationsSurviveGrowth() {
        SharedConfigurationSet shared = new SharedConfigurationSet(1, 1, Budget.unlimited());
        SharedConfigurationSet.Writer w = shared.writer();
        SplittableRandom random = new SplittableRandom(7);
        int count = 5_000;
        long[][] sets = new long[count][];
        for (int i = 0; i < count; i++) {
            sets[i] = new long[]{random.nextLong(), random.nextLong(), random.nextLong()};
            // Only 64 distinct hashes: long probe runs of equal tags, moved as they are when the table doubles.
            assertTrue(w.add(i % 64, new Colliding(i % 3), sets[i]));
        }
        for (int i = 0; i < count; i++) {
            assertFalse(w.add(i % 64, new Colliding(i % 3), sets[i]));
            assertTrue(w.add(i % 64, new Colliding(3), sets[i]), "a different state is a different configuration");
        }
    }

    @Test
    void aChunkThatDoesNotFitTheBudgetStopsIt() {
        Budget budget = Budget.unlimited().withMaxMemory(64 << 10);
        SharedConfigurationSet shared = new SharedConfigurationSet(1, 1, budget);
        SharedConfigurationSet.Writer w = shared.writer();
        assertThrows(MemoryLimit.class, () -> {
            for (int i = 0; i < 1_000_000; i++) {
                w.add(hash(i), 0L, set(i));
            }
        });
        assertTrue(budget.reason().startsWith("memory"), budget.reason());
    }
}
