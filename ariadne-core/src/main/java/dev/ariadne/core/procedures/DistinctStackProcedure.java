package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.search.IndexSort;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedViews.Kind;
import dev.ariadne.core.models.StackModel;

import java.util.List;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

/**
 * Stacks whose pushed values are distinct: a forward simulation that places an operation only when doing so is safe
 * or forced, in the style of {@link DistinctQueueProcedure}, and a depth-first search over the one real choice the
 * stack's simulation meets (which of several pushes goes lower). The search is exhaustive but bounded: when it runs
 * out of steps the procedure gives no answer and the general engine decides.
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
 * earliest return of the pops of the pair values in S, of the x left and of the stuck pushes left, place one; a
 * candidate a is dropped when another candidate b returns before o(a) is called while o(a) returns before o(b) is
 * called. If one candidate is left, (5) is forced; with several, it is a <em>choice point</em>; with none, a dead end.
 * All completed operations placed: the order is a witness (replayed). At a dead end the search undoes the steps back
 * to the latest choice point with a candidate left and places that one instead. When no choice point has one left
 * (or some pop can never be placed), the history is not linearizable. When the steps (placements, undos and
 * candidates examined at (5)) exceed {@code 20 n + 200000}, no answer unless a pattern below proves the violation.
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
 * left and the stuck pushes left, so {@code o(v).call ≤ D}. For the same reason a dead end with no candidate proves
 * that its prefix has no completion: no operation can start one. The dropped candidates: if C starts with p(a),
 * b's push comes after p(a); before o(a) it would sit above a and have to be popped first, but o(a) precedes o(b)
 * in real time; after o(a) it cannot come, since it returns before o(a) is called. So every completion of a
 * prefix starts with the operation of a safe step, or with one of the candidates of a choice point; trying each
 * candidate in turn (the search) therefore finds a linearization if there is one, and proves there is none when it
 * runs out of candidates.
 *
 * <p><b>Memo.</b> The search remembers each state it met at step (5) (the placed operations, and the stack bottom
 * first) by a 128-bit hash: Zobrist sums of the placed operations and a hash chain over the stack's levels, from a
 * fixed seed. A state met again is a dead end: it is not on the current path (which only grows), so its subtree was
 * searched in full already. Two different states with the same 128 bits would make the search skip a subtree, so
 * the memo only speeds up the search for a witness (which is replayed): a search that runs out of choices after the
 * memo skipped a state proves nothing, and is treated like one that ran out of steps (below).
 *
 * <p><b>Out of steps.</b> When the budget runs out, three patterns of two values still prove a violation (checked
 * in O(n log n)): a pair value b below a pair value a (p(b) returns before p(a) is called) whose pop must come
 * while a is there (o(b) is called after p(a) returns and returns before o(a) is called): b is not on top at o(b);
 * a value v certainly in the stack at an x (p(v) returns before x is called, and v is stuck or o(v) is called
 * after x returns); a stuck value u above a pair value v (p(v) returns before p(u) is called, o(v) is called after
 * p(u) returns): v is never on top again. The evidence starts from the search's current prefix (valid, as every
 * placement was). Otherwise the procedure gives no answer.
 *
 * <p>The candidates are tried likeliest first: of the candidate that returns first and those returning before its
 * pop is called (they must share the stack with it), the one whose pop returns last, since values pushed after it
 * and popped before it nest above it; then the others, latest pop first.
 */
final class DistinctStackProcedure implements DecisionProcedure {
    static final String NAME = "distinct-stack";

    private static final byte STUCK = DistinctInserts.STUCK;
    private static final byte PUSH = DistinctInserts.INSERT;
    private static final byte POP = DistinctInserts.REMOVE;
    private static final byte EMPTY = DistinctInserts.EMPTY;
    private static final byte DROPPED = DistinctInserts.DROPPED;
    private static final byte BAD = DistinctInserts.BAD;

    /**
     * How the search runs: {@code budget} steps at most (negative: {@link #STEPS_PER_OPERATION} per operation plus
     * {@link #BASE_STEPS}; 0 turns backtracking off), {@code worstFirst} keeps every candidate and tries them least
     * likely first (to make the search backtrack, in tests), {@code patternsOnly} decides by the two-value patterns
     * alone (a violation, or no answer).
     */
    record Tuning(long budget, boolean worstFirst, boolean patternsOnly) {
        static final Tuning DEFAULT = new Tuning(-1, false, false);
    }

