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
 * FIFO queues whose values repeat (a small domain of values): guesses which enqueue each dequeue took, then decides
 * the history with the guess by {@link DistinctQueueProcedure}'s simulation. It can only prove linearizability; where
 * no guess gives a linearization, the general engines decide.
 *
 * <p><b>Qualifies</b> as {@code distinct-queue} does, except that a value may be enqueued more than once: the model
 * is {@code fifo-queue} starting empty, and every dequeue returned with a known output.
 *
 * <p><b>The guess.</b> A FIFO queue hands out the elements of one value in the order they were enqueued, so in any
 * linearization the k-th dequeue of a value v takes the k-th enqueue of v. Ordering the enqueues and the dequeues
 * of each value by a time of their intervals (first by call, then, should that fail, by return) and pairing them
 * in that order guesses that matching; the enqueues of v left over after the last dequeue of v stay in the queue.
 * Giving each pair, and each enqueue left over, a value of its own makes the history one of distinct values, which
 * the simulation decides in O(n log n).
 *
 * <p><b>Why a linearization of the renamed history is one of the history itself</b>: the operations are the same
 * and each dequeue in it takes the head of the queue, an element whose original value is the dequeue's output; the
 * queue is empty at the same points. The order is not trusted on that argument alone: {@link Replay} places it step
 * by step on the model with the original values, within real time, before {@link dev.ariadne.core.check.Verdict#LINEARIZABLE}
 * is reported. A renamed history that is not linearizable proves nothing about the history (the guess may be
 * wrong), so then {@link #check} returns {@code null} and the caller runs a general engine.
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
        for (boolean defer : new boolean[] {false, true}) {
            int[] order = simulate(ops, inserts, defer, stop);
            if (stop.getAsBoolean()) {
                return Replay.cancelled(NAME, ops.length, index, label, 0, start);
            }
            PartitionResult r = order == null ? null
                    : Replay.run(NAME, model, prepared, null, order, order.length, false, index, label, stop, start);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /**
     * The greedy simulation: the order it placed every completed operation in, or {@code null} when it got stuck
     * or {@code stop} said so.
     */
    static int[] simulate(Operation[] ops, boolean[] inserts, boolean defer, BooleanSupplier stop) {
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
        for (int v = 0; v < values; v++) {
            for (int k = deqStart[v + 1] - 2; k >= deqStart[v]; k--) {
                laterReturn[k] = Math.min(laterReturn[k], laterReturn[k + 1]);
            }
        }
        int[] eligibleDeqs = new int[values];
        int[] byReturn = sorted(n, ret);
        // Eligible, unplaced operations: per value, dequeues and enqueues by return; empty dequeues by return.
        IndexHeap[] deqs = new IndexHeap[values];
        IndexHeap[] enqs = new IndexHeap[values];
        IndexHeap empties = new IndexHeap(0, ret);
        // Values with an eligible enqueue and dequeues left to meet, by the call of the dequeue that would meet it.
        long[] demandKey = new long[values];
        IndexHeap demand = new IndexHeap(values, demandKey);
        boolean[] inDemand = new boolean[values];
        int[] enqueuedOf = new int[values];
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
                return null;
            }
            while (rp < n && (placed[byReturn[rp]] || ops[byReturn[rp]].isPending())) {
                rp++;
            }
            long firstReturn = rp < n ? ret[byReturn[rp]] : Long.MAX_VALUE;
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
                    offerDemand(v, demand, demandKey, inDemand, enqueuedOf, deqCount, deqStart, deqCalls);
                }
            }
            int next = -1;
            int deferred = -1;
            if (head < tail) {
                int v = value[queue[head]];
                if (deqs[v] != null && !deqs[v].isEmpty()) {
                    int k = deqStart[v] + eligibleDeqs[v];
                    if (defer && k < deqStart[v + 1] && laterReturn[k] < ret[deqs[v].peek()]) {
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
            while (next < 0 && !demand.isEmpty()) {
                int v = demand.pop();
                inDemand[v] = false;
                if (!enqs[v].isEmpty() && enqueuedOf[v] < deqCount[v]) {
                    next = enqs[v].pop();
                    queue[tail++] = next;
                    enqueuedOf[v]++;
                    offerDemand(v, demand, demandKey, inDemand, enqueuedOf, deqCount, deqStart, deqCalls);
                }
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
            if (next < 0 && deferred >= 0) {
                next = deqs[deferred].pop();
                head++;
            }
            if (next < 0) {
                break;
            }
            placed[next] = true;
            order[size++] = next;
            placedCompleted += ops[next].isPending() ? 0 : 1;
        }
        return placedCompleted == completed ? Arrays.copyOf(order, size) : null;
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
