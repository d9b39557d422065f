package dev.ariadne.core.frontier;

import dev.ariadne.core.model.CommutingModel;
import dev.ariadne.core.model.Model;

import java.util.Arrays;
import java.util.function.BiPredicate;

/**
 * The {@link Frontier}'s work at the return of an operation X: from the configurations before the return, every
 * configuration after it. Those where X is already linearized are carried over (X's bit cleared); from the
 * others, the closure linearizes open operations in every order, breadth first over its nodes (deduplicated
 * configurations, in {@link #nodes}), and keeps each configuration reached by linearizing X last. Read-only
 * operations are placed eagerly at every node ({@link #saturate}, remembering per state which ones it accepts);
 * with pending operations open, nodes that another dominates are not expanded ({@link PendingDominance}), and a
 * pending operation right after another is not linearized where the parent reaches the same state with it; with
 * a {@link SubsumingModel}, states that are {@linkplain SubsumingModel#sameNow the same now} meet like equal ones
 * and the one that subsumes takes the node over; with a {@link CommutingModel}, commuting operations are
 * linearized in one order only (sleep sets).
 *
 * <p>Contract: {@link #close} fills the set after the return with exactly the configurations the full closure
 * keeps, up to the rules above, each with its trail entry, depth and sleep set; a node's trail entries are
 * appended only when something needs its path ({@link #trailOf}). It counts model steps and configurations
 * reached again ({@link #steps}, {@link #hits}) and polls the frontier's budget every 1,024 steps. A closure
 * allocates nothing but amortised growth.
 */
final class Closure<S> {
    /** A node's {@link ConfigSet#trails} before {@link #trailOf} appended its entries. */
    private static final int NOT_MATERIALIZED = -2;

    private final Model<S> model;
    /** The model as a {@link SubsumingModel}, when it is one. */
    private final SubsumingModel<S> subsuming;
    /** {@link SubsumingModel#sameNow}, for the configuration sets, when the model subsumes. */
    private final BiPredicate<Object, Object> sameNow;
    /** The model as a {@link CommutingModel}, when it is one. */
    private final CommutingModel<S> commuting;
    private final OpenOperations open;
    private final PendingDominance dominance;
    private final Trail trail;
    /** The frontier whose budget is polled. */
    private final Frontier<S> owner;
    /** The closure's nodes: configurations reached, each with its parent, the operation and the reads after it. */
    final ConfigSet nodes;

    /** The configurations before the return (the roots' parents) and after it, of the current {@link #close}. */
    private ConfigSet cur;
    private ConfigSet next;
    /** How many configurations of {@link #next} come straight from {@link #cur}: they are its first ones. */
    private int carried;
    /**
     * Whether the current return merges configurations whose states are the same now, keeping the one that
     * subsumes: with a {@link SubsumingModel}, while no pending operation is open (dominance among them compares
     * states exactly).
     */
    private boolean merging;
    /**
     * Whether the current closure uses sleep sets: the model says which operations commute, no read-only or
     * pending operation is open (their eager placement and dominance rules assume every order is explored), and
     * the slots fit one word.
     */
    private boolean sleepSets;
    /**
     * The node being expanded, before which every node is expanded. While {@link #sleepSets}, each node's
     * {@link ConfigSet#asleep} holds the slots of operations not to linearize from it, since the configuration
     * that would make is reached by another order (the intersection over every way the node was reached).
     */
    private int expanding;
    private long[] scratch = new long[1];
    /**
     * Whether the returning operation X is read-only: then a node where the model accepts X without a change of
     * state places X and is not expanded further (every configuration it would lead to through X is reached from
     * the one after X in the next closure).
     */
    private boolean returningReadOnly;
    /** Read-only operations placed eagerly during the current return, referred to by nodes. */
    private int[] satOps = new int[64];
    private int satSize;
    /** The open table's indices of the read-only operations, for {@link #saturate} (the table is fixed in a close). */
    private int[] readOnlyAt = new int[8];
    private int readOnlyCount;
    /**
     * Per closure node: the slot of the pending operation its parent linearized to reach it, when no read-only
     * operation was placed after it, else -1 (roots too). From such a node, a pending operation that leads to the
     * state it leads to from the parent is not linearized: the parent's configuration with it dominates (see
     * {@link #expand}).
     */
    private int[] viaPending = new int[64];
    /**
     * The states {@link #memoEntry} remembers in the current close and, by bit i for {@link #readOnlyAt}[i], which
     * read-only operations were stepped from each and which of those it accepts: model steps are deterministic, so
     * the same operation from an equal state need not be stepped again.
     */
    private final Object[] memoStates = new Object[16];
    private final long[] memoKnown = new long[16];
    private final long[] memoAccepted = new long[16];
    private boolean memoOn;
    /** Whether {@link #memoStates} may hold a state of an earlier close. */
    private boolean memoUsed;
    private int memoLookups;
    private int memoHits;

