package dev.ariadne.core.engine;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.FifoQueueModel;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.reference.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frontier on layered queue states ({@link QueueLayers}): held against the brute-force reference on random
 * queue histories with values from a small domain, with and without initial contents, and shown to keep one
 * configuration where the concrete frontier would keep a permutation per order of concurrent enqueues.
 */
class QueueLayersTest {
    private static final long BASE_SEED = 0x1A7E4EDL;
    private static final int HISTORIES = 12000;

    @Test
    void layeredFrontierAgreesWithBruteForce() {
        differential(BuiltinModels.byName("fifo-queue"), "empty");
    }

    @Test
    void layeredFrontierAgreesWithBruteForceFromInitialContents() {
        differential(((FifoQueueModel) BuiltinModels.byName("fifo-queue")).withInitial(List.of(1, 2)), "[1 2]");
    }

    private static void differential(Model<?> model, String start) {
        CheckOptions options = CheckOptions.defaults().withEngine(Engine.FRONTIER).withPartition(false);
        int layered = 0;
        int linearizable = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.generate("fifo-queue", seed);
            if (!qualifies(model, history)) {
                continue;
            }
            layered++;
            boolean expected = BruteForceChecker.isLinearizable(history, model);
            Result result = Checker.check(history, model, options);
            Verdict want = expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            String context = "queue starting " + start + ", seed " + seed + " (RandomHistories.generate(\"fifo-queue\", "
                    + seed + "L)):\n" + RandomHistories.show(history);
            assertEquals(want, result.verdict(), "brute force and the layered frontier disagree on " + context);
            try {
                ResultAssertions.assertConsistent(history, model, options, result);
            } catch (AssertionError e) {
                throw new AssertionError("bad evidence for " + context + e.getMessage(), e);
            }
            if (expected) {
                linearizable++;
            }
        }
        System.out.printf("layered queue from %s: %d histories, %d linearizable, %d not%n", start, layered,
                linearizable, layered - linearizable);
        assertTrue(layered >= HISTORIES / 10, "too few histories qualify: " + layered);
        assertTrue(linearizable >= layered / 10 && layered - linearizable >= layered / 10,
                "too one-sided: " + linearizable + " linearizable of " + layered);
    }

    private static boolean qualifies(Model<?> model, History history) {
        Operation[] ops = new Operation[history.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = model.prepare(history.operations().get(i));
        }
        return QueueLayers.of(model, ops) != null;
    }

    @Test
    void concurrentEnqueuesAreOneConfiguration() {
        // Eight enqueues of different values, all concurrent, then their values dequeued one by one in reverse:
        // the concrete frontier would hold 8! orders after the enqueues; the layered one holds one per subset of
        // linearized enqueues at most.
        HistoryBuilder b = new HistoryBuilder();
        for (int c = 0; c < 8; c++) {
            b.call(c, Invocation.of("enqueue", (long) c), c, java.util.Map.of());
        }
        for (int c = 0; c < 8; c++) {
            b.ret(c, null, 10 + c, 0);
        }
        for (int i = 0; i < 8; i++) {
            b.call(0, Invocation.of("dequeue", null), 100 + 10L * i, java.util.Map.of());
            b.ret(0, 7L - i, 105 + 10L * i, 0);
        }
        History history = b.build();
        Result result = Checker.check(history, BuiltinModels.byName("fifo-queue"),
                CheckOptions.defaults().withEngine(Engine.FRONTIER));
        assertEquals(Verdict.LINEARIZABLE, result.verdict());
        assertTrue(result.statistics().cached() <= 1 << 8,
                "the frontier held " + result.statistics().cached() + " configurations at once");
        List<Operation> witness = result.partitions().get(0).witness();
        assertEquals(16, witness.size());
        assertEquals(7, witness.get(0).client(), "the value dequeued first is enqueued first");
    }

    @Test
    void enqueueJoinsTheTailLayerOnlyWhileConcurrentWithIt() {
        LayeredQueue q = LayeredQueue.EMPTY.enqueue(1, 0, 10).enqueue(2, 5, 20);
        assertEquals("[{1 2}] open to 10", q.toString());
        assertNotNull(q.dequeue(2, 30), "either value may be at the head");
        assertNotNull(q.dequeue(1, 30));
        LayeredQueue later = q.enqueue(3, 11, 40);
        assertEquals("[{1 2} {3}] open to 40", later.toString());
        assertNull(later.dequeue(3, 50), "3 is behind both");
        LayeredQueue afterDequeue = q.dequeue(1, 12).enqueue(3, 9, 40);
        assertEquals("[{2 3}] open to 10", afterDequeue.toString(),
                "an enqueue called before the dequeue returned may precede it");
        assertFalse(q.dequeue(1, 8).joins(9), "called after that dequeue returned: behind it");
    }

    @Test
    void equalStatesReachedByDifferentPathsHashAlike() {
        // Hashes are updated step by step; a state reached two ways must hash the same, or the frontier would
        // keep duplicates. Random walks over few values and times meet the same states often.
        java.util.Random random = new java.util.Random(BASE_SEED);
        java.util.Map<String, LayeredQueue> seen = new java.util.HashMap<>();
        int met = 0;
        for (int walk = 0; walk < 2000; walk++) {
            LayeredQueue q = LayeredQueue.EMPTY;
            for (int step = 0; step < 12; step++) {
                int choice = random.nextInt(4);
                LayeredQueue next;
                if (choice < 2) {
                    long call = random.nextInt(4);
                    next = q.enqueue(random.nextInt(3), call, call + 1 + random.nextInt(4));
                } else if (choice == 2) {
                    next = q.dequeue(random.nextInt(3), random.nextInt(8));
                } else {
                    int layer = q.layers() > 1 ? random.nextInt(q.layers() - 1) : -1;
                    next = layer < 0 ? null : q.mergeLayers(layer);
                    if (next != null) {
                        int[] hashes = new int[q.layers() - 1];
                        q.mergedHashes(hashes);
                        for (int i = 0; i < hashes.length; i++) {
                            LayeredQueue merged = q.mergeLayers(i);
                            assertEquals(merged.hashCode(), hashes[i], "hash of " + merged + " unmade");
                        }
                    }
                }
                if (next == null) {
                    continue;
                }
                q = next;
                LayeredQueue earlier = seen.putIfAbsent(q.toString(), q);
                if (earlier != null && earlier != q) {
                    met++;
                    assertEquals(earlier, q, q.toString());
                    assertEquals(earlier.hashCode(), q.hashCode(), q.toString());
                }
            }
        }
        assertTrue(met > 1000, "walks met the same states " + met + " times");
    }
}
