package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.search.IndexSort;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;
import dev.ariadne.core.models.SetModel;

import java.util.BitSet;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Sets in which every value is added at most once and nothing reads the whole set: O(n log n), one value at a
 * time, with a closed-form test per value.
 *
 * <p><b>Qualifies</b> when the model is {@code set} starting empty, no value is added twice, and every
 * {@code read} has an unknown output (such reads, and contains with unknown output, accept every state and are
 * put back by {@link Replay}). {@code add}, {@code remove} and {@code contains} may have any output and may be
 * pending. A read with a known output ties all values together and sends the partition to the general engines.
 *
 * <p><b>One value.</b> Every operation touches one value's membership, so a sequence of operations is accepted
 * exactly when each value's subsequence is. With one add and an empty start, a value's life is: absent (phase
 * A), the add, present (P), the first remove that takes effect (r*, if any), absent for good (A2). So:
 * {@code contains → true} lies in P; {@code contains → false} and {@code remove → false} lie in A or A2;
 * {@code remove → true} is r* (two of them: violation); a completed remove with unknown output is r* or a no-op
 * in A or A2; a pending remove is r* or left out; {@code add → false} is impossible (violation); a pending add
 * nobody needs (no {@code contains → true}, no {@code remove → true}) is left out, and then every operation of
 * the value must be one that holds while absent.
 *
 * <p><b>Points.</b> An order respects real time exactly when every operation can be given a point inside its
 * interval, the points never decreasing along the order (take each operation's point to be the latest call so
 * far), operations at equal points being in any order. So, for a chosen r*, the value is fine iff there are
 * points {@code pa} for the add and {@code pr ≥ pa} for r* with every P-operation t having
 * {@code t.call ≤ pr} and {@code t.ret ≥ pa}, and every A/A2-operation f having {@code f.call ≤ pa} or
 * {@code f.ret ≥ pr}. Taking {@code pa = min(add.ret, min t.ret, r*.ret)} (the largest possible) and
 * {@code pr = max(R0, pa)} with {@code R0 = max(r*.call, max t.call)} is optimal: the test becomes
 * {@code pa ≥ add.call}, {@code R0 ≤ r*.ret}, and every f called after {@code pa} returns at or after
 * {@code R0} (it then also returns after {@code pa}). Without r*, the test is {@code pa = min(add.ret, min t.ret)
 * ≥ add.call} and every f called by {@code pa}. Each candidate r* is tested in O(log n) with suffix minima.
 *
 * <p><b>Witness.</b> Every operation gets its point (A-phase f at its call, t at {@code max(pa, t.call)}, A2-phase
 * f at its return) and a rank for ties (A, add, P, r*, A2); sorting by (point, rank) gives the order, which is
 * replayed with the set's semantics ({@link SetStepper}). A value that fails the test makes the history not
 * linearizable; the same sort, with every operation of a failing value at its call, is replayed, skipping what
 * cannot be placed, and the placed prefix is the evidence (see {@link Replay}).
 */
final class DistinctSetProcedure implements DecisionProcedure {
    static final String NAME = "distinct-set";