    /** {@link PendingDominance#scanned} at which to poll the budget next (see {@link #pollScans}). */
    private long nextScanPoll = SCAN_POLL;
    private static final long SCAN_POLL = 1 << 14;

    /**
     * Polls the budget after another {@value #SCAN_POLL} comparisons of the pending rules: a group of many nodes of
     * the same state and completed operations costs that much between two model steps.
     */
    private boolean pollScans() {
        nextScanPoll = dominance.scanned + SCAN_POLL;
        return owner.poll();
    }

    /** Model steps taken, and configurations reached again (dropped as duplicates or dominated). */
    long steps;
    long hits;

    @SuppressWarnings("unchecked")
    Closure(Model<S> model, OpenOperations open, ConfigSet nodes, PendingDominance dominance, Trail trail,
            Frontier<S> owner) {
        this.model = model;
        this.subsuming = model instanceof SubsumingModel<S> m ? m : null;
        this.commuting = model instanceof CommutingModel<S> m ? m : null;
        this.sameNow = subsuming == null ? null : (a, b) -> subsuming.sameNow((S) a, (S) b);
        this.open = open;
        this.nodes = nodes;
        this.dominance = dominance;
        this.trail = trail;
        this.owner = owner;
    }

    /**
     * Operation {@code x}, in slot {@code sx}, returns: fills {@code after} (empty or not) with the configurations
     * that follow from those of {@code before}. Returns {@link Frontier#OK}, or {@link Frontier#STOPPED} when the
     * budget ran out.
     */
    @SuppressWarnings("unchecked")
    int close(ConfigSet before, ConfigSet after, int x, int sx) {
        OpenOperations o = open;
        int wx = sx >>> 6;
        long bx = 1L << sx;
        int w = o.words;
        cur = before;
        next = after;
        next.clear();
        nodes.clear();
        satSize = 0;
        readOnlyCount = 0;
        if (memoUsed) {
            Arrays.fill(memoStates, null); // (most returns with no read-only operation open never touch it)
            memoUsed = false;
        }
        memoOn = true;
        memoLookups = 0;
        memoHits = 0;
        for (int k = 0; k < o.count; k++) {
            if (o.readOnly[k]) {
                if (readOnlyCount == readOnlyAt.length) {
                    readOnlyAt = Arrays.copyOf(readOnlyAt, readOnlyCount * 2);
                }
                readOnlyAt[readOnlyCount++] = k;
            }
        }
        boolean grouping = o.pendingSlots > 0;
        if (grouping) {
            dominance.clearGroups();
        }
        merging = subsuming != null && !grouping;
        next.sameNow = merging ? sameNow : null;
        nodes.sameNow = next.sameNow;
        ConfigSet c = cur;
        long[] sc = scratch;
        for (int i = 0; i < c.size; i++) {
            int off = i * w;
            if ((c.bits[off + wx] & bx) != 0) {
                System.arraycopy(c.bits, off, sc, 0, w);
                sc[wx] &= ~bx;
                S state = (S) c.states[i];
                int e = next.add(ConfigSet.hash(state, sc, 0, w), state, sc, 0);
                if (e >= 0 || takesOver(next, e = -1 - e, state)) {
                    next.trails[e] = c.trails[i];
                    next.depths[e] = c.depths[i];
                    next.asleep[e] = c.asleep[i];
                } else {
                    hits++;
                }
            } else {
                S state = (S) c.states[i];
                int from = satSize;
                int e;
                if (o.readOnlyCount > 0) {
                    System.arraycopy(c.bits, off, sc, 0, w);
                    saturate(state, sc, x);
                    e = nodes.add(satSize == from ? c.hashes[i] : ConfigSet.hash(state, sc, 0, w), state, sc, 0);
                } else {
                    e = nodes.add(c.hashes[i], state, c.bits, off);
                }
                if (e < 0 && !takesOver(nodes, e = -1 - e, state)) {
                    satSize = from;
                    hits++;
                    continue;
                }
                if (grouping) {
                    dominance.link(e, dominance.admit(state, nodes.bits, e * w));
                    if (dominance.scanned >= nextScanPoll && pollScans()) {
                        return Frontier.STOPPED;
                    }
                }
                nodes.trails[e] = NOT_MATERIALIZED;
                nodes.depths[e] = c.depths[i] + satSize - from;
                setViaPending(e, -1);
                nodes.parents[e] = i;
                nodes.ops[e] = -1;
                nodes.satStart[e] = from;
                nodes.satLength[e] = satSize - from;
            }
        }
        carried = next.size;
        returningReadOnly = o.readOnly[o.indexOf(x)];
        sleepSets = commuting != null && o.readOnlyCount == 0 && o.pendingSlots == 0 && w == 1;
        if (sleepSets) {
            for (int r = 0; r < nodes.size; r++) {
                nodes.asleep[r] = cur.asleep[nodes.parents[r]]; // the roots: what their closure left asleep
            }
        }
        for (int v = 0; v < nodes.size; v++) {
            expanding = v;
            if (expand(v, x, -1L) == Frontier.STOPPED) {
                return Frontier.STOPPED;
            }
        }
        return Frontier.OK;
    }