    private final Tuning tuning;
    /** How many checks backtracked at least once (for tests: that the search's undoing is exercised). */
    private final java.util.concurrent.atomic.AtomicLong backtrackedChecks = new java.util.concurrent.atomic.AtomicLong();

    DistinctStackProcedure() {
        this(Tuning.DEFAULT);
    }

    DistinctStackProcedure(Tuning tuning) {
        this.tuning = tuning;
    }

    /** How many of this procedure's checks backtracked at least once. */
    long backtrackedChecks() {
        return backtrackedChecks.get();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String whyNot(Model<?> model, List<Operation> prepared) {
        return DistinctInserts.whyNot(model, StackModel.class, "stack", Kind.STACK_PUSH, Kind.STACK_POP, prepared);
    }

    @Override
    public PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label,
                                 BooleanSupplier stop) {
        long start = System.nanoTime();
        int n = prepared.size();
        DistinctInserts h = new DistinctInserts(prepared, Kind.STACK_PUSH);
        Operation[] ops = h.ops;
        long[] call = h.call;
        long[] ret = h.ret;
        byte[] kind = h.kind;
        boolean violation = h.violation;
        int[] partner = new int[n]; // the pop of a pair push, the push of a pair pop
        for (int i = 0; i < n; i++) {
            if (kind[i] == PUSH || kind[i] == POP) {
                partner[i] = h.partner(i);
            }
        }
        if (stop.getAsBoolean()) {
            return Replay.cancelled(NAME, n, index, label, 0, start);
        }

        int[] all = h.select(ret, ~(1 << DROPPED), true);
        int[] xs = h.select(call, 1 << EMPTY, false);
        int[] pushes = h.select(call, 1 << PUSH, false);
        int[] stuck = h.select(call, 1 << STUCK, false);
        // The earliest return among the x (and the stuck pushes) from position k on; both are placed in call order.
        long[] xsRet = suffixMinReturn(xs, ret);
        long[] stuckRet = suffixMinReturn(stuck, ret);
        int[] position = new int[n]; // in all, or -1
        java.util.Arrays.fill(position, -1);
        for (int k = 0; k < all.length; k++) {
            position[all[k]] = k;
        }
        if (tuning.patternsOnly()) {
            return badPattern(kind, partner, call, ret, pushes, stuck, xs)
                    ? Replay.run(NAME, model, prepared, null, new int[0], 0, true, index, label, stop, start) : null;
        }
        Search s = new Search(n, all, position, kind, partner, call, ret, pushes, stuck, xs, tuning.worstFirst());
        boolean backtracked = false;
        long budget = tuning.budget() >= 0 ? tuning.budget() : STEPS_PER_OPERATION * (long) n + BASE_STEPS;
        for (long iteration = 1; ; iteration++) {
            if ((iteration & 0xfff) == 0 && stop.getAsBoolean()) {
                return Replay.cancelled(NAME, n, index, label, s.steps, start);
            }
            if (s.step(xsRet, stuckRet)) {
                continue;
            }
            if (s.done() || violation || s.alternatives.isEmpty() && s.memoHits == 0) {
                break; // a witness, or a pop that can never be placed, or every choice exhausted: not linearizable
            }
            // Out of steps, or out of choices after the memo skipped states: a memo hit rests on a hash, and a
            // hash collision may never decide a violation, so only the two-value patterns can prove one then.
            if (s.steps > budget || s.alternatives.isEmpty()) {
                if (badPattern(kind, partner, call, ret, pushes, stuck, xs)) {
                    break; // proven by two values alone; the current order is a valid prefix for the evidence
                }
                return null; // the search ran out of steps: let a general engine decide
            }
            if (!backtracked) {
                backtracked = true;
                backtrackedChecks.incrementAndGet();
            }
            s.backtrack();
        }
        boolean done = s.done();
        return Replay.run(NAME, model, prepared, null, s.order, s.size, !done, index, label, stop, start);
    }

