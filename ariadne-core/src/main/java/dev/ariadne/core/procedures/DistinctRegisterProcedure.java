package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.search.IndexSort;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;
import dev.ariadne.core.models.RegisterModel;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * Registers whose writes store distinct values: O(n log n) (Gibbons &amp; Korach 1997, where each read's write is
 * known once values are distinct; the zone formulation is theirs too).
 *
 * <p><b>Qualifies</b> when the model is {@code register} or {@code cas-register}, the partition has only reads
 * and writes (no cas), and the written values are pairwise distinct and differ from the initial value.
 *
 * <p><b>Reduction.</b> Reads with unknown output (and pending reads) accept any state and change nothing: they
 * can be left out and put back anywhere real time allows (see {@link Replay}). Every other read names its
 * <em>source</em>: the initial value (a virtual write before everything) or the one write of that value; a read
 * of a value nobody wrote cannot be placed. The <em>cluster</em> of a write is the write and the reads of its
 * value. A pending write nobody reads can be left out (it may never take effect); one that is read must take
 * effect. In a linearization each read comes after its source write with no write in between, so every
 * cluster is contiguous with its write first: a linearization is an order of clusters. Conversely, any order of
 * clusters in which each cluster is its write followed by its reads by call time is accepted by the model.
 *
 * <p><b>Decision.</b> Let {@code lo(X)} be the earliest return and {@code hi(X)} the latest call among the
 * operations of cluster X (the initial cluster returns at minus infinity). Some operation of X precedes some
 * operation of Y in real time exactly when {@code lo(X) < hi(Y)}; write {@code X → Y}. A cluster order respects
 * real time exactly when it is a topological order of {@code →}, and inside a cluster the write must not be
 * preceded by one of its reads. So the history is linearizable iff (1) every read has a source, (2) no read
 * returns before its source write is called, and (3) {@code →} is acyclic. A cycle implies a cycle of length
 * two: take the cluster M of the cycle with the smallest {@code lo}; every member Y of the cycle has a
 * predecessor P with {@code lo(M) ≤ lo(P) < hi(Y)}, so {@code M → Y} for all of them, in particular for M's
 * predecessor in the cycle. Hence (3) is "no two clusters with {@code lo(X) < hi(Y)} and {@code lo(Y) < hi(X)}"
 * (Gibbons–Korach's forward and backward zones: two forward zones must not overlap, and no backward zone may lie
 * inside a forward one), checked with one sort and prefix maxima.
 *
 * <p><b>Witness.</b> When the graph is acyclic, sorting clusters by the key {@code lo} for forward clusters
 * ({@code lo < hi}) and {@code hi} for backward ones, backward first on ties, is a topological order: for an
 * edge {@code X → Y} with Y sorted first, a case analysis on the kinds of X and Y either contradicts the
 * inequalities or yields {@code Y → X}, a two-cycle. The proposed order is replayed on the model before it is
 * reported. When the history is not linearizable the same proposal is replayed, skipping the operations that
 * cannot be placed, and the placed prefix becomes the evidence (see {@link Replay}).
 */
final class DistinctRegisterProcedure implements DecisionProcedure {
    static final String NAME = "distinct-register";
    /** How many reads the evidence proposal may leave out to get past two-cycles. */
    private static final int EVIDENCE_ROUNDS = 4;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String whyNot(Model<?> model, List<Operation> prepared) {
        return reason(model, prepared, true);
    }

    /** As {@link #whyNot}, without building the reason: {@code auto} asks every partition, and most do not apply. */
    @Override
    public boolean applies(Model<?> model, List<Operation> prepared) {
        return reason(model, prepared, false) == null;
    }

