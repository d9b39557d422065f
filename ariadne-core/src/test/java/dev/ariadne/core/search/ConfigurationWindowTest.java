package dev.ariadne.core.search;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dfs caches store a linearized set as its window ({@link LinearizedSet}): equal sets are one entry however
 * they were reached, sets that differ anywhere (also only in where the window starts) are different entries even
 * when their hashes collide, and a long history with few open operations is searched in memory that grows with
 * what is open, where whole bitsets would have grown with the history.
 */
class ConfigurationWindowTest {
    private static final long[] ZOBRIST = new long[4096];

    static {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < ZOBRIST.length; i++) {
            ZOBRIST[i] = random.nextLong();
        }
    }

    /** A set built by adding and removing operations, with its Zobrist hash kept as the searches keep it. */
    private static final class Built {
        final LinearizedSet set = new LinearizedSet(ZOBRIST.length);
        long hash;

        Built add(int... ops) {
            for (int op : ops) {
                set.add(op);
                hash ^= ZOBRIST[op];
            }
            return this;
        }

        Built remove(int... ops) {
            for (int op : ops) {
                set.remove(op);
                hash ^= ZOBRIST[op];
            }
            return this;
        }

        Built range(int from, int to) {
            for (int op = from; op < to; op++) {
                add(op);
            }
            return this;
        }
    }

    @Test
    void setsEqualAsSetsButReachedInDifferentOrdersAreOneEntry() {
        // {0..199} without 130, with 300: in call order; backwards with detours that move both window edges.
        Built forward = new Built().range(0, 200).remove(130).add(300);
        Built backward = new Built().add(300, 900, 64).remove(900);
        for (int op = 199; op >= 0; op--) {
            if (op != 130 && op != 64) {
                backward.add(op);
            }
        }
        backward.add(130, 2000).remove(2000, 130);
        assertEquals(forward.hash, backward.hash, "the Zobrist hash is a function of the set");
        assertEquals(forward.set.lo, backward.set.lo);
        assertEquals(forward.set.hi, backward.set.hi);
        assertEquals(2, forward.set.lo, "word 2 holds 130, the first operation left out");
        assertEquals(5, forward.set.hi, "word 4 holds 300, the last operation in");

        ConfigurationCache cache = new ConfigurationCache(ZOBRIST.length);
        assertTrue(cache.add(forward.hash, "s", forward.set));
        assertFalse(cache.add(backward.hash, "s", backward.set), "the same set reached another way");
        assertTrue(cache.add(backward.hash, "t", backward.set), "another state is another configuration");
        assertEquals(2, cache.size());

        SharedConfigurationSet shared = new SharedConfigurationSet(ZOBRIST.length, 2, Budget.unlimited());
        assertTrue(shared.writer().add(forward.hash, "s", forward.set));
        assertFalse(shared.writer().add(backward.hash, "s", backward.set), "the same set reached another way");
    }

    @Test
    void windowsCrossingWordBoundariesAndStartingAtDifferentWordsAreCompared() {
        List<Built> sets = List.of(
                new Built().add(63, 64), // one window over words 0 and 1
                new Built().add(63), new Built().add(64),
                new Built().range(0, 64).add(64), // word 0 full: window {bit 0} from word 1
                new Built().range(0, 128).add(128), // the same window's word from word 2
                new Built().range(0, 64).add(65, 191), // a window of three words, the middle one empty
                new Built().range(0, 64).add(65, 127, 191),
                new Built().range(0, 192), // only full words: an empty window from word 3
                new Built().range(0, 256), // an empty window from word 4
                new Built());
        ConfigurationCache cache = new ConfigurationCache(ZOBRIST.length);
        SharedConfigurationSet.Writer shared = new SharedConfigurationSet(ZOBRIST.length, 1, Budget.unlimited())
                .writer();
        // All with one hash: every entry is told apart by its window alone.
        for (Built b : sets) {
            assertTrue(cache.add(42, "s", b.set), "a set of its own: lo " + b.set.lo + ", hi " + b.set.hi);
            assertTrue(shared.add(42, "s", b.set), "a set of its own: lo " + b.set.lo + ", hi " + b.set.hi);
        }
        for (Built b : sets) {
            assertFalse(cache.add(42, "s", b.set));
            assertFalse(shared.add(42, "s", b.set));
            // The whole bitset (bounds 0 and its length, narrowed by the caches) is the same entry.
            assertFalse(cache.add(42, "s", b.set.bits));
            assertFalse(shared.add(42, "s", b.set.bits));
        }
        assertEquals(sets.size(), cache.size());
    }

    @Test
    void theWindowBoundsStayExactThroughRandomAddsAndRemoves() {
        SplittableRandom random = new SplittableRandom(5);
        boolean[] pending = new boolean[700];
        for (int i = 0; i < 700; i++) {
            // A few pending operations, and all of word 5 pending (a word full of them alone).
            pending[i] = random.nextInt(40) == 0 || i >= 320 && i < 384;
        }
        LinearizedSet set = new LinearizedSet(pending);
        boolean[] in = new boolean[700];
        for (int step = 0; step < 200_000; step++) {
            // Mostly near a moving point, as a dfs goes: the edges move both ways across words.
            int op = Math.floorMod(step / 50 + random.nextInt(-150, 150), 700);
            if (in[op]) {
                set.remove(op);
            } else {
                set.add(op);
            }
            in[op] = !in[op];
            // The bounds by their definition: the first word with a completed operation out, one past the last
            // word with a completed operation in.
            int lo = 0;
            while (lo * 64 < 700 && allCompletedIn(lo, in, pending)) {
                lo++;
            }
            int hi = 0;
            for (int i = 0; i < 700; i++) {
                if (in[i] && !pending[i]) {
                    hi = i / 64 + 1;
                }
            }
            assertEquals(lo, set.lo, "step " + step);
            assertEquals(hi, set.hi, "step " + step);
            assertEquals(in[op], set.contains(op));
        }
    }

    private static boolean allCompletedIn(int word, boolean[] in, boolean[] pending) {
        for (int i = word * 64; i < Math.min(in.length, word * 64 + 64); i++) {
            if (!pending[i] && !in[i]) {
                return false;
            }
        }
        // The last word's bits past the operations count as out: only a whole word of operations is full.
        return word * 64 + 64 <= in.length;
    }

    @Test
    void aPendingOperationLeftOutDoesNotHoldTheWindowBack() {
        boolean[] pending = new boolean[4096];
        pending[3] = true;
        pending[70] = true;
        LinearizedSet set = new LinearizedSet(pending);
        for (int op = 0; op < 4000; op++) {
            if (op != 3) {
                set.add(op);
            }
        }
        assertTrue(set.contains(70));
        assertFalse(set.contains(3));
        assertEquals(62, set.lo, "the first word with a completed operation out: 4000 / 64");
        assertEquals(63, set.hi);
        ConfigurationCache cache = new ConfigurationCache(4096);
        assertTrue(cache.add(1, "s", set));
        set.remove(70);
        assertTrue(cache.add(1, "s", set), "the pending bits are part of the entry");
        set.add(70);
        assertFalse(cache.add(1, "s", set));
        assertEquals(2, cache.size());
        // One window word and one word of pending bits an entry, where whole bitsets take 64 words (10 MB here).
        for (int state = 0; state < 20_000; state++) {
            assertTrue(cache.add(1, state, set));
        }
        assertTrue(cache.bytes() < 20_000 * 200, "held " + cache.bytes());
    }

    /**
     * 100,000 register operations with about three open at once: writes and reads whose outputs follow
     * linearization points in call order, so the history is linearizable. Whole bitsets would take 12.5 KB for
     * each configuration explored; windows take a few words.
     */
    @Test
    void aLongHistoryWithFewOpenOperationsIsSearchedWithinABudgetWholeBitsetsWouldExceed() {
        int n = 100_000;
        @SuppressWarnings("unchecked")
        Model<Object> model = (Model<Object>) BuiltinModels.byName("register");
        List<Operation> ops = new ArrayList<>(n);
        Object last = null;
        for (int i = 0; i < n; i++) {
            boolean write = i % 2 == 0 || i % 7 == 3;
            Object value = (long) (i % 3);
            Operation op = write
                    ? Operation.of(i, i % 3, Invocation.of("write", value), null, 4L * i, 4L * i + 9)
                    : Operation.of(i, i % 3, Invocation.of("read"), last, 4L * i, 4L * i + 9);
            if (write) {
                last = value;
            }
            ops.add(model.prepare(op));
        }
        long limit = 64L << 20;
        Budget budget = Budget.unlimited().withMaxMemory(limit);
        DfsSearch<Object> search = new DfsSearch<>(model, ops, budget);
        PartitionResult result = search.run(0, "all");

        assertEquals(Verdict.LINEARIZABLE, result.verdict(), result.reason());
        long cached = result.statistics().cached();
        assertTrue(cached >= n, "every operation placed once at least: " + cached);
        long wholeBitsets = cached * ((n + 63) / 64) * 8L;
        assertTrue(wholeBitsets > 10 * limit, "the old layout would not have fit: " + wholeBitsets);
        assertTrue(search.heldBytes > 0 && search.heldBytes <= limit, "held " + search.heldBytes);
        // Per entry: the window's few words, the entry's index, base, hash and state, and the table.
        assertTrue(search.heldBytes < cached * 200, "held " + search.heldBytes + " for " + cached + " entries");
    }
}
