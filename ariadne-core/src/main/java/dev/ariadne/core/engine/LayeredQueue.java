package dev.ariadne.core.engine;

import java.util.Arrays;

/**
 * A FIFO queue state in which runs of concurrent enqueues are kept unordered: a sequence of <em>layers</em>, each a
 * multiset of value ids, standing for every queue that concatenates some permutation of each layer, head layer
 * first. One layered state replaces the k! concrete queues that k overlapping enqueues of different values
 * would otherwise leave behind; {@link QueueLayers} explains why the frontier stays exact with it.
 *
 * <p>The tail layer stays <em>open</em> to an enqueue called at or before {@link #tailLimit}: the earliest return
 * of the layer's enqueues and of the dequeues placed since the layer began. Such an enqueue is concurrent with all
 * of them, so it may take any place in the layer. Immutable; values sorted within each layer so that equal
 * multisets are equal states; the hash is cached.
 */
final class LayeredQueue {
    /** {@link #tailLimit} when no enqueue may join the tail layer. */
    static final long CLOSED = Long.MIN_VALUE;

    private static final int[] NONE = new int[0];
    static final LayeredQueue EMPTY = new LayeredQueue(NONE, NONE, CLOSED);

    /** The layers' values, head layer first, each layer sorted. */
    private final int[] values;
    /** {@code ends[i]}: the exclusive end of layer i in {@link #values}. */
    private final int[] ends;
    private final long tailLimit;
    private final int hash;

    private LayeredQueue(int[] values, int[] ends, long tailLimit) {
        this.values = values;
        this.ends = ends;
        this.tailLimit = tailLimit;
        this.hash = (Arrays.hashCode(values) * 31 + Arrays.hashCode(ends)) * 31 + Long.hashCode(tailLimit);
    }

    /** A queue holding these ids in this order, head first, every one its own (closed) layer. */
    static LayeredQueue of(int[] ids) {
        if (ids.length == 0) {
            return EMPTY;
        }
        int[] ends = new int[ids.length];
        for (int i = 0; i < ends.length; i++) {
            ends[i] = i + 1;
        }
        return new LayeredQueue(ids.clone(), ends, CLOSED);
    }

    boolean isEmpty() {
        return values.length == 0;
    }

    long tailLimit() {
        return tailLimit;
    }

    /**
     * Enqueues {@code v} by an operation called at {@code call} that returns at {@code ret}: it joins the tail
     * layer when that is open to it, else it starts a new layer.
     */
    LayeredQueue enqueue(int v, long call, long ret) {
        int n = values.length;
        int[] vs = new int[n + 1];
        if (ends.length > 0 && joins(call)) {
            int start = ends.length == 1 ? 0 : ends[ends.length - 2];
            int at = n;
            while (at > start && values[at - 1] > v) {
                at--;
            }
            System.arraycopy(values, 0, vs, 0, at);
            vs[at] = v;
            System.arraycopy(values, at, vs, at + 1, n - at);
            int[] es = ends.clone();
            es[es.length - 1] = n + 1;
            return new LayeredQueue(vs, es, Math.min(tailLimit, ret));
        }
        System.arraycopy(values, 0, vs, 0, n);
        vs[n] = v;
        int[] es = Arrays.copyOf(ends, ends.length + 1);
        es[ends.length] = n + 1;
        return new LayeredQueue(vs, es, ret);
    }

    /** Whether an enqueue called at {@code call} may join the tail layer. */
    boolean joins(long call) {
        return tailLimit != CLOSED && call <= tailLimit;
    }

    /**
     * Dequeues {@code v} by an operation that returns at {@code ret}: legal when the head layer holds v (the
     * queues this state stands for that start with v), or {@code null}.
     */
    LayeredQueue dequeue(int v, long ret) {
        int headEnd = ends.length == 0 ? 0 : ends[0];
        int at = Arrays.binarySearch(values, 0, headEnd, v);
        if (at < 0) {
            return null;
        }
        int n = values.length;
        if (n == 1) {
            return EMPTY;
        }
        int[] vs = new int[n - 1];
        System.arraycopy(values, 0, vs, 0, at);
        System.arraycopy(values, at + 1, vs, at, n - 1 - at);
        int[] es;
        if (headEnd == 1) {
            es = new int[ends.length - 1];
            for (int i = 0; i < es.length; i++) {
                es[i] = ends[i + 1] - 1;
            }
        } else {
            es = new int[ends.length];
            for (int i = 0; i < es.length; i++) {
                es[i] = ends[i] - 1;
            }
        }
        return new LayeredQueue(vs, es, Math.min(tailLimit, ret));
    }

    /** How many layers this queue has. */
    int layers() {
        return ends.length;
    }

    /**
     * This queue with layers i and i + 1 made one: it stands for every queue this one does and more, and is open
     * to the same enqueues, so it allows everything this one allows after any operations.
     */
    LayeredQueue mergeLayers(int i) {
        int from = i == 0 ? 0 : ends[i - 1];
        int[] vs = values.clone();
        Arrays.sort(vs, from, ends[i + 1]);
        int[] es = new int[ends.length - 1];
        System.arraycopy(ends, 0, es, 0, i);
        System.arraycopy(ends, i + 1, es, i, es.length - i);
        return new LayeredQueue(vs, es, tailLimit);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LayeredQueue q && q.hash == hash && q.tailLimit == tailLimit
                && Arrays.equals(q.values, values) && Arrays.equals(q.ends, ends);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    /** For debugging: layers in braces, head first, and the tail's limit. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        int start = 0;
        for (int end : ends) {
            b.append(start == 0 ? "{" : " {");
            for (int i = start; i < end; i++) {
                b.append(i == start ? "" : " ").append(values[i]);
            }
            b.append('}');
            start = end;
        }
        return b.append(tailLimit == CLOSED ? "]" : "] open to " + tailLimit).toString();
    }
}
