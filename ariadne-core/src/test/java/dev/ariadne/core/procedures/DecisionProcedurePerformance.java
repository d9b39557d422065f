package dev.ariadne.core.procedures;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.testing.RandomHistories;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Prints how long the decision procedures take on large histories (no assertions; not a JUnit test). Run after
 * {@code mvn -q -o test-compile -pl ariadne-core} with
 * {@code java -cp ariadne-core/target/classes:ariadne-core/target/test-classes
 * dev.ariadne.core.procedures.DecisionProcedurePerformance}.
 */
public final class DecisionProcedurePerformance {
    private DecisionProcedurePerformance() {
    }

    /** Only the cases whose description contains this ({@code -Dariadne.perf.only=stack}); all by default. */
    private static final String ONLY = System.getProperty("ariadne.perf.only", "");

    public static void main(String[] args) {
        for (int warmup = 0; warmup < Integer.getInteger("ariadne.perf.warmups", 3); warmup++) {
            run(false);
        }
        run(true);
    }

    private static void run(boolean print) {
        History overlap = fullOverlap(50, 100, false, 1);
        History overlapBad = fullOverlap(50, 100, true, 2);
        History longRun = RandomHistories.distinct("register", 42, 5, 500_000, 4, 8, 0, 0);
        History longBad = corruptLastRead(longRun);
        History longCrashy = RandomHistories.distinct("register", 45, 5, 500_000, 4, 8, 0, 15);
        History longQueue = RandomHistories.distinct("fifo-queue", 43, 5, 500_000, 4, 8, 0, 0);
        History longSet = RandomHistories.distinct("set", 44, 5, 500_000, 4, 8, 0, 0);
        History stackOverlap = fullOverlap(50, 100, false, 3, "stack");
        History stackOverlapBad = fullOverlap(50, 100, true, 4, "stack");
        History pqOverlap = fullOverlap(50, 100, false, 5, "priority-queue");
        History pqOverlapBad = fullOverlap(50, 100, true, 6, "priority-queue");
        History longPq = RandomHistories.distinct("priority-queue", 48, 5, 500_000, 4, 8, 0, 0);
        History longPqCrashy = RandomHistories.distinct("priority-queue", 49, 5, 500_000, 4, 8, 0, 15);
        History longPqBad = RandomHistories.distinct("priority-queue", 50, 5, 500_000, 4, 8, 100, 0);
        History longStack = RandomHistories.distinct("stack", 46, 5, 500_000, 4, 8, 0, 0);
        History longStackCrashy = RandomHistories.distinct("stack", 47, 5, 500_000, 4, 8, 0, 15);
        History longStackBad = swapPops(longStack);
        time(print, "register, 50 clients x 100 ops, full overlap", overlap, "register");
        time(print, "register, 50 clients x 100 ops, full overlap, one bad read", overlapBad, "register");
        time(print, "register, 5 clients, 500,000 ops", longRun, "register");
        time(print, "register, 5 clients, 500,000 ops, last read bad", longBad, "register");
        time(print, "register, 5 clients at a time, 500,000 ops, 15% crash", longCrashy, "register");
        time(print, "fifo-queue, 5 clients, 500,000 ops", longQueue, "fifo-queue");
        time(print, "set, 5 clients, 500,000 ops", longSet, "set");
        time(print, "stack, 50 clients x 100 ops, full overlap", stackOverlap, "stack");
        time(print, "stack, 50 clients x 100 ops, full overlap, one bad pop", stackOverlapBad, "stack");
        time(print, "stack, 5 clients, 500,000 ops", longStack, "stack");
        time(print, "stack, 5 clients, 500,000 ops, two pops swapped", longStackBad, "stack");
        time(print, "stack, 5 clients at a time, 500,000 ops, 15% crash", longStackCrashy, "stack");
        time(print, "priority-queue, 50 clients x 100 ops, full overlap", pqOverlap, "priority-queue");
        time(print, "priority-queue, 50 clients x 100 ops, full overlap, one bad extract", pqOverlapBad,
                "priority-queue");
        time(print, "priority-queue, 5 clients, 500,000 ops", longPq, "priority-queue");
        time(print, "priority-queue, 5 clients, 500,000 ops, 1-2 extracts corrupted", longPqBad, "priority-queue");
        time(print, "priority-queue, 5 clients at a time, 500,000 ops, 15% crash", longPqCrashy, "priority-queue");
        time(print, "set, 5 clients, 500,000 adds and 50 whole-set reads", jepsenSet(5, 500_000, 50), "set");
        if (print && ONLY.isEmpty()) {
            long t = System.nanoTime();
            Result dfs = Checker.check(overlap, RegisterModel.register(),
                    CheckOptions.defaults().withCoreTimeout(null)
                            .withEngine(Engine.DFS).withTimeout(Duration.ofSeconds(20)));
            System.out.printf("  for comparison, dfs on the full-overlap history: %s%s in %.0f ms%n", dfs.verdict(),
                    dfs.reason() == null ? "" : " (" + dfs.reason() + ")", (System.nanoTime() - t) / 1e6);
        }
    }