    /** How many configurations the last {@link #close} carried over: the first ones of the set after the return. */
    int carried() {
        return carried;
    }

    /**
     * Linearizes every open operation it can from node {@code v}, of those whose slots are in {@code only}; X's
     * successes go to {@link #next}. With {@link #sleepSets}, operations asleep at v are skipped, and each new node
     * is told which operations linearized from v before its own commute with it.
     */
    @SuppressWarnings("unchecked")
    private int expand(int v, int x, long only) {
        OpenOperations o = open;
        if (o.pendingSlots > 0 && dominance.isDead(v)) {
            return Frontier.OK;
        }
        ConfigSet vs = nodes;
        int w = o.words;
        int off = v * w;
        S state = (S) vs.states[v];
        long[] sc = scratch;
        S xAfter = null;
        if (returningReadOnly && only == -1L) {
            // X read-only and accepted at v: each configuration v+Q+X has v's operations, Q's and X, and the state
            // after Q, as v+X+Q does; Q's operations are still open after X returns, so the next closure reaches
            // v+X+Q from v+X. Nothing but X need be linearized from v.
            S after = model.step(state, o.inputs[x], o.outputs[x]);
            if ((++steps & 0x3ff) == 0 && owner.poll()) {
                return Frontier.STOPPED;
            }
            if (after != null && after.equals(state)) {
                System.arraycopy(vs.bits, off, sc, 0, w);
                reachReturned(v, state, after, x, satSize);
                return Frontier.OK;
            }
            xAfter = after; // rejected, or (a set of states) narrowed: the loop below takes it from here
        }
        long explored = 0;
        int returned = -1;
        for (int k = 0; k < o.count; k++) {
            int slot = o.slot[k];
            if ((vs.bits[off + (slot >>> 6)] & (1L << slot)) != 0 || (only & (1L << slot)) == 0
                    || sleepSets && (vs.asleep[v] & (1L << slot)) != 0) {
                continue;
            }
            int prev = o.prev[k];
            if (prev >= 0 && (vs.bits[off + (prev >>> 6)] & (1L << prev)) == 0) {
                continue;
            }
            int op = o.op[k];
            S after;
            if (op == x && returningReadOnly && only == -1L) {
                after = xAfter; // stepped above
            } else {
                after = model.step(state, o.inputs[op], o.outputs[op]);
                if ((++steps & 0x3ff) == 0 && owner.poll()) {
                    return Frontier.STOPPED;
                }
            }
            if (after == null) {
                continue;
            }
            System.arraycopy(vs.bits, off, sc, 0, w);
            int from = satSize;
            if (op == x) {
                returned = reachReturned(v, state, after, x, from);
                continue;
            }
            if (o.pending[k] && after.equals(state)) {
                hits++; // the same configuration with one more pending operation: dominated by v
                continue;
            }
            if (o.pending[k] && viaPending[v] >= 0 && prev != viaPending[v]) {
                // v is its parent u plus a pending operation q: if op leads from u to the same state, u+op has
                // the same state and completed operations as v+op and a subset of its pending ones (it lacks q),
                // so it dominates v+op. u was expanded before v (or is dominated by a node that was), and op was
                // tried there (its predecessor, if any, is not q, so it was linearized in u already).
                S fromParent = model.step((S) vs.states[vs.parents[v]], o.inputs[op], o.outputs[op]);
                if ((++steps & 0x3ff) == 0 && owner.poll()) {
                    return Frontier.STOPPED;
                }
                if (fromParent != null && fromParent.equals(after)) {
                    hits++;
                    continue;
                }
            }
            sc[slot >>> 6] |= 1L << slot;
            if (o.readOnlyCount > 0 && !after.equals(state)) {
                saturate(after, sc, x);
            }
            if (o.pendingSlots > 0) {
                boolean admitted = dominance.admit(after, sc, 0);
                if (dominance.scanned >= nextScanPoll && pollScans()) {
                    return Frontier.STOPPED;
                }
                if (!admitted) {
                    satSize = from;
                    hits++;
                    continue;
                }
            }
            if (reach(v, state, op, o.pending[k] ? slot : -1, after, x, from, explored) == Frontier.STOPPED) {
                return Frontier.STOPPED;
            }
            explored |= 1L << slot;
        }
        if (returned >= 0 && sleepSets) {
            // Each operation o linearized from v that commutes with X: v+o is a node, whose expansion puts
            // v+o+X in next, the same configuration as v+X+o. So o is asleep where the next closure starts
            // from v+X, for as long as that configuration lives (o cannot return before, nor its slot be reused).
            next.asleep[returned] = commutingWith(state, x, explored);
        }
        return Frontier.OK;
    }