    /**
     * Whether two values alone prove the violation: a pair value b below a pair value a (p(b) returns before p(a)
     * is called) that must be popped while a is still there (o(b) called after p(a) returns, and returning before
     * o(a) is called); a value v certainly in the stack at an x (p(v) returns before x is called, and v is stuck or
     * o(v) is called after x returns); or a stuck value u above a pair value v (p(v) returns before p(u) is
     * called, and o(v) is called after p(u) returns).
     */
    static boolean badPattern(byte[] kind, int[] partner, long[] call, long[] ret, int[] pushes, int[] stuck,
                              int[] xs) {
        int m = pushes.length;
        int[] byReturn = pushes.clone();
        IndexSort.sort(byReturn, m, ret);
        // pair over pair: sweep a by the call of p(a), inserting each b once p(b) returned before it
        long[] popCalls = new long[m];
        for (int k = 0; k < m; k++) {
            popCalls[k] = call[partner[pushes[k]]];
        }
        java.util.Arrays.sort(popCalls);
        long[] tree = new long[m + 1]; // Fenwick prefix minima of o(b).ret over o(b).call ranks, largest first
        java.util.Arrays.fill(tree, Long.MAX_VALUE);
        int inserted = 0;
        for (int a : pushes) {
            for (; inserted < m && ret[byReturn[inserted]] < call[a]; inserted++) {
                int o = partner[byReturn[inserted]];
                for (int i = m - lowerBound(popCalls, call[o]); i <= m; i += i & -i) {
                    tree[i] = Math.min(tree[i], ret[o]);
                }
            }
            long least = Long.MAX_VALUE; // over the inserted b with o(b).call > p(a).ret
            for (int i = m - upperBound(popCalls, ret[a]); i > 0; i -= i & -i) {
                least = Math.min(least, tree[i]);
            }
            if (least < call[partner[a]]) {
                return true;
            }
        }
        // a value in the stack at an x, and a stuck value above a pair value
        int[] values = new int[m + stuck.length];
        System.arraycopy(pushes, 0, values, 0, m);
        System.arraycopy(stuck, 0, values, m, stuck.length);
        IndexSort.sort(values, values.length, ret);
        inserted = 0;
        long latestPop = Long.MIN_VALUE; // the latest o(v).call (stuck: never) of the inserted values
        for (int x : xs) {
            for (; inserted < values.length && ret[values[inserted]] < call[x]; inserted++) {
                int v = values[inserted];
                latestPop = Math.max(latestPop, kind[v] == PUSH ? call[partner[v]] : Long.MAX_VALUE);
            }
            if (latestPop > ret[x]) {
                return true;
            }
        }
        inserted = 0;
        latestPop = Long.MIN_VALUE;
        for (int u : stuck) {
            for (; inserted < m && ret[byReturn[inserted]] < call[u]; inserted++) {
                latestPop = Math.max(latestPop, call[partner[byReturn[inserted]]]);
            }
            if (latestPop > ret[u]) {
                return true;
            }
        }
        return false;
    }

    /** The number of elements of the sorted array below {@code key}. */
    private static int lowerBound(long[] sorted, long key) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The number of elements of the sorted array at or below {@code key}. */
    private static int upperBound(long[] sorted, long key) {
        return key == Long.MAX_VALUE ? sorted.length : lowerBound(sorted, key + 1);
    }

    /** Steps (placements, undos, candidates examined) allowed per operation, and in all, before the search gives up. */
    static final long STEPS_PER_OPERATION = 20;
    static final long BASE_STEPS = 200_000;

    /**
     * The simulation's state, with an undo trail: each placed operation records the step that placed it, and
     * each choice point the size of the order and the alternatives left.
     */
    private static final class Search {
        private static final byte TOP_POP = 1;
        private static final byte EMPTY_POP = 2;
        private static final byte PAIR = 3;
        private static final byte STUCK_PUSH = 4;
        private static final byte CHOSEN = 5;

