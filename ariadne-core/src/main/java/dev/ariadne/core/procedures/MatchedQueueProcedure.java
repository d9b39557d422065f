package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.FifoQueueModel;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;
import dev.ariadne.core.search.IndexSort;
import dev.ariadne.core.search.Replay;

import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * FIFO queues whose values repeat (a small domain of values): a greedy simulation that guesses which enqueue each
 * dequeue took, retried with other ways of guessing where it gets stuck. It can only prove linearizability; where
 * no guess gives a linearization, the general engines decide.
 *
 * <p><b>Qualifies</b> as {@code distinct-queue} does, except that a value may be enqueued more than once: the model
 * is {@code fifo-queue} starting empty, and every dequeue returned with a known output.
 *
 * <p><b>The simulation</b> places operations one at a time, within real time, on a queue of enqueue operations,
 * as {@link DistinctQueueProcedure} does, but where that procedure knows which enqueue a dequeue takes this one
 * guesses. A FIFO queue hands out the elements of one value in the order they were enqueued, so the k-th enqueue
 * of a value placed is wanted by the k-th dequeue of it (by call; in {@link #BY_RETURN} mode, by return). Each step:
 * a dequeue of the head's value takes the head (the eligible one that returns first); else an empty dequeue on the
 * empty queue; else the enqueue of the value wanted first; else, once no empty dequeue is left, an enqueue nobody
 * will dequeue. The other modes make a step wait for a better candidate not yet called ({@link #DEFER},
 * {@link #SOONER}) or for an empty dequeue ({@link #DRAIN}), or hold enqueues back until their dequeue is called
 * ({@link #LAZY}), each only while something else can be placed.
 *
 * <p><b>Retrying.</b> When the simulation gets stuck (the first completed operation to return cannot be placed),
 * it runs again with the next mode in a window of time ending there (the last {@code WINDOWS[0]} operations placed),
 * every earlier window keeping its mode; when a run gets past that place, the next place it gets stuck gets a window
 * of its own; when no mode gets past, the window takes the next length of {@link #WINDOWS}. At most
 * {@link #MIN_ATTEMPTS} runs and one per {@link #OPERATIONS_PER_ATTEMPT} operations, each O(n log n) on the
 * {@link Shape} computed once.
 *
 * <p><b>Soundness</b> does not rest on the guesses: the order is replayed step by step on the model with the
 * original values, within real time ({@link Replay}), before {@link dev.ariadne.core.check.Verdict#LINEARIZABLE} is
 * reported. Getting stuck proves nothing (a guess may be wrong), so then {@link #check} returns {@code null} and the
 * caller runs a general engine: a violation is always decided there.
 */
final class MatchedQueueProcedure implements DecisionProcedure {
    static final String NAME = "matched-queue";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String whyNot(Model<?> model, List<Operation> prepared) {
        return DistinctInserts.whyNot(model, FifoQueueModel.class, "fifo-queue", Kind.QUEUE_ENQUEUE,
                Kind.QUEUE_DEQUEUE, prepared, false);
    }

    @Override
    public PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label,
                                 BooleanSupplier stop) {
        long start = System.nanoTime();
        Operation[] ops = prepared.toArray(new Operation[0]);
        boolean[] inserts = DistinctInserts.insertsOf(prepared, Kind.QUEUE_ENQUEUE);
        Shape shape = new Shape(ops, inserts);
        Modes modes = new Modes();
        Outcome furthest = null; // the simulation that got stuck furthest, with the base guesses there
        int mode = 0;
        int widened = 0;
        int attempts = MIN_ATTEMPTS + ops.length / OPERATIONS_PER_ATTEMPT;
        for (int attempt = 0; attempt < attempts; attempt++) {
            Outcome o = simulate(ops, inserts, shape, modes, stop);
            if (stop.getAsBoolean()) {
                return Replay.cancelled(NAME, ops.length, index, label, 0, start);
            }
            if (o.done()) {
                return Replay.run(NAME, model, prepared, null, o.order(), o.size(), false, index, label, stop, start);
            }
            if (furthest == null || o.stuckAt() > furthest.stuckAt()) {
                // A new place where the guess fails: try the other ways of guessing before it, from the first.
                furthest = o;
                mode = 1;
                widened = 0;
                modes.add(o.windowFrom(ops, WINDOWS[0]), o.stuckAt(), mode);
            } else if (++mode < MODES) {
                modes.setLast(mode);
            } else if (++widened < WINDOWS.length) {
                // No way of guessing in this window gets past: try them again over a window four times as long.
                mode = 1;
                modes.dropLast();
                modes.add(furthest.windowFrom(ops, WINDOWS[widened]), furthest.stuckAt(), mode);
            } else {
                return null;
            }
        }
        return null;
    }

    /**
     * How many ways of guessing there are: the combinations of {@link #DEFER}, {@link #BY_RETURN}, {@link #LAZY}
     * {@link #DRAIN} and {@link #SOONER}.
     */
    static final int MODES = 32;
    /** The head waits for a dequeue of its value not called yet that returns sooner than every eligible one. */
    static final int DEFER = 1;
    /** The k-th enqueue of a value is wanted by the k-th return among its dequeues, not by the k-th call. */
    static final int BY_RETURN = 2;
    /** An enqueue is placed before its dequeue is called only when nothing else can be placed. */
    static final int LAZY = 4;
    /** While an empty dequeue is eligible, an enqueue is placed only when nothing else can be. */
    static final int DRAIN = 8;
    /** An enqueue waits while an enqueue of its value not called yet returns sooner, unless nothing else can be placed. */
    static final int SOONER = 16;
    /**
     * Simulations tried before giving up: this many, and one more per {@link #OPERATIONS_PER_ATTEMPT} operations
     * (a longer history has more places where a guess fails; a history the guesses cannot decide pays them before
     * the general engine, a few percent of what the frontier then takes).
     */
    static final int MIN_ATTEMPTS = 256;
    static final int OPERATIONS_PER_ATTEMPT = 1000;
    /**
     * The lengths, in operations placed before the place it got stuck, of the window a new way of guessing is tried
     * on, in the order tried: a wrong guess is usually a little before the place, sometimes far, and a long window
     * can break what a short one would keep.
     */
    private static final int[] WINDOWS = {128, 512, 2048, 32, 8};

    /**
     * What a simulation gave: {@code order[0..size)} placed; {@code done} when every completed operation is, else
     * the time it got stuck at (the first return it could not place).
     */
    record Outcome(int[] order, int size, boolean done, long stuckAt) {
        /** Where a window of other guesses ending here should start: the call of the {@code window}-th last placed. */
        long windowFrom(Operation[] ops, int window) {
            return size == 0 ? Long.MIN_VALUE : ops[order[Math.max(0, size - window)]].call();
        }
    }

    /** The way of guessing at each time: windows of time with a mode each, later windows over earlier ones. */
    static final class Modes {
        private long[] from = new long[4];
        private long[] to = new long[4];
        private int[] mode = new int[4];
        private int size;

        void add(long start, long end, int m) {
            if (size == from.length) {
                from = Arrays.copyOf(from, size * 2);
                to = Arrays.copyOf(to, size * 2);
                mode = Arrays.copyOf(mode, size * 2);
            }
            from[size] = start;
            to[size] = end;
            mode[size++] = m;
        }

        void setLast(int m) {
            mode[size - 1] = m;
        }

        void dropLast() {
            size = Math.max(0, size - 1);
        }

        /**
         * The modes of one run, asked at times that never decrease (the first return left only moves on): a sweep
         * over the windows by start, with the started ones on a heap, latest window first, O(log w) a step.
         */
        Sweep sweep() {
            return new Sweep();
        }

        final class Sweep {
            private final int[] byStart = new int[size];
            private final IndexHeap started = new IndexHeap(size, null, true);
            private int next;

            Sweep() {
                for (int k = 0; k < size; k++) {
                    byStart[k] = k;
                }
                IndexSort.sort(byStart, size, from);
            }

            /** The mode at {@code t}: the latest window holding it, or 0. */
            int at(long t) {
                while (next < size && from[byStart[next]] <= t) {
                    started.push(byStart[next++]);
                }
                while (!started.isEmpty() && to[started.peek()] < t) {
                    started.pop(); // ended before t, and so before every later time asked
                }
                return started.isEmpty() ? 0 : mode[started.peek()];
            }
        }
    }

    /** What the simulation needs of the history, computed once for all of its runs. */
    static final class Shape {
        final int n;
        final int values;
        final long[] call;
        final long[] ret;
        final int[] value;
        final int[] deqCount;
        final int[] deqStart;
        final long[] deqCalls;
        final long[] deqReturns;
        final long[] laterReturn;
        final int[] enqStart;
        final long[] laterEnqReturn;
        final int[] byCall;
        final int[] byReturn;

        Shape(Operation[] ops, boolean[] inserts) {
            int n = ops.length;
            long[] call = new long[n];
            long[] ret = new long[n];
            int[] value = new int[n];
            int maxValue = 0;
            for (int i = 0; i < n; i++) {
                call[i] = ops[i].call();
                ret[i] = ops[i].ret();
                value[i] = inserts[i] ? PreparedViews.element(ops[i].input()) : (Integer) ops[i].output();
                maxValue = Math.max(maxValue, value[i]);
            }
            int values = maxValue + 1;
            // Per value, its dequeues' calls in order: the k-th enqueue of a value placed is guessed to meet the k-th.
            int[] deqCount = new int[values];
            for (int i = 0; i < n; i++) {
                if (!inserts[i] && value[i] != PreparedViews.NIL_ID) {
                    deqCount[value[i]]++;
                }
            }
            int[] deqStart = new int[values + 1];
            for (int v = 0; v < values; v++) {
                deqStart[v + 1] = deqStart[v] + deqCount[v];
            }
            long[] deqCalls = new long[deqStart[values]];
            int[] filled = new int[values];
            int[] byCall = sorted(n, call);
            // ... and the earliest return among each value's dequeues from the k-th on, in call order.
            long[] laterReturn = new long[deqStart[values]];
            for (int i : byCall) {
                if (!inserts[i] && value[i] != PreparedViews.NIL_ID) {
                    deqCalls[deqStart[value[i]] + filled[value[i]]] = call[i];
                    laterReturn[deqStart[value[i]] + filled[value[i]]++] = ret[i];
                }
            }
            long[] deqReturns = laterReturn.clone(); // per value, sorted: the k-th of a value's dequeues to return
            for (int v = 0; v < values; v++) {
                Arrays.sort(deqReturns, deqStart[v], deqStart[v + 1]);
            }
            // The earliest return among each value's enqueues from the k-th on, in call order.
            int[] enqStart = new int[values + 1];
            for (int i = 0; i < n; i++) {
                if (inserts[i]) {
                    enqStart[value[i] + 1]++;
                }
            }
            for (int v = 0; v < values; v++) {
                enqStart[v + 1] += enqStart[v];
            }
            long[] laterEnqReturn = new long[enqStart[values]];
            int[] filledEnqs = new int[values];
            for (int i : byCall) {
                if (inserts[i]) {
                    laterEnqReturn[enqStart[value[i]] + filledEnqs[value[i]]++] = ret[i];
                }
            }
            for (int v = 0; v < values; v++) {
                for (int k = enqStart[v + 1] - 2; k >= enqStart[v]; k--) {
                    laterEnqReturn[k] = Math.min(laterEnqReturn[k], laterEnqReturn[k + 1]);
                }
            }
            for (int v = 0; v < values; v++) {
                for (int k = deqStart[v + 1] - 2; k >= deqStart[v]; k--) {
                    laterReturn[k] = Math.min(laterReturn[k], laterReturn[k + 1]);
                }
            }
            int[] byReturn = sorted(n, ret);
            this.n = n;
            this.values = values;
            this.call = call;
            this.ret = ret;
            this.value = value;
            this.deqCount = deqCount;
            this.deqStart = deqStart;
            this.deqCalls = deqCalls;
            this.deqReturns = deqReturns;
            this.laterReturn = laterReturn;
            this.enqStart = enqStart;
            this.laterEnqReturn = laterEnqReturn;
            this.byCall = byCall;
            this.byReturn = byReturn;
        }
    }

    /**
     * The greedy simulation with the guesses {@code modes} chooses at each time; stops early (with an
     * {@link Outcome} of no order) when {@code stop} says so.
     */
    static Outcome simulate(Operation[] ops, boolean[] inserts, Shape shape, Modes modes, BooleanSupplier stop) {
        int n = shape.n;
        int values = shape.values;
        long[] call = shape.call;
        long[] ret = shape.ret;
        int[] value = shape.value;
        int[] deqCount = shape.deqCount;
        int[] deqStart = shape.deqStart;
        long[] deqCalls = shape.deqCalls;
        long[] deqReturns = shape.deqReturns;
        long[] laterReturn = shape.laterReturn;
        int[] enqStart = shape.enqStart;
        long[] laterEnqReturn = shape.laterEnqReturn;
        int[] byCall = shape.byCall;
        int[] byReturn = shape.byReturn;
        int[] eligibleDeqs = new int[values];
        int[] eligibleEnqs = new int[values];
        Modes.Sweep sweep = modes.sweep();
        // Eligible, unplaced operations: per value, dequeues and enqueues by return; empty dequeues by return.
        IndexHeap[] deqs = new IndexHeap[values];
        IndexHeap[] enqs = new IndexHeap[values];
        IndexHeap empties = new IndexHeap(0, ret);
        // Values with an eligible enqueue and dequeues left to meet, by the call of the dequeue that would meet it.
        long[] demandKey = new long[values];
        IndexHeap demand = new IndexHeap(values, demandKey);
        boolean[] inDemand = new boolean[values];
        int[] enqueuedOf = new int[values];
        int[] skipped = new int[values];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int size = 0;
        int completed = 0;
        int emptiesLeft = 0;
        for (int i = 0; i < n; i++) {
            completed += ops[i].isPending() ? 0 : 1;
            emptiesLeft += !inserts[i] && value[i] == PreparedViews.NIL_ID ? 1 : 0;
        }
        int placedCompleted = 0;
        int rp = 0;
        int cp = 0;
        for (long iteration = 1; ; iteration++) {
            if ((iteration & 0xfff) == 0 && stop.getAsBoolean()) {
                return new Outcome(order, size, false, Long.MAX_VALUE);
            }
            while (rp < n && (placed[byReturn[rp]] || ops[byReturn[rp]].isPending())) {
                rp++;
            }
            long firstReturn = rp < n ? ret[byReturn[rp]] : Long.MAX_VALUE;
            int mode = sweep.at(firstReturn);
            long[] wanted = (mode & BY_RETURN) != 0 ? deqReturns : deqCalls;
            while (cp < n && call[byCall[cp]] <= firstReturn) {
                int i = byCall[cp++];
                int v = value[i];
                if (!inserts[i]) {
                    if (v == PreparedViews.NIL_ID) {
                        empties.push(i);
                    } else {
                        heap(deqs, v, ret).push(i);
                        eligibleDeqs[v]++;
                    }
                } else {
                    heap(enqs, v, ret).push(i);
                    eligibleEnqs[v]++;
                    offerDemand(v, demand, demandKey, inDemand, enqueuedOf, deqCount, deqStart, wanted);
                }
            }
            int next = -1;
            int deferred = -1;
            if (head < tail) {
                int v = value[queue[head]];
                if (deqs[v] != null && !deqs[v].isEmpty()) {
                    int k = deqStart[v] + eligibleDeqs[v];
                    if ((mode & DEFER) != 0 && k < deqStart[v + 1] && laterReturn[k] < ret[deqs[v].peek()]) {
                        deferred = v; // a dequeue of v not called yet returns sooner: it should take this head
                    } else {
                        next = deqs[v].pop();
                        head++;
                    }
                }
            } else if (!empties.isEmpty()) {
                next = empties.pop();
                emptiesLeft--;
            }
            // Values whose enqueue waits this time (see the modes), least wanted time first.
            int skippedCount = 0;
            while (next < 0 && !demand.isEmpty()) {
                int v = demand.pop();
                if (enqs[v].isEmpty() || enqueuedOf[v] >= deqCount[v]) {
                    inDemand[v] = false;
                    continue;
                }
                int k = enqStart[v] + eligibleEnqs[v];
                if ((mode & LAZY) != 0 && demandKey[v] > firstReturn
                        || (mode & DRAIN) != 0 && !empties.isEmpty()
                        || (mode & SOONER) != 0 && k < enqStart[v + 1] && laterEnqReturn[k] < ret[enqs[v].peek()]) {
                    skipped[skippedCount++] = v;
                    continue;
                }
                inDemand[v] = false;
                next = enqueue(v, enqs, queue, tail++, enqueuedOf);
                offerDemand(v, demand, demandKey, inDemand, enqueuedOf, deqCount, deqStart, wanted);
            }
            if (next < 0 && emptiesLeft == 0) {
                // No dequeue is left to take them: a completed enqueue of a value whose dequeues are all met.
                for (int v = 0; v < values && next < 0; v++) {
                    while (enqs[v] != null && enqueuedOf[v] >= deqCount[v] && !enqs[v].isEmpty() && next < 0) {
                        int i = enqs[v].pop();
                        if (!ops[i].isPending()) {
                            next = i;
                            queue[tail++] = i;
                            enqueuedOf[v]++;
                        }
                    }
                }
            }
            int from = 0;
            if (next < 0 && skippedCount > 0) {
                int v = skipped[from++]; // nothing else can be placed: the enqueue wanted first goes after all
                inDemand[v] = false;
                next = enqueue(v, enqs, queue, tail++, enqueuedOf);
                offerDemand(v, demand, demandKey, inDemand, enqueuedOf, deqCount, deqStart, wanted);
            }
            for (int j = from; j < skippedCount; j++) {
                demand.push(skipped[j]);
            }
            if (next < 0 && deferred >= 0) {
                next = deqs[deferred].pop();
                head++;
            }
            if (next < 0) {
                return new Outcome(order, size, placedCompleted == completed, firstReturn);
            }
            placed[next] = true;
            order[size++] = next;
            placedCompleted += ops[next].isPending() ? 0 : 1;
        }
    }

    /** Places the eligible enqueue of {@code v} that returns first at {@code queue[at]}; returns it. */
    private static int enqueue(int v, IndexHeap[] enqs, int[] queue, int at, int[] enqueuedOf) {
        int i = enqs[v].pop();
        queue[at] = i;
        enqueuedOf[v]++;
        return i;
    }

    private static void offerDemand(int v, IndexHeap demand, long[] demandKey, boolean[] inDemand, int[] enqueuedOf,
                                    int[] deqCount, int[] deqStart, long[] deqCalls) {
        if (!inDemand[v] && enqueuedOf[v] < deqCount[v]) {
            demandKey[v] = deqCalls[deqStart[v] + enqueuedOf[v]];
            inDemand[v] = true;
            demand.push(v);
        }
    }

    private static IndexHeap heap(IndexHeap[] heaps, int v, long[] key) {
        if (heaps[v] == null) {
            heaps[v] = new IndexHeap(0, key);
        }
        return heaps[v];
    }

    private static int[] sorted(int n, long[] key) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        IndexSort.sort(order, n, key);
        return order;
    }
}
