package dev.ariadne.core.frontier;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.prepared.PreparedOperations;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.search.Budget;
import dev.ariadne.core.search.HeldMemory;
import dev.ariadne.core.search.MemoryLimit;
import dev.ariadne.core.search.ProgressMeter;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;

/**
 * The {@link Frontier} specialised for a register or cas-register partition without pending operations and with at
 * most 64 operations open at once (issue 23: 500,000-operation register histories, where the general frontier spent
 * about 130 ns a model step, its preparation included, on objects: boxed states, their {@code equals} and
 * {@code hashCode}, a model step through an interface). The register's values are numbered once, so a state is an {@code int}, an operation's
 * step is a comparison or two, and a configuration is an {@code int} and a {@code long} in flat arrays.
 *
 * <p>Contract: this is the general frontier's algorithm, step for step, for these models (the same open table and
 * its order, the same closure order, the same eager placement of read-only operations and its memo of which a state
 * accepts, the same ordering of equal operations, the same budget polls), so the verdict, the witness, the evidence
 * and the statistics (model steps, configurations reached again, the peak) are those of {@link Frontier}; a test
 * compares both on seeded random histories. The memory reported to the budget is this engine's own (less). {@link
 * #search} returns {@code null} where it does not apply, before spending anything.
 */
final class RegisterFrontier {
    // What an operation does to the register (a state is a value's number); a rejected step gives -1.
    /** A read whose output is unknown: accepted in every state. */
    private static final byte READ_ANY = 0;
    /** A read of nil under Knossos' convention: accepted in every state (an input of its own, for equality). */
    private static final byte READ_NIL = 1;
    /** A read of value {@code a}. */
    private static final byte READ = 2;
    /** A write of value {@code a}. */
    private static final byte WRITE = 3;
    /** {@code cas(a, b)} whose outcome is unknown. */
    private static final byte CAS_ANY = 4;
    /** {@code cas(a, b)} seen to succeed. */
    private static final byte CAS_OK = 5;
    /** {@code cas(a, b)} seen to fail. */
    private static final byte CAS_FAIL = 6;

    /**
     * Each operation's step as three ints at {@code 3 * op}: the state it matches, the state after it where the
     * register holds that one, and where it holds another; {@link #SAME} leaves the state, {@link #REJECT} rejects.
     * One comparison and two loads a step, and no call (the launcher's quick compiler inlines little).
     */
    private int[] code;
    private static final int REJECT = -1;
    private static final int SAME = -2;
    private static final int NEVER = -3;
    /** Each operation's call and return time, by number (the prepared columns'). */
    private final long[] callAt;
    private final long[] retAt;

    /** A closure node's trail entry before {@link #trailOf} appended its entries. */
    private static final int NOT_MATERIALIZED = -2;
    private static final int OK = 0;

    /** The operations, made only for the witness and the evidence; the search reads the columns. */
    private final List<Operation> ops;
    private final Object[] inputs;
    private final Object[] outputs;
    private final boolean anyPending;
    private final Budget budget;
    private final ProgressMeter meter;

    /** Each operation's predecessor among equal open ones ({@link #encode}), or -1. */
    private int[] predecessor;
    private boolean[] readOnlyOp;
    /** Each value's {@code hashCode()}, by number: the memo's entry is chosen by it, as the general frontier's. */
    private int[] valueHash = new int[16];
    private int values;
    private int initial;

    // The open table, as OpenOperations keeps it (its order is the closure's order).
    private int[] openOp = new int[8];
    private int[] openSlot = new int[8];
    private int[] openPrev = new int[8];
    private boolean[] openReadOnly = new boolean[8];
    private int openCount;
    private int openReadOnlyCount;
    private int[] freeSlots = new int[64];
    private int freeCount;
    private int slotsUsed;

    private Configs cur;
    private Configs next;
    private Configs nodes;
    private Arena trail;

    private int[] satOps = new int[64];
    private int satSize;
    private int[] readOnlyAt = new int[64];
    private int readOnlyCount;
    private boolean returningReadOnly;