        final int[] all;
        final int[] position;
        final byte[] kind;
        final int[] partner;
        final long[] call;
        final long[] ret;
        final int[] pushes;
        final int[] stuck;
        final int[] xs;
        final long[] popCall;
        final long[] popReturn;
        final TreeSet<Integer> ready;
        final java.util.BitSet placedPositions = new java.util.BitSet();
        int firstHint;
        final int[] order;
        final byte[] rule;
        int size;
        final int[] stack;
        final long[] stackDeadline;
        int height;
        int pairsInStack;
        int xp;
        int ep;
        int sp;
        long steps;
        // The state (placed operations, and the stack bottom first) as two 128-bit-keyed hashes: Zobrist sums of
        // the placed operations, and a chain over the stack's levels.
        final long[] zobrist1;
        final long[] zobrist2;
        long placed1;
        long placed2;
        final long[] chain1;
        final long[] chain2;
        final StateSet visited = new StateSet();
        long memoHits;
        // choice points: the order's size and ep when taken, and the alternatives not yet tried
        final java.util.ArrayList<int[]> alternatives = new java.util.ArrayList<>();
        final java.util.ArrayList<long[]> marks = new java.util.ArrayList<>(); // {size, ep, next alternative}
        /** {@link Tuning#worstFirst}. */
        private final boolean worstFirst;

        Search(int n, int[] all, int[] position, byte[] kind, int[] partner, long[] call, long[] ret, int[] pushes,
               int[] stuck, int[] xs, boolean worstFirst) {
            this.worstFirst = worstFirst;
            this.all = all;
            this.position = position;
            this.kind = kind;
            this.partner = partner;
            this.call = call;
            this.ret = ret;
            this.pushes = pushes;
            this.stuck = stuck;
            this.xs = xs;
            popCall = new long[n];
            popReturn = new long[n];
            for (int i = 0; i < n; i++) {
                if (kind[i] == PUSH) {
                    popCall[i] = call[partner[i]];
                    popReturn[i] = ret[partner[i]];
                }
            }
            // Eligible, unplaced pair pushes by the call of their pop.
            ready = new TreeSet<>((a, b) -> popCall[a] != popCall[b]
                    ? Long.compare(popCall[a], popCall[b]) : Integer.compare(a, b));
            order = new int[n];
            rule = new byte[n];
            stack = new int[pushes.length + stuck.length + 1]; // push operations of the values in S, bottom first
            java.util.SplittableRandom random = new java.util.SplittableRandom(0x5EED_57ACL);
            zobrist1 = new long[n];
            zobrist2 = new long[n];
            for (int i = 0; i < n; i++) {
                zobrist1[i] = random.nextLong();
                zobrist2[i] = random.nextLong();
            }
            chain1 = new long[stack.length + 1];
            chain2 = new long[stack.length + 1];
            stackDeadline = new long[stack.length]; // earliest return of the pops of pair values at or below
        }

        boolean done() {
            return firstUnplaced() == all.length;
        }

        int firstUnplaced() {
            firstHint = placedPositions.nextClearBit(firstHint);
            return Math.min(firstHint, all.length);
        }

        private void place(int op, byte how) {
            order[size] = op;
            rule[size++] = how;
            placed1 ^= zobrist1[op];
            placed2 ^= zobrist2[op];
            if (position[op] >= 0) {
                placedPositions.set(position[op]);
            }
            steps++;
        }

        private void pushPair(int p) {
            long below = height > 0 ? stackDeadline[height - 1] : Long.MAX_VALUE;
            stackDeadline[height] = Math.min(below, popReturn[p]);
            stackAdd(p);
            pairsInStack++;
        }

