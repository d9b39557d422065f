package dev.ariadne.core.frontier;

import java.util.Arrays;

/**
 * A FIFO queue state in which runs of concurrent enqueues are kept unordered: a sequence of <em>layers</em>, each a
 * multiset of value ids, standing for every queue that concatenates some permutation of each layer, head layer
 * first. One layered state replaces the k! concrete queues that k overlapping enqueues of different values
 * would otherwise leave behind; {@link QueueLayers} explains why the frontier stays exact with it.
 *
 * <p>The tail layer stays <em>open</em> to an enqueue called at or before {@link #tailLimit}: the earliest return
 * of the layer's enqueues and of the dequeues placed since the layer began. Such an enqueue is concurrent with all
 * of them, so it may take any place in the layer. Immutable, one array: each cell is a value id shifted left by
 * one, its low bit set where a layer begins; values are sorted within each layer, so that equal multisets are
 * equal states. A layer that is not the tail and holds one value only is kept as one layer per value (the same
 * queues), so that layerings that group equal values differently meet as one state or subsume each other
 * ({@link #subsumes} compares layer by layer). The hash, of the cells alone, is a polynomial over the layers, each
 * term a sum of mixed values, so a step updates it from the parent's in constant time (a join adds to the tail's
 * term, a dequeue subtracts from the head's; a split, which is rare, rehashes): a frontier step makes a new state,
 * and hashing it whole cost a third of the search.
 */
final class LayeredQueue {
    /** {@link #tailLimit} when no enqueue may join the tail layer. */
    static final long CLOSED = Long.MIN_VALUE;

    static final LayeredQueue EMPTY = new LayeredQueue(new int[0], CLOSED, 0, 0, 0);

    /** The base of the polynomial hash; odd, so that its powers never vanish modulo 2^32. */
    private static final int BASE = 0x01000193;

    private final int[] cells;
    private final long tailLimit;
    /**
     * The sum over layers k (head first, of L) of {@code BASE^(L - 1 - k)} times the sum of {@link #mixed} values
     * of layer k: powers count from the tail, so a new tail layer multiplies the rest by BASE.
     */
    private final int body;
    private final int layers;
    /** The sum of {@link #mixed} values of all cells. */
    private final int valueSum;
    /** {@link #layerStarts()}, once asked for: the frontier asks again at every return the state survives. */
    private long layerStarts;

    private LayeredQueue(int[] cells, long tailLimit, int body, int layers, int valueSum) {
        this.cells = cells;
        this.tailLimit = tailLimit;
        this.body = body;
        this.layers = layers;
        this.valueSum = valueSum;
    }

    /** A value's contribution to its layer's term of the hash (and to multiset sums in {@link #subsumes}). */
    private static int mixed(int value) {
        int h = value * 0x9E3779B9;
        return h ^ (h >>> 15);
    }

    /** Powers of {@link #BASE} for the common short queues; longer ones are computed. */
    private static final int[] POWERS = new int[1024];

    static {
        POWERS[0] = 1;
        for (int i = 1; i < POWERS.length; i++) {
            POWERS[i] = POWERS[i - 1] * BASE;
        }
    }

    private static int power(int exponent) {
        if (exponent < POWERS.length) {
            return POWERS[exponent];
        }
        int result = 1;
        for (int b = BASE, e = exponent; e > 0; e >>>= 1, b *= b) {
            if ((e & 1) != 0) {
                result *= b;
            }
        }
        return result;
    }

    /** A queue holding these ids in this order, head first, every one its own (closed) layer. */
    static LayeredQueue of(int[] ids) {
        if (ids.length == 0) {
            return EMPTY;
        }
        int[] cells = new int[ids.length];
        int body = 0;
        int valueSum = 0;
        for (int i = 0; i < ids.length; i++) {
            cells[i] = ids[i] << 1 | 1;
            body = body * BASE + mixed(ids[i]);
            valueSum += mixed(ids[i]);
        }
        return new LayeredQueue(cells, CLOSED, body, ids.length, valueSum);
    }

    boolean isEmpty() {
        return cells.length == 0;
    }

    /** Whether an enqueue called at {@code call} may join the tail layer. */
    boolean joins(long call) {
        return tailLimit != CLOSED && call <= tailLimit;
    }

    /** Whether an enqueue called at {@code call} joins the tail layer here rather than starting a new one. */
    boolean joinsTail(long call) {
        return cells.length > 0 && joins(call);
    }

