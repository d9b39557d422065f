package dev.ariadne.core.engine;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.PreparedViews;
import dev.ariadne.core.models.PreparedViews.Kind;
import dev.ariadne.core.models.StackModel;

import java.util.List;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * Stacks whose pushed values are distinct: a forward simulation in O(n log n) (O(n²) when guesses must skip many
 * candidates) that places an operation only when doing so is safe or forced, in the style of
 * {@link DistinctQueueProcedure}. Unlike the queue's, the stack's
 * simulation can meet a real choice (which of several pushes goes lower); it then guesses, and a guess that leads
 * nowhere proves nothing, so the procedure gives no answer and the general engine decides.
 *
 * <p><b>Qualifies</b> when the model is {@code stack} starting empty, every pushed value is pushed once, and every
 * pop returned with a known output (a value, or nil for "empty"). Pending pushes are fine; pending pops and pops
 * with unknown output are not (they may remove any top).
 *
 * <p><b>Terms.</b> A <em>pair</em> value v has its push p(v) and its pop o(v). A pop of a value never pushed, or
 * of one popped already, can never be placed, nor can o(v) if it returns before p(v) is called. A value pushed by
 * a completed push and never popped is <em>stuck</em>. A pending push of a value nobody popped is left out:
 * removing it from any linearization leaves one, because a value that is never popped is never the top when a
 * pop takes effect (that pop would remove it), so it only sits below later values, and no empty pop follows it.
 * An <em>x</em> is an empty pop. An operation is <em>eligible</em> when every completed operation that returned
 * before its call is placed; S is the stack of placed values.
 *
 * <p><b>Pair lemma.</b> Removing both operations of a pair v from a linearization leaves a linearization: while v
 * is in the stack, the pops that take effect remove values above v, no x and no stuck push happens (an x would
 * see v, a stuck value above v would keep v forever), so v is never the top anyone looks at.
 *
 * <p><b>Simulation.</b> Repeat: (1) if the top of S is a pair value whose pop is eligible, place the pop; (2) else,
 * if S is empty and an x is eligible, place it; (3) else, if a pair v has p(v) eligible and o(v) eligible once
 * p(v) is placed, place p(v) then o(v); (4) else, if no x is left and S holds no pair value, place an eligible
 * stuck push; (5) else, among the eligible pushes of pair values v with {@code o(v).call ≤ D}, where D is the
 * earliest return of the pops of the pair values in S, of the x left and of the stuck pushes left, place one. If
 * only one push qualifies in (5), it is forced; with several it is a <em>guess</em>.
 * Stop when nothing applies. All completed operations placed: the order is a witness (replayed). Otherwise, if no
 * guess was made (or some pop can never be placed), the history is not linearizable; after a guess, no answer.
 *
 * <p><b>Why (1)–(4) are safe</b> (if a completion C of the placed prefix is a linearization, one starts with the
 * step's operation; moving an eligible operation to the front never breaks real time, since everything it jumps
 * over is unplaced and so did not return before its call). (1) Before the top's pop, C pushes and pops values
 * above the top only; taking the top out of those states changes no top that a pop sees. (2) An x changes nothing
 * and S is empty. (3) Remove the pair from C (pair lemma) and put p(v), o(v) at the front, where they cancel out;
 * o(v) jumps only over operations that did not return before its call. (4) With S all stuck and no x left, C pops
 * only values pushed after now; moving the stuck push u to just above S leaves every top a pop sees as it was.
 * <b>(5) is forced</b> when one push qualifies: C cannot start with a pop (the top's is not eligible, no eligible x
 * sees an empty S) nor with a stuck push (it would block the pair values of S or the x left forever, or (4) would
 * apply), so it starts with an eligible pair push p(v); then o(v) precedes the pops of S's pair values, the x
 * left and the stuck pushes left, so {@code o(v).call ≤ D}. For the same reason a stop without a guess proves the
 * violation: no operation can start a completion.
 *
 * <p>A guess takes the qualifying push that returns first (the most urgent) and those that return before its pop
 * is called (they must share the stack with it), and of these places the one whose pop returns last, since values
 * pushed after it and popped before it nest above it. It is a heuristic: when the simulation then stops, the
 * procedure returns {@code null}.
 */
final class DistinctStackProcedure implements DecisionProcedure {
    static final String NAME = "distinct-stack";

