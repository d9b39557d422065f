package dev.ariadne.core.frontier;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.CommutingModel;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.FifoQueueModel;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;


/**
 * The frontier's view of a FIFO queue partition as {@link LayeredQueue} states: a model over wrapped inputs that
 * carry the operations' times, and the way back from a layered linearization to a concrete one. With values from
 * a small domain, k overlapping enqueues leave up to k! different queues, each a configuration the concrete
 * frontier carries until dequeues tell them apart; here they are one.
 *
 * <p><b>Exactness.</b> Every concrete queue a layered configuration stands for is reached by some linearization
 * of its operations: the members of a layer are pairwise concurrent (each joined when called no later than the
 * return of every member and of every dequeue placed since the layer began), so any of them may be enqueued
 * first, and moving a joined enqueue back before those dequeues changes nothing they saw (they took values from
 * the head, ahead of it) and breaks no real-time order. Conversely every concrete configuration is covered by a
 * layered one with the same operations whose state stands for its queue, and stepping both by the same operation
 * keeps it covered (a join only widens the set). Dropping a layered configuration that another one with the same
 * operations {@linkplain LayeredQueue#subsumes subsumes} keeps every concrete one covered, whatever the two tail
 * limits. So the layered frontier survives a return exactly when the concrete one does.
 *
 * <p><b>Qualifies</b> when the model is {@code fifo-queue} and every dequeue has a known output (a value or nil):
 * an unknown output removes any head, which a layered state cannot express as one step.
 */
final class QueueLayers {
    private final Object[] inputs;
    private final Object[] outputs;
    private final LayeredQueue initial;
    private final int initialSize;

    private QueueLayers(Operation[] ops, int[] initialIds) {
        this.initial = LayeredQueue.of(initialIds);
        this.initialSize = initialIds.length;
        this.inputs = new Object[ops.length];
        this.outputs = new Object[ops.length];
        for (int i = 0; i < ops.length; i++) {
            Operation op = ops[i];
            if (PreparedViews.kind(op.input()) == Kind.QUEUE_ENQUEUE) {
                inputs[i] = new Enqueue(PreparedViews.element(op.input()), op.call(), op.ret());
            } else if ((Integer) op.output() == PreparedViews.NIL_ID) {
                inputs[i] = EmptyDequeue.INSTANCE;
            } else {
                inputs[i] = new Dequeue(op.ret());
            }
            outputs[i] = op.output();
        }
    }

    /**
     * The layered view of {@code ops} (in call order: the frontier's numbering) under {@code model}, or
     * {@code null} when it does not qualify or would not pay: when fewer than one enqueue in
     * {@link #OVERLAP_SHARE} is called while another is open, concrete queues are few and cheaper to step
     * (measured in {@code docs/benchmarks.md}).
     */
    static QueueLayers of(Model<?> model, Operation[] ops) {
        if (!(model instanceof FifoQueueModel)) {
            return null;
        }
        int enqueues = 0;
        int overlapping = 0;
        long lastReturn = Long.MIN_VALUE;
        for (Operation op : ops) {
            Kind kind = PreparedViews.kind(op.input());
            if (kind == Kind.QUEUE_ENQUEUE) {
                enqueues++;
                if (lastReturn >= op.call()) {
                    overlapping++;
                }
                lastReturn = Math.max(lastReturn, op.ret());
            } else if (kind != Kind.QUEUE_DEQUEUE || !(op.output() instanceof Integer)) {
                return null;
            }
        }
        if (overlapping == 0 || (long) overlapping * OVERLAP_SHARE < enqueues) {
            return null;
        }
        return new QueueLayers(ops, PreparedViews.ids(model.init()));
    }

    /** Layers are used when at least one enqueue in this many overlaps an earlier one. */
    static final int OVERLAP_SHARE = 8;

    /** An enqueue of a value id, with its operation's times. */
    record Enqueue(int value, long call, long ret) {
    }

    /** A dequeue that saw a value (its id is the output), with its operation's return time. */
    record Dequeue(long ret) {
    }

    /** A dequeue that found the queue empty: never changes the state. */
    enum EmptyDequeue {
        INSTANCE
    }

    Object[] inputs() {
        return inputs;
    }

    Object[] outputs() {
        return outputs;
    }

    /** The model the frontier searches: layered states, wrapped inputs. */
    LayeredModel model() {
        return new LayeredModel();
    }

    /** Layered queue states over the wrapped inputs, with the hints the frontier uses to carry fewer of them. */
    final class LayeredModel implements SubsumingModel<LayeredQueue>, CommutingModel<LayeredQueue> {
        @Override
        public int key(LayeredQueue state) {
            return state.valueSum();
        }