    private final int[] memoStates = new int[16];
    /** The close that wrote each memo entry ({@link #memoGeneration}: the current one). */
    private final int[] memoGenerations = new int[16];
    private int memoGeneration;
    private final long[] memoKnown = new long[16];
    private final long[] memoAccepted = new long[16];
    private boolean memoOn;
    private int memoLookups;
    private int memoHits;

    private long steps;
    private long hits;
    private long peak;
    private long returns;
    private long spent;

    private int failedOp = -1;
    private int[] failedOrder;
    private int[] failedCandidates;

    private RegisterFrontier(PreparedOperations ops, Budget budget, ProgressMeter meter) {
        this.ops = ops;
        this.inputs = ops.inputs();
        this.outputs = ops.outputs();
        this.callAt = ops.calls();
        this.retAt = ops.rets();
        this.anyPending = ops.anyPending();
        this.budget = budget;
        this.meter = meter;
    }

    /** The sets and the trail, reported to the budget (which may refuse them). */
    private void allocate() {
        cur = new Configs(budget, false);
        next = new Configs(budget, false);
        nodes = new Configs(budget, true);
        trail = new Arena(budget);
    }

    /**
     * The general frontier's result for a register partition ({@code ops} in call order), or {@code null} when this
     * engine does not apply: another model, a pending operation, an input it does not know, more than 64 operations
     * open at once.
     */
    static PartitionResult search(Model<?> model, PreparedOperations ops, int reported, Budget budget,
                                  ProgressMeter meter, int index, String label, long start) {
        if (!(model instanceof RegisterModel) || ops.size() > 1 << 27) {
            return null;
        }
        RegisterFrontier f = new RegisterFrontier(ops, budget, meter);
        int[] returns = f.times();
        if (returns == null || f.maxOpen(returns) > 64) {
            return null;
        }
        try {
            if (!f.encode(model)) {
                return null;
            }
            f.allocate();
            return f.run(model, returns, reported, index, label, start);
        } catch (MemoryLimit e) {
            return f.unknown(index, label, reported, start);
        } finally {
            f.release();
        }
    }

    /**
     * The operations in order of their returns, ties in call order (FrontierSearch's order); {@code null} if one is
     * pending (this engine takes none).
     */
    private int[] times() {
        return anyPending ? null : returnOrder(retAt);
    }

    /**
     * The operations by return time, ties by number. The calls are in order and few operations overlap, so the
     * returns are nearly in order: an insertion sort moves each a few places (a general sort of the rest when it
     * moves them far).
     */
    static int[] returnOrder(long[] rets) {
        int n = rets.length;
        int[] order = new int[n];
        long moves = 0;
        for (int i = 0; i < n; i++) {
            long r = rets[i];
            int j = i;
            while (j > 0 && rets[order[j - 1]] > r) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
            moves += i - j;
            if (moves > 64L * n + 1024) {
                Integer[] boxed = new Integer[n];
                for (int k = 0; k < n; k++) {
                    boxed[k] = k;
                }
                Arrays.sort(boxed, (x, y) -> x.equals(y) ? 0 : rets[x] != rets[y] ? Long.compare(rets[x], rets[y])
                        : Integer.compare(x, y));
                for (int k = 0; k < n; k++) {
                    order[k] = boxed[k];
                }
                return order;
            }
        }
        return order;
    }

    /** The most operations open at once. */
    private int maxOpen(int[] returns) {
        int n = callAt.length;
        long[] calls = callAt;
        int call = 0;
        int open = 0;
        int max = 0;
        for (int x : returns) {
            long at = retAt[x];
            while (call < n && calls[call] <= at) {
                call++;
                max = Math.max(max, ++open);
            }
            open--;
        }
        return max;
    }

    // ---- the operations as numbers --------------------------------------------------------------------------------

