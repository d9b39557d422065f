package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;
import dev.ariadne.core.models.PriorityQueueModel;

import java.util.Arrays;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Min-priority queues whose inserted values are distinct: a forward simulation in O(n log n) (plus, at step 5,
 * a scan of the extracts called between the earliest-called one left and R, O(n) a step in the worst case), in
 * which every step is safe by an exchange argument, as in {@link DistinctQueueProcedure}.
 * Unlike the queue's, this simulation may meet a state where no step is provably safe although the history might
 * be linearizable; it then gives no answer and the general engine decides. It is not Lee &amp; Mathur's algorithm
 * (OOPSLA 2025), which decides every such history in O(n log n).
 *
 * <p><b>Qualifies</b> when the model is {@code priority-queue} starting empty, every inserted value is inserted
 * once, and every extract-min returned with a known output (a value or nil, "empty"). Pending inserts are fine.
 *
 * <p><b>Terms.</b> An <em>extracted</em> value v has its insert i(v) and its extract x(v); an extract of a value
 * never inserted, or of one already extracted, or one that returns before i(v) is called, can never be placed (a
 * violation). A value inserted by a completed insert and never extracted is <em>stuck</em>. A pending insert of a
 * value nobody extracted is left out: removing a value that is never extracted from every state of a
 * linearization leaves one (an extract that saw a least value still does; no empty extract happened while it was
 * in). An e is an empty extract. Q is the set of placed values not yet extracted. An operation is
 * <em>eligible</em> when every completed operation that returned before its call is placed. Two facts carry the
 * proofs: (F1) removing a value from some states never invalidates an extract of another value, so an insert may
 * always be moved later as far as real time allows, and an extract x(m) may be moved earlier past operations that
 * run while m is in the queue; (F2) between i(v) and x(v) every extract returns a value less than v and no e
 * happens, so removing both from a linearization leaves one.
 *
 * <p><b>Simulation.</b> From the empty queue, place, while one applies:
 * <ol>
 *   <li>x(m), for m the least value of Q, when x(m) is eligible;</li>
 *   <li>an e, when Q is empty and an e is eligible;</li>
 *   <li>i(v) then x(v), for an extracted value v not inserted yet and less than every value of Q, when i(v) is
 *       eligible and x(v) is once i(v) is placed;</li>
 *   <li>i(u) of a stuck value u, when it is eligible, no e is left and every extract left returns a value less
 *       than u;</li>
 *   <li>an eligible insert that every completion must place before its first extract: one that returns before
 *       G (below), or, when there is exactly one candidate X = x(u) and u is not inserted yet, i(u).</li>
 * </ol>
 * The <em>candidates</em> are the extracts X = x(u) left with {@code X.call ≤ R} (R: the earliest return among
 * the extracts left), u not greater than every value of Q (so u is the least of Q, or is not inserted yet and less
 * than all of Q), and, when u is not inserted yet, {@code i(u).call ≤ R}. For a candidate, {@code need(X)} is
 * X's call, or the later of X's call and i(u)'s call when u is not inserted yet; G is the least need of the
 * candidates. All completed operations placed: the placed order is the witness. Otherwise the history is proven
 * not linearizable when no eligible insert is left, or when extracts are left and none is a candidate; in every
 * other case the procedure gives no answer.
 *
 * <p><b>Why each step is safe</b> (if some completion of the placed prefix is a linearization, one starts with
 * the step's operations). (1) Every extract before x(m) in the completion returns a value less than m (m is in the
 * queue) and no e lies there, so by F1 moving x(m) to the front keeps every step valid; real time allows it since
 * x(m) is eligible. (2) An e changes nothing; at the front the queue is empty. (3) By F2 the completion without
 * i(v) and x(v) is valid; put them in front: x(v) sees v as the least value (v is less than all of Q), after it
 * the state is Q again, and real time allows both by the eligibility conditions. (4) Every extract after i(u)
 * returns a value less than u and no e is left, so u may sit in the queue from now on. (5) If (1) and (2) do not
 * apply, the completion starts with an insert (an extract other than x(m) would see the wrong least value, an e
 * would see a non-empty queue or is not eligible), so with a block of inserts followed by a first extract X. Every
 * operation that returned before X's call precedes X, so lies in the block and is an insert: hence
 * {@code X.call ≤ R}; the value u of X is the least of Q and the block, so no greater than all of Q; if u is not
 * in Q, i(u) is in the block, and so is every operation that returned before i(u)'s call, so no extract returned
 * before it ({@code i(u).call ≤ R}); and X is not an e (the block made the queue non-empty). So X is a candidate,
 * and an insert returning before {@code need(X)} is in the block. Inserts change nothing that is checked until
 * X, so any eligible one of the block may go first. <b>Stopping</b> proves the violation only in the two cases
 * named: with no eligible insert, no completion can start (its first operation would be one of (1), (2) or an
 * eligible insert); with extracts left and no candidate, a completion that starts with inserts has no possible
 * first extract, and one that has no extract left is impossible.
 *
 * <p>The placed order is replayed on the model by {@link Replay} before it is reported; when the history is not
 * linearizable it is the evidence, a dead-end prefix.
 */
