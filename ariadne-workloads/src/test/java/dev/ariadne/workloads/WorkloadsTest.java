package dev.ariadne.workloads;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.workloads.Workloads.Overlap;
import dev.ariadne.workloads.Workloads.Spec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WorkloadsTest {
    private static final boolean[] BOTH = {false, true};

    private static List<Spec> smallSpecs(boolean violation) {
        List<Spec> specs = new ArrayList<>();
        long seed = 1;
        for (String model : Workloads.models()) {
            for (Overlap overlap : Overlap.values()) {
                for (boolean distinct : BOTH) {
                    for (int crashed : new int[]{0, 3}) {
                        specs.add(Spec.of(model, 4, 60).withOverlap(overlap).withDistinct(distinct)
                                .withCrashed(crashed).withSeed(seed++).withViolation(violation));
                    }
                }
            }
        }
        return specs;
    }

    private static Result check(History h, String model, Engine engine) {
        return Checker.check(h, BuiltinModels.byName(model), CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(engine));
    }

    private static Result check(History h, String model) {
        return check(h, model, Engine.DFS);
    }

    private static List<Operation> injected(History h) {
        return h.operations().stream().filter(op -> op.metadata().containsKey(Workloads.INJECTED)).toList();
    }

    @Test
    void generatedHistoriesAreLinearizable() {
        for (Spec spec : smallSpecs(false)) {
            for (long seed = 0; seed < 5; seed++) {
                Spec s = spec.withSeed(spec.seed() * 100 + seed);
                History h = Workloads.generate(s);
                assertEquals(s.ops(), h.size(), s::toString);
                assertTrue(injected(h).isEmpty(), s::toString);
                Result r = check(h, s.model());
                assertEquals(Verdict.LINEARIZABLE, r.verdict(), () -> s + "\n" + h);
            }
        }
    }

    @Test
    void largerHistoriesOfEveryShapeAreLinearizable() {
        for (String model : Workloads.models()) {
            for (Overlap overlap : Overlap.values()) {
                int ops = sizeFor(model, overlap, 2_000);
                Spec s = Spec.of(model, 5, ops).withOverlap(overlap).withSeed(7).withCrashed(2);
                assertEquals(Verdict.LINEARIZABLE, check(Workloads.generate(s), model).verdict(), s::toString);
            }
        }
        Spec wide = Spec.of("register", 10, 1_000).withOverlap(Overlap.FULL).withDistinct(true);
        assertEquals(Verdict.LINEARIZABLE, check(Workloads.generate(wide), "register").verdict());
    }

    /** Queues whose operations overlap are hard for dfs, the engine used here: they are kept small. */
    private static int sizeFor(String model, Overlap overlap, int ops) {
        return model.equals("fifo-queue") && overlap != Overlap.LOW ? 30 : ops;
    }

    /** Independent of the engines: the reference checker tries every order. */
    @Test
    void tinyHistoriesAgreeWithTheReferenceChecker() {
        int linearizable = 0;
        for (String model : Workloads.models()) {
            for (Overlap overlap : Overlap.values()) {
                for (boolean violation : BOTH) {
                    for (long seed = 1; seed <= 6; seed++) {
                        Spec s = Spec.of(model, 3, 7).withOverlap(overlap).withDistinct(seed % 2 == 0)
                                .withCrashed((int) (seed % 3)).withSeed(seed).withViolation(violation);
                        History h = Workloads.generate(s);
                        Model<?> m = BuiltinModels.byName(model);
                        assertEquals(!violation, BruteForceChecker.isLinearizable(h, m), () -> s + "\n" + h);
                        linearizable += violation ? 0 : 1;
                    }
                }
            }
        }
        assertEquals(Workloads.models().size() * 3 * 6, linearizable);
    }

    @Test
    void injectedViolationsAreNotLinearizable() {
        for (Spec spec : smallSpecs(true)) {
            for (long seed = 0; seed < 5; seed++) {
                Spec s = spec.withSeed(spec.seed() * 100 + seed);
                History h = Workloads.generate(s);
                List<Operation> marked = injected(h);
                assertEquals(1, marked.size(), () -> s + "\n" + h);
                assertFalse(marked.get(0).isPending(), s::toString);
                Result r = check(h, s.model());
                assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), () -> s + "\n" + h);
            }
        }
    }

    /** The violation alters exactly one operation of the linearizable history of the same spec, near its end. */
    @Test
    void violationChangesOneOperationNearTheEnd() {
        for (String model : Workloads.models()) {
            for (Overlap overlap : Overlap.values()) {
                for (boolean distinct : BOTH) {
                    int ops = sizeFor(model, overlap, 3_000);
                    Spec s = Spec.of(model, 5, ops).withOverlap(overlap).withDistinct(distinct).withCrashed(4)
                            .withSeed(11);
                    History ok = Workloads.generate(s);
                    History bad = Workloads.generate(s.withViolation(true));
                    List<Integer> changed = new ArrayList<>();
                    for (int i = 0; i < ok.size(); i++) {
                        if (!ok.get(i).equals(bad.get(i))) {
                            changed.add(i);
                        }
                    }
                    assertEquals(List.of(injected(bad).get(0).id()), changed, s::toString);
                    int window = Math.max(20, ops / 100);
                    assertTrue(changed.get(0) >= ops - window, () -> s + ": injected at " + changed);
                    Operation before = ok.get(changed.get(0));
                    Operation after = bad.get(changed.get(0));
                    assertEquals(before.client(), after.client());
                    assertEquals(before.call(), after.call());
                    assertEquals(before.ret(), after.ret());
                    assertEquals(Verdict.NOT_LINEARIZABLE, check(bad, model).verdict(), s::toString);
                }
            }
        }
    }

    /** With distinct values the register violation is a stale read of a value that really was written. */
    @Test
    void registerViolationIsAStaleRead() {
        for (long seed = 1; seed <= 10; seed++) {
            Spec s = Spec.of("register", 5, 500).withDistinct(true).withSeed(seed).withViolation(true);
            Operation op = injected(Workloads.generate(s)).get(0);
            assertEquals("read", ((Invocation) op.input()).f());
            String why = (String) op.metadata().get(Workloads.INJECTED);
            assertTrue(why.startsWith("stale read"), why);
        }
    }

    @Test
    void sameSeedSameHistoryOtherSeedOtherHistory() {
        for (String model : Workloads.models()) {
            for (Overlap overlap : Overlap.values()) {
                Spec s = Spec.of(model, 6, 500).withOverlap(overlap).withCrashed(5).withSeed(42).withViolation(true);
                History a = Workloads.generate(s);
                assertEquals(a, Workloads.generate(s));
                assertNotEquals(a, Workloads.generate(s.withSeed(43)));
            }
        }
    }

    @Test
    void crashedOperationsArePendingAndTheirClientsAreReplaced() {
        for (String model : Workloads.models()) {
            for (Overlap overlap : Overlap.values()) {
                for (int crashed : new int[]{0, 1, 10, 20}) {
                    Spec s = Spec.of(model, 10, 400).withOverlap(overlap).withCrashed(crashed).withSeed(crashed);
                    History h = Workloads.generate(s);
                    assertEquals(crashed, h.operations().stream().filter(Operation::isPending).count());
                    Map<Integer, Operation> last = new HashMap<>();
                    for (Operation op : h.operations()) {
                        Operation previous = last.put(op.client(), op);
                        assertTrue(previous == null || !previous.isPending(), () -> "client " + op.client()
                                + " calls again after a crash in " + s);
                    }
                    Set<Integer> clients = h.operations().stream().map(Operation::client).collect(Collectors.toSet());
                    assertTrue(clients.size() <= 10 + crashed, s::toString);
                    assertTrue(clients.size() >= 10 + crashed - 10, s::toString); // a crash may end a thread's work
                }
            }
        }
        Spec all = Spec.of("register", 3, 5).withCrashed(5);
        assertEquals(5, Workloads.generate(all).operations().stream().filter(Operation::isPending).count());
    }

    /**
     * Full overlap: while every thread is working (after the last first call, before the first last return), each
     * operation's call and return fall inside an open operation of every other client.
     */
    @Test
    void fullOverlapOverlapsEveryOtherClient() {
        for (int threads : new int[]{2, 5, 50}) {
            History h = Workloads.generate(Spec.of("register", threads, threads * 100).withOverlap(Overlap.FULL)
                    .withDistinct(true).withSeed(threads));
            assertEquals(threads * 100, h.size());
            int checked = assertEveryCallAndReturnIsCovered(h, threads);
            assertTrue(checked >= h.size() * 9 / 10, "only " + checked + " of " + h.size() + " checked");
        }
    }

    @Test
    void lowAndMediumOverlapAreNotFull() {
        History low = Workloads.generate(Spec.of("register", 5, 2_000).withOverlap(Overlap.LOW));
        History medium = Workloads.generate(Spec.of("register", 5, 2_000).withOverlap(Overlap.MEDIUM));
        assertThrows(AssertionError.class, () -> assertEveryCallAndReturnIsCovered(low, 5));
        assertThrows(AssertionError.class, () -> assertEveryCallAndReturnIsCovered(medium, 5));
        double lowAlone = aloneFraction(low);
        double mediumAlone = aloneFraction(medium);
        assertTrue(lowAlone >= 0.75, "low overlap: only " + lowAlone + " of operations overlap nothing");
        assertTrue(mediumAlone < 0.3, "medium overlap: " + mediumAlone + " of operations overlap nothing");
        assertEquals(0.0, aloneFraction(Workloads.generate(Spec.of("register", 5, 2_000).withOverlap(Overlap.FULL))));
    }

    /** Returns how many operations were checked. */
    private static int assertEveryCallAndReturnIsCovered(History h, int threads) {
        Map<Integer, List<Operation>> byClient = new HashMap<>();
        for (Operation op : h.operations()) {
            byClient.computeIfAbsent(op.client(), c -> new ArrayList<>()).add(op);
        }
        assertEquals(threads, byClient.size());
        long allStarted = byClient.values().stream().mapToLong(ops -> ops.get(0).call()).max().orElseThrow();
        long firstDone = byClient.values().stream().mapToLong(ops -> ops.get(ops.size() - 1).ret()).min()
                .orElseThrow();
        int checked = 0;
        for (Operation op : h.operations()) {
            for (long t : new long[]{op.call(), op.ret()}) {
                if (t <= allStarted || t >= firstDone) {
                    continue;
                }
                checked += t == op.call() ? 1 : 0;
                for (Map.Entry<Integer, List<Operation>> e : byClient.entrySet()) {
                    if (e.getKey() != op.client()) {
                        assertTrue(e.getValue().stream().anyMatch(o -> o.call() < t && t < o.ret()),
                                () -> "at " + t + " (op #" + op.id() + ") client " + e.getKey() + " has nothing open");
                    }
                }
            }
        }
        return checked;
    }

    /** The fraction of operations that overlap no other. */
    private static double aloneFraction(History h) {
        int alone = 0;
        long maxRetBefore = Long.MIN_VALUE;
        List<Operation> ops = h.operations();
        for (int i = 0; i < ops.size(); i++) {
            Operation op = ops.get(i);
            boolean overlapsEarlier = maxRetBefore >= op.call();
            boolean overlapsLater = i + 1 < ops.size() && ops.get(i + 1).call() <= op.ret();
            alone += overlapsEarlier || overlapsLater ? 0 : 1;
            maxRetBefore = Math.max(maxRetBefore, op.ret());
        }
        return (double) alone / ops.size();
    }

    @Test
    void distinctValuesAreUnique() {
        for (String model : Workloads.models()) {
            History h = Workloads.generate(Spec.of(model, 5, 3_000).withDistinct(true).withCrashed(3));
            Set<Object> written = new HashSet<>();
            for (Operation op : h.operations()) {
                Invocation inv = (Invocation) op.input();
                if (Set.of("write", "enqueue", "put", "append", "add").contains(inv.f())) {
                    assertTrue(written.add(inv.value()), () -> model + ": " + inv + " written twice");
                }
            }
            assertTrue(written.size() > 500, model);
        }
    }

    @Test
    void badSpecsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Spec.of("stack", 5, 10));
        assertThrows(IllegalArgumentException.class, () -> Spec.of("register", 0, 10));
        assertThrows(IllegalArgumentException.class, () -> Spec.of("register", 5, -1));
        assertThrows(IllegalArgumentException.class, () -> Spec.of("register", 5, 10).withCrashed(11));
        assertThrows(IllegalArgumentException.class, () -> Spec.of("register", 5, 10).withCrashed(10)
                .withViolation(true));
        assertThrows(IllegalArgumentException.class, () -> Overlap.fromName("some"));
        assertEquals(0, Workloads.generate(Spec.of("kv", 5, 0)).size());
    }

    @Test
    void aViolationNeedsOnlyOneCompletedOperation() {
        for (String model : Workloads.models()) {
            History h = Workloads.generate(Spec.of(model, 2, 3).withCrashed(2).withViolation(true));
            assertEquals(1, injected(h).size());
            assertEquals(Verdict.NOT_LINEARIZABLE, check(h, model).verdict(), h::toString);
        }
    }

    /**
     * Issue 17's queue shape (10 clients, medium overlap, five values) is decided by the matched-queue procedure's
     * guesses, with a witness the checker replayed, and never where a violation was injected.
     */
    @Test
    void fifoQueuesOfFiveValuesAreDecidedByGuessingWhichEnqueueEachDequeueTook() {
        for (long seed = 1; seed <= 4; seed++) {
            History h = Workloads.generate(Spec.of("fifo-queue", 10, 5_000).withSeed(seed));
            Result r = check(h, "fifo-queue", Engine.AUTO);
            assertEquals(Verdict.LINEARIZABLE, r.verdict(), "seed " + seed);
            assertEquals("matched-queue", r.partitions().get(0).engine(), "seed " + seed);
        }
        History bad = Workloads.generate(Spec.of("fifo-queue", 10, 300).withSeed(5).withViolation(true));
        Result r = check(bad, "fifo-queue", Engine.AUTO);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertNotEquals("matched-queue", r.partitions().get(0).engine());
    }
}
