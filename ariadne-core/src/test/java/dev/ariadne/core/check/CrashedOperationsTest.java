package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.core.reference.BruteForceChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Crash-heavy histories (issue 17): a dozen or more crashed operations before a few completed ones, which every
 * engine used to try in every order and subset. Each history is checked by {@code dfs}, {@code frontier},
 * {@code auto} and the {@link OnlineChecker} (operations left open to the end, as {@code --follow} reads a native
 * file), against the verdict the history was built to have, and against the brute-force reference where that
 * can decide it; every result's evidence must pass {@link ResultAssertions}. The model steps are bounded too, so
 * that a lost reduction fails here rather than only in the benchmarks.
 */
class CrashedOperationsTest {
    private static final Engine[] ENGINES = {Engine.DFS, Engine.FRONTIER, Engine.AUTO};
    /** Far more than any of these histories needs now, far less than any needed before (millions). */
    private static final long MAX_STEPS = 20_000;

    // ---- the histories of the issue -----------------------------------------------------------------------------

    /**
     * The issue's kv history, 12 operations:
     * <pre>
     * {"client":0,"call":0,"f":"append","key":"x","value":"a"}
     * … the same for clients 1–10 with values "b"…"k", called at 1…10, never returning …
     * {"client":31,"call":40,"return":41,"f":"get","key":"x","output":""}
     * </pre>
     * With {@code n} crashed appends, and the get's output as given.
     */
    private static List<Operation> kv(int n, String... gets) {
        List<Operation> ops = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            ops.add(Operation.pending(ops.size(), c, new Invocation("append", "x", letter(c)), c));
        }
        for (int i = 0; i < gets.length; i++) {
            ops.add(Operation.of(ops.size(), 31, new Invocation("get", "x", null), gets[i], 40 + 2L * i, 41 + 2L * i));
        }
        return ops;
    }

    /** "a"…"z", then "v26", "v27", …: distinct values, none a part of another's. */
    private static String letter(int c) {
        return c < 26 ? String.valueOf((char) ('a' + c)) : "v" + c;
    }

    /**
     * The issue's fifo-queue history, 13 operations: crashed {@code enqueue(100)}…{@code enqueue(109)} called at
     * 0–9, a crashed {@code dequeue} at 30, then {@code enqueue(1)} [40, 41] and {@code dequeue → 1} [42, 43]. With
     * {@code n} crashed enqueues, and the completed dequeues' outputs as given (after the enqueue of 1). The same
     * shape serves for {@code unordered-queue}, and for {@code stack} with push and pop.
     */
    private static List<Operation> container(String insert, String remove, int n, Object... outputs) {
        List<Operation> ops = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            ops.add(Operation.pending(ops.size(), c, Invocation.of(insert, 100L + c), c));
        }
        ops.add(Operation.pending(ops.size(), n, Invocation.of(remove, null), 30));
        ops.add(Operation.of(ops.size(), 40, Invocation.of(insert, 1L), null, 40, 41));
        for (int i = 0; i < outputs.length; i++) {
            ops.add(Operation.of(ops.size(), 40, Invocation.of(remove, null), outputs[i], 42 + 2L * i, 43 + 2L * i));
        }
        return ops;
    }

    @ParameterizedTest(name = "{0} crashed appends")
    @ValueSource(ints = {11, 30})
    void kvGetAfterCrashedAppends(int n) {
        expect("kv", kv(n, ""), Verdict.LINEARIZABLE); // no crashed append took effect before the get
        expect("kv", kv(n, "zz"), Verdict.NOT_LINEARIZABLE); // no append wrote it
        expect("kv", kv(n, "ba"), Verdict.LINEARIZABLE); // b, then a took effect before the get
        expect("kv", kv(n, "ba", "ab"), Verdict.NOT_LINEARIZABLE); // b before a, then a before b
        expect("kv", kv(n, "b", "ba", ""), Verdict.NOT_LINEARIZABLE); // an append is never undone
    }

    @ParameterizedTest(name = "{0} crashed enqueues")
    @ValueSource(ints = {10, 29})
    void fifoQueueDequeueAfterCrashedEnqueues(int n) {
        expect("fifo-queue", container("enqueue", "dequeue", n, 1L), Verdict.LINEARIZABLE);
        expect("fifo-queue", container("enqueue", "dequeue", n, 7L), Verdict.NOT_LINEARIZABLE); // never enqueued
        expect("fifo-queue", container("enqueue", "dequeue", n, 101L, 1L, 100L), Verdict.LINEARIZABLE);
        // 100 was enqueued once, and so dequeued once; 1 after 101 but before it, then 101 again
        expect("fifo-queue", container("enqueue", "dequeue", n, 100L, 100L), Verdict.NOT_LINEARIZABLE);
        expect("fifo-queue", container("enqueue", "dequeue", n, 101L, 1L, 101L), Verdict.NOT_LINEARIZABLE);
    }

    @ParameterizedTest(name = "{0} crashed enqueues")
    @ValueSource(ints = {10, 29})
    void unorderedQueueDequeueAfterCrashedEnqueues(int n) {
        expect("unordered-queue", container("enqueue", "dequeue", n, 1L), Verdict.LINEARIZABLE);
        expect("unordered-queue", container("enqueue", "dequeue", n, 7L), Verdict.NOT_LINEARIZABLE);
        expect("unordered-queue", container("enqueue", "dequeue", n, 105L, 1L, 103L), Verdict.LINEARIZABLE);
        expect("unordered-queue", container("enqueue", "dequeue", n, 103L, 1L, 103L), Verdict.NOT_LINEARIZABLE);
    }

    /** Crashed pushes and a crashed pop, then push 1, pop → 1, pop → empty: 14 operations in the issue. */
    @ParameterizedTest(name = "{0} crashed pushes")
    @ValueSource(ints = {11, 29})
    void stackPopsAfterCrashedPushes(int n) {
        expect("stack", container("push", "pop", n, 1L, null), Verdict.LINEARIZABLE);
        expect("stack", container("push", "pop", n, 1L, 1L), Verdict.NOT_LINEARIZABLE); // 1 was pushed once
        expect("stack", container("push", "pop", n, 1L, 104L, null), Verdict.LINEARIZABLE);
        // 104 was pushed once, and popped twice
        expect("stack", container("push", "pop", n, 104L, 1L, null, 104L), Verdict.NOT_LINEARIZABLE);
    }

    /**
     * The rule for a read-only return: a get of "abcdefghijk" earlier reveals every crashed append (so none is
     * dropped), and when the last get is the next to return, the state accepts it. Without the rule the frontier's
     * closure went on to apply the eleven appends in every order (about 10^8 nodes), and dfs tried them first (in
     * list order) in every order and subset; with it, the get is placed there and nothing else.
     */
    @Test
    void aReadOnlyReturnAcceptedAtANodeEndsItsExpansion() {
        String all = "abcdefghijk";
        List<Operation> ops = new ArrayList<>();
        ops.add(Operation.of(0, 40, new Invocation("put", "x", all), null, 0, 1));
        ops.add(Operation.of(1, 40, new Invocation("get", "x", null), all, 2, 3));
        for (int c = 0; c < all.length(); c++) {
            ops.add(Operation.pending(ops.size(), c, new Invocation("append", "x", letter(c)), 10 + c));
        }
        ops.add(Operation.of(ops.size(), 40, new Invocation("get", "x", null), all, 40, 41));
        History h = History.of(ops);
        Model<?> model = BuiltinModels.byName("kv");
        for (Engine engine : new Engine[] {Engine.DFS, Engine.FRONTIER}) {
            CheckOptions options = CheckOptions.defaults().withCoreTimeout(null)
                    .withEngine(engine).withTimeout(Duration.ofSeconds(20));
            Result result = Checker.check(h, model, options);
            assertEquals(Verdict.LINEARIZABLE, result.verdict(), engine + ": " + result.reason());
            ResultAssertions.assertConsistent(h, model, options, result);
            assertTrue(result.statistics().configurations() <= MAX_STEPS,
                    engine + ": " + result.statistics().configurations() + " steps");
        }
    }

    /**
     * A dequeue of 100 that returned before the crashed enqueues of 100 were called cannot reveal them: with a value
     * domain this small every crashed enqueue's value has been seen somewhere, but only what may come after a
     * crashed operation counts. Eleven crashed enqueues of 100…110 after each was enqueued and dequeued once.
     */
    @Test
    void revealsBeforeTheCallDoNotCount() {
        for (boolean violation : new boolean[] {false, true}) {
            List<Operation> ops = new ArrayList<>();
            long t = 0;
            for (int v = 0; v < 11; v++, t += 4) {
                ops.add(Operation.of(ops.size(), 50, Invocation.of("enqueue", 100L + v), null, t, t + 1));
                ops.add(Operation.of(ops.size(), 50, Invocation.of("dequeue", null), 100L + v, t + 2, t + 3));
            }
            for (int v = 0; v < 11; v++) {
                ops.add(Operation.pending(ops.size(), v, Invocation.of("enqueue", 100L + v), 100 + v));
            }
            ops.add(Operation.of(ops.size(), 50, Invocation.of("enqueue", 1L), null, 200, 201));
            ops.add(Operation.of(ops.size(), 50, Invocation.of("dequeue", null), violation ? 7L : 1L, 202, 203));
            expect("fifo-queue", ops, violation ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE);
        }
    }

    /**
     * A crashed enqueue that nothing reveals for hundreds of events: online, with crash events, it is left out of
     * the judgements until the events waiting for it are too many, then searched as pending; a dequeue of its value
     * at the very end is explained either way, a second one is not.
     */
    @Test
    void aCrashedOperationRevealedLongAfterwards() {
        for (boolean violation : new boolean[] {false, true}) {
            List<Operation> ops = new ArrayList<>();
            ops.add(Operation.pending(0, 0, Invocation.of("enqueue", 9L), 0));
            long t = 10;
            for (int i = 0; i < 200; i++, t += 4) {
                ops.add(Operation.of(ops.size(), 1, Invocation.of("enqueue", (long) i % 5), null, t, t + 1));
                ops.add(Operation.of(ops.size(), 1, Invocation.of("dequeue", null), (long) i % 5, t + 2, t + 3));
            }
            ops.add(Operation.of(ops.size(), 1, Invocation.of("dequeue", null), 9L, t, t + 1));
            if (violation) {
                ops.add(Operation.of(ops.size(), 1, Invocation.of("dequeue", null), 9L, t + 2, t + 3));
            }
            // Online, an operation left open makes every judgement replay the events since its call: more steps.
            expect("fifo-queue", ops, violation ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE, 1_000_000);
        }
    }

    // ---- generated families -------------------------------------------------------------------------------------

    /**
     * For each model and 1 to 30 crashed producers (appends, enqueues, pushes of distinct values), a few of them
     * revealed by completed operations in a random order that some linearization explains; then the same with a
     * violation injected (a value taken twice, or seen in two orders). The reference decides those with up to six
     * crashed operations; all must get the verdict they were built to have from every engine.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kv", "fifo-queue", "stack", "unordered-queue"})
    void generatedFamilies(String modelName) {
        for (int n = 1; n <= 30; n++) {
            SplittableRandom r = new SplittableRandom(17L * 31 + n + modelName.hashCode());
            int revealed = Math.min(n, 1 + r.nextInt(3));
            int[] order = permutation(n, r);
            for (boolean violation : new boolean[] {false, true}) {
                List<Operation> ops = family(modelName, n, order, revealed, violation);
                Verdict want = violation ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE;
                if (n <= 6) {
                    assertEquals(want == Verdict.LINEARIZABLE, reference(modelName, ops),
                            "the reference disagrees with the construction: " + modelName + " n=" + n);
                }
                expect(modelName, ops, want);
            }
        }
    }

    /**
     * n crashed producers of 100+i (kv: appends of {@link #letter}) called at 0…n-1, a crashed consumer (not for kv),
     * then completed operations by one client from time 100 that reveal the producers {@code order[0..k)}: fifo
     * and unordered queues dequeue them in that order, a stack pops them so, kv gets see them appended in that order
     * one by one. A violation takes the first one again at the end (kv: sees the first two swapped).
     */
    private static List<Operation> family(String model, int n, int[] order, int k, boolean violation) {
        List<Operation> ops = new ArrayList<>();
        boolean kv = model.equals("kv");
        String insert = kv ? "append" : model.equals("stack") ? "push" : "enqueue";
        String remove = model.equals("stack") ? "pop" : "dequeue";
        for (int c = 0; c < n; c++) {
            ops.add(Operation.pending(ops.size(), c, kv ? new Invocation(insert, "x", letter(c))
                    : Invocation.of(insert, 100L + c), c));
        }
        if (!kv) {
            ops.add(Operation.pending(ops.size(), n, Invocation.of(remove, null), n));
        }
        long t = 100;
        StringBuilder seen = new StringBuilder();
        for (int i = 0; i < k; i++, t += 2) {
            if (kv) {
                seen.append(letter(order[i]));
                ops.add(Operation.of(ops.size(), 99, new Invocation("get", "x", null), seen.toString(), t, t + 1));
            } else {
                ops.add(Operation.of(ops.size(), 99, Invocation.of(remove, null), 100L + order[i], t, t + 1));
            }
        }
        if (violation) {
            if (kv && k >= 2) {
                String swapped = letter(order[1]) + letter(order[0]) + seen.substring(
                        letter(order[0]).length() + letter(order[1]).length());
                ops.add(Operation.of(ops.size(), 99, new Invocation("get", "x", null), swapped, t, t + 1));
            } else if (kv) {
                ops.add(Operation.of(ops.size(), 99, new Invocation("get", "x", null), "", t, t + 1));
            } else {
                ops.add(Operation.of(ops.size(), 99, Invocation.of(remove, null), 100L + order[0], t, t + 1));
            }
        }
        return ops;
    }

    private static int[] permutation(int n, SplittableRandom r) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int x = p[i];
            p[i] = p[j];
            p[j] = x;
        }
        return p;
    }

    /**
     * Small random histories with many crashed operations (two in five; half of those take effect), for the four
     * models whose crashed inserts may be left out when nothing reveals them, held against the reference: dfs and
     * frontier must agree with it on every one, with sound evidence. Outputs come from a simulated object, one in
     * two histories then gets one output changed, so both verdicts are common.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"kv", "fifo-queue", "stack", "unordered-queue"})
    void crashHeavySmallHistoriesAgreeWithTheReference(String modelName) {
        int linearizable = 0;
        int histories = 600;
        for (int seed = 0; seed < histories; seed++) {
            List<Operation> ops = simulated(modelName, new SplittableRandom(seed * 7919L + modelName.length()));
            History h = History.of(ops);
            boolean want = reference(modelName, ops);
            linearizable += want ? 1 : 0;
            for (Engine engine : new Engine[] {Engine.DFS, Engine.FRONTIER}) {
                Model<?> model = BuiltinModels.byName(modelName);
                CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine);
                Result result = Checker.check(h, model, options);
                assertEquals(want ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, result.verdict(),
                        engine + " disagrees with the reference on " + modelName + " seed " + seed + ": " + ops);
                ResultAssertions.assertConsistent(h, model, options, result);
            }
        }
        assertTrue(linearizable > histories / 5 && linearizable < histories * 4 / 5,
                "too one-sided: " + linearizable + " of " + histories + " linearizable");
    }

    /**
     * 2–8 operations, each by its own client, taking effect in the order made (at times 10, 20, …), each called up
     * to 15 before and returning up to 15 after; inserts and removes (kv: appends, puts and gets) of values 1–3.
     */
    private static List<Operation> simulated(String model, SplittableRandom r) {
        int n = 2 + r.nextInt(7);
        List<Operation> ops = new ArrayList<>();
        List<Long> container = new ArrayList<>();
        StringBuilder kvValue = new StringBuilder();
        boolean kv = model.equals("kv");
        for (int i = 0; i < n; i++) {
            long t = 10L * (i + 1);
            long call = t - r.nextInt(16);
            long ret = t + r.nextInt(16);
            boolean crashed = r.nextInt(5) < 2;
            boolean effect = !crashed || r.nextBoolean();
            Invocation in;
            Object out = null;
            if (kv) {
                String v = String.valueOf(1 + r.nextInt(3));
                int kind = r.nextInt(3);
                in = new Invocation(kind == 0 ? "get" : kind == 1 ? "put" : "append", "x", kind == 0 ? null : v);
                if (effect && kind == 1) {
                    kvValue.setLength(0);
                }
                if (effect && kind > 0) {
                    kvValue.append(v);
                }
                out = kind == 0 ? kvValue.toString() : null;
            } else {
                boolean insert = r.nextInt(5) < 3;
                String f = insert ? model.equals("stack") ? "push" : "enqueue" : model.equals("stack") ? "pop" : "dequeue";
                long v = 1 + r.nextInt(3);
                in = Invocation.of(f, insert ? v : null);
                if (insert && effect) {
                    container.add(v);
                } else if (!insert) {
                    int at = container.isEmpty() ? -1 : model.equals("stack") ? container.size() - 1
                            : model.equals("fifo-queue") ? 0 : r.nextInt(container.size());
                    out = at < 0 ? null : effect ? container.remove(at) : container.get(at);
                }
            }
            ops.add(crashed ? Operation.pending(i, i, in, call) : Operation.of(i, i, in, out, call, ret));
        }
        if (r.nextBoolean()) { // change one observed output
            for (int i = 0; i < ops.size(); i++) {
                Operation op = ops.get(i);
                String f = ((Invocation) op.input()).f();
                if (!op.isPending() && (f.equals("get") || f.equals("pop") || f.equals("dequeue"))) {
                    Object changed = kv ? String.valueOf(1 + r.nextInt(3)) : (Object) (long) (1 + r.nextInt(3));
                    ops.set(i, Operation.of(i, i, op.input(), changed, op.call(), op.ret()));
                    break;
                }
            }
        }
        return ops;
    }

    /**
     * A crashed operation is only dropped when nothing that may come after it reveals it, and a return at the
     * instant of its call may (closed intervals): a dequeue of 5 returning at 10 and a crashed enqueue of 5 called
     * at 10 are linearizable, in a batch check and online in whichever order the two events arrive.
     */
    @Test
    void aRevealAtTheInstantOfTheCallCounts() {
        expect("fifo-queue", List.of(Operation.of(0, 1, Invocation.of("dequeue", null), 5L, 0, 10),
                Operation.pending(1, 0, Invocation.of("enqueue", 5L), 10)), Verdict.LINEARIZABLE);
        expect("fifo-queue", List.of(Operation.of(0, 1, Invocation.of("dequeue", null), 5L, 0, 10),
                Operation.pending(1, 0, Invocation.of("enqueue", 5L), 11)), Verdict.NOT_LINEARIZABLE);
        for (boolean returnFirst : new boolean[] {false, true}) {
            OnlineChecker<?> online = OnlineChecker.of(BuiltinModels.byName("fifo-queue"),
                    CheckOptions.defaults().withCoreTimeout(null));
            assertTrue(online.call(1, Invocation.of("dequeue", null), 0));
            if (returnFirst) {
                assertTrue(online.ret(1, 5L, 10));
                assertTrue(online.call(0, Invocation.of("enqueue", 5L), 10));
            } else {
                assertTrue(online.call(0, Invocation.of("enqueue", 5L), 10));
                assertTrue(online.ret(1, 5L, 10));
            }
            assertEquals(Verdict.LINEARIZABLE, online.finish().verdict(), "return first: " + returnFirst);
        }
        // One instant later, the enqueue cannot explain the dequeue.
        OnlineChecker<?> online = OnlineChecker.of(BuiltinModels.byName("fifo-queue"),
                CheckOptions.defaults().withCoreTimeout(null));
        online.call(1, Invocation.of("dequeue", null), 0);
        online.ret(1, 5L, 10);
        online.call(0, Invocation.of("enqueue", 5L), 11);
        assertEquals(Verdict.NOT_LINEARIZABLE, online.finish().verdict());
    }

    // ---- checking -----------------------------------------------------------------------------------------------

    /** Every engine, and the online checker, give {@code want}, with sound evidence, in few model steps. */
    private static void expect(String modelName, List<Operation> ops, Verdict want) {
        expect(modelName, ops, want, MAX_STEPS);
    }

    /** As above, with at most {@code maxSteps} model steps each. */
    private static void expect(String modelName, List<Operation> ops, Verdict want, long maxSteps) {
        History h = History.of(ops);
        String context = modelName + " " + ops.size() + " operations, expected " + want;
        for (Engine engine : ENGINES) {
            Model<?> model = BuiltinModels.byName(modelName);
            CheckOptions options = CheckOptions.defaults().withCoreTimeout(null)
                    .withEngine(engine).withTimeout(Duration.ofSeconds(20));
            Result result = Checker.check(h, model, options);
            assertEquals(want, result.verdict(), engine + ": " + context + ": " + result.reason());
            ResultAssertions.assertConsistent(h, model, options, result);
            long steps = result.statistics().configurations();
            assertTrue(steps <= maxSteps, engine + " took " + steps + " steps: " + context);
        }
        for (boolean crashEvents : new boolean[] {false, true}) {
            Result online = online(modelName, ops, crashEvents);
            String how = crashEvents ? "online, crash events: " : "online: ";
            assertEquals(want, online.verdict(), how + context + ": " + online.reason());
            assertTrue(online.statistics().configurations() <= maxSteps,
                    how + online.statistics().configurations() + " steps: " + context);
        }
    }

    /**
     * Feeds the history to an online checker in time order, crashed operations left open to the end or, with
     * {@code crashEvents}, reported crashed at the instant of their call (as a Jepsen {@code :info} would be).
     */
    private static Result online(String modelName, List<Operation> ops, boolean crashEvents) {
        OnlineChecker<?> online = OnlineChecker.of(BuiltinModels.byName(modelName),
                CheckOptions.defaults().withCoreTimeout(null));
        record Ev(long time, int kind, Operation op) { // kind: 0 call, 1 crash, 2 return
        }
        List<Ev> events = new ArrayList<>();
        for (Operation op : ops) {
            events.add(new Ev(op.call(), 0, op));
            if (!op.isPending()) {
                events.add(new Ev(op.ret(), 2, op));
            } else if (crashEvents) {
                events.add(new Ev(op.call(), 1, op));
            }
        }
        events.sort(Comparator.comparingLong(Ev::time).thenComparingInt(Ev::kind));
        for (Ev e : events) {
            boolean fine = switch (e.kind()) {
                case 0 -> online.call(e.op().client(), e.op().input(), e.time());
                case 1 -> online.crash(e.op().client(), e.time());
                default -> online.ret(e.op().client(), e.op().output(), e.time());
            };
            if (!fine) {
                return online.violation().orElseThrow();
            }
        }
        return online.finish();
    }

    private static boolean reference(String modelName, List<Operation> ops) {
        if (modelName.equals("unordered-queue")) {
            return BruteForceChecker.isLinearizable(History.of(ops),
                    new dev.ariadne.core.models.UnorderedQueueModel());
        }
        return BruteForceChecker.isLinearizable(History.of(ops), BuiltinModels.byName(modelName));
    }

    /** The issue's histories with up to six crashed operations are small enough for the reference too. */
    @Test
    void issueShapesAgreeWithTheReferenceWhenSmall() {
        for (int n = 1; n <= 5; n++) {
            assertTrue(reference("kv", kv(n, "")));
            assertTrue(!reference("kv", kv(n, "zz")));
            assertTrue(reference("fifo-queue", container("enqueue", "dequeue", n, 1L)));
            assertTrue(!reference("fifo-queue", container("enqueue", "dequeue", n, 7L)));
            assertTrue(reference("stack", container("push", "pop", n, 1L, null)));
            assertTrue(!reference("stack", container("push", "pop", n, 1L, 1L)));
            assertTrue(reference("unordered-queue", container("enqueue", "dequeue", n, 1L)));
            assertTrue(!reference("unordered-queue", container("enqueue", "dequeue", n, 7L)));
            expect("kv", kv(n, ""), Verdict.LINEARIZABLE);
            expect("fifo-queue", container("enqueue", "dequeue", n, 7L), Verdict.NOT_LINEARIZABLE);
        }
    }
}