    private static final byte STUCK = 0;
    private static final byte PUSH = 1;
    private static final byte POP = 2;
    private static final byte EMPTY = 3;
    private static final byte DROPPED = 4;
    private static final byte BAD = 5;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean applies(Model<?> model, List<Operation> prepared) {
        if (!(model instanceof StackModel) || !PreparedViews.isEmptyCollection(model.init())) {
            return false;
        }
        java.util.BitSet pushed = new java.util.BitSet();
        for (Operation op : prepared) {
            if (op.call() == Long.MIN_VALUE) {
                return false;
            }
            Kind kind = PreparedViews.kind(op.input());
            if (kind == Kind.STACK_PUSH) {
                if (!DecisionProcedure.firstInsert(pushed, op.input())) {
                    return false;
                }
            } else if (kind != Kind.STACK_POP || op.isPending() || !(op.output() instanceof Integer)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label,
                                 BooleanSupplier stop) {
        long start = System.nanoTime();
        int n = prepared.size();
        Operation[] ops = prepared.toArray(new Operation[0]);
        long[] call = new long[n];
        long[] ret = new long[n];
        boolean[] isPush = new boolean[n];
        int[] value = new int[n];
        int maxValue = 0;
        for (int i = 0; i < n; i++) {
            call[i] = ops[i].call();
            ret[i] = ops[i].ret();
            if (PreparedViews.kind(ops[i].input()) == Kind.STACK_PUSH) {
                isPush[i] = true;
                value[i] = PreparedViews.element(ops[i].input());
            } else {
                value[i] = (Integer) ops[i].output();
            }
            maxValue = Math.max(maxValue, value[i]);
        }
        int[] pushOf = new int[maxValue + 1];
        int[] popOf = new int[maxValue + 1];
        java.util.Arrays.fill(pushOf, -1);
        java.util.Arrays.fill(popOf, -1);
        for (int i = 0; i < n; i++) {
            if (isPush[i]) {
                pushOf[value[i]] = i;
            }
        }
        boolean violation = false;
        byte[] kind = new byte[n];
        int[] partner = new int[n]; // the pop of a pair push, the push of a pair pop
        for (int i = 0; i < n; i++) {
            if (isPush[i]) {
                continue;
            }
            int v = value[i];
            if (v == PreparedViews.NIL_ID) {
                kind[i] = EMPTY;
            } else if (v < 0 || pushOf[v] < 0 || popOf[v] >= 0 || ret[i] < call[pushOf[v]]) {
                kind[i] = BAD; // a value never pushed, popped twice, or popped before its push was called
                violation = true;
            } else {
                kind[i] = POP;
                popOf[v] = i;
                partner[i] = pushOf[v];
                partner[pushOf[v]] = i;
            }
        }
        for (int i = 0; i < n; i++) {
            if (isPush[i]) {
                kind[i] = popOf[value[i]] >= 0 ? PUSH : ops[i].isPending() ? DROPPED : STUCK;
            }
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }

        int[] all = select(ops, kind, ret, ~(1 << DROPPED), true);
        int[] xs = select(ops, kind, call, 1 << EMPTY, false);
        int[] pushes = select(ops, kind, call, 1 << PUSH, false);
        int[] stuck = select(ops, kind, call, 1 << STUCK, false);
        // The earliest return among the x (and the stuck pushes) from position k on; both are placed in call order.
        long[] xsRet = suffixMinReturn(xs, ret);
        long[] stuckRet = suffixMinReturn(stuck, ret);
        int[] position = new int[n]; // in all, or -1
        java.util.Arrays.fill(position, -1);
        for (int k = 0; k < all.length; k++) {
            position[all[k]] = k;
        }
        NextUnplaced unplaced = new NextUnplaced(all.length);
        // Eligible, unplaced pair pushes by the call of their pop.
        long[] popCall = new long[n];
        for (int i = 0; i < n; i++) {
            if (kind[i] == PUSH) {
                popCall[i] = call[partner[i]];
            }
        }
        TreeSet<Integer> ready = new TreeSet<>((a, b) -> popCall[a] != popCall[b]
                ? Long.compare(popCall[a], popCall[b]) : Integer.compare(a, b));
        // The same pushes by the return of their pop: a guess takes the one whose pop may come last.
        long[] popReturn = new long[n];
        for (int i = 0; i < n; i++) {
            if (kind[i] == PUSH) {
                popReturn[i] = ret[partner[i]];
            }
        }
        TreeSet<Integer> byReturn = new TreeSet<>((a, b) -> popReturn[a] != popReturn[b]
                ? Long.compare(popReturn[a], popReturn[b]) : Integer.compare(a, b));
        // And by their own return: the most urgent push.
        TreeSet<Integer> byUrgency = new TreeSet<>((a, b) -> ret[a] != ret[b]
                ? Long.compare(ret[a], ret[b]) : Integer.compare(a, b));
        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int size = 0;
        int[] stack = new int[pushes.length + stuck.length + 1]; // push operations of the values in S, bottom first
        long[] stackDeadline = new long[stack.length]; // earliest return of the pops of pair values at or below
        int height = 0;
        int pairsInStack = 0;
        int xp = 0;
        int ep = 0;
        int sp = 0;
        boolean guessed = false;
        for (long iteration = 1; ; iteration++) {
            if ((iteration & 0xfff) == 0 && stop.getAsBoolean()) {
                return Replay.cancelled(NAME, n, index, label, 0, start);
            }
            int first = unplaced.find(0);
            long firstReturn = first < all.length ? ret[all[first]] : Long.MAX_VALUE;
            // (1) the top's pop
            if (height > 0 && kind[stack[height - 1]] == PUSH && call[partner[stack[height - 1]]] <= firstReturn) {
                int d = partner[stack[--height]];
                pairsInStack--;
                size = place(d, placed, order, size, position, unplaced);
                continue;
            }
            // (2) an x on the empty stack
            if (height == 0 && xp < xs.length && call[xs[xp]] <= firstReturn) {
                size = place(xs[xp++], placed, order, size, position, unplaced);
                continue;
            }
            while (ep < pushes.length && call[pushes[ep]] <= firstReturn) {
                ready.add(pushes[ep]);
                byUrgency.add(pushes[ep]);
                byReturn.add(pushes[ep++]);
            }
            // (3) a push and its pop together
            int pair = -1;
            if (!ready.isEmpty() && popCall[ready.first()] <= firstReturn) {
                pair = ready.first();
            } else if (first < all.length && kind[all[first]] == PUSH && ready.contains(all[first])) {
                // the first to return is the push itself: its pop waits only for the next one
                int second = unplaced.find(first + 1);
                long secondReturn = second < all.length ? ret[all[second]] : Long.MAX_VALUE;
                if (popCall[all[first]] <= secondReturn) {
                    pair = all[first];
                }
            }
            if (pair >= 0) {
                ready.remove(pair);
                byUrgency.remove(pair);
                byReturn.remove(pair);
                size = place(pair, placed, order, size, position, unplaced);
                size = place(partner[pair], placed, order, size, position, unplaced);
                continue;
            }
            // (4) a stuck push, once nothing below it or after it could be popped or see the stack empty
            if (xp == xs.length && pairsInStack == 0 && sp < stuck.length && call[stuck[sp]] <= firstReturn) {
                int u = stuck[sp++];
                stackDeadline[height] = Long.MAX_VALUE;
                stack[height++] = u;
                size = place(u, placed, order, size, position, unplaced);
                continue;
            }
            // (5) a pair push that goes below everything pushed until its pop
            long deadline = Math.min(height > 0 ? stackDeadline[height - 1] : Long.MAX_VALUE,
                    Math.min(xsRet[xp], stuckRet[sp]));
            if (ready.isEmpty() || popCall[ready.first()] > deadline) {
                break;
            }
            Integer pick = ready.first();
            Integer other = ready.higher(pick);
            if (other != null && popCall[other] <= deadline) {
                guessed = true;
                int urgent = -1;
                for (Integer c : byUrgency) {
                    if (popCall[c] <= deadline) {
                        urgent = c;
                        break;
                    }
                }
                // Pushes that must happen before the urgent value's pop share the stack with it; the rest wait.
                for (Integer c : byReturn.descendingSet()) {
                    if (popCall[c] <= deadline && (c == urgent || ret[c] < popCall[urgent])) {
                        pick = c;
                        break;
                    }
                }
            }
            ready.remove(pick);
            byUrgency.remove(pick);
            byReturn.remove(pick);
            long below = height > 0 ? stackDeadline[height - 1] : Long.MAX_VALUE;
            stackDeadline[height] = Math.min(below, ret[partner[pick]]);
            stack[height++] = pick;
            pairsInStack++;
            size = place(pick, placed, order, size, position, unplaced);
        }
        boolean done = unplaced.find(0) == all.length;
        if (!done && guessed && !violation) {
            return null; // the simulation may have guessed wrong: let a general engine decide
        }
        return Replay.run(NAME, model, prepared, null, order, size, !done, index, label, stop, start);
    }

    private static int place(int op, boolean[] placed, int[] order, int size, int[] position,
                             NextUnplaced unplaced) {
        placed[op] = true;
        order[size] = op;
        if (position[op] >= 0) {
            unplaced.remove(position[op]);
        }
        return size + 1;
    }

    /** {@code out[k]} is the least {@code ret} of {@code idx[k..]}, and {@code out[idx.length]} is the maximum. */
    private static long[] suffixMinReturn(int[] idx, long[] ret) {
        long[] out = new long[idx.length + 1];
        out[idx.length] = Long.MAX_VALUE;
        for (int k = idx.length - 1; k >= 0; k--) {
            out[k] = Math.min(out[k + 1], ret[idx[k]]);
        }
        return out;
    }

    /**
     * The operations whose kind is in {@code kinds} (a bit mask), sorted by {@code key}; completed ones only when
     * {@code completedOnly}.
     */
    private static int[] select(Operation[] ops, byte[] kind, long[] key, int kinds, boolean completedOnly) {
        int count = 0;
        int[] out = new int[ops.length];
        for (int i = 0; i < ops.length; i++) {
            if ((kinds & 1 << kind[i]) != 0 && !(completedOnly && ops[i].isPending())) {
                out[count++] = i;
            }
        }
        IndexSort.sort(out, count, key);
        return java.util.Arrays.copyOf(out, count);
    }

    /** The first unplaced position at or after a given one, among positions that are removed in any order. */
    private static final class NextUnplaced {
        private final int[] next; // union-find: next[k] == k while k is unplaced

        NextUnplaced(int size) {
            next = new int[size + 1];
            for (int k = 0; k <= size; k++) {
                next[k] = k;
            }
        }

        void remove(int k) {
            next[k] = k + 1;
        }

        int find(int k) {
            int root = k;
            while (next[root] != root) {
                root = next[root];
            }
            while (next[k] != root) {
                int up = next[k];
                next[k] = root;
                k = up;
            }
            return root;
        }
    }
}