    private static void time(boolean print, String what, History history, String modelName) {
        if (!what.contains(ONLY)) {
            return;
        }
        Model<?> model = BuiltinModels.byName(modelName);
        long t0 = System.nanoTime();
        List<Operation> prepared = DecisionProcedureTest.prepare(history, model);
        long t1 = System.nanoTime();
        DecisionProcedure p = DecisionProcedure.find(model, prepared);
        long t2 = System.nanoTime();
        PartitionResult r = p.check(model, prepared, 0, "all", () -> false);
        long t3 = System.nanoTime();
        if (r == null) {
            System.out.printf("%-62s no answer from %s (left to the general engine) after %.0f ms%n", what, p.name(),
                    (t3 - t2) / 1e6);
            return;
        }
        if (print) {
            System.out.printf("%-62s %s by %s: applies %.0f ms, check %.0f ms (prepare %.0f ms); %d ops%s%n", what,
                    r.verdict(), r.engine(), (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t1 - t0) / 1e6, history.size(),
                    r.verdict() == Verdict.NOT_LINEARIZABLE
                            ? ", evidence prefix of " + r.violation().longest().get(0).steps().size() + " steps"
                            : "");
        }
    }

    /** {@link #fullOverlap(int, int, boolean, long, String)} for a register. */
    static History fullOverlap(int clients, int rounds, boolean bad, long seed) {
        return fullOverlap(clients, rounds, bad, seed, "register");
    }

    /**
     * Every client runs {@code rounds} operations; in each round all clients' operations overlap one another
     * (calls in one window, returns in a later one). Writes (pushes, inserts) store distinct values (for the
     * {@code priority-queue}, in scrambled order); reads (pops, extracts) return what a run in random
     * linearization-point order gives. With {@code bad}, one read (pop, extract) near the end returns an older value.
     *
     * @param model {@code register}, {@code stack} or {@code priority-queue}
     */
    static History fullOverlap(int clients, int rounds, boolean bad, long seed, String model) {
        boolean stack = model.equals("stack");
        boolean priority = model.equals("priority-queue");
        SplittableRandom r = new SplittableRandom(seed);
        record Draft(int client, boolean write, long value, long call, long ret, double point) {
        }
        List<Draft> drafts = new ArrayList<>();
        long nextValue = 1;
        for (int k = 0; k < rounds; k++) {
            long base = k * 1000L;
            for (int c = 0; c < clients; c++) {
                long call = base + r.nextInt(100);
                long ret = base + 900 + r.nextInt(99);
                boolean write = r.nextBoolean();
                // A multiplicative permutation modulo a prime keeps the priority queue's values distinct.
                long v = priority ? nextValue++ * 7919 % 1_000_003 : nextValue++;
                drafts.add(new Draft(c, write, write ? v : 0, call, ret, base + 100 + r.nextDouble() * 800));
            }
        }
        List<Draft> byPoint = new ArrayList<>(drafts);
        byPoint.sort(Comparator.comparingDouble(Draft::point));
        java.util.Map<Draft, Object> outputs = new java.util.IdentityHashMap<>();
        Object value = null;
        List<Long> older = new ArrayList<>();
        java.util.ArrayDeque<Long> pushed = new java.util.ArrayDeque<>();
        java.util.PriorityQueue<Long> inserted = new java.util.PriorityQueue<>();
        for (Draft d : byPoint) {
            if (d.write()) {
                value = d.value();
                older.add(d.value());
                pushed.push(d.value());
                inserted.add(d.value());
            } else {
                outputs.put(d, stack ? pushed.poll() : priority ? inserted.poll() : value);
            }
        }
        List<Operation> ops = new ArrayList<>();
        boolean corrupted = false;
        for (int i = drafts.size() - 1; i >= 0; i--) {
            Draft d = drafts.get(i);
            Object out = d.write() ? null : outputs.get(d);
            if (bad && !corrupted && !d.write() && out != null) {
                out = older.get(older.size() / 2);
                corrupted = true;
            }
            String f = stack ? (d.write() ? "push" : "pop") : priority ? (d.write() ? "insert" : "extract-min")
                    : d.write() ? "write" : "read";
            ops.add(Operation.of(0, d.client(), Invocation.of(f, d.write() ? d.value() : null), out, d.call(),
                    d.ret()));
        }
        return History.of(ops);
    }

