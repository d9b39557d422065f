package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.FifoQueueModel;
import dev.ariadne.core.prepared.PreparedViews.Kind;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * FIFO queues whose enqueued values are distinct: O(n log n), by a forward simulation in which every step is
 * safe (an exchange argument in the spirit of Lee &amp; Mathur, OOPSLA 2025, and Abdulla et al., PLDI 2025).
 *
 * <p><b>Qualifies</b> when the model is {@code fifo-queue} starting empty, every enqueued value is enqueued once,
 * and every dequeue returned with a known output (a value or nil, "empty"). Pending enqueues are fine; pending
 * dequeues and dequeues with unknown output are not (they may remove any head), so such partitions go to the
 * general engines.
 *
 * <p><b>Terms.</b> A <em>dequeued</em> value v has its enqueue e(v) and dequeue d(v); a dequeue of a value never
 * enqueued, or of one already dequeued, can never be placed. A value enqueued by a completed enqueue and never
 * dequeued is <em>stuck</em>. A pending enqueue of a value nobody dequeued is left out: removing it from any
 * linearization leaves one (nothing dequeues it, so it sits behind every value dequeued later, and an empty
 * dequeue never sees it). An x is an empty dequeue. An operation is <em>eligible</em> when every completed
 * operation that returned before its call is placed.
 *
 * <p><b>Simulation.</b> Starting from the empty queue, repeat: (1) if the queue is not empty and the dequeue of
 * its head is eligible, place it; (2) else, if the queue is empty and an x is eligible, place it; (3) else, if
 * some dequeued value is not enqueued yet, place the eligible enqueue of such a value whose dequeue is called
 * first; (4) else, if no x is left, place an eligible stuck enqueue; otherwise stop. All completed operations
 * placed: the placed order is a witness. Anything else: not linearizable.
 *
 * <p><b>Why each step is safe</b> (if some completion of the placed prefix is a linearization, one starts with
 * the step's operation). (1) In a completion, everything before the head's dequeue is an enqueue (no other value
 * can leave first, no x while the head is in), so moving the dequeue to the front keeps every state valid, and
 * real time too since it is eligible. (2) An x changes nothing; moving it to the front, where the queue is empty,
 * is valid. (3) If (1) and (2) do not apply, a completion starts with an enqueue, of a dequeued value w (a stuck
 * value first would block every value behind it forever). Let v be the chosen value, so
 * {@code d(v).call ≤ d(w).call}. Move e(v) to the front and d(v) to just before d(w): the queue then holds v
 * just ahead of w, no x lies between e(w) and d(w), and after d(w) the queue is the completion's minus v; an
 * operation between d(w) and the old place of d(v) that returned before d(v) was called would have returned
 * before d(w) was called, which is impossible. (4) Stuck values are never dequeued, so their order does not
 * matter and an x can never follow them. <b>Stopping</b> proves the violation: the completion's next operation
 * would have to be one of these cases, or a dequeue that is not of the head, or an x on a non-empty queue, or a
 * stuck enqueue with an x left (that x would never see an empty queue), or a dequeue that can never be placed.
 *
 * <p>The placed order is replayed on the model by {@link Replay} before it is reported; when the history is not
 * linearizable it is the evidence, a dead-end prefix.
 */
final class DistinctQueueProcedure implements DecisionProcedure {
    static final String NAME = "distinct-queue";

    private static final byte STUCK = DistinctInserts.STUCK;
    private static final byte ENQ = DistinctInserts.INSERT;
    private static final byte DEQ = DistinctInserts.REMOVE;
    private static final byte EMPTY = DistinctInserts.EMPTY;
    private static final byte DROPPED = DistinctInserts.DROPPED;
    private static final byte BAD = DistinctInserts.BAD;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String whyNot(Model<?> model, List<Operation> prepared) {
        return DistinctInserts.whyNot(model, FifoQueueModel.class, "fifo-queue", Kind.QUEUE_ENQUEUE,
                Kind.QUEUE_DEQUEUE, prepared);
    }

    @Override
    public PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label,
                                 BooleanSupplier stop) {
        long start = System.nanoTime();
        DistinctInserts h = new DistinctInserts(prepared, Kind.QUEUE_ENQUEUE);
        Placement p = stop.getAsBoolean() ? null : simulate(h, stop);
        if (p == null) {
            return Replay.cancelled(NAME, prepared.size(), index, label, 0, start);
        }
        return Replay.run(NAME, model, prepared, null, p.order(), p.size(), h.violation || p.stuck(), index, label,
                stop, start);
    }

    /**
     * The order the forward simulation places ({@code order[0..size)}, indices into {@code h.ops}); {@code stuck}
     * when it stopped with a completed operation left, which proves a violation of {@code h}'s values.
     */
    record Placement(int[] order, int size, boolean stuck) {
    }

    /** Runs the forward simulation on {@code h}; {@code null} when {@code stop} said so. */
    static Placement simulate(DistinctInserts h, BooleanSupplier stop) {
        int n = h.ops.length;
        Operation[] ops = h.ops;
        long[] call = h.call;
        long[] ret = h.ret;
        int[] value = h.value;
        byte[] kind = h.kind;
        int[] deqOf = h.removeOf;

        // The forward simulation; every placement is safe (see the class comment), so getting stuck proves a
        // violation.
        int[] all = h.select(ret, ~(1 << DROPPED), true);
        int[] xs = h.select(call, 1 << EMPTY, false);
        int[] enqs = h.select(call, 1 << ENQ, false);
        int[] stuck = h.select(call, 1 << STUCK, false);
        long[] deqCall = new long[n];
        for (int i = 0; i < n; i++) {
            if (kind[i] == ENQ) {
                deqCall[i] = call[deqOf[value[i]]];
            }
        }
        IndexHeap ready = new IndexHeap(enqs.length, deqCall);
        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int size = 0;
        int[] queue = new int[enqs.length]; // enqueue operations of the values in the queue, head first
        int head = 0;
        int tail = 0;
        int ap = 0;
        int xp = 0;
        int ep = 0;
        int sp = 0;
        int enqueued = 0;
        for (long iteration = 1; ; iteration++) {
            if ((iteration & 0xfff) == 0 && stop.getAsBoolean()) {
                return null;
            }
            while (ap < all.length && placed[all[ap]]) {
                ap++;
            }
            long firstReturn = ap < all.length ? ret[all[ap]] : Long.MAX_VALUE;
            int next = -1;
            if (head < tail) {
                int d = deqOf[value[queue[head]]];
                if (call[d] <= firstReturn) {
                    next = d;
                    head++;
                }
            } else if (xp < xs.length && call[xs[xp]] <= firstReturn) {
                next = xs[xp++];
            }
            if (next < 0 && enqueued < enqs.length) {
                while (ep < enqs.length && call[enqs[ep]] <= firstReturn) {
                    ready.push(enqs[ep++]);
                }
                if (!ready.isEmpty()) {
                    next = ready.pop();
                    queue[tail++] = next;
                    enqueued++;
                }
            } else if (next < 0 && xp == xs.length && sp < stuck.length && call[stuck[sp]] <= firstReturn) {
                next = stuck[sp++];
            }
            if (next < 0) {
                break;
            }
            placed[next] = true;
            order[size++] = next;
        }
        // Stuck with a completed operation left (a dequeue of a value never enqueued, say): not linearizable.
        for (int i = 0; i < n; i++) {
            if (!placed[i] && !ops[i].isPending()) {
                return new Placement(order, size, true);
            }
        }
        return new Placement(order, size, false);
    }
}