    /**
     * Numbers the values and writes each operation's {@link #code}, {@link #readOnlyOp} and predecessor (as {@link
     * dev.ariadne.core.search.PendingOperations#frontierPredecessors} gives it for completed operations: of the
     * earlier ones with an equal input and output still open at its call and returning no later, the one returning
     * last), in one pass in call order. Returns {@code false} for an input or output it does not know.
     */
    private boolean encode(Model<?> model) {
        int n = callAt.length;
        int[] c = new int[3 * n];
        int[] prev = new int[n];
        readOnlyOp = new boolean[n];
        Map<Object, Integer> ids = new HashMap<>();
        int[] small = new int[SMALL_RANGE * 2];
        initial = id(model.init(), ids, small);
        LongIndexes open = new LongIndexes();
        long[] rets = retAt;
        Object lastInput = null;
        Object lastOutput = null;
        int last = -1;
        int list = -1;
        for (int i = 0; i < n; i++) {
            Object in = inputs[i];
            Object out = outputs[i];
            int j = 3 * i;
            if (last >= 0 && in == lastInput && (out == lastOutput || out != null && out.equals(lastOutput))) {
                c[j] = c[3 * last]; // (shared prepared inputs: reads, small writes)
                c[j + 1] = c[3 * last + 1];
                c[j + 2] = c[3 * last + 2];
                readOnlyOp[i] = readOnlyOp[last];
            } else {
                byte k;
                int a = 0;
                int b = 0;
                switch (PreparedViews.kind(in)) {
                    case REGISTER_READ -> {
                        if (PreparedViews.readIgnoresNil(in)) {
                            if (out != Operation.UNKNOWN) {
                                return false;
                            }
                            k = READ_NIL;
                        } else if (out == Operation.UNKNOWN) {
                            k = READ_ANY;
                        } else {
                            k = READ;
                            a = id(out, ids, small);
                        }
                    }
                    case REGISTER_WRITE -> {
                        if (out != Operation.UNKNOWN) {
                            return false; // (prepared by the model, a write's output is unknown: equality says so)
                        }
                        k = WRITE;
                        a = id(PreparedViews.writtenValue(in), ids, small);
                    }
                    case REGISTER_CAS -> {
                        if (out == Operation.UNKNOWN) {
                            k = CAS_ANY;
                        } else if (out instanceof Boolean ok) {
                            k = ok ? CAS_OK : CAS_FAIL;
                        } else {
                            return false;
                        }
                        a = id(PreparedViews.casExpected(in), ids, small);
                        b = id(PreparedViews.casValue(in), ids, small);
                    }
                    default -> {
                        return false;
                    }
                }
                compile(c, j, k, a, b);
                readOnlyOp[i] = model.isReadOnly(in, out);
                // Equal inputs and outputs have equal (kind, a, b): a read of nil that says nothing has its own kind.
                list = open.list(((long) k << 58) | ((long) a << 29) | b);
                lastInput = in;
                lastOutput = out;
                last = i;
            }
            // The predecessor among the open operations equal to this one (PendingOperations.frontierPredecessors).
            int[] at = open.at[list];
            int size = open.size[list];
            int best = -1;
            long call = callAt[i];
            long ret = rets[i];
            for (int q = size - 1; q >= 0; q--) {
                int o = at[q];
                long r = rets[o];
                if (r < call) {
                    System.arraycopy(at, q + 1, at, q, size - q - 1);
                    size--;
                } else if (r <= ret && (best < 0 || r > rets[best] || r == rets[best] && o > best)) {
                    best = o;
                }
            }
            open.size[list] = size;
            prev[i] = best;
            open.add(list, i);
        }
        code = c;
        predecessor = prev;
        return true;
    }

    /** Small integers are numbered through a table, not a map (most registers hold them). */
    private static final int SMALL_RANGE = 1024;

    /** The number of value {@code v}: equal values (by {@code equals}, as the model compares them) get one number. */
    private int id(Object v, Map<Object, Integer> ids, int[] small) {
        if (v instanceof Long l && l >= -SMALL_RANGE && l < SMALL_RANGE) {
            int at = (int) (l + SMALL_RANGE);
            if (small[at] == 0) {
                small[at] = newValue(v) + 1;
            }
            return small[at] - 1;
        }
        Integer known = ids.get(v);
        if (known != null) {
            return known;
        }
        int id = newValue(v);
        ids.put(v, id);
        return id;
    }

    private int newValue(Object v) {
        if (values == valueHash.length) {
            valueHash = Arrays.copyOf(valueHash, values * 2);
        }
        valueHash[values] = v.hashCode();
        return values++;
    }