    /**
     * Jepsen's set workload: {@code clients} clients add distinct values, overlapping; now and then a read lists
     * every value added so far (by linearization point).
     */
    static History jepsenSet(int clients, int adds, int reads) {
        SplittableRandom r = new SplittableRandom(7);
        record Draft(int client, boolean read, long value, long call, long ret, double point) {
        }
        List<Draft> drafts = new ArrayList<>();
        long[] free = new long[clients];
        int readEvery = adds / reads;
        for (int k = 0; k < adds + reads; k++) {
            int c = k % clients;
            long call = free[c] + r.nextInt(3);
            long ret = call + 1 + r.nextInt(6);
            free[c] = ret + 1;
            drafts.add(new Draft(c, k % (readEvery + 1) == readEvery, k, call, ret,
                    call + r.nextDouble() * (ret - call)));
        }
        java.util.TreeMap<Double, Long> added = new java.util.TreeMap<>();
        for (Draft d : drafts) {
            if (!d.read()) {
                added.put(d.point(), d.value());
            }
        }
        List<Operation> ops = new ArrayList<>();
        for (Draft d : drafts) {
            ops.add(d.read()
                    ? Operation.of(0, d.client(), Invocation.of("read", null),
                            new ArrayList<>(added.headMap(d.point()).values()), d.call(), d.ret())
                    : Operation.of(0, d.client(), Invocation.of("add", d.value()), true, d.call(), d.ret()));
        }
        return History.of(ops);
    }

    /** The same history with its last read (with a non-nil output) returning nil. */
    static History corruptLastRead(History h) {
        List<Operation> ops = new ArrayList<>(h.operations());
        for (int i = ops.size() - 1; i >= 0; i--) {
            Operation op = ops.get(i);
            if (((Invocation) op.input()).f().equals("read") && op.outputKnown() && op.output() != null) {
                ops.set(i, op.withInputOutput(op.input(), null));
                break;
            }
        }
        return History.of(ops);
    }

    /**
     * The same stack history with the outputs of two pops swapped, past its middle: one client's pops o1, o2 (o1
     * returns before o2 is called) of values v1, v2 with push(v2) returning before push(v1) is called and push(v1)
     * returning before o1 is called. Then v1 is above v2 from push(v1) until o2, so o1 cannot pop v2: a certain
     * violation that no single operation shows.
     */
    static History swapPops(History h) {
        List<Operation> ops = new ArrayList<>(h.operations());
        java.util.Map<Object, Operation> pushOf = new java.util.HashMap<>();
        for (Operation op : ops) {
            if (((Invocation) op.input()).f().equals("push")) {
                pushOf.put(((Invocation) op.input()).value(), op);
            }
        }
        java.util.Map<Integer, Integer> lastPop = new java.util.HashMap<>();
        for (int i = ops.size() / 2; i < ops.size(); i++) {
            Operation op = ops.get(i);
            if (!((Invocation) op.input()).f().equals("pop") || op.isPending() || op.output() == null) {
                continue;
            }
            Integer j = lastPop.put(op.client(), i);
            if (j == null) {
                continue;
            }
            Operation o1 = ops.get(j);
            Operation p1 = pushOf.get(o1.output());
            Operation p2 = pushOf.get(op.output());
            if (o1.ret() < op.call() && p2.ret() < p1.call() && p1.ret() < o1.call()) {
                ops.set(j, o1.withInputOutput(o1.input(), op.output()));
                ops.set(i, op.withInputOutput(op.input(), o1.output()));
                return History.of(ops);
            }
        }
        throw new IllegalStateException("no two pops to swap");
    }
}