    /** Why not, or {@code null} when it applies; without {@code explain}, an empty reason. */
    private static String reason(Model<?> model, List<Operation> prepared, boolean explain) {
        if (!(model instanceof RegisterModel)) {
            return explain ? DecisionProcedure.notFor(model, "register or cas-register") : "";
        }
        Object initial = model.init();
        Map<Object, Operation> written = new HashMap<>();
        for (Operation op : prepared) {
            if (op.call() == Long.MIN_VALUE) {
                // minus infinity is reserved for the initial value's virtual write
                return explain ? DecisionProcedure.show(model, op) + " is called at the least time, which it reserves"
                        : "";
            }
            Kind kind = PreparedViews.kind(op.input());
            if (kind == Kind.REGISTER_WRITE) {
                Object v = PreparedViews.writtenValue(op.input());
                if (v.equals(initial)) {
                    return explain ? DecisionProcedure.show(model, op) + " writes the initial value" : "";
                }
                Operation first = written.putIfAbsent(v, op);
                if (first != null) {
                    return explain ? DecisionProcedure.show(model, op) + ": its value was written before, by #"
                            + first.id() : "";
                }
            } else if (kind != Kind.REGISTER_READ) {
                return explain ? DecisionProcedure.show(model, op) + " is neither a read nor a write" : "";
            }
        }
        return null;
    }