    /** Whether the queue has more than one layer (so the head layer is not the tail layer). */
    boolean severalLayers() {
        return layers > 1;
    }

    /**
     * Enqueues {@code v} by an operation called at {@code call} that returns at {@code ret}: it joins the tail
     * layer when that is open to it, else it starts a new layer.
     */
    LayeredQueue enqueue(int v, long call, long ret) {
        int n = cells.length;
        int[] cs = new int[n + 1];
        if (n > 0 && joins(call)) {
            int start = n - 1;
            while ((cells[start] & 1) == 0) {
                start--;
            }
            int at = n;
            while (at > start && cells[at - 1] >>> 1 > v) {
                at--;
            }
            System.arraycopy(cells, 0, cs, 0, at);
            System.arraycopy(cells, at, cs, at + 1, n - at);
            if (at == start) {
                cs[at] = v << 1 | 1;
                cs[at + 1] &= ~1;
            } else {
                cs[at] = v << 1;
            }
            return new LayeredQueue(cs, Math.min(tailLimit, ret), body + mixed(v), layers, valueSum + mixed(v));
        }
        System.arraycopy(cells, 0, cs, 0, n);
        cs[n] = v << 1 | 1;
        if (n > 1 && (cs[n - 1] & 1) == 0 && splitIfAlike(cs, n - 1)) { // the old tail is closed now
            return withHash(cs, ret, valueSum + mixed(v));
        }
        return new LayeredQueue(cs, ret, body * BASE + mixed(v), layers + 1, valueSum + mixed(v));
    }

    /**
     * Splits the layer of {@code cs} that holds position {@code at} into layers of one value each when all its
     * values are equal, and returns whether it did. Such a layer stands for one queue only, so the split changes
     * nothing the state stands for, and only for a layer no enqueue may join any more (which every layer but the
     * tail is); but it makes a layering that another one coarsens visible as such: {@code {1}{1 4 5}} stands for
     * every queue {@code {1 1}{4 5}} does, and refines {@code {1}{1}{4 5}} layer by layer ({@link #subsumes}).
     */
    private static boolean splitIfAlike(int[] cs, int at) {
        int start = at;
        while ((cs[start] & 1) == 0) {
            start--;
        }
        int end = start + 1;
        while (end < cs.length && (cs[end] & 1) == 0) {
            end++;
        }
        if (end - start < 2) {
            return false;
        }
        for (int k = start + 1; k < end; k++) {
            if (cs[k] >>> 1 != cs[start] >>> 1) {
                return false;
            }
        }
        for (int k = start + 1; k < end; k++) {
            cs[k] |= 1;
        }
        return true;
    }

    /** A state of these cells and tail limit, its hash computed from the cells (after a layer was split). */
    private static LayeredQueue withHash(int[] cs, long tailLimit, int valueSum) {
        int body = 0;
        int layers = 0;
        int term = 0;
        for (int k = 0; k < cs.length; k++) {
            if ((cs[k] & 1) != 0 && k > 0) {
                body = body * BASE + term;
                term = 0;
            }
            if ((cs[k] & 1) != 0) {
                layers++;
            }
            term += mixed(cs[k] >>> 1);
        }
        body = cs.length == 0 ? 0 : body * BASE + term;
        return new LayeredQueue(cs, tailLimit, body, layers, valueSum);
    }

    /**
     * Dequeues {@code v} by an operation that returns at {@code ret}: legal when the head layer holds v (the
     * queues this state stands for that start with v), or {@code null}.
     */
    LayeredQueue dequeue(int v, long ret) {
        int n = cells.length;
        int at = 0;
        while (at < n && cells[at] >>> 1 != v && (at == 0 || (cells[at] & 1) == 0)) {
            at++;
        }
        if (at == n || (at > 0 && (cells[at] & 1) != 0)) {
            return null; // past the head layer
        }
        if (n == 1) {
            return EMPTY;
        }
        int[] cs = new int[n - 1];
        System.arraycopy(cells, 0, cs, 0, at);
        System.arraycopy(cells, at + 1, cs, at, n - 1 - at);
        if (at == 0) {
            cs[0] |= 1; // the head layer's next value begins it now (or it was the next layer's start anyway)
        }
        boolean headEmptied = (cells[1] & 1) != 0 && at == 0;
        long limit = Math.min(tailLimit, ret);
        int remainingLayers = headEmptied ? layers - 1 : layers;
        if (!headEmptied && remainingLayers > 1 && splitIfAlike(cs, 0)) { // a closed head layer, now all alike
            return withHash(cs, limit, valueSum - mixed(v));
        }
        // The head's term loses v; when the head layer empties, the layers after it keep their powers.
        int h = body - mixed(v) * power(layers - 1);
        return new LayeredQueue(cs, limit, h, remainingLayers, valueSum - mixed(v));
    }