    private static final long RANK_ABSENT = 0;
    private static final long RANK_ADD = 1;
    private static final long RANK_PRESENT = 2;
    private static final long RANK_REMOVE = 3;
    private static final long RANK_ABSENT_AGAIN = 4;

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
                case SET_REMOVE, SET_CONTAINS -> {
                    if (PreparedViews.element(op.input()) < 0) {
                        return DecisionProcedure.show(model, op) + ": its value has no id the procedure can compare";
                    }
                }
                case SET_READ -> {
                    if (op.output() != Operation.UNKNOWN) {
                        return DecisionProcedure.show(model, op) + " reads the whole set (grow-only-set decides "
                                + "reads when nothing is removed)";
                    }
                }
                default -> {
                    return DecisionProcedure.show(model, op) + " is not an add, remove, contains or read";
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
        int[] element = new int[n];
        boolean[] free = new boolean[n];
        long[] calls = new long[n];
        int maxElement = -1;
        for (int i = 0; i < n; i++) {
            calls[i] = ops[i].call();
            kind[i] = PreparedViews.kind(ops[i].input());
            if (kind[i] == Kind.SET_READ) {
                element[i] = -1;
                free[i] = true;
            } else {
                element[i] = PreparedViews.element(ops[i].input());
                maxElement = Math.max(maxElement, element[i]);
                free[i] = kind[i] == Kind.SET_CONTAINS && ops[i].output() == Operation.UNKNOWN;
            }
        }
        // Operations grouped by value (counting sort, history order kept).
        int[] first = new int[maxElement + 2];
        for (int i = 0; i < n; i++) {
            if (element[i] >= 0 && !free[i]) {
                first[element[i] + 1]++;
            }
        }
        for (int v = 0; v <= maxElement; v++) {
            first[v + 1] += first[v];
        }
        int[] grouped = new int[first[maxElement + 1]];
        int[] fill = java.util.Arrays.copyOf(first, first.length);
        for (int i = 0; i < n; i++) {
            if (element[i] >= 0 && !free[i]) {
                grouped[fill[element[i]]++] = i;
            }
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }
        long[] point = new long[n];
        long[] rank = new long[n];
        boolean[] proposed = new boolean[n];
        boolean violation = false;
        Scratch scratch = new Scratch(grouped.length);
        for (int v = 0; v <= maxElement; v++) {
            if (((v + 1) & 0xfff) == 0 && stop.getAsBoolean()) {
                return Replay.cancelled(NAME, n, index, label, 0, start);
            }
            if (first[v] == first[v + 1]) {
                continue;
            }
            if (!decide(ops, calls, kind, grouped, first[v], first[v + 1], point, rank, proposed, scratch)) {
                violation = true;
                bestEffort(ops, kind, grouped, first[v], first[v + 1], point, rank, proposed);
            }
        }
        int[] proposal = new int[n];
        int length = 0;
        for (int i = 0; i < n; i++) {
            if (proposed[i]) {
                proposal[length++] = i;
            }
        }
        IndexSort.sort(proposal, length, rank);
        IndexSort.sort(proposal, length, point);
        return Replay.run(NAME, model, new SetStepper(prepared), prepared, free, proposal, length, violation, index,
                label, stop, start);
    }

    /** Reusable arrays for the per-value test. */
    private static final class Scratch {
        final int[] absent;
        final long[] absentCall;
        final long[] min1;
        final int[] min1At;
        final long[] min2;

        Scratch(int capacity) {
            absent = new int[capacity];
            absentCall = new long[capacity + 1];
            min1 = new long[capacity + 1];
            min1At = new int[capacity + 1];
            min2 = new long[capacity + 1];
        }
    }