    @Override
    public PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label,
                                 BooleanSupplier stop) {
        long start = System.nanoTime();
        int n = prepared.size();
        Operation[] ops = prepared.toArray(new Operation[0]);
        Object initial = model.init();

        // Clusters: 0 is the initial value's, then one per write.
        int[] cluster = new int[n];
        int[] writeOf = new int[n + 1];
        writeOf[0] = -1;
        int clusters = 1;
        HashMap<Object, Integer> clusterOfValue = new HashMap<>();
        boolean[] write = new boolean[n];
        for (int i = 0; i < n; i++) {
            if (PreparedViews.kind(ops[i].input()) == Kind.REGISTER_WRITE) {
                write[i] = true;
                cluster[i] = clusters;
                writeOf[clusters] = i;
                clusterOfValue.put(PreparedViews.writtenValue(ops[i].input()), clusters++);
            }
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }
        final int none = -1;
        final int skipped = -2;
        boolean violation = false;
        boolean[] free = new boolean[n];
        int[] reads = new int[clusters];
        for (int i = 0; i < n; i++) {
            if (write[i]) {
                continue;
            }
            Object out = ops[i].output();
            if (out == Operation.UNKNOWN) {
                free[i] = true; // also every pending read
                cluster[i] = skipped;
                continue;
            }
            Integer c = out.equals(initial) ? Integer.valueOf(0) : clusterOfValue.get(out);
            if (c == null) {
                cluster[i] = none; // nobody wrote this value
                violation = true;
            } else {
                cluster[i] = c;
                reads[c]++;
            }
        }
        boolean[] inPlay = new boolean[clusters];
        inPlay[0] = true;
        for (int c = 1; c < clusters; c++) {
            inPlay[c] = reads[c] > 0 || !ops[writeOf[c]].isPending();
        }
        boolean[] excluded = new boolean[n]; // reads left out of the proposal (for evidence only)
        for (int i = 0; i < n; i++) {
            int c = cluster[i];
            if (c > 0 && !write[i] && ops[i].ret() < ops[writeOf[c]].call()) {
                violation = true; // the read returned before its value was written
                excluded[i] = true;
            }
        }
        long[] lo = new long[clusters];
        long[] hi = new long[clusters];
        int[] hiOp = new int[clusters];
        zones(ops, cluster, inPlay, excluded, lo, hi, hiOp);
        int[] live = new int[clusters];
        int liveCount = 0;
        for (int c = 0; c < clusters; c++) {
            if (inPlay[c]) {
                live[liveCount++] = c;
            }
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }
        int[] cycle = findTwoCycle(live, liveCount, lo, hi);
        violation |= cycle != null;
        // For better evidence only: leave out the read that closes a two-cycle (the later-called of the two
        // operations that make the cycle's edges), a few times, so the proposal follows the rest of the history.
        for (int round = 0; cycle != null && round < EVIDENCE_ROUNDS; round++) {
            int a = hiOp[cycle[0]];
            int b = hiOp[cycle[1]];
            int pick = write[a] ? b : write[b] ? a : ops[a].call() >= ops[b].call() ? a : b;
            if (write[pick] || stop.getAsBoolean()) {
                break;
            }
            excluded[pick] = true;
            zones(ops, cluster, inPlay, excluded, lo, hi, hiOp);
            cycle = findTwoCycle(live, liveCount, lo, hi);
        }

        // Proposal: clusters by (key, forward), each its write then its reads by call time.
        long[] key = new long[clusters];
        long[] forward = new long[clusters];
        for (int k = 0; k < liveCount; k++) {
            int c = live[k];
            boolean fwd = lo[c] < hi[c];
            forward[c] = fwd ? 1 : 0;
            key[c] = fwd ? lo[c] : hi[c];
        }
        IndexSort.sort(live, liveCount, forward);
        IndexSort.sort(live, liveCount, key);
        long[] rank = new long[n];
        long[] position = new long[clusters];
        for (int k = 0; k < liveCount; k++) {
            position[live[k]] = k;
        }
        int[] proposal = new int[n];
        int length = 0;
        for (int i = 0; i < n; i++) {
            int c = cluster[i];
            if (c >= 0 && inPlay[c] && !excluded[i]) {
                proposal[length++] = i;
                rank[i] = write[i] ? Long.MIN_VALUE : ops[i].call();
            }
        }
        IndexSort.sort(proposal, length, rank);
        for (int k = 0; k < length; k++) {
            rank[proposal[k]] = position[cluster[proposal[k]]];
        }
        IndexSort.sort(proposal, length, rank);
        return Replay.run(NAME, model, prepared, free, proposal, length, violation, index, label, stop, start);
    }

    /**
     * The zone of every cluster in play: {@code lo} the earliest return, {@code hi} the latest call and
     * {@code hiOp} the operation with that call, over its operations that are not {@code excluded}; the initial
     * cluster returns at minus infinity.
     */
    private static void zones(Operation[] ops, int[] cluster, boolean[] inPlay, boolean[] excluded, long[] lo,
                              long[] hi, int[] hiOp) {
        Arrays.fill(lo, Long.MAX_VALUE);
        Arrays.fill(hi, Long.MIN_VALUE);
        Arrays.fill(hiOp, -1);
        lo[0] = Long.MIN_VALUE;
        for (int i = 0; i < ops.length; i++) {
            int c = cluster[i];
            if (c < 0 || !inPlay[c] || excluded[i]) {
                continue;
            }
            lo[c] = Math.min(lo[c], ops[i].ret());
            if (ops[i].call() > hi[c]) {
                hi[c] = ops[i].call();
                hiOp[c] = i;
            }
        }
    }

    /**
     * Two of the clusters {@code live[0..count)} that each have an operation preceding one of the other's
     * ({@code lo(X) < hi(Y)} and {@code lo(Y) < hi(X)}, {@code X ≠ Y}), or {@code null} when there are none.
     */
    static int[] findTwoCycle(int[] live, int count, long[] lo, long[] hi) {
        int[] byLo = Arrays.copyOf(live, count);
        IndexSort.sort(byLo, count, lo);
        long[] sortedLo = new long[count];
        // Prefix maxima of hi over byLo: the largest and second largest, and which clusters have them.
        long[] max1 = new long[count];
        int[] arg1 = new int[count];
        long[] max2 = new long[count];
        int[] arg2 = new int[count];
        long m1 = Long.MIN_VALUE;
        long m2 = Long.MIN_VALUE;
        int a1 = -1;
        int a2 = -1;
        for (int k = 0; k < count; k++) {
            int c = byLo[k];
            sortedLo[k] = lo[c];
            if (hi[c] > m1) {
                m2 = m1;
                a2 = a1;
                m1 = hi[c];
                a1 = c;
            } else if (hi[c] > m2) {
                m2 = hi[c];
                a2 = c;
            }
            max1[k] = m1;
            arg1[k] = a1;
            max2[k] = m2;
            arg2[k] = a2;
        }
        for (int k = 0; k < count; k++) {
            int y = live[k];
            // The clusters X with lo(X) < hi(Y) are a prefix of byLo; is there one other than Y with hi(X) > lo(Y)?
            int prefix = lowerBound(sortedLo, hi[y]);
            if (prefix == 0) {
                continue;
            }
            boolean self = arg1[prefix - 1] == y;
            long best = self ? max2[prefix - 1] : max1[prefix - 1];
            if (best > lo[y]) {
                return new int[] {self ? arg2[prefix - 1] : arg1[prefix - 1], y};
            }
        }
        return null;
    }

    /** The number of elements of the sorted {@code a} that are less than {@code x}. */
    private static int lowerBound(long[] a, long x) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