    /**
     * Where layers begin, as a bitset over the first 64 positions: a queue subsumes another only if its layers
     * begin at a subset of where the other's do.
     */
    long layerStarts() {
        long starts = layerStarts;
        if (starts == 0) { // not known yet (a queue with cells always has its head's bit)
            for (int i = 0, n = Math.min(64, cells.length); i < n; i++) {
                starts |= (long) (cells[i] & 1) << i;
            }
            layerStarts = starts;
        }
        return starts;
    }

    /** A hash of the values, whatever their layers: equal for two queues of which one subsumes the other. */
    int valueSum() {
        return valueSum;
    }

    /**
     * Whether this queue stands for every queue {@code other} stands for and is not equal to it: the same values,
     * each of this one's layers the union of consecutive layers of {@code other}, and either fewer layers or, with
     * the same layers, open to later enqueues (which makes its future states coarser). The tail limit does not
     * matter for what a state stands for now: it only says which later enqueues may join.
     */
    boolean subsumes(LayeredQueue other) {
        int n = cells.length;
        if (other.cells.length != n || other == this || layers > other.layers) {
            return false;
        }
        if (layers == other.layers) { // the same layers, if any: then the same cells, open to later enqueues
            return tailLimit > other.tailLimit && sameCells(other);
        }
        boolean fewerLayers = false;
        int[] sorted = null;
        for (int start = 0; start < n; ) {
            if ((other.cells[start] & 1) == 0) {
                return false; // a layer of this queue begins inside one of the other's
            }
            int end = layerEnd(start);
            int otherEnd = other.layerEnd(start);
            if (otherEnd > end) {
                return false;
            }
            if (otherEnd == end) {
                for (int k = start; k < end; k++) {
                    if (cells[k] != other.cells[k]) {
                        return false;
                    }
                }
            } else {
                fewerLayers = true;
                // Several of the other's layers make up this one: compare the values as multisets, by a sum of
                // mixed values first (most pairs differ), then exactly.
                int sum = 0;
                for (int k = start; k < end; k++) {
                    sum += mixed(cells[k] >>> 1) - mixed(other.cells[k] >>> 1);
                }
                if (sum != 0) {
                    return false;
                }
                if (sorted == null) {
                    sorted = new int[n];
                }
                for (int k = start; k < end; k++) {
                    sorted[k] = other.cells[k] >>> 1;
                }
                Arrays.sort(sorted, start, end);
                for (int k = start; k < end; k++) {
                    if (sorted[k] != cells[k] >>> 1) {
                        return false;
                    }
                }
            }
            start = end;
        }
        return fewerLayers || tailLimit > other.tailLimit;
    }

    /** Where the layer that begins at {@code start} ends: the next layer's start, or the length. */
    private int layerEnd(int start) {
        int end = start + 1;
        while (end < cells.length && (cells[end] & 1) == 0) {
            end++;
        }
        return end;
    }

    /** Whether {@code q} has the same layers: then the one open to later enqueues subsumes the other. */
    boolean sameCells(LayeredQueue q) {
        return q.body == body && q.layers == layers && Arrays.equals(q.cells, cells);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LayeredQueue q && q.tailLimit == tailLimit && sameCells(q);
    }

    /** The hash of the cells alone, so that the frontier finds queues that differ only in their tail limits. */
    @Override
    public int hashCode() {
        return body;
    }

    /** For debugging: layers in braces, head first, and the tail's limit. */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < cells.length; i++) {
            boolean starts = (cells[i] & 1) != 0;
            b.append(i == 0 ? "{" : starts ? "} {" : " ").append(cells[i] >>> 1);
        }
        return b.append(cells.length == 0 ? "" : "}").append(tailLimit == CLOSED ? "]" : "] open to " + tailLimit)
                .toString();
    }
}