    /**
     * Tests one value's operations {@code grouped[from..to)} and, when they pass, gives each of them its point and
     * rank (and marks it proposed); returns whether they pass.
     */
    private static boolean decide(Operation[] ops, long[] calls, Kind[] kind, int[] grouped, int from, int to,
                                  long[] point, long[] rank, boolean[] proposed, Scratch s) {
        int add = -1;
        int removeTrue = -1;
        int removeTrueCount = 0;
        boolean present = false; // some contains → true
        long minT = Long.MAX_VALUE;
        long maxT = Long.MIN_VALUE;
        int absentCount = 0; // A/A2 operations, including completed removes with unknown output
        for (int k = from; k < to; k++) {
            int i = grouped[k];
            Operation op = ops[i];
            switch (kind[i]) {
                case SET_ADD -> {
                    if (Boolean.FALSE.equals(op.output())) {
                        return false; // the value was present before its only add
                    }
                    add = i;
                }
                case SET_CONTAINS -> {
                    if (Boolean.TRUE.equals(op.output())) {
                        present = true;
                        minT = Math.min(minT, op.ret());
                        maxT = Math.max(maxT, op.call());
                    } else {
                        s.absent[absentCount++] = i;
                    }
                }
                default -> { // SET_REMOVE
                    if (Boolean.TRUE.equals(op.output())) {
                        removeTrue = i;
                        removeTrueCount++;
                    } else if (!op.isPending()) {
                        s.absent[absentCount++] = i;
                    }
                }
            }
        }
        boolean needed = present || removeTrueCount > 0;
        if (add < 0 || ops[add].isPending() && !needed) {
            if (needed) {
                return false; // present without an add
            }
            for (int k = 0; k < absentCount; k++) {
                place(s.absent[k], ops[s.absent[k]].call(), RANK_ABSENT, point, rank, proposed);
            }
            return true;
        }
        if (removeTrueCount > 1) {
            return false;
        }
        long addCall = ops[add].call();
        long addRet = ops[add].ret();
        // The A/A2 operations by call, with suffix minima of their returns (smallest, where, second smallest).
        IndexSort.sort(s.absent, absentCount, calls);
        for (int k = 0; k < absentCount; k++) {
            s.absentCall[k] = ops[s.absent[k]].call();
        }
        s.min1[absentCount] = Long.MAX_VALUE;
        s.min2[absentCount] = Long.MAX_VALUE;
        s.min1At[absentCount] = -1;
        for (int k = absentCount - 1; k >= 0; k--) {
            long r = ops[s.absent[k]].ret();
            if (r < s.min1[k + 1]) {
                s.min1[k] = r;
                s.min1At[k] = s.absent[k];
                s.min2[k] = s.min1[k + 1];
            } else {
                s.min1[k] = s.min1[k + 1];
                s.min1At[k] = s.min1At[k + 1];
                s.min2[k] = Math.min(s.min2[k + 1], r);
            }
        }
        int chosen = -2; // -1: no r*; else the remove that is r*
        long pa = 0;
        long pr = 0;
        if (removeTrueCount == 1) {
            long[] t = tryRemove(ops, removeTrue, addCall, addRet, minT, maxT, s, absentCount);
            if (t != null) {
                chosen = removeTrue;
                pa = t[0];
                pr = t[1];
            }
        } else {
            long paNone = Math.min(addRet, minT);
            if (paNone != Long.MAX_VALUE && paNone >= addCall
                    && upperBound(s.absentCall, absentCount, paNone) == absentCount) {
                chosen = -1;
                pa = paNone;
            }
            for (int k = from; k < to && chosen == -2; k++) {
                int i = grouped[k];
                if (kind[i] == Kind.SET_REMOVE && ops[i].output() == Operation.UNKNOWN) {
                    long[] t = tryRemove(ops, i, addCall, addRet, minT, maxT, s, absentCount);
                    if (t != null) {
                        chosen = i;
                        pa = t[0];
                        pr = t[1];
                    }
                }
            }
        }
        if (chosen == -2) {
            return false;
        }
        place(add, pa, RANK_ADD, point, rank, proposed);
        if (chosen >= 0) {
            place(chosen, pr, RANK_REMOVE, point, rank, proposed);
        }
        for (int k = from; k < to; k++) {
            int i = grouped[k];
            if (kind[i] == Kind.SET_CONTAINS && Boolean.TRUE.equals(ops[i].output())) {
                place(i, Math.max(pa, ops[i].call()), RANK_PRESENT, point, rank, proposed);
            }
        }
        for (int k = 0; k < absentCount; k++) {
            int i = s.absent[k];
            if (i == chosen) {
                continue;
            }
            if (ops[i].call() <= pa) {
                place(i, ops[i].call(), RANK_ABSENT, point, rank, proposed);
            } else {
                place(i, ops[i].ret(), RANK_ABSENT_AGAIN, point, rank, proposed);
            }
        }
        return true;
    }

    /**
     * The points {pa, pr} when remove {@code r} can be r*, else {@code null}. The A/A2 operations other than
     * {@code r} that are called after pa must return at or after R0.
     */
    private static long[] tryRemove(Operation[] ops, int r, long addCall, long addRet, long minT, long maxT,
                                    Scratch s, int absentCount) {
        long rCall = ops[r].call();
        long rRet = ops[r].ret();
        long pa = Math.min(Math.min(addRet, minT), rRet);
        long r0 = Math.max(rCall, maxT);
        if (pa == Long.MAX_VALUE || pa < addCall || r0 > rRet) {
            return null;
        }
        int k = upperBound(s.absentCall, absentCount, pa);
        if (k < absentCount) {
            long m = s.min1At[k] == r ? s.min2[k] : s.min1[k];
            if (m < r0) {
                return null;
            }
        }
        return new long[] {pa, Math.max(r0, pa)};
    }

    /** For a value that fails: its operations at their calls, ranked by what they need, for the evidence. */
    private static void bestEffort(Operation[] ops, Kind[] kind, int[] grouped, int from, int to, long[] point,
                                   long[] rank, boolean[] proposed) {
        for (int k = from; k < to; k++) {
            int i = grouped[k];
            Operation op = ops[i];
            long r;
            if (kind[i] == Kind.SET_ADD) {
                r = RANK_ADD;
            } else if (kind[i] == Kind.SET_CONTAINS) {
                r = Boolean.TRUE.equals(op.output()) ? RANK_PRESENT : RANK_ABSENT;
            } else if (op.isPending()) {
                continue;
            } else {
                r = Boolean.TRUE.equals(op.output()) ? RANK_REMOVE : RANK_ABSENT;
            }
            place(i, op.call(), r, point, rank, proposed);
        }
    }

    private static void place(int i, long p, long r, long[] point, long[] rank, boolean[] proposed) {
        point[i] = p;
        rank[i] = r;
        proposed[i] = true;
    }

    /** The number of elements of the sorted {@code a[0..n)} that are at most {@code x}. */
    private static int upperBound(long[] a, int n, long x) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