    /** Writes the step of an operation of kind {@code k} on values {@code a} and {@code b} at {@code c[j]}. */
    private static void compile(int[] c, int j, byte k, int a, int b) {
        switch (k) {
            case READ_ANY, READ_NIL -> {
                c[j] = NEVER;
                c[j + 2] = SAME;
            }
            case READ -> {
                c[j] = a;
                c[j + 1] = SAME;
                c[j + 2] = REJECT;
            }
            case WRITE -> {
                c[j] = NEVER;
                c[j + 2] = a;
            }
            case CAS_ANY -> {
                c[j] = a;
                c[j + 1] = b;
                c[j + 2] = SAME;
            }
            case CAS_OK -> {
                c[j] = a;
                c[j + 1] = b;
                c[j + 2] = REJECT;
            }
            default -> {
                c[j] = a;
                c[j + 1] = REJECT;
                c[j + 2] = SAME;
            }
        }
    }

    /** Lists of operation numbers by a long key (few keys: the distinct operations of a register). */
    private static final class LongIndexes {
        long[] keys = new long[64];
        int[] slot = new int[64];
        int[][] at = new int[16][];
        int[] size = new int[16];
        int lists;

        /** The list of {@code key}, made empty if new. */
        int list(long key) {
            int mask = keys.length - 1;
            int h = (int) ConfigSet.mix(key) & mask;
            while (slot[h] != 0) {
                if (keys[h] == key) {
                    return slot[h] - 1;
                }
                h = (h + 1) & mask;
            }
            if (lists == at.length) {
                at = Arrays.copyOf(at, lists * 2);
                size = Arrays.copyOf(size, lists * 2);
            }
            at[lists] = new int[4];
            keys[h] = key;
            slot[h] = ++lists;
            if (lists * 2 > keys.length) {
                long[] oldKeys = keys;
                int[] oldSlot = slot;
                keys = new long[oldKeys.length * 2];
                slot = new int[oldKeys.length * 2];
                int m = keys.length - 1;
                for (int j = 0; j < oldKeys.length; j++) {
                    if (oldSlot[j] != 0) {
                        int g = (int) ConfigSet.mix(oldKeys[j]) & m;
                        while (slot[g] != 0) {
                            g = (g + 1) & m;
                        }
                        keys[g] = oldKeys[j];
                        slot[g] = oldSlot[j];
                    }
                }
            }
            return lists - 1;
        }

        void add(int s, int i) {
            if (size[s] == at[s].length) {
                at[s] = Arrays.copyOf(at[s], size[s] * 2);
            }
            at[s][size[s]++] = i;
        }
    }

    // ---- the search, as FrontierSearch.search runs a Frontier -------------------------------------------------------

    private PartitionResult run(Model<?> model, int[] returns, int reported, int index, String label, long start) {
        long[] calls = callAt;
        long[] rets = retAt;
        int n = calls.length;
        int e0 = cur.add(0L, initial);
        cur.trails[e0] = -1;
        cur.depths[e0] = 0;
        try {
            int call = 0;
            for (int r = 0; r < returns.length; r++) {
                int x = returns[r];
                long at = rets[x];
                while (call < n && calls[call] <= at) {
                    call(call, predecessor[call]);
                    call++;
                    if ((call & 0xffff) == 0 && poll()) {
                        return unknown(index, label, reported, start);
                    }
                }
                int status = ret(x);
                if (status == Frontier.VIOLATED) {
                    Violation v = FrontierSearch.evidence(model, failedOrder, failedOp, failedCandidates, ops);
                    return new PartitionResult(index, label, reported, Verdict.NOT_LINEARIZABLE, List.of(), v, null,
                            FrontierSearch.NAME, statistics(start));
                }
                if (status == Frontier.STOPPED) {
                    return unknown(index, label, reported, start);
                }
                if ((r & 0xf) == 0) {
                    meter.update(call, cur.size, steps);
                }
            }
            List<Operation> witness = new Ordered(ops, trail.order(cur.trails[0]));
            return new PartitionResult(index, label, reported, Verdict.LINEARIZABLE, witness, null, null,
                    FrontierSearch.NAME, statistics(start));
        } catch (MemoryLimit e) {
            return unknown(index, label, reported, start);
        }
    }