        @Override
        public long shape(LayeredQueue state) {
            return state.layerStarts();
        }


        @Override
        public boolean subsumes(LayeredQueue a, LayeredQueue b) {
            return a.subsumes(b);
        }

        @Override
        public boolean sameNow(LayeredQueue a, LayeredQueue b) {
            return a.sameCells(b);
        }

        /**
         * Two open operations commute when the order cannot show: enqueues that both join the tail layer, or
         * both do not (then the second joins the first's new layer, as each is called before the other
         * returns); two dequeues (both accepted, so each takes its value from the head layer, or they take equal
         * values); an enqueue and a dequeue when the dequeue takes
         * from a head layer that is not the tail, and either the enqueue joins the tail layer or the dequeue
         * returns no earlier than the enqueue (else the dequeue would close the enqueue's new layer earlier).
         */
        @Override
        public boolean commute(LayeredQueue state, Object a, Object aOutput, Object b, Object bOutput) {
            if (a instanceof Enqueue ea) {
                if (b instanceof Enqueue eb) {
                    return state.joinsTail(ea.call()) == state.joinsTail(eb.call());
                }
                return b instanceof Dequeue db && enqueueCommutesWithDequeue(state, ea, db);
            }
            if (a instanceof Dequeue da) {
                return b instanceof Dequeue || b instanceof Enqueue eb && enqueueCommutesWithDequeue(state, eb, da);
            }
            return false;
        }

        private boolean enqueueCommutesWithDequeue(LayeredQueue state, Enqueue e, Dequeue d) {
            return state.severalLayers() && (state.joinsTail(e.call()) || d.ret() >= e.ret());
        }

        @Override
        public String name() {
            return "fifo-queue (layered)";
        }

        @Override
        public LayeredQueue init() {
            return initial;
        }

        @Override
        public LayeredQueue step(LayeredQueue state, Object input, Object output) {
            if (input instanceof Enqueue e) {
                return state.enqueue(e.value(), e.call(), e.ret());
            }
            if (input instanceof Dequeue d) {
                return state.dequeue((Integer) output, d.ret());
            }
            return state.isEmpty() ? state : null;
        }

        @Override
        public boolean isReadOnly(Object input) {
            return input == EmptyDequeue.INSTANCE;
        }
    }

    /**
     * A concrete linearization of the operations of a layered one ({@code order}, operation numbers, as the
     * frontier's trail gives it), or {@code null} if {@code order} is not a layered path: each layer's enqueues
     * are placed together where the layer began, those that were dequeued first, in the order they were dequeued.
     * The caller replays it on the real model.
     */
    int[] concrete(int[] order) {
        // A layer only ever grows at the tail, so the enqueues in path order, cut where layers begin, are the
        // layers; a dequeue swaps its enqueue to the front of the head layer's undequeued part.
        int m = order.length;
        int[] members = new int[m];
        int[] layerStart = new int[m + 1];
        int[] taken = new int[m + 1];
        boolean[] starts = new boolean[m];
        int memberCount = 0;
        int layerCount = 0;
        int head = 0;
        int initialLeft = initialSize;
        LayeredQueue shadow = initial;
        for (int p = 0; p < m; p++) {
            int op = order[p];
            if (inputs[op] instanceof Enqueue e) {
                if (!shadow.joins(e.call()) || head == layerCount) {
                    starts[p] = true;
                    layerStart[layerCount++] = memberCount;
                }
                members[memberCount++] = op;
                layerStart[layerCount] = memberCount;
                shadow = shadow.enqueue(e.value(), e.call(), e.ret());
            } else if (inputs[op] instanceof Dequeue d) {
                int v = (Integer) outputs[op];
                shadow = shadow.dequeue(v, d.ret());
                if (shadow == null) {
                    return null;
                }
                if (initialLeft > 0) {
                    initialLeft--;
                    continue;
                }
                int from = layerStart[head] + taken[head];
                int to = layerStart[head + 1];
                int pick = from;
                while (pick < to && ((Enqueue) inputs[members[pick]]).value() != v) {
                    pick++;
                }
                if (pick == to) {
                    return null;
                }
                int t = members[pick];
                members[pick] = members[from];
                members[from] = t;
                if (++taken[head] == to - layerStart[head]) {
                    head++;
                }
            }
        }
        int[] out = new int[m];
        int k = 0;
        int layer = 0;
        for (int p = 0; p < m; p++) {
            int op = order[p];
            if (!(inputs[op] instanceof Enqueue)) {
                out[k++] = op;
            } else if (starts[p]) {
                for (int j = layerStart[layer]; j < layerStart[layer + 1]; j++) {
                    out[k++] = members[j];
                }
                layer++;
            }
        }
        return out;
    }
}
