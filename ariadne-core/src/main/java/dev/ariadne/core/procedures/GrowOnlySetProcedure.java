package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.search.IndexSort;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;
import dev.ariadne.core.models.SetModel;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Sets that only grow, each value added at most once, read whole (Jepsen's set workload): linear in the size of
 * the history (the operations and the values listed by reads) plus a sort, by a topological sort of the
 * constraints the reads impose.
 *
 * <p><b>Qualifies</b> when the model is {@code set} starting empty, there is no {@code remove}, and no value is
 * added twice. {@code read}, {@code contains} and {@code add} may have any output and may be pending.
 *
 * <p><b>Constraints.</b> The set only grows, so the value of a read is the set of values whose add came before
 * it. Hence (1) every value a read lists or a {@code contains → true} names has an add, which takes effect (a
 * pending add nobody needs is left out: it may never take effect); (2) {@code add → false} is impossible; (3)
 * the reads' sets form a chain under inclusion. Reads with equal sets form a group; for groups
 * {@code G1 ⊂ G2 ⊂ …}, the values {@code Gj \ G(j-1)} are added after every read of {@code G(j-1)} and before
 * every read of {@code Gj}, values no read lists after every read; {@code contains → true} comes after the
 * value's add and {@code contains → false} before it (if it takes effect). Two virtual nodes per group keep these
 * edges linear in number.
 *
 * <p><b>Decision.</b> The history is linearizable iff (1)–(3) hold and the constraints together with real time
 * have no cycle: every linearization satisfies them, and in any order that does, each read sees exactly its set
 * and each add and contains is legal. Kahn's topological sort, with real time as implicit edges (an operation is
 * ready when every completed operation that returned before its call is placed), finds such an order or gets
 * stuck on a cycle. The order is replayed with the set's semantics ({@link SetStepper}); when stuck, the sorted
 * prefix is the evidence.
 */