    /**
     * The witness: {@code ops} in {@code order}, each made when asked for (a report of a linearizable history asks
     * for none of 500,000; the same object each time, as {@link PreparedOperations} makes them).
     */
    private static final class Ordered extends AbstractList<Operation> implements RandomAccess {
        private final List<Operation> ops;
        private final int[] order;

        Ordered(List<Operation> ops, int[] order) {
            this.ops = ops;
            this.order = order;
        }

        @Override
        public Operation get(int k) {
            return ops.get(order[k]);
        }

        @Override
        public int size() {
            return order.length;
        }
    }

    private PartitionResult unknown(int index, String label, int reported, long start) {
        return new PartitionResult(index, label, reported, Verdict.UNKNOWN, List.of(), null, budget.reason(),
                FrontierSearch.NAME, statistics(start));
    }

    private Statistics statistics(long start) {
        return new Statistics(steps, hits, peak, System.nanoTime() - start);
    }

    private void release() {
        for (Configs c : new Configs[] {cur, next, nodes}) {
            if (c != null) {
                c.held.release();
            }
        }
        if (trail != null) {
            trail.held.release();
        }
    }

    /** Whether the check must stop (as {@link Frontier#poll}: work spent, the budget, the memory held). */
    private boolean poll() {
        if (steps > spent) {
            budget.spend(steps - spent);
        }
        spent = steps;
        if (budget.exhausted()) {
            return true;
        }
        return !cur.account() || !next.account() || !nodes.account() || !trail.account();
    }

    private void call(int op, int predecessor) {
        int slot = freeCount > 0 ? freeSlots[--freeCount] : slotsUsed++;
        int prevSlot = -1;
        if (predecessor >= 0) {
            int k = indexOf(predecessor);
            prevSlot = k < 0 ? -1 : openSlot[k];
        }
        if (openCount == openOp.length) {
            int c = openCount * 2;
            openOp = Arrays.copyOf(openOp, c);
            openSlot = Arrays.copyOf(openSlot, c);
            openPrev = Arrays.copyOf(openPrev, c);
            openReadOnly = Arrays.copyOf(openReadOnly, c);
        }
        openOp[openCount] = op;
        openSlot[openCount] = slot;
        openPrev[openCount] = prevSlot;
        openReadOnly[openCount] = readOnlyOp[op];
        if (readOnlyOp[op]) {
            openReadOnlyCount++;
        }
        openCount++;
    }

    private int indexOf(int op) {
        for (int k = openCount - 1; k >= 0; k--) {
            if (openOp[k] == op) {
                return k;
            }
        }
        return -1;
    }

    private void removeAt(int k) {
        int s = openSlot[k];
        if (openReadOnly[k]) {
            openReadOnlyCount--;
        }
        int last = --openCount;
        openOp[k] = openOp[last];
        openSlot[k] = openSlot[last];
        openPrev[k] = openPrev[last];
        openReadOnly[k] = openReadOnly[last];
        freeSlots[freeCount++] = s;
        for (int j = 0; j < openCount; j++) {
            if (openPrev[j] == s) {
                openPrev[j] = -1;
            }
        }
    }

    private int ret(int x) {
        int k = indexOf(x); // (the open table does not change until removeAt below)
        returningReadOnly = openReadOnly[k];
        if (close(x, openSlot[k]) == Frontier.STOPPED) {
            return Frontier.STOPPED;
        }
        peak = Math.max(peak, (long) cur.size + nodes.size);
        if (next.size == 0) {
            recordFailure(x);
            return Frontier.VIOLATED;
        }
        removeAt(k);
        Configs t = cur;
        cur = next;
        next = t;
        if (trail.size > trail.limit) {
            trail.compact(cur);
        }
        if ((++returns & 0x3ff) == 0 && poll()) {
            return Frontier.STOPPED;
        }
        return OK;
    }