final class DistinctPriorityQueueProcedure implements DecisionProcedure {
    static final String NAME = "distinct-priority-queue";

    private static final byte STUCK = DistinctInserts.STUCK;
    private static final byte INS = DistinctInserts.INSERT;
    private static final byte EXT = DistinctInserts.REMOVE;
    private static final byte EMPTY = DistinctInserts.EMPTY;
    private static final byte DROPPED = DistinctInserts.DROPPED;
    private static final byte BAD = DistinctInserts.BAD;
    private static final long NONE = Long.MAX_VALUE;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String whyNot(Model<?> model, List<Operation> prepared) {
        return DistinctInserts.whyNot(model, PriorityQueueModel.class, "priority-queue", Kind.PRIORITY_INSERT,
                Kind.PRIORITY_EXTRACT, prepared);
    }

    @Override
    public PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label,
                                 BooleanSupplier stop) {
        long start = System.nanoTime();
        int n = prepared.size();
        DistinctInserts h = new DistinctInserts(prepared, Kind.PRIORITY_INSERT);
        Operation[] ops = h.ops;
        long[] call = h.call;
        long[] ret = h.ret;
        int[] value = h.value;
        byte[] kind = h.kind;
        int[] insOf = h.insertOf;
        int[] extOf = h.removeOf;
        int maxValue = h.maxValue;
        boolean violation = h.violation;
        boolean[] isInsert = new boolean[n];
        int values = 0;
        for (int i = 0; i < n; i++) {
            isInsert[i] = kind[i] == INS || kind[i] == STUCK || kind[i] == DROPPED;
            if (kind[i] == INS || kind[i] == STUCK) {
                values++;
            }
        }
        // Ranks of the values that may be in the queue, least first, in the model's order.
        Integer[] byValue = new Integer[values];
        values = 0;
        for (int i = 0; i < n; i++) {
            if (isInsert[i] && kind[i] != DROPPED) {
                byValue[values++] = value[i];
            }
        }
        Arrays.sort(byValue, (a, b) -> PreparedViews.comparePriority(model, a, b));
        int[] rank = new int[maxValue + 1];
        int[] valueAt = new int[values];
        for (int r = 0; r < values; r++) {
            if (r > 0 && PreparedViews.comparePriority(model, byValue[r - 1], byValue[r]) == 0) {
                return null; // two ids of one value: the proofs assume distinct values
            }
            valueAt[r] = byValue[r];
            rank[byValue[r]] = r;
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }

        int[] all = h.select(ret, ~(1 << DROPPED), true);
        int[] extractsByRet = h.select(ret, 1 << EXT | 1 << EMPTY | 1 << BAD, false);
        int[] extractsByCall = h.select(call, 1 << EXT, false);
        int[] empties = h.select(call, 1 << EMPTY, false);
        int[] inserts = h.select(call, 1 << INS | 1 << STUCK, false);
        boolean[] extractAt = new boolean[values]; // the value of this rank has an extract left
        for (int i : extractsByCall) {
            extractAt[rank[value[i]]] = true;
        }
        int topExtract = values - 1; // the greatest rank with an extract left (below 0: none)
        long[] pairKey = new long[values]; // x(v)'s call, for an eligible i(v) of an extracted value not placed
        Arrays.fill(pairKey, NONE);
        MinTree pairs = new MinTree(pairKey);
        IndexHeap queue = new IndexHeap(values, null, false); // ranks of Q
        long[] rankKey = new long[values];
        for (int r = 0; r < values; r++) {
            rankKey[r] = r;
        }
        IndexHeap stuck = new IndexHeap(values, rankKey, true); // ranks of eligible stuck values, greatest first
        IndexHeap eligible = new IndexHeap(inserts.length, ret, false); // eligible inserts, earliest return first

        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int size = 0;
        int ap = 0;
        int bp = 0;
        int rp = 0;
        int cp = 0;
        int xp = 0;
        int ep = 0;
        boolean proven = violation;
        for (long iteration = 1; ; iteration++) {
            if ((iteration & 0xfff) == 0 && stop.getAsBoolean()) {
                return Replay.cancelled(NAME, n, index, label, 0, start);
            }
            while (ap < all.length && placed[all[ap]]) {
                ap++;
            }
            long firstReturn = ap < all.length ? ret[all[ap]] : NONE;
            while (ep < inserts.length && call[inserts[ep]] <= firstReturn) {
                int i = inserts[ep++];
                eligible.push(i);
                if (kind[i] == INS) {
                    pairs.set(rank[value[i]], call[extOf[value[i]]]);
                } else {
                    stuck.push(rank[value[i]]);
                }
            }
            int least = queue.isEmpty() ? values : queue.peek();
            // (1) the least value's extract.
            if (least < values) {
                int x = extOf[valueAt[least]];
                if (x >= 0 && call[x] <= firstReturn) {
                    queue.pop();
                    extractAt[least] = false;
                    placed[x] = true;
                    order[size++] = x;
                    continue;
                }
            } else if (xp < empties.length && call[empties[xp]] <= firstReturn) { // (2) an empty extract
                placed[empties[xp]] = true;
                order[size++] = empties[xp++];
                continue;
            }
            // (3) a pair that goes in and out at once: the eligible one below Q whose extract is called first.
            int r = pairs.argMin(least);
            if (r >= 0) {
                int v = valueAt[r];
                int iv = insOf[v];
                long limit = firstReturn;
                if (ap < all.length && all[ap] == iv) { // then x(v) waits for the next return
                    if (bp <= ap) {
                        bp = ap + 1;
                    }
                    while (bp < all.length && placed[all[bp]]) {
                        bp++;
                    }
                    limit = bp < all.length ? ret[all[bp]] : NONE;
                }
                if (call[extOf[v]] <= limit) {
                    pairs.set(r, NONE);
                    extractAt[r] = false;
                    placed[iv] = true;
                    order[size++] = iv;
                    placed[extOf[v]] = true;
                    order[size++] = extOf[v];
                    continue;
                }
            }
            // (4) a stuck value above every extract left, once no empty extract is left.
            while (!stuck.isEmpty() && placed[insOf[valueAt[stuck.peek()]]]) {
                stuck.pop();
            }
            while (topExtract >= 0 && !extractAt[topExtract]) {
                topExtract--;
            }
            if (xp == empties.length && !stuck.isEmpty() && stuck.peek() > topExtract) {
                int u = stuck.pop();
                queue.push(u);
                placed[insOf[valueAt[u]]] = true;
                order[size++] = insOf[valueAt[u]];
                continue;
            }
            // (5) an insert that every completion places before its first extract.
            while (rp < extractsByRet.length && placed[extractsByRet[rp]]) {
                rp++;
            }
            long firstExtractReturn = rp < extractsByRet.length ? ret[extractsByRet[rp]] : NONE;
            while (cp < extractsByCall.length && placed[extractsByCall[cp]]) {
                cp++;
            }
            long g = NONE;
            int candidates = 0;
            int candidate = -1;
            for (int k = cp; k < extractsByCall.length && call[extractsByCall[k]] <= firstExtractReturn; k++) {
                int x = extractsByCall[k];
                int u = value[x];
                if (placed[x] || rank[u] > least) {
                    continue;
                }
                long need = call[x];
                if (!placed[insOf[u]]) {
                    need = Math.max(need, call[insOf[u]]);
                    if (call[insOf[u]] > firstExtractReturn) {
                        continue; // an extract would have to come before i(u)
                    }
                }
                candidates++;
                candidate = x;
                g = Math.min(g, need);
            }
            while (!eligible.isEmpty() && placed[eligible.peek()]) {
                eligible.pop();
            }
            if (eligible.isEmpty() || candidates == 0 && rp < extractsByRet.length) {
                proven = true; // no completion can start, or none has a first extract
                break;
            }
            int next = -1;
            if (ret[eligible.peek()] < g) {
                next = eligible.pop();
            } else if (candidates == 1 && !placed[insOf[value[candidate]]]
                    && call[insOf[value[candidate]]] <= firstReturn) {
                next = insOf[value[candidate]];
            }
            if (next < 0) {
                break; // no step is provably safe: leave the history to the general engine
            }
            int rv = rank[value[next]];
            if (kind[next] == INS) {
                pairs.set(rv, NONE);
            }
            queue.push(rv);
            placed[next] = true;
            order[size++] = next;
        }
        boolean done = true;
        for (int i = 0; i < n; i++) {
            if (!placed[i] && !ops[i].isPending()) {
                done = false;
                break;
            }
        }
        if (!done && !proven) {
            return null;
        }
        return Replay.run(NAME, model, prepared, null, order, size, !done, index, label, stop, start);
    }

    /** Point updates of {@code key[i]} and the index of the least key below a bound, in O(log n). */
    private static final class MinTree {
        private final long[] key;
        private final int size;
        private final int[] tree; // index of the least key in the node's range, -1 for none

        MinTree(long[] key) {
            this.key = key;
            int s = 1;
            while (s < key.length) {
                s <<= 1;
            }
            this.size = s;
            this.tree = new int[2 * s];
            Arrays.fill(tree, -1);
            for (int i = 0; i < key.length; i++) {
                tree[s + i] = i;
            }
            for (int i = s - 1; i >= 1; i--) {
                tree[i] = better(tree[2 * i], tree[2 * i + 1]);
            }
        }

        private int better(int a, int b) {
            if (a < 0) {
                return b;
            }
            if (b < 0) {
                return a;
            }
            return key[b] < key[a] ? b : a;
        }

        void set(int i, long k) {
            key[i] = k;
            for (int node = (size + i) >>> 1; node >= 1; node >>>= 1) {
                tree[node] = better(tree[2 * node], tree[2 * node + 1]);
            }
        }

        /** The index below {@code bound} with the least key other than {@link #NONE}, or -1. */
        int argMin(int bound) {
            int best = -1;
            for (int lo = size, hi = size + Math.min(bound, key.length); lo < hi; lo >>>= 1, hi >>>= 1) {
                if ((lo & 1) == 1) {
                    best = better(best, tree[lo++]);
                }
                if ((hi & 1) == 1) {
                    best = better(best, tree[--hi]);
                }
            }
            return best >= 0 && key[best] != NONE ? best : -1;
        }
    }
}