        /** Takes one of steps (1)–(5); false when none applies (or (5) has no candidate left). */
        boolean step(long[] xsRet, long[] stuckRet) {
            int first = firstUnplaced();
            long firstReturn = first < all.length ? ret[all[first]] : Long.MAX_VALUE;
            // (1) the top's pop
            if (height > 0 && kind[stack[height - 1]] == PUSH && popCall[stack[height - 1]] <= firstReturn) {
                int d = partner[stack[--height]];
                pairsInStack--;
                place(d, TOP_POP);
                return true;
            }
            // (2) an x on the empty stack
            if (height == 0 && xp < xs.length && call[xs[xp]] <= firstReturn) {
                place(xs[xp++], EMPTY_POP);
                return true;
            }
            while (ep < pushes.length && call[pushes[ep]] <= firstReturn) {
                ready.add(pushes[ep++]);
            }
            // (3) a push and its pop together
            int pair = -1;
            if (!ready.isEmpty() && popCall[ready.first()] <= firstReturn) {
                pair = ready.first();
            } else if (first < all.length && kind[all[first]] == PUSH && ready.contains(all[first])) {
                // the first to return is the push itself: its pop waits only for the next one
                int second = placedPositions.nextClearBit(first + 1);
                long secondReturn = second < all.length ? ret[all[second]] : Long.MAX_VALUE;
                if (popCall[all[first]] <= secondReturn) {
                    pair = all[first];
                }
            }
            if (pair >= 0) {
                ready.remove(pair);
                place(pair, PAIR);
                place(partner[pair], PAIR);
                return true;
            }
            // (4) a stuck push, once nothing below it or after it could be popped or see the stack empty
            if (xp == xs.length && pairsInStack == 0 && sp < stuck.length && call[stuck[sp]] <= firstReturn) {
                int u = stuck[sp++];
                stackDeadline[height] = Long.MAX_VALUE;
                stackAdd(u);
                place(u, STUCK_PUSH);
                return true;
            }
            // (5) a pair push that goes below everything pushed until its pop
            long deadline = Math.min(height > 0 ? stackDeadline[height - 1] : Long.MAX_VALUE,
                    Math.min(xsRet[xp], stuckRet[sp]));
            // A state seen before, and not on the current path (which only grows), was a dead end.
            if (!visited.add(placed1 ^ chain1[height], placed2 ^ chain2[height])) {
                memoHits++;
                return false;
            }
            int[] candidates = candidates(deadline);
            if (candidates.length == 0) {
                return false;
            }
            if (candidates.length > 1) {
                alternatives.add(candidates);
                marks.add(new long[] {size, ep, 1});
            }
            choose(candidates[0]);
            return true;
        }

        private void stackAdd(int op) {
            chain1[height + 1] = mix(chain1[height] + zobrist1[op]);
            chain2[height + 1] = mix(chain2[height] ^ zobrist2[op]);
            stack[height++] = op;
        }

        private static long mix(long z) { // SplittableRandom's finalizer, a bijection
            z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
            z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
            return z ^ (z >>> 31);
        }

        private void choose(int pick) {
            ready.remove(pick);
            pushPair(pick);
            place(pick, CHOSEN);
        }

        /**
         * The eligible pair pushes whose pop is called by {@code deadline}, less those that cannot go lowest, the
         * likeliest first.
         */
        private int[] candidates(long deadline) {
            int count = 0;
            int[] c = new int[8];
            for (Integer p : ready) {
                if (popCall[p] > deadline) {
                    break;
                }
                if (count == c.length) {
                    c = java.util.Arrays.copyOf(c, 2 * count);
                }
                c[count++] = p;
            }
            steps += count; // examining candidates is work too: the budget bounds it
            if (count <= 1) {
                return java.util.Arrays.copyOf(c, count);
            }
            // a cannot go lowest when some other candidate b must be pushed before a's pop (b returns before a's
            // pop is called) and popped after it (a's pop returns before b's pop is called): b would sit above a
            int kept = 0;
            if (count <= MAX_PRUNE && !worstFirst) {
                for (int i = 0; i < count; i++) {
                    int a = c[i];
                    boolean blocked = false;
                    for (int j = 0; j < count && !blocked; j++) {
                        int b = c[j];
                        blocked = j != i && ret[b] < popCall[a] && popReturn[a] < popCall[b];
                    }
                    if (!blocked) {
                        c[kept++] = a;
                    }
                }
            } else {
                kept = count;
            }
            int[] out = java.util.Arrays.copyOf(c, kept);
            if (kept <= 1) {
                return out;
            }
            // The likeliest: of the candidate that returns first and those that return before its pop is called
            // (they share the stack with it), the one whose pop returns last; then the rest, latest pop first.
            int urgent = out[0];
            for (int p : out) {
                if (ret[p] < ret[urgent]) {
                    urgent = p;
                }
            }
            int best = -1;
            for (int k = 0; k < kept; k++) {
                int p = out[k];
                if ((p == urgent || ret[p] < popCall[urgent]) && (best < 0 || popReturn[p] > popReturn[out[best]])) {
                    best = k;
                }
            }
            int chosen = out[best];
            out[best] = out[0];
            out[0] = chosen;
            Integer[] rest = new Integer[kept - 1];
            for (int k = 1; k < kept; k++) {
                rest[k - 1] = out[k];
            }
            java.util.Arrays.sort(rest, (a, b) -> Long.compare(popReturn[b], popReturn[a]));
            for (int k = 1; k < kept; k++) {
                out[k] = rest[k - 1];
            }
            if (worstFirst) {
                for (int i = 0, j = kept - 1; i < j; i++, j--) {
                    int t = out[i];
                    out[i] = out[j];
                    out[j] = t;
                }
            }
            return out;
        }