    private void recordFailure(int x) {
        int best = 0;
        for (int v = 1; v < nodes.size; v++) {
            if (nodes.depths[v] > nodes.depths[best]) {
                best = v;
            }
        }
        failedOp = x;
        failedOrder = trail.order(trailOf(best));
        long bits = nodes.bits[best];
        int c = 0;
        int[] candidates = new int[openCount];
        for (int k = 0; k < openCount; k++) {
            if ((bits & (1L << openSlot[k])) == 0) {
                candidates[c++] = openOp[k];
            }
        }
        failedCandidates = Arrays.copyOf(candidates, c);
        Arrays.sort(failedCandidates);
    }

    // ---- the closure, as Closure.close runs it --------------------------------------------------------------------

    private int close(int x, int sx) {
        long bx = 1L << sx;
        Configs c = cur;
        Configs after = next;
        Configs vs = nodes;
        after.clear();
        vs.clear();
        satSize = 0;
        readOnlyCount = 0;
        if (++memoGeneration == 0) { // (wrapped: entries of old closes must not look current)
            Arrays.fill(memoGenerations, 0);
            memoGeneration = 1;
        }
        memoOn = true;
        memoLookups = 0;
        memoHits = 0;
        for (int k = 0; k < openCount; k++) {
            if (openReadOnly[k]) {
                readOnlyAt[readOnlyCount++] = k;
            }
        }
        boolean saturating = openReadOnlyCount > 0;
        long[] cBits = c.bits;
        int[] cStates = c.states;
        for (int i = 0, size = c.size; i < size; i++) {
            long bits = cBits[i];
            int state = cStates[i];
            if ((bits & bx) != 0) {
                int e = after.add(bits & ~bx, state);
                if (e >= 0) {
                    after.trails[e] = c.trails[i];
                    after.depths[e] = c.depths[i];
                } else {
                    hits++;
                }
            } else {
                int from = satSize;
                long sc = saturating ? saturate(state, bits, x) : bits;
                int e = vs.add(sc, state);
                if (e < 0) {
                    satSize = from;
                    hits++;
                    continue;
                }
                vs.trails[e] = NOT_MATERIALIZED;
                vs.depths[e] = c.depths[i] + satSize - from;
                vs.parents[e] = i;
                vs.ops[e] = -1;
                vs.satStart[e] = from;
                vs.satLength[e] = satSize - from;
            }
        }
        for (int v = 0; v < vs.size; v++) {
            if (expand(v, x) == Frontier.STOPPED) {
                return Frontier.STOPPED;
            }
        }
        return OK;
    }

    private int expand(int v, int x) {
        Configs vs = nodes;
        int state = vs.states[v];
        long bits = vs.bits[v];
        int[] c = code;
        int xAfter = -1;
        if (returningReadOnly) {
            int j = 3 * x;
            int after = state == c[j] ? c[j + 1] : c[j + 2];
            if (after == SAME) {
                after = state;
            }
            if ((++steps & 0x3ff) == 0 && poll()) {
                return Frontier.STOPPED;
            }
            if (after == state) {
                reachReturned(v, state, after, x, satSize, bits);
                return OK;
            }
            xAfter = after;
        }
        int[] slots = openSlot;
        int[] prevs = openPrev;
        int[] opens = openOp;
        boolean saturating = openReadOnlyCount > 0;
        for (int k = 0, count = openCount; k < count; k++) {
            int slot = slots[k];
            if ((bits & (1L << slot)) != 0) {
                continue;
            }
            int prev = prevs[k];
            if (prev >= 0 && (bits & (1L << prev)) == 0) {
                continue;
            }
            int op = opens[k];
            int after;
            if (op == x && returningReadOnly) {
                after = xAfter;
            } else {
                int j = 3 * op;
                after = state == c[j] ? c[j + 1] : c[j + 2];
                if (after == SAME) {
                    after = state;
                }
                if ((++steps & 0x3ff) == 0 && poll()) {
                    return Frontier.STOPPED;
                }
            }
            if (after < 0) {
                continue;
            }
            int from = satSize;
            if (op == x) {
                reachReturned(v, state, after, x, from, bits);
                continue;
            }
            long sc = bits | 1L << slot;
            if (saturating && after != state) {
                sc = saturate(after, sc, x);
            }
            int e = vs.add(sc, after);
            if (e < 0) {
                satSize = from;
                hits++;
                continue;
            }
            vs.trails[e] = NOT_MATERIALIZED;
            vs.depths[e] = vs.depths[v] + 1 + satSize - from;
            vs.parents[e] = v;
            vs.ops[e] = op;
            vs.satStart[e] = from;
            vs.satLength[e] = satSize - from;
        }
        return OK;
    }