final class GrowOnlySetProcedure implements DecisionProcedure {
    static final String NAME = "grow-only-set";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String whyNot(Model<?> model, List<Operation> prepared) {
        if (!(model instanceof SetModel)) {
            return DecisionProcedure.notFor(model, "set");
        }
        if (!PreparedViews.isEmptyCollection(model.init())) {
            return "the set does not start empty";
        }
        BitSet added = new BitSet();
        for (Operation op : prepared) {
            if (op.call() == Long.MIN_VALUE) {
                return DecisionProcedure.show(model, op) + " is called at the least time, which it reserves";
            }
            switch (PreparedViews.kind(op.input())) {
                case SET_ADD -> {
                    if (!DecisionProcedure.firstInsert(added, op.input())) {
                        return DecisionProcedure.repeatedInsert(model, prepared, op, "added");
                    }
                }
                case SET_CONTAINS -> {
                    if (PreparedViews.element(op.input()) < 0) {
                        return DecisionProcedure.show(model, op) + ": its value has no id the procedure can compare";
                    }
                }
                case SET_READ -> {
                    if (op.output() != Operation.UNKNOWN && PreparedViews.ids(op.output()) == null) {
                        return DecisionProcedure.show(model, op) + ": its output has values the procedure cannot "
                                + "compare";
                    }
                }
                case SET_REMOVE -> {
                    return DecisionProcedure.show(model, op) + " removes (the set must only grow)";
                }
                default -> {
                    return DecisionProcedure.show(model, op) + " is not an add, contains or read";
                }
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
        Kind[] kind = new Kind[n];
        int[][] readSet = new int[n][];
        boolean[] free = new boolean[n];
        int maxValue = -1;
        for (int i = 0; i < n; i++) {
            kind[i] = PreparedViews.kind(ops[i].input());
            if (kind[i] == Kind.SET_READ) {
                free[i] = ops[i].output() == Operation.UNKNOWN;
                if (!free[i]) {
                    readSet[i] = PreparedViews.ids(ops[i].output());
                    for (int v : readSet[i]) {
                        maxValue = Math.max(maxValue, v);
                    }
                }
            } else {
                maxValue = Math.max(maxValue, PreparedViews.element(ops[i].input()));
                free[i] = kind[i] == Kind.SET_CONTAINS && ops[i].output() == Operation.UNKNOWN;
            }
        }
        int[] addOf = new int[maxValue + 1];
        Arrays.fill(addOf, -1);
        for (int i = 0; i < n; i++) {
            if (kind[i] == Kind.SET_ADD) {
                addOf[PreparedViews.element(ops[i].input())] = i;
            }
        }
        // Needed values: listed by a read or seen by a contains → true. Their adds must take effect.
        boolean violation = false;
        boolean[] needed = new boolean[maxValue + 1];
        for (int i = 0; i < n; i++) {
            if (readSet[i] != null) {
                for (int v : readSet[i]) {
                    needed[v] = true;
                }
            } else if (kind[i] == Kind.SET_CONTAINS && Boolean.TRUE.equals(ops[i].output())) {
                needed[PreparedViews.element(ops[i].input())] = true;
            } else if (kind[i] == Kind.SET_ADD && Boolean.FALSE.equals(ops[i].output())) {
                violation = true; // present before its only add
            }
        }
        boolean[] effective = new boolean[n]; // adds that take effect
        for (int v = 0; v <= maxValue; v++) {
            if (needed[v] && addOf[v] < 0) {
                violation = true; // seen but never added
            }
            if (addOf[v] >= 0) {
                effective[addOf[v]] = needed[v] || !ops[addOf[v]].isPending();
            }
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }

        // Reads by size; equal sizes must be equal sets, and each group's set must contain the previous one's.
        int readCount = 0;
        for (int i = 0; i < n; i++) {
            if (readSet[i] != null) {
                readCount++;
            }
        }
        int[] reads = new int[readCount];
        long[] size = new long[n];
        readCount = 0;
        for (int i = 0; i < n; i++) {
            if (readSet[i] != null) {
                reads[readCount++] = i;
                size[i] = readSet[i].length;
            }
        }
        IndexSort.sort(reads, readCount, size);
        int[] group = new int[n];
        int groups = 0;
        for (int k = 0; k < readCount && !violation; k++) {
            int[] s = readSet[reads[k]];
            if (k == 0) {
                group[reads[k]] = groups++;
                continue;
            }
            int[] prev = readSet[reads[k - 1]];
            if (s.length == prev.length) {
                if (!Arrays.equals(s, prev)) {
                    violation = true; // two different sets of one size: neither contains the other
                }
                group[reads[k]] = groups - 1;
            } else if (!containsAll(s, prev)) {
                violation = true;
            } else {
                group[reads[k]] = groups++;
            }
        }
        int[] proposal;
        if (violation) {
            // Evidence only: the operations by call time.
            proposal = new int[n];
            int length = 0;
            for (int i = 0; i < n; i++) {
                if (!free[i] && (kind[i] != Kind.SET_ADD || effective[i])) {
                    proposal[length++] = i;
                }
            }
            long[] call = new long[n];
            for (int i = 0; i < n; i++) {
                call[i] = ops[i].call();
            }
            IndexSort.sort(proposal, length, call);
            proposal = Arrays.copyOf(proposal, length);
        } else {
            proposal = sort(ops, kind, readSet, reads, readCount, group, groups, addOf, effective, free, maxValue);
            violation = proposal.length < countKept(ops, kind, effective, free);
        }
        return Replay.run(NAME, model, new SetStepper(prepared), prepared, free, proposal, proposal.length, violation,
                index, label, stop, start);
    }

    private static int countKept(Operation[] ops, Kind[] kind, boolean[] effective, boolean[] free) {
        int count = 0;
        for (int i = 0; i < ops.length; i++) {
            if (!free[i] && (kind[i] != Kind.SET_ADD || effective[i])) {
                count++;
            }
        }
        return count;
    }

    /**
     * Kahn's sort of the kept operations under the constraints and real time; returns the order (shorter than the
     * kept operations when stuck on a cycle). Nodes are the operations, then per group a node before its reads
     * ({@code n + 2j}) and one after them ({@code n + 2j + 1}).
     */
    private static int[] sort(Operation[] ops, Kind[] kind, int[][] readSet, int[] reads, int readCount,
                              int[] group, int groups, int[] addOf, boolean[] effective, boolean[] free,
                              int maxValue) {
        int n = ops.length;
        int nodes = n + 2 * groups;
        // The group that first lists each value (groups + 0 … ; -1: no read lists it).
        int[] introducedIn = new int[maxValue + 1];
        Arrays.fill(introducedIn, -1);
        for (int k = readCount - 1; k >= 0; k--) {
            for (int v : readSet[reads[k]]) {
                introducedIn[v] = group[reads[k]];
            }
        }
        // Edges as (from, to) pairs, then a compressed adjacency.
        int[] from = new int[16];
        int[] to = new int[16];
        int edges = 0;
        for (int v = 0; v <= maxValue; v++) {
            int add = addOf[v];
            if (add < 0 || !effective[add]) {
                continue;
            }
            int g = introducedIn[v];
            int later = g < 0 ? groups : g; // the add comes after the reads of every group before this one
            if (g >= 0) {
                if (edges + 2 > from.length) {
                    from = Arrays.copyOf(from, from.length * 2);
                    to = Arrays.copyOf(to, to.length * 2);
                }
                from[edges] = add;
                to[edges++] = n + 2 * g;
            }
            if (later > 0) {
                if (edges + 2 > from.length) {
                    from = Arrays.copyOf(from, from.length * 2);
                    to = Arrays.copyOf(to, to.length * 2);
                }
                from[edges] = n + 2 * (later - 1) + 1;
                to[edges++] = add;
            }
        }
        for (int k = 0; k < readCount; k++) {
            int r = reads[k];
            if (edges + 2 > from.length) {
                from = Arrays.copyOf(from, from.length * 2);
                to = Arrays.copyOf(to, to.length * 2);
            }
            from[edges] = n + 2 * group[r];
            to[edges++] = r;
            from[edges] = r;
            to[edges++] = n + 2 * group[r] + 1;
        }
        for (int i = 0; i < n; i++) {
            if (kind[i] != Kind.SET_CONTAINS || free[i]) {
                continue;
            }
            int add = addOf[PreparedViews.element(ops[i].input())];
            if (add < 0 || !effective[add]) {
                continue;
            }
            if (edges + 1 > from.length) {
                from = Arrays.copyOf(from, from.length * 2);
                to = Arrays.copyOf(to, to.length * 2);
            }
            boolean present = Boolean.TRUE.equals(ops[i].output());
            from[edges] = present ? add : i;
            to[edges++] = present ? i : add;
        }
        int[] firstEdge = new int[nodes + 1];
        int[] indegree = new int[nodes];
        for (int e = 0; e < edges; e++) {
            firstEdge[from[e] + 1]++;
            indegree[to[e]]++;
        }
        for (int v = 0; v < nodes; v++) {
            firstEdge[v + 1] += firstEdge[v];
        }
        int[] targets = new int[edges];
        int[] fill = Arrays.copyOf(firstEdge, nodes);
        for (int e = 0; e < edges; e++) {
            targets[fill[from[e]]++] = to[e];
        }

        boolean[] kept = new boolean[n];
        long[] call = new long[n];
        long[] ret = new long[n];
        int keptCount = 0;
        for (int i = 0; i < n; i++) {
            kept[i] = !free[i] && (kind[i] != Kind.SET_ADD || effective[i]);
            call[i] = ops[i].call();
            ret[i] = ops[i].ret();
            if (kept[i]) {
                keptCount++;
            }
        }
        int[] byCall = new int[keptCount];
        int[] byRet = new int[keptCount];
        int completed = 0;
        keptCount = 0;
        for (int i = 0; i < n; i++) {
            if (kept[i]) {
                byCall[keptCount++] = i;
                if (!ops[i].isPending()) {
                    byRet[completed++] = i;
                }
            }
        }
        IndexSort.sort(byCall, keptCount, call);
        IndexSort.sort(byRet, completed, ret);

        // Ready: in-degree 0 and real-time eligible. Operations become eligible in call order as the earliest
        // unplaced return advances; virtual nodes are placed as soon as their in-degree reaches 0.
        boolean[] placed = new boolean[n];
        boolean[] eligible = new boolean[n];
        int[] ready = new int[n];
        int readyCount = 0;
        int[] virtualStack = new int[2 * groups + 1];
        int[] order = new int[keptCount];
        int size = 0;
        int cp = 0;
        int rp = 0;
        int initial = 0;
        for (int v = n; v < nodes; v++) {
            if (indegree[v] == 0) {
                virtualStack[initial++] = v;
            }
        }
        readyCount = release(virtualStack, initial, n, firstEdge, targets, indegree, eligible, ready, readyCount);
        while (true) {
            while (rp < completed && placed[byRet[rp]]) {
                rp++;
            }
            long firstReturn = rp < completed ? ret[byRet[rp]] : Long.MAX_VALUE;
            while (cp < keptCount && call[byCall[cp]] <= firstReturn) {
                int i = byCall[cp++];
                eligible[i] = true;
                if (indegree[i] == 0) {
                    ready[readyCount++] = i;
                }
            }
            if (readyCount == 0) {
                break;
            }
            int i = ready[--readyCount];
            placed[i] = true;
            order[size++] = i;
            int stack = 0;
            for (int e = firstEdge[i]; e < firstEdge[i + 1]; e++) {
                int t = targets[e];
                if (--indegree[t] == 0) {
                    if (t >= n) {
                        virtualStack[stack++] = t;
                    } else if (eligible[t]) {
                        ready[readyCount++] = t;
                    }
                }
            }
            readyCount = release(virtualStack, stack, n, firstEdge, targets, indegree, eligible, ready, readyCount);
        }
        return Arrays.copyOf(order, size);
    }

    /** Places the virtual nodes on {@code stack} (and those they free in turn); returns the new ready count. */
    private static int release(int[] stack, int top, int n, int[] firstEdge, int[] targets, int[] indegree,
                               boolean[] eligible, int[] ready, int readyCount) {
        while (top > 0) {
            int v = stack[--top];
            for (int e = firstEdge[v]; e < firstEdge[v + 1]; e++) {
                int t = targets[e];
                if (--indegree[t] == 0) {
                    if (t >= n) {
                        stack[top++] = t;
                    } else if (eligible[t]) {
                        ready[readyCount++] = t;
                    }
                }
            }
        }
        return readyCount;
    }

    /** Whether the sorted {@code big} contains every element of the sorted {@code small}. */
    private static boolean containsAll(int[] big, int[] small) {
        int j = 0;
        for (int x : small) {
            while (j < big.length && big[j] < x) {
                j++;
            }
            if (j == big.length || big[j] != x) {
                return false;
            }
            j++;
        }
        return true;
    }
}