        /** Undoes back to the latest choice point with an alternative left and takes it; false when none is. */
        boolean backtrack() {
            while (!alternatives.isEmpty()) {
                int last = alternatives.size() - 1;
                int[] alt = alternatives.get(last);
                long[] mark = marks.get(last);
                if (mark[2] >= alt.length) {
                    alternatives.remove(last);
                    marks.remove(last);
                    continue;
                }
                undoTo((int) mark[0], (int) mark[1]);
                int pick = alt[(int) mark[2]++];
                if (mark[2] >= alt.length) {
                    alternatives.remove(last);
                    marks.remove(last);
                }
                choose(pick);
                return true;
            }
            return false;
        }

        private void undoTo(int target, int targetEp) {
            while (size > target) {
                int op = order[--size];
                byte how = rule[size];
                placed1 ^= zobrist1[op];
                placed2 ^= zobrist2[op];
                if (position[op] >= 0) {
                    placedPositions.clear(position[op]);
                    firstHint = Math.min(firstHint, position[op]);
                }
                steps++;
                switch (how) {
                    case TOP_POP -> pushPair(partner[op]);
                    case EMPTY_POP -> xp--;
                    case PAIR -> {
                        if (kind[op] == PUSH) {
                            ready.add(op);
                        }
                    }
                    case STUCK_PUSH -> {
                        height--;
                        sp--;
                    }
                    default -> { // CHOSEN
                        height--;
                        pairsInStack--;
                        ready.add(op);
                    }
                }
            }
            while (ep > targetEp) {
                ready.remove(pushes[--ep]);
            }
        }
    }

    /** A set of 128-bit keys (open addressing, linear probing); the key (0, 0) is stored as (0, 1). */
    private static final class StateSet {
        private long[] keys = new long[2 << 12];
        private int count;

        /** Adds the key; false when it was there already. */
        boolean add(long a, long b) {
            if (a == 0 && b == 0) {
                b = 1;
            }
            if (2 * (count + 1) > keys.length / 2) {
                grow();
            }
            int mask = keys.length / 2 - 1;
            int slot = (int) (a ^ a >>> 32) & mask;
            while (keys[2 * slot] != 0 || keys[2 * slot + 1] != 0) {
                if (keys[2 * slot] == a && keys[2 * slot + 1] == b) {
                    return false;
                }
                slot = slot + 1 & mask;
            }
            keys[2 * slot] = a;
            keys[2 * slot + 1] = b;
            count++;
            return true;
        }

        private void grow() {
            long[] old = keys;
            keys = new long[old.length * 2];
            count = 0;
            for (int k = 0; k < old.length; k += 2) {
                if (old[k] != 0 || old[k + 1] != 0) {
                    add(old[k], old[k + 1]);
                }
            }
        }
    }

    /** Above this many candidates, (5) skips the quadratic test of which ones cannot go lowest. */
    private static final int MAX_PRUNE = 64;
    /** {@code out[k]} is the least {@code ret} of {@code idx[k..]}, and {@code out[idx.length]} is the maximum. */
    private static long[] suffixMinReturn(int[] idx, long[] ret) {
        long[] out = new long[idx.length + 1];
        out[idx.length] = Long.MAX_VALUE;
        for (int k = idx.length - 1; k >= 0; k--) {
            out[k] = Math.min(out[k + 1], ret[idx[k]]);
        }
        return out;
    }
}