    private void reachReturned(int v, int state, int after, int x, int from, long bits) {
        long sc = bits;
        if (openReadOnlyCount > 0 && after != state) {
            sc = saturate(after, sc, x);
        }
        int e = next.add(sc, after);
        if (e >= 0) {
            int t = trail.append(x, trailOf(v));
            for (int j = from; j < satSize; j++) {
                t = trail.append(satOps[j], t);
            }
            next.trails[e] = t;
            next.depths[e] = nodes.depths[v] + 1 + satSize - from;
        } else {
            hits++;
        }
        satSize = from;
    }

    /** Places every open read-only operation but {@code x} that {@code state} accepts (see Closure.saturate). */
    private long saturate(int state, long bits, int x) {
        int e = memoEntry(state);
        int[] c = code;
        for (int i = 0; i < readOnlyCount; i++) {
            int k = readOnlyAt[i];
            int slot = openSlot[k];
            int op = openOp[k];
            if (op == x || (bits & (1L << slot)) != 0) {
                continue;
            }
            boolean accepts;
            long bit = 1L << i;
            if (e >= 0 && (memoKnown[e] & bit) != 0) {
                accepts = (memoAccepted[e] & bit) != 0;
            } else {
                steps++;
                int j = 3 * op;
                int after = state == c[j] ? c[j + 1] : c[j + 2];
                accepts = after == SAME || after == state;
                if (e >= 0) {
                    memoKnown[e] |= bit;
                    memoAccepted[e] |= accepts ? bit : 0;
                }
            }
            if (accepts) {
                bits |= 1L << slot;
                if (satSize == satOps.length) {
                    satOps = Arrays.copyOf(satOps, satSize * 2);
                }
                satOps[satSize++] = op;
            }
        }
        return bits;
    }

    /**
     * See Closure.memoEntry: chosen by the value's {@code hashCode()}, as there; an entry is empty unless written
     * in this close ({@link #memoGeneration}).
     */
    private int memoEntry(int state) {
        if (!memoOn) {
            return -1;
        }
        int h = valueHash[state];
        int e = (h ^ (h >>> 16)) & 15;
        memoLookups++;
        if (memoGenerations[e] == memoGeneration && memoStates[e] == state) {
            memoHits++;
        } else {
            memoGenerations[e] = memoGeneration;
            memoStates[e] = state;
            memoKnown[e] = 0;
            memoAccepted[e] = 0;
        }
        if (memoLookups == 256 && memoHits < 128) {
            memoOn = false;
        }
        return e;
    }

    private int trailOf(int v) {
        int t = nodes.trails[v];
        if (t != NOT_MATERIALIZED) {
            return t;
        }
        t = nodes.ops[v] < 0 ? cur.trails[nodes.parents[v]] : trail.append(nodes.ops[v], trailOf(nodes.parents[v]));
        int from = nodes.satStart[v];
        for (int j = from, end = from + nodes.satLength[v]; j < end; j++) {
            t = trail.append(satOps[j], t);
        }
        nodes.trails[v] = t;
        return t;
    }

    // ---- the sets and the trail -------------------------------------------------------------------------------------

    /**
     * Configurations (a state's number and the linearized slots) in insertion order, deduplicated exactly through an
     * open-addressing table; with what the search keeps of each, as {@link ConfigSet} does.
     */
    private static final class Configs {
        final HeldMemory held;
        private final boolean closure;
        long[] bits;
        int[] states;
        int[] trails;
        int[] depths;
        int[] parents;
        int[] ops;
        int[] satStart;
        int[] satLength;
        private int[] home;
        private int[] table;
        int size;