    /**
     * From node v in {@code state}, X (the returning operation) leads to {@code after}, with the bits in
     * {@link #scratch}: a configuration for {@link #next}, with the read-only operations placed since
     * {@code from}. Returns its entry, if new or taken over, or -1.
     */
    private int reachReturned(int v, S state, S after, int x, int from) {
        long[] sc = scratch;
        if (open.readOnlyCount > 0 && !after.equals(state)) {
            saturate(after, sc, x);
        }
        int e = next.add(ConfigSet.hash(after, sc, 0, open.words), after, sc, 0);
        if (e >= 0 || takesOver(next, e = -1 - e, after)) {
            int t = trail.append(x, trailOf(v));
            for (int j = from; j < satSize; j++) {
                t = trail.append(satOps[j], t);
            }
            next.trails[e] = t;
            next.depths[e] = nodes.depths[v] + 1 + satSize - from;
            next.asleep[e] = 0;
        } else {
            hits++;
            e = -1;
        }
        satSize = from;
        return e;
    }

    /** The slots in {@code explored} whose operations commute with {@code op} in {@code state}. */
    private long commutingWith(S state, int op, long explored) {
        OpenOperations o = open;
        long sleep = 0;
        Object input = o.inputs[op];
        Object output = o.outputs[op];
        for (long m = explored; m != 0; m &= m - 1) {
            int other = o.slotOp[Long.numberOfTrailingZeros(m)];
            if (commuting.commute(state, input, output, o.inputs[other], o.outputs[other])) {
                sleep |= m & -m;
            }
        }
        return sleep;
    }

    /**
     * From node v in {@code state}, {@code op} leads to {@code after}, with the bits in {@link #scratch} and the
     * read-only operations placed since {@code from}: a new node, or one reached again (which may wake operations
     * asleep there, and which {@code after} may take over). The operations linearized from v before op,
     * {@code explored}, that commute with it are asleep after it. {@code pendingSlot}: op's slot if it is pending,
     * else -1.
     */
    private int reach(int v, S state, int op, int pendingSlot, S after, int x, int from, long explored) {
        ConfigSet vs = nodes;
        int e = vs.add(ConfigSet.hash(after, scratch, 0, open.words), after, scratch, 0);
        boolean tookOver = e < 0 && takesOver(vs, -1 - e, after);
        if (tookOver) {
            e = -1 - e; // the node gets this path, and this sleep set, which is what justifies it now
        }
        if (sleepSets) {
            if (e >= 0) {
                vs.asleep[e] = commutingWith(state, op, explored);
            } else if (vs.asleep[-1 - e] != 0 && wake(-1 - e, commutingWith(state, op, explored), x)
                    == Frontier.STOPPED) {
                return Frontier.STOPPED; // (with nothing asleep there, there is nothing to wake)
            }
        }
        if (e < 0) {
            satSize = from;
            hits++;
            return Frontier.OK;
        }
        if (open.pendingSlots > 0) {
            dominance.link(e, true);
        }
        vs.trails[e] = NOT_MATERIALIZED;
        vs.depths[e] = vs.depths[v] + 1 + satSize - from;
        setViaPending(e, pendingSlot >= 0 && satSize == from ? pendingSlot : -1);
        vs.parents[e] = v;
        vs.ops[e] = op;
        vs.satStart[e] = from;
        vs.satLength[e] = satSize - from;
        if (tookOver && e <= expanding) {
            return expand(e, x, -1L); // expanded already, but from the state it no longer holds
        }
        return Frontier.OK;
    }

