package dev.ariadne.core.frontier;

import dev.ariadne.core.search.Budget;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.ResultAssertions;
import dev.ariadne.core.check.Verdict;

import dev.ariadne.core.history.History;
import dev.ariadne.core.model.CommutingModel;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.FifoQueueModel;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.testing.RandomHistories;
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
        CheckOptions options = CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(Engine.FRONTIER).withPartition(false);
        int layered = 0;
        int linearizable = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.small("fifo-queue", seed);
            if (!qualifies(model, history)) {
                continue;
            }
            layered++;
            boolean expected = BruteForceChecker.isLinearizable(history, model);
            Result result = Checker.check(history, model, options);
            Verdict want = expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            String context = "queue starting " + start + ", seed " + seed + " (RandomHistories.small(\"fifo-queue\", "
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
                CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.FRONTIER));
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
    void aClosedLayerOfEqualValuesIsSplitIntoOneLayerPerValue() {
        // {1 1} stands for one queue only: once closed, it is {1} {1}, so that {1} {1 4 5} is seen to stand for
        // every queue {1 1} {4 5} does (layer by layer: {1} = {1}, {1 4 5} = {1} + {4 5}).
        LayeredQueue joined = LayeredQueue.EMPTY.enqueue(1, 0, 10).enqueue(1, 5, 20);
        assertEquals("[{1 1}] open to 10", joined.toString(), "the tail layer stays whole: 4 may still join it");
        LayeredQueue closed = joined.enqueue(4, 11, 20).enqueue(5, 12, 20);
        assertEquals("[{1} {1} {4 5}] open to 20", closed.toString());
        LayeredQueue apart = LayeredQueue.EMPTY.enqueue(1, 0, 1).enqueue(1, 5, 9).enqueue(4, 11, 20)
                .enqueue(5, 12, 20);
        assertEquals(apart, closed, "the same queues, the same state");
        assertEquals(apart.hashCode(), closed.hashCode());
        LayeredQueue coarser = LayeredQueue.EMPTY.enqueue(1, 0, 1).enqueue(1, 5, 20).enqueue(4, 6, 20)
                .enqueue(5, 7, 20);
        assertEquals("[{1} {1 4 5}] open to 20", coarser.toString());
        assertTrue(coarser.subsumes(closed));
        assertFalse(closed.subsumes(coarser), "4 1 5 1 is one of the coarser state's queues only");
        // A dequeue that leaves a closed head layer all alike splits it too, and later steps hash consistently.
        LayeredQueue mixedHead = LayeredQueue.EMPTY.enqueue(1, 0, 10).enqueue(1, 1, 10).enqueue(4, 2, 10)
                .enqueue(5, 20, 30);
        assertEquals("[{1 1 4} {5}] open to 30", mixedHead.toString());
        LayeredQueue split = mixedHead.dequeue(4, 40);
        assertEquals("[{1} {1} {5}] open to 30", split.toString());
        LayeredQueue direct = LayeredQueue.EMPTY.enqueue(1, 0, 1).enqueue(1, 5, 6).enqueue(5, 20, 30);
        assertEquals(direct, split);
        assertEquals(direct.hashCode(), split.hashCode());
        assertEquals(direct.dequeue(1, 50).hashCode(), split.dequeue(1, 50).hashCode());
        assertEquals(direct.dequeue(1, 50).dequeue(1, 50), split.dequeue(1, 50).dequeue(1, 50));
        assertEquals("[{1 1}] open to 3", LayeredQueue.EMPTY.enqueue(1, 0, 10).enqueue(1, 1, 10).enqueue(4, 2, 10)
                .dequeue(4, 3).toString(), "the only layer is the tail: 1 may still join it, so it stays whole");
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
                LayeredQueue next;
                if (random.nextBoolean()) {
                    long call = random.nextInt(4);
                    next = q.enqueue(random.nextInt(3), call, call + 1 + random.nextInt(4));
                } else {
                    next = q.dequeue(random.nextInt(3), random.nextInt(8));
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

    @Test
    void aSubsumingQueueStandsForEveryQueueTheOtherDoes() {
        // States from random walks over two values, compared pairwise: subsumes must imply that every concrete
        // queue the other stands for is one this one stands for and that the frontier can find the one from the
        // other (same key, a subset of its layer starts), must never hold both ways, and must hold for fewer
        // layers and for a later tail limit.
        java.util.Random random = new java.util.Random(BASE_SEED + 1);
        java.util.List<LayeredQueue> states = new java.util.ArrayList<>();
        for (int walk = 0; walk < 300; walk++) {
            LayeredQueue q = LayeredQueue.EMPTY;
            for (int step = 0; step < 8; step++) {
                LayeredQueue next = random.nextInt(4) == 0 ? q.dequeue(random.nextInt(2), random.nextInt(8))
                        : q.enqueue(random.nextInt(2), random.nextInt(4), 4 + random.nextInt(4));
                if (next != null) {
                    q = next;
                    states.add(q);
                }
            }
        }
        int subsumed = 0;
        for (LayeredQueue a : states) {
            for (LayeredQueue b : states) {
                if (!a.subsumes(b)) {
                    continue;
                }
                subsumed++;
                assertFalse(b.subsumes(a), a + " and " + b + " subsume each other");
                assertEquals(a.valueSum(), b.valueSum(), "the frontier looks up " + a + " by the key of " + b);
                assertEquals(0, a.layerStarts() & ~b.layerStarts(), a + " has a boundary " + b + " lacks");
                assertTrue(standsFor(a).containsAll(standsFor(b)), a + " does not stand for all of " + b);
            }
        }
        assertTrue(subsumed > 1000, "only " + subsumed + " pairs subsume");
        LayeredQueue q = LayeredQueue.EMPTY.enqueue(1, 0, 10).enqueue(2, 20, 30).enqueue(3, 25, 40);
        assertEquals("[{1} {2 3}] open to 30", q.toString());
        LayeredQueue oneLayer = LayeredQueue.EMPTY.enqueue(1, 0, 30).enqueue(2, 20, 35).enqueue(3, 25, 40);
        assertEquals("[{1 2 3}] open to 30", oneLayer.toString());
        assertTrue(oneLayer.subsumes(q), "fewer layers, whatever the tail limit");
        assertFalse(q.subsumes(oneLayer));
        LayeredQueue later = LayeredQueue.EMPTY.enqueue(1, 0, 10).enqueue(2, 20, 35).enqueue(3, 25, 40);
        assertTrue(later.subsumes(q), "open to later enqueues, the same cells");
        assertFalse(q.subsumes(later));
    }

    @Test
    void sleepSetsReachEveryConfigurationTheFullClosureReachesAndSubsumptionKeepsFewer() {
        // The same layered frontier with and without the commutation hint, and no subsumption, so that both keep
        // exactly the configurations they reach: after every return they must hold as many, and the hint must
        // have saved steps. With both hints (the search's own), it reaches the same verdicts with at most as many
        // configurations, and fewer in all.
        Model<?> queue = BuiltinModels.byName("fifo-queue");
        long withSleep = 0;
        long without = 0;
        long aliveFull = 0;
        long aliveSubsumed = 0;
        int compared = 0;
        for (long seed = 0; seed < 300; seed++) {
            History history = RandomHistories.medium("fifo-queue", BASE_SEED + seed, 3 + (int) (seed % 3), 80, 0);
            Operation[] ops = callOrder(queue, history);
            QueueLayers layers = QueueLayers.of(queue, ops);
            if (layers == null) {
                continue;
            }
            compared++;
            QueueLayers.LayeredModel layered = layers.model();
            Frontier<LayeredQueue> sleeping = new Frontier<>(new CommutingOnly(layered), Budget.unlimited(), false);
            Frontier<LayeredQueue> full = new Frontier<>(new Plain(layered), Budget.unlimited(), false);
            Frontier<LayeredQueue> subsumed = new Frontier<>(layered, Budget.unlimited(), false);
            for (Frontier<LayeredQueue> f : List.of(sleeping, full, subsumed)) {
                f.operations(layers.inputs(), layers.outputs());
            }
            int call = 0;
            for (int x : returnOrder(ops)) {
                while (call < ops.length && ops[call].call() <= ops[x].ret()) {
                    sleeping.call(call, false, -1);
                    full.call(call, false, -1);
                    subsumed.call(call, false, -1);
                    call++;
                }
                int status = full.ret(x);
                assertEquals(status, sleeping.ret(x), "seed " + seed + ", return of " + ops[x]);
                assertEquals(status, subsumed.ret(x), "seed " + seed + ", return of " + ops[x]);
                if (status != Frontier.OK) {
                    break;
                }
                assertEquals(full.alive(), sleeping.alive(), "seed " + seed + ", after the return of " + ops[x]);
                assertTrue(subsumed.alive() <= full.alive(), "seed " + seed + ", after the return of " + ops[x]);
                aliveFull += full.alive();
                aliveSubsumed += subsumed.alive();
            }
            withSleep += sleeping.steps();
            without += full.steps();
        }
        System.out.printf("sleep sets: %d histories, %d steps against %d; with subsumption %d configurations after "
                + "returns against %d%n", compared, withSleep, without, aliveSubsumed, aliveFull);
        assertTrue(compared >= 40, "only " + compared + " histories qualify");
        assertTrue(withSleep < without * 0.95, "sleep sets took " + withSleep + " steps, the full closure " + without);
        assertTrue(aliveSubsumed < aliveFull * 0.95, "subsumption kept " + aliveSubsumed + " of " + aliveFull);
    }

    @Test
    void theLayeredSearchCoversEveryConfigurationOfTheConcreteOne() {
        // The search's own layered frontier (subsumption, merging, sleep sets) beside the concrete frontier on the
        // same events: after every return, each concrete configuration must be covered by a layered one with the
        // same linearized operations whose state stands for its queue. A history is followed while the concrete
        // frontier stays small; the ones where a merged node must be expanded again come after a few hundred.
        Model<?> queue = BuiltinModels.byName("fifo-queue");
        long covered = 0;
        int compared = 0;
        for (long seed = 0; seed < 2000; seed++) {
            History history = RandomHistories.medium("fifo-queue", BASE_SEED + seed, 3 + (int) (seed % 3), 80, 0);
            Operation[] ops = callOrder(queue, history);
            QueueLayers layers = QueueLayers.of(queue, ops);
            if (layers == null) {
                continue;
            }
            compared++;
            Frontier<LayeredQueue> layered = new Frontier<>(layers.model(), Budget.unlimited(), false);
            layered.operations(layers.inputs(), layers.outputs());
            Frontier<Object> concrete = new Frontier<>(new EagerEmptyDequeues(queue), Budget.unlimited(), false);
            Object[] inputs = new Object[ops.length];
            Object[] outputs = new Object[ops.length];
            for (int i = 0; i < ops.length; i++) {
                inputs[i] = layers.inputs()[i] == QueueLayers.EmptyDequeue.INSTANCE ? layers.inputs()[i]
                        : ops[i].input();
                outputs[i] = ops[i].output();
            }
            concrete.operations(inputs, outputs);
            int call = 0;
            for (int x : returnOrder(ops)) {
                while (call < ops.length && ops[call].call() <= ops[x].ret()) {
                    layered.call(call, false, -1);
                    concrete.call(call, false, -1);
                    call++;
                }
                int status = concrete.ret(x);
                assertEquals(status, layered.ret(x), "seed " + seed + ", return of " + ops[x]);
                if (status != Frontier.OK) {
                    break;
                }
                covered += assertCovers(layered, concrete, "seed " + seed + ", after the return of " + ops[x]);
                if (concrete.alive() > 500) {
                    break; // beyond, the concrete frontier costs more than the rest of the test
                }
            }
        }
        System.out.printf("layered search: %d histories, %d concrete configurations covered%n", compared, covered);
        assertTrue(compared >= 400, "only " + compared + " histories qualify");
        assertTrue(covered > 100_000, "only " + covered + " concrete configurations covered");
    }

    /** The prepared operations of {@code history}, in order of their calls: the frontier's numbering. */
    private static Operation[] callOrder(Model<?> model, History history) {
        Operation[] ops = new Operation[history.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = model.prepare(history.operations().get(i));
        }
        java.util.Arrays.sort(ops, java.util.Comparator.comparingLong(Operation::call));
        return ops;
    }

    /** Operation numbers in order of their returns. */
    private static int[] returnOrder(Operation[] ops) {
        return java.util.stream.IntStream.range(0, ops.length).boxed()
                .sorted(java.util.Comparator.comparingLong(i -> ops[i].ret())).mapToInt(i -> i).toArray();
    }

    /**
     * Asserts that every configuration the concrete frontier carries is covered by one the layered frontier
     * carries: the same linearized operations, and a layered state that stands for its queue (each layer a
     * permutation of its part of the queue). Returns how many concrete configurations it checked.
     */
    private static int assertCovers(Frontier<LayeredQueue> layered, Frontier<Object> concrete, String context) {
        java.util.Map<String, List<List<List<Integer>>>> byBits = new java.util.HashMap<>();
        for (int l = 0; l < layered.alive(); l++) {
            byBits.computeIfAbsent(java.util.Arrays.toString(layered.aliveBits(l)), k -> new java.util.ArrayList<>())
                    .add(sortedLayers(layered.aliveState(l)));
        }
        for (int c = 0; c < concrete.alive(); c++) {
            int[] queue = dev.ariadne.core.prepared.PreparedViews.ids(concrete.aliveState(c));
            String bits = java.util.Arrays.toString(concrete.aliveBits(c));
            boolean found = false;
            for (List<List<Integer>> layers : byBits.getOrDefault(bits, List.of())) {
                found |= standsFor(layers, queue);
            }
            if (!found) {
                StringBuilder all = new StringBuilder();
                for (int l = 0; l < layered.alive(); l++) {
                    all.append("\n  ").append(java.util.Arrays.toString(layered.aliveBits(l))).append(' ')
                            .append(layered.aliveState(l));
                }
                throw new AssertionError(context + ": no layered configuration covers queue "
                        + java.util.Arrays.toString(queue) + " with slots " + bits + "; layered:" + all);
            }
        }
        return concrete.alive();
    }

    /** The layers of q, head first, each its value ids sorted (read from its {@code toString}). */
    private static List<List<Integer>> sortedLayers(LayeredQueue q) {
        String s = q.toString();
        String body = s.substring(1, s.indexOf(']'));
        List<List<Integer>> layers = new java.util.ArrayList<>();
        if (!body.isEmpty()) {
            for (String layer : body.substring(1, body.length() - 1).split("\\} \\{")) {
                List<Integer> values = new java.util.ArrayList<>();
                for (String v : layer.split(" ")) {
                    values.add(Integer.valueOf(v));
                }
                java.util.Collections.sort(values);
                layers.add(values);
            }
        }
        return layers;
    }

    private static boolean standsFor(List<List<Integer>> layers, int[] queue) {
        int at = 0;
        for (List<Integer> layer : layers) {
            if (at + layer.size() > queue.length) {
                return false;
            }
            int[] part = java.util.Arrays.copyOfRange(queue, at, at + layer.size());
            java.util.Arrays.sort(part);
            for (int k = 0; k < part.length; k++) {
                if (part[k] != layer.get(k)) {
                    return false;
                }
            }
            at += part.length;
        }
        return at == queue.length;
    }

    /**
     * The concrete queue model, but for dequeues that find the queue empty, which are read-only here as in the
     * layered model: both frontiers then place them eagerly alike, and their configurations compare slot by slot.
     */
    private record EagerEmptyDequeues(Model<?> queue) implements Model<Object> {
        @Override
        public String name() {
            return queue.name();
        }

        @Override
        public Object init() {
            return queue.init();
        }

        @Override
        @SuppressWarnings("unchecked")
        public Object step(Object state, Object input, Object output) {
            if (input == QueueLayers.EmptyDequeue.INSTANCE) {
                return dev.ariadne.core.prepared.PreparedViews.ids(state).length == 0 ? state : null;
            }
            return ((Model<Object>) queue).step(state, input, output);
        }

        @Override
        public boolean isReadOnly(Object input) {
            return input == QueueLayers.EmptyDequeue.INSTANCE;
        }
    }

    /** The layered model without its hints: the frontier explores every order and keeps every configuration. */
    private static class Plain implements Model<LayeredQueue> {
        final QueueLayers.LayeredModel layered;

        Plain(QueueLayers.LayeredModel layered) {
            this.layered = layered;
        }

        @Override
        public String name() {
            return layered.name();
        }

        @Override
        public LayeredQueue init() {
            return layered.init();
        }

        @Override
        public LayeredQueue step(LayeredQueue state, Object input, Object output) {
            return layered.step(state, input, output);
        }

        @Override
        public boolean isReadOnly(Object input) {
            return layered.isReadOnly(input);
        }
    }

    /** The layered model with its commutation hint only: sleep sets, but every configuration kept. */
    private static final class CommutingOnly extends Plain implements CommutingModel<LayeredQueue> {
        CommutingOnly(QueueLayers.LayeredModel layered) {
            super(layered);
        }

        @Override
        public boolean commute(LayeredQueue state, Object a, Object aOutput, Object b, Object bOutput) {
            return layered.commute(state, a, aOutput, b, bOutput);
        }
    }

    /** The concrete queues a layered one stands for, read from its {@code toString}: each layer permuted. */
    private static java.util.Set<java.util.List<String>> standsFor(LayeredQueue q) {
        String s = q.toString();
        String body = s.substring(1, s.indexOf(']'));
        java.util.Set<java.util.List<String>> queues = new java.util.HashSet<>();
        queues.add(List.of());
        if (body.isEmpty()) {
            return queues;
        }
        for (String layer : body.substring(1, body.length() - 1).split("\\} \\{")) {
            java.util.Set<java.util.List<String>> longer = new java.util.HashSet<>();
            java.util.Set<java.util.List<String>> orders = new java.util.HashSet<>();
            permutations(new java.util.ArrayList<>(List.of(layer.split(" "))), 0, orders);
            for (java.util.List<String> prefix : queues) {
                for (java.util.List<String> order : orders) {
                    java.util.List<String> both = new java.util.ArrayList<>(prefix);
                    both.addAll(order);
                    longer.add(both);
                }
            }
            queues = longer;
        }
        return queues;
    }

    private static void permutations(java.util.List<String> values, int from, java.util.Set<java.util.List<String>> out) {
        if (from == values.size()) {
            out.add(List.copyOf(values));
            return;
        }
        for (int i = from; i < values.size(); i++) {
            java.util.Collections.swap(values, from, i);
            permutations(values, from + 1, out);
            java.util.Collections.swap(values, from, i);
        }
    }
}