        Configs(Budget budget, boolean closure) {
            this.held = new HeldMemory(budget);
            this.closure = closure;
            allocate(64);
        }

        private void allocate(int entries) {
            held.reserve(bytes(entries) - (states == null ? 0 : bytes(states.length)));
            bits = bits == null ? new long[entries] : Arrays.copyOf(bits, entries);
            states = states == null ? new int[entries] : Arrays.copyOf(states, entries);
            trails = trails == null ? new int[entries] : Arrays.copyOf(trails, entries);
            depths = depths == null ? new int[entries] : Arrays.copyOf(depths, entries);
            home = home == null ? new int[entries] : Arrays.copyOf(home, entries);
            if (closure) {
                parents = parents == null ? new int[entries] : Arrays.copyOf(parents, entries);
                ops = ops == null ? new int[entries] : Arrays.copyOf(ops, entries);
                satStart = satStart == null ? new int[entries] : Arrays.copyOf(satStart, entries);
                satLength = satLength == null ? new int[entries] : Arrays.copyOf(satLength, entries);
            }
            table = new int[entries * 2];
            Arrays.fill(table, -1);
            int mask = table.length - 1;
            for (int e = 0; e < size; e++) {
                int i = slot(bits[e], states[e]) & mask;
                while (table[i] >= 0) {
                    i = (i + 1) & mask;
                }
                table[i] = e;
                home[e] = i;
            }
        }

        private long bytes(int entries) {
            return (long) entries * ((closure ? 44 : 28) + 8);
        }

        private static int slot(long bits, int state) {
            long h = (bits + state * 0xC2B2AE3D27D4EB4FL) * 0x9E3779B97F4A7C15L;
            return (int) (h ^ (h >>> 29));
        }

        /** Adds the configuration, returning its entry, or {@code -1 - e} when entry e is equal. */
        int add(long b, int state) {
            int mask = table.length - 1;
            int i = slot(b, state) & mask;
            for (int e = table[i]; e >= 0; e = table[i]) {
                if (bits[e] == b && states[e] == state) {
                    return -1 - e;
                }
                i = (i + 1) & mask;
            }
            int e = size++;
            bits[e] = b;
            states[e] = state;
            home[e] = i;
            table[i] = e;
            if (size * 2 > states.length) {
                allocate(states.length * 2);
            }
            return e;
        }

        /** Empties the set; one that grew far beyond its use shrinks (its table would be read from memory). */
        void clear() {
            if (states.length > 1 << 14 && size * 16 < states.length) {
                held.release();
                bits = null;
                states = null;
                trails = null;
                depths = null;
                home = null;
                parents = null;
                ops = null;
                satStart = null;
                satLength = null;
                size = 0;
                allocate(64);
                return;
            }
            for (int e = 0; e < size; e++) {
                table[home[e]] = -1;
            }
            size = 0;
        }

        boolean account() {
            return held.account(bytes(states.length));
        }
    }

    /** The arena of (operation, parent) entries behind the configurations, as {@link Trail}. */
    private static final class Arena {
        final HeldMemory held;
        int[] op = new int[1024];
        int[] parent = new int[1024];
        int size;
        int limit = 1 << 16;

        Arena(Budget budget) {
            held = new HeldMemory(budget);
            held.reserve(8L * op.length);
        }

        int append(int o, int p) {
            if (size == op.length) {
                held.reserve(size * 8L);
                op = Arrays.copyOf(op, size * 2);
                parent = Arrays.copyOf(parent, size * 2);
            }
            op[size] = o;
            parent[size] = p;
            return size++;
        }

        int[] order(int t0) {
            return Trail.order(op, parent, t0);
        }

        void compact(Configs live) {
            int n = Trail.compact(op, parent, size, live.trails, live.size);
            limit = Trail.nextLimit(n, size);
            size = n;
            int capacity = Trail.shrunk(n, op.length);
            if (capacity < op.length) {
                op = Arrays.copyOf(op, capacity);
                parent = Arrays.copyOf(parent, capacity);
            }
        }

        boolean account() {
            return held.account(op.length * 8L);
        }
    }
}