    /**
     * Entry {@code e} of {@code set} is the same now as {@code state}, just reached: while {@link #merging}, puts
     * state in its place if it subsumes the entry's, and returns whether it did (the caller then gives the entry
     * state's path).
     */
    private boolean takesOver(ConfigSet set, int e, S state) {
        @SuppressWarnings("unchecked")
        S held = (S) set.states[e];
        if (!merging || !subsuming.subsumes(state, held)) {
            return false;
        }
        set.states[e] = state;
        return true;
    }

    /**
     * Node {@code e} is reached again, by a way after which the operations in {@code sleep} are asleep: only those
     * asleep both ways stay asleep, and if e was expanded already, the others are linearized now.
     */
    private int wake(int e, long sleep, int x) {
        long missing = nodes.asleep[e] & ~sleep;
        nodes.asleep[e] &= sleep;
        return missing != 0 && e <= expanding ? expand(e, x, missing) : Frontier.OK;
    }

    /**
     * Places every open read-only operation but {@code x} that {@code state} accepts without changing: sets their
     * bits and appends them to {@link #satOps}. One pass suffices, as none of them changes the state.
     */
    private void saturate(Object state, long[] bits, int x) {
        @SuppressWarnings("unchecked")
        S s = (S) state;
        OpenOperations o = open;
        int e = memoEntry(s);
        for (int i = 0; i < readOnlyCount; i++) {
            int k = readOnlyAt[i];
            int slot = o.slot[k];
            int op = o.op[k];
            if (op == x || (bits[slot >>> 6] & (1L << slot)) != 0) {
                continue;
            }
            boolean accepts;
            long bit = 1L << i;
            if (e >= 0 && i < 64 && (memoKnown[e] & bit) != 0) {
                accepts = (memoAccepted[e] & bit) != 0;
            } else {
                steps++;
                S after = model.step(s, o.inputs[op], o.outputs[op]);
                accepts = after != null && after.equals(s);
                if (e >= 0 && i < 64) {
                    memoKnown[e] |= bit;
                    memoAccepted[e] |= accepts ? bit : 0;
                }
            }
            if (accepts) {
                bits[slot >>> 6] |= 1L << slot;
                if (satSize == satOps.length) {
                    satOps = Arrays.copyOf(satOps, satSize * 2);
                }
                satOps[satSize++] = op;
            }
        }
    }

    /**
     * The entry of {@link #memoStates} that remembers, for the current close, which read-only operations a state
     * equal to {@code state} accepts without a change (the hash only chooses the entry; a different state there is
     * replaced), or -1 while the memo is off: a close whose states rarely repeat (a kv store's maps) turns it off
     * after 256 lookups with fewer than half of them hits, so that it costs those closes nothing more.
     */
    private int memoEntry(S state) {
        if (!memoOn) {
            return -1;
        }
        int h = state.hashCode();
        int e = (h ^ (h >>> 16)) & (memoStates.length - 1);
        Object held = memoStates[e];
        memoLookups++;
        if (held != null && (held == state || held.equals(state))) {
            memoHits++;
        } else {
            memoStates[e] = state;
            memoUsed = true;
            memoKnown[e] = 0;
            memoAccepted[e] = 0;
        }
        if (memoLookups == 256 && memoHits < 128) {
            memoOn = false;
        }
        return e;
    }

    private void setViaPending(int e, int slot) {
        if (e >= viaPending.length) {
            viaPending = Arrays.copyOf(viaPending, Math.max(viaPending.length * 2, e + 1));
        }
        viaPending[e] = slot;
    }

    /** The trail entry of node v's last operation, appending the entries it still lacks. */
    int trailOf(int v) {
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

    /** The bytes of the closure's own arrays, as the frontier reports them to the budget (the sets report theirs). */
    long bytes() {
        return (satOps.length + readOnlyAt.length + viaPending.length) * 4L;
    }

    /** Widens the bitsets it keeps to {@code newWords} longs. */
    void widen(int newWords) {
        scratch = Arrays.copyOf(scratch, newWords);
    }
}
