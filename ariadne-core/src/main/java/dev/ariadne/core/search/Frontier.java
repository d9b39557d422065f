package dev.ariadne.core.search;

import dev.ariadne.core.model.CommutingModel;
import dev.ariadne.core.model.Model;

import java.util.Arrays;
import java.util.function.BiPredicate;

/**
 * The frontier engine's core: just-in-time linearization over the set of all configurations, fed call and return
 * events in real-time order (calls before returns at equal times). A configuration is a model state plus which
 * open operations are already linearized, a bitset over <em>slots</em>: an operation holds a slot from its call
 * to its return, then the slot is reused, so the bitsets are as wide as the most operations ever open at once.
 *
 * <p>At the return of X, every configuration where X is already linearized survives (X's bit is cleared: X is
 * forgotten). From the others, the closure linearizes open operations in every order, breadth first, and keeps
 * each configuration reached by linearizing X last; configurations are deduplicated exactly. Operations that
 * returned are thus never looked at again, and the work and memory depend on the overlap of the history, not its
 * length. If no configuration survives, the return is a violation and the deepest configuration the closure
 * reached becomes the evidence.
 *
 * <p>Read-only operations ({@link Model#isReadOnly}: reads, gets) are placed eagerly: every configuration the
 * closure reaches also places each open read-only operation the model accepts there. That is as good as keeping
 * it for later (leaving a read-only operation out of any continuation never hurts), and it keeps concurrent
 * reads from multiplying configurations.
 *
 * <p>Pending operations (crashed: they never return) stay open for ever. Three rules keep them cheap: a
 * configuration that linearized a pending operation is dropped when one with the same state and the same
 * operations, minus that pending one, exists (it can still do everything the other can, and more), or, where the
 * model says which pending inputs {@linkplain Model#covers cover} which, one whose remaining pending operations
 * can stand in for all of this one's (a crashed {@code write(3)} left for a crashed {@code cas(0, 3)}); pending
 * operations with equal inputs are linearized in order of their calls (the caller gives each its predecessor),
 * since any one of them can stand for another called earlier; and a pending operation linearized in every
 * configuration is forgotten like a returned one.
 *
 * <p>Two more hints apply to models whose states stand for sets of concrete states (the layered queue): a
 * {@link SubsumingModel} lets a configuration be dropped when another with the same operations stands for all its
 * concrete states, and a {@link CommutingModel} lets the closure linearize commuting open operations in one order
 * only (sleep sets: a node reached again by another order wakes the operations it no longer has asleep; and an
 * operation that commutes with the returning one where it was linearized stays asleep where the next closure
 * starts, since the configuration it would make is carried in too). States
 * that are {@linkplain SubsumingModel#sameNow the same now} meet in the sets like equal ones, and the one that
 * subsumes takes the entry over, with its path; a closure node taken over after its expansion is expanded again.
 *
 * <p>Each configuration points into a trail, an arena of (operation, parent) entries shared by all
 * configurations, so that the linearization behind any configuration can be read back (for the witness and the
 * evidence). Entries no configuration can reach any more are compacted away from time to time.
 *
 * <p>Not thread-safe. A {@code speculative} instance works on a copy of another one ({@link #copyFrom}) and
 * shares its trail arena without disturbing it; it never compacts.
 */
public final class Frontier<S> {
    static final int OK = 0;
    public static final int VIOLATED = 1;
    public static final int STOPPED = 2;

    private static final int NOT_MATERIALIZED = -2;

    private final Model<S> model;
    /** The model as a {@link SubsumingModel}, when it is one. */
    private final SubsumingModel<S> subsuming;
    /** {@link SubsumingModel#sameNow}, for the configuration sets, when the model subsumes. */
    private final BiPredicate<Object, Object> sameNow;
    /**
     * Whether the current return merges configurations whose states are the same now, keeping the one that
     * subsumes: with a {@link SubsumingModel}, while no pending operation is open (dominance among them compares
     * states exactly).
     */
    private boolean merging;
    /** The model as a {@link CommutingModel}, when it is one. */
    private final CommutingModel<S> commuting;
    /**
     * Whether the current closure uses sleep sets: the model says which operations commute, no read-only or
     * pending operation is open (their eager placement and dominance rules assume every order is explored), and
     * the slots fit one word.
     */
    private boolean sleepSets;
    /**
     * The closure node being expanded, before which every node is expanded. While {@link #sleepSets}, each node's
     * {@link ConfigSet#asleep} in {@link #visited} holds the slots of operations not to linearize from it, since
     * the configuration that would make is reached by another order (the intersection over every way the node was
     * reached).
     */
    private int expanding;
    private final Budget budget;
    private final boolean speculative;
    Object[] inputs;
    Object[] outputs;

    private int[] openOp = new int[8];
    private int[] openSlot = new int[8];
    /** The slot of the operation that must be linearized before this one (equal pending inputs), or -1. */
    private int[] openPrev = new int[8];
    private boolean[] openPending = new boolean[8];
    private boolean[] openReadOnly = new boolean[8];
    private int openCount;
    private int readOnlyOpen;

    private int words = 1;
    private int[] freeSlots = new int[8];
    private int freeCount;
    private int slotsUsed;
    private long[] pendingMask = new long[1];
    private int pendingSlots;
    /** The operation holding each slot, for {@link #mayDoAll}. */
    private int[] slotOp = new int[64];
    /** Whether the model says some pending inputs cover others ({@link Model#covers}); probed once per frontier. */
    private final boolean covering;
    /**
     * Per pending slot: the pending slots whose input covers its input, a bitset of {@link #words} longs (kept
     * only while {@link #covering}; bits of slots that are no longer pending are masked out where used).
     */
    private long[][] coveredBy = new long[64][];
    /** The state of a bipartite matching in {@link #mayDoAll}, by slot; an entry counts only with this stamp. */
    private int[] matchOwner = new int[64];
    private int[] matchOwnerStamp = new int[64];
    private int[] matchSeenStamp = new int[64];
    private int matchStamp;
    private int seenStamp;
    private long[] matchHave = new long[1];

    private ConfigSet cur;
    private ConfigSet next;
    private final ConfigSet visited;
    private long[] scratch = new long[1];
    private boolean[] drop = new boolean[16];
    private long[] pruneKeys = new long[16];
    /**
     * During {@link #pruneSubsumed}: the {@link SubsumingModel#shape} and the hash of the bits of each entry of
     * {@link #next}, and its entries chained by bits, shape and key: an open-addressing table from their hash to
     * the first entry, and the next entry with the same hash after each.
     */
    private long[] shapes = new long[16];
    private long[] bitsHashes = new long[16];
    private int[] sameShapeNext = new int[16];
    private int[] shapeTable = new int[64];
    private long[] shapeTableHashes = new long[64];
    /** A one-probe Bloom filter of the hashes in {@link #shapeTable}: 4,096 bits, by the hash's top 12 bits. */
    private final long[] shapeFilter = new long[64];
    private int[] bitsTable = new int[64];
    private long[] bitsTableHashes = new long[64];
    /** How many configurations of {@link #next} come straight from {@link #cur}: they are its first ones. */
    private int carried;
    /** Read-only operations placed eagerly during the current return, referred to by closure nodes. */
    private int[] satOps = new int[64];
    private int satSize;
    /**
     * While there are pending operations: closure nodes grouped by (state, completed operations), for dominance.
     * An open-addressing table from group hash to the first node, a next-pointer per node, and per node whether a
     * node of its group with fewer pending operations made it dead.
     */
    private int[] groupHead = newTable(64);
    private long[] groupKeys = new long[64];
    private int[] groupUsed = new int[64];
    private int groupUsedCount;
    private int[] groupNext = new int[16];
    private boolean[] dead = new boolean[16];
    private int groupPos;
    private long groupKeyNow;

    private int[] trailOp = new int[1024];
    private int[] trailParent = new int[1024];
    private int trailSize;
    /** The trail compacts when it grows past this; twice what survived the last compaction, or more. */
    private int trailLimit = 1 << 16;

    private long steps;
    private long hits;
    private long returns;
    private long peak;
    /** Bytes of the trail and open-operation arrays reported to the budget (the sets report their own). */
    private long held;

    private int failedOp = -1;
    private int[] failedOrder;
    private int[] failedCandidates;

  public   Frontier(Model<S> model, Budget budget, boolean speculative) {
        this.model = model;
        this.subsuming = model instanceof SubsumingModel<S> m ? m : null;
        this.commuting = model instanceof CommutingModel<S> m ? m : null;
        this.sameNow = subsuming == null ? null : (a, b) -> subsuming.sameNow((S) a, (S) b);
        this.covering = overridesCovers(model);
        this.budget = budget;
        this.speculative = speculative;
        this.cur = new ConfigSet(1, budget);
        this.next = new ConfigSet(1, budget);
        this.visited = new ConfigSet(1, budget);
        S init = model.init();
        int e = cur.add(ConfigSet.hash(init, scratch, 0, 1), init, scratch, 0);
        cur.trails[e] = -1;
        cur.depths[e] = 0;
    }

    /** Uses these inputs and outputs, indexed by operation number (again after they grew). */
    public void operations(Object[] inputs, Object[] outputs) {
        this.inputs = inputs;
        this.outputs = outputs;
    }

    // ---- events -------------------------------------------------------------------------------------------------

    /**
     * Operation {@code op} is called. A {@code pending} one never returns; {@code predecessor} is an operation that
     * must be linearized first (the previous pending operation with an equal input), or -1.
     */
    public void call(int op, boolean pending, int predecessor) {
        int slot = freeCount > 0 ? freeSlots[--freeCount] : slotsUsed++;
        if (slot >= words * 64) {
            widen(words * 2);
        }
        if (slot < 64) { // sleep sets are kept for one word of slots: a reused slot is awake everywhere
            for (int e = 0; e < cur.size; e++) {
                cur.asleep[e] &= ~(1L << slot);
            }
        }
        if (openCount == openOp.length) {
            int c = openCount * 2;
            openOp = Arrays.copyOf(openOp, c);
            openSlot = Arrays.copyOf(openSlot, c);
            openPrev = Arrays.copyOf(openPrev, c);
            openPending = Arrays.copyOf(openPending, c);
            openReadOnly = Arrays.copyOf(openReadOnly, c);
        }
        int prevSlot = -1;
        if (predecessor >= 0) {
            int k = indexOfOpen(predecessor);
            prevSlot = k < 0 ? -1 : openSlot[k];
        }
        if (slot >= slotOp.length) {
            slotOp = Arrays.copyOf(slotOp, Math.max(slotOp.length * 2, slot + 1));
        }
        slotOp[slot] = op;
        openOp[openCount] = op;
        openSlot[openCount] = slot;
        openPrev[openCount] = prevSlot;
        openPending[openCount] = pending;
        boolean readOnly = model.isReadOnly(inputs[op]);
        openReadOnly[openCount] = readOnly;
        if (readOnly) {
            readOnlyOpen++;
        }
        openCount++;
        if (pending) {
            pendingMask[slot >>> 6] |= 1L << slot;
            pendingSlots++;
            notePending(slot);
        }
    }

    /** The open operation {@code op} will never return (it crashed). */
    public void markPending(int op) {
        int k = indexOfOpen(op);
        if (k >= 0 && !openPending[k]) {
            openPending[k] = true;
            pendingMask[openSlot[k] >>> 6] |= 1L << openSlot[k];
            pendingSlots++;
            notePending(openSlot[k]);
        }
    }

    /** Records which pending operations cover the one that just became pending in {@code slot}, and which it covers. */
    private void notePending(int slot) {
        if (!covering) {
            return;
        }
        if (slot >= coveredBy.length) {
            int c = Math.max(coveredBy.length * 2, slot + 1);
            coveredBy = Arrays.copyOf(coveredBy, c);
            matchOwner = Arrays.copyOf(matchOwner, c);
            matchOwnerStamp = Arrays.copyOf(matchOwnerStamp, c);
            matchSeenStamp = Arrays.copyOf(matchSeenStamp, c);
        }
        long[] row = new long[words];
        coveredBy[slot] = row;
        Object input = inputs[slotOp[slot]];
        for (int k = 0; k < words; k++) {
            for (long m = pendingMask[k]; m != 0; m &= m - 1) {
                int other = k * 64 + Long.numberOfTrailingZeros(m);
                if (other == slot) {
                    continue;
                }
                Object otherInput = inputs[slotOp[other]];
                if (model.covers(otherInput, input)) {
                    row[k] |= 1L << other;
                }
                long[] otherRow = coveredBy[other];
                if (model.covers(input, otherInput)) {
                    otherRow[slot >>> 6] |= 1L << slot;
                } else {
                    otherRow[slot >>> 6] &= ~(1L << slot);
                }
            }
        }
    }

    /** How many operations are open. */
    public int openCount() {
        return openCount;
    }

    /** The k-th open operation, in no particular order ({@code k < openCount()}). */
    public int openAt(int k) {
        return openOp[k];
    }

    /**
     * Removes the open operation {@code op} as if it had never been called. Only allowed while no configuration
     * has linearized it.
     */
    public void remove(int op) {
        int k = indexOfOpen(op);
        if (k >= 0) {
            removeOpenAt(k);
        }
    }

    /**
     * Operation {@code x} returns: it must be linearized by now. Returns {@link #OK}, {@link #VIOLATED} (no
     * configuration survives; see {@link #failureOrder()}) or {@link #STOPPED} (the budget ran out; the frontier
     * is then unusable).
     */
    public int ret(int x) {
        try {
            return doRet(x);
        } catch (MemoryLimit e) {
            return STOPPED;
        }
    }

    private int doRet(int x) {
        int k = indexOfOpen(x);
        if (k < 0) {
            throw new IllegalStateException("operation " + x + " returns but is not open");
        }
        int sx = openSlot[k];
        int wx = sx >>> 6;
        long bx = 1L << sx;
        int w = words;
        next.clear();
        visited.clear();
        satSize = 0;
        boolean grouping = pendingSlots > 0;
        if (grouping) {
            clearGroups();
        }
        merging = subsuming != null && !grouping;
        next.sameNow = merging ? sameNow : null;
        visited.sameNow = next.sameNow;
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
                if (readOnlyOpen > 0) {
                    System.arraycopy(c.bits, off, sc, 0, w);
                    saturate(state, sc, x);
                    e = visited.add(satSize == from ? c.hashes[i] : ConfigSet.hash(state, sc, 0, w), state, sc, 0);
                } else {
                    e = visited.add(c.hashes[i], state, c.bits, off);
                }
                if (e < 0 && !takesOver(visited, e = -1 - e, state)) {
                    satSize = from;
                    hits++;
                    continue;
                }
                if (grouping) {
                    boolean admitted = admit(state, visited.bits, e * w);
                    link(e);
                    dead[e] = !admitted;
                }
                visited.trails[e] = NOT_MATERIALIZED;
                visited.depths[e] = c.depths[i] + satSize - from;
                visited.parents[e] = i;
                visited.ops[e] = -1;
                visited.satStart[e] = from;
                visited.satLength[e] = satSize - from;
            }
        }
        carried = next.size;
        sleepSets = commuting != null && readOnlyOpen == 0 && pendingSlots == 0 && w == 1;
        if (sleepSets) {
            for (int r = 0; r < visited.size; r++) {
                visited.asleep[r] = cur.asleep[visited.parents[r]]; // the roots: what their closure left asleep
            }
        }
        for (int v = 0; v < visited.size; v++) {
            expanding = v;
            if (expand(v, x, -1L) == STOPPED) {
                return STOPPED;
            }
        }
        peak = Math.max(peak, (long) cur.size + visited.size);
        if (next.size == 0) {
            recordFailure(x);
            return VIOLATED;
        }
        if (pendingSlots > 0 && next.size > 1) {
            pruneDominated();
        }
        if (subsuming != null && next.size > 1) {
            pruneSubsumed();
        }
        removeOpenAt(indexOfOpen(x));
        ConfigSet t = cur;
        cur = next;
        next = t;
        if (pendingSlots > 0) {
            forgetPlacedPending();
        }
        if (!speculative && trailSize > trailLimit) {
            compactTrail();
        }
        if ((++returns & 0x3ff) == 0 && poll()) {
            return STOPPED;
        }
        return OK;
    }

    /**
     * Linearizes every open operation it can from closure node {@code v}, of those whose slots are in
     * {@code only}; X's successes go to {@code next}. With {@link #sleepSets}, operations asleep at v are skipped,
     * and each new node is told which operations linearized from v before its own commute with it.
     */
    @SuppressWarnings("unchecked")
    private int expand(int v, int x, long only) {
        if (pendingSlots > 0 && dead[v]) {
            return OK;
        }
        ConfigSet vs = visited;
        int w = words;
        int off = v * w;
        S state = (S) vs.states[v];
        long[] sc = scratch;
        long explored = 0;
        int returned = -1;
        for (int k = 0; k < openCount; k++) {
            int slot = openSlot[k];
            if ((vs.bits[off + (slot >>> 6)] & (1L << slot)) != 0 || (only & (1L << slot)) == 0
                    || sleepSets && (vs.asleep[v] & (1L << slot)) != 0) {
                continue;
            }
            int prev = openPrev[k];
            if (prev >= 0 && (vs.bits[off + (prev >>> 6)] & (1L << prev)) == 0) {
                continue;
            }
            int op = openOp[k];
            S after = model.step(state, inputs[op], outputs[op]);
            if ((++steps & 0x3ff) == 0 && poll()) {
                return STOPPED;
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
            if (openPending[k] && after.equals(state)) {
                hits++; // the same configuration with one more pending operation: dominated by v
                continue;
            }
            sc[slot >>> 6] |= 1L << slot;
            if (readOnlyOpen > 0 && !after.equals(state)) {
                saturate(after, sc, x);
            }
            if (pendingSlots > 0 && !admit(after, sc, 0)) {
                satSize = from;
                hits++;
                continue;
            }
            if (reach(v, state, op, after, x, from, explored) == STOPPED) {
                return STOPPED;
            }
            explored |= 1L << slot;
        }
        if (returned >= 0 && sleepSets) {
            // Each operation o linearized from v that commutes with X: v+o is a node, whose expansion puts
            // v+o+X in next, the same configuration as v+X+o. So o is asleep where the next closure starts
            // from v+X, for as long as that configuration lives (o cannot return before, nor its slot be reused).
            next.asleep[returned] = commutingWith(state, x, explored);
        }
        return OK;
    }

    /**
     * From closure node v in {@code state}, X (the returning operation) leads to {@code after}, with the bits in
     * {@link #scratch}: a configuration for {@code next}, with the read-only operations placed since {@code from}.
     * Returns its entry, if new or taken over, or -1.
     */
    private int reachReturned(int v, S state, S after, int x, int from) {
        long[] sc = scratch;
        if (readOnlyOpen > 0 && !after.equals(state)) {
            saturate(after, sc, x);
        }
        int e = next.add(ConfigSet.hash(after, sc, 0, words), after, sc, 0);
        if (e >= 0 || takesOver(next, e = -1 - e, after)) {
            int t = append(x, trailOf(v));
            for (int j = from; j < satSize; j++) {
                t = append(satOps[j], t);
            }
            next.trails[e] = t;
            next.depths[e] = visited.depths[v] + 1 + satSize - from;
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
        long sleep = 0;
        Object input = inputs[op];
        Object output = outputs[op];
        for (long m = explored; m != 0; m &= m - 1) {
            int other = slotOp[Long.numberOfTrailingZeros(m)];
            if (commuting.commute(state, input, output, inputs[other], outputs[other])) {
                sleep |= m & -m;
            }
        }
        return sleep;
    }

    /**
     * From closure node v in {@code state}, {@code op} leads to {@code after}, with the bits in {@link #scratch}
     * and the read-only operations placed since {@code from}: a new node, or one reached again (which may wake
     * operations asleep there, and which {@code after} may take over). The operations linearized from v before
     * op, {@code explored}, that commute with it are asleep after it.
     */
    private int reach(int v, S state, int op, S after, int x, int from, long explored) {
        ConfigSet vs = visited;
        int e = vs.add(ConfigSet.hash(after, scratch, 0, words), after, scratch, 0);
        boolean tookOver = e < 0 && takesOver(vs, -1 - e, after);
        if (tookOver) {
            e = -1 - e; // the node gets this path, and this sleep set, which is what justifies it now
        }
        if (sleepSets) {
            if (e >= 0) {
                vs.asleep[e] = commutingWith(state, op, explored);
            } else if (vs.asleep[-1 - e] != 0 && wake(-1 - e, commutingWith(state, op, explored), x) == STOPPED) {
                return STOPPED; // (with nothing asleep there, there is nothing to wake)
            }
        }
        if (e < 0) {
            satSize = from;
            hits++;
            return OK;
        }
        if (pendingSlots > 0) {
            link(e);
        }
        vs.trails[e] = NOT_MATERIALIZED;
        vs.depths[e] = vs.depths[v] + 1 + satSize - from;
        vs.parents[e] = v;
        vs.ops[e] = op;
        vs.satStart[e] = from;
        vs.satLength[e] = satSize - from;
        if (tookOver && e <= expanding) {
            return expand(e, x, -1L); // expanded already, but from the state it no longer holds
        }
        return OK;
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
     * Closure node {@code e} is reached again, by a way after which the operations in {@code sleep} are asleep:
     * only those asleep both ways stay asleep, and if e was expanded already, the others are linearized now.
     */
    private int wake(int e, long sleep, int x) {
        long missing = visited.asleep[e] & ~sleep;
        visited.asleep[e] &= sleep;
        return missing != 0 && e <= expanding ? expand(e, x, missing) : OK;
    }

    /**
     * Places every open read-only operation but {@code x} that {@code state} accepts without changing: sets their
     * bits and appends them to {@link #satOps}. One pass suffices, as none of them changes the state.
     */
    private void saturate(Object state, long[] bits, int x) {
        @SuppressWarnings("unchecked")
        S s = (S) state;
        for (int k = 0; k < openCount; k++) {
            if (!openReadOnly[k]) {
                continue;
            }
            int slot = openSlot[k];
            int op = openOp[k];
            if (op == x || (bits[slot >>> 6] & (1L << slot)) != 0) {
                continue;
            }
            steps++;
            S after = model.step(s, inputs[op], outputs[op]);
            if (after != null && after.equals(s)) {
                bits[slot >>> 6] |= 1L << slot;
                if (satSize == satOps.length) {
                    satOps = Arrays.copyOf(satOps, satSize * 2);
                }
                satOps[satSize++] = op;
            }
        }
    }

    // ---- dominance among closure nodes ----------------------------------------------------------------------------

    private long groupKey(Object state, long[] bits, int off) {
        long h = state.hashCode() * 0x9E3779B97F4A7C15L;
        for (int i = 0; i < words; i++) {
            h += ConfigSet.mix((bits[off + i] & ~pendingMask[i]) + i * 0xD6E8FEB86659FD93L);
        }
        return ConfigSet.mix(h);
    }

    private static int[] newTable(int capacity) {
        int[] t = new int[capacity];
        Arrays.fill(t, -1);
        return t;
    }

    private void clearGroups() {
        for (int i = 0; i < groupUsedCount; i++) {
            groupHead[groupUsed[i]] = -1;
        }
        groupUsedCount = 0;
    }

    /**
     * Whether a closure node (state, bits) is worth keeping: no node of the same group (same state, same completed
     * operations) linearized a subset of its pending operations. Nodes of the group that linearized a strict
     * superset are marked dead: they are not expanded. Leaves the group's table position in {@link #groupPos}.
     */
    private boolean admit(Object state, long[] bits, int off) {
        long key = groupKey(state, bits, off);
        int mask = groupHead.length - 1;
        int i = (int) key & mask;
        while (groupHead[i] >= 0 && groupKeys[i] != key) {
            i = (i + 1) & mask;
        }
        groupPos = i;
        groupKeyNow = key;
        int w = words;
        ConfigSet vs = visited;
        for (int m = groupHead[i]; m >= 0; m = groupNext[m]) {
            if (dead[m]) {
                continue;
            }
            boolean sameCompleted = true;
            boolean mWithinNew = true;
            boolean newWithinM = true;
            for (int k = 0; k < w; k++) {
                long bm = vs.bits[m * w + k];
                long bn = bits[off + k];
                long p = pendingMask[k];
                if (((bm ^ bn) & ~p) != 0) {
                    sameCompleted = false;
                    break;
                }
                mWithinNew &= (bm & p & ~bn) == 0;
                newWithinM &= (bn & p & ~bm) == 0;
            }
            if (!sameCompleted || !(mWithinNew || newWithinM || covering) || !state.equals(vs.states[m])) {
                continue;
            }
            if (mWithinNew || covering && mayDoAll(vs.bits, m * w, bits, off)) {
                return false;
            }
            if (newWithinM || covering && mayDoAll(bits, off, vs.bits, m * w)) {
                dead[m] = true;
            }
        }
        return true;
    }

    /** Enters closure node e, just admitted, into its group. */
    private void link(int e) {
        if (groupNext.length <= e) {
            int c = Math.max(groupNext.length * 2, e + 1);
            groupNext = Arrays.copyOf(groupNext, c);
            dead = Arrays.copyOf(dead, c);
        }
        dead[e] = false;
        int i = groupPos;
        if (groupHead[i] < 0) {
            groupKeys[i] = groupKeyNow;
            groupUsed[groupUsedCount++] = i;
        }
        groupNext[e] = groupHead[i];
        groupHead[i] = e;
        if (groupUsedCount * 2 > groupHead.length) {
            regroup(groupHead.length * 2);
        }
    }

    private void regroup(int capacity) {
        int[] oldHead = groupHead;
        long[] oldKeys = groupKeys;
        int[] oldUsed = Arrays.copyOf(groupUsed, groupUsedCount);
        groupHead = newTable(capacity);
        groupKeys = new long[capacity];
        groupUsed = new int[capacity];
        groupUsedCount = 0;
        int mask = capacity - 1;
        for (int old : oldUsed) {
            int i = (int) oldKeys[old] & mask;
            while (groupHead[i] >= 0) {
                i = (i + 1) & mask;
            }
            groupHead[i] = oldHead[old];
            groupKeys[i] = oldKeys[old];
            groupUsed[groupUsedCount++] = i;
        }
    }

    /**
     * Drops every configuration of {@code next} that is dominated: another one has the same state, the same
     * completed operations linearized, and linearized a strict subset of its pending operations. Configurations
     * are grouped by a hash of (state, completed bits), then compared pairwise within each group.
     */
    private void pruneDominated() {
        ConfigSet n = next;
        int size = n.size;
        if (size > 1 << 20) {
            return; // too many to index this way; the closure's rule still applied to every node
        }
        int w = words;
        if (pruneKeys.length < size) {
            pruneKeys = new long[Integer.highestOneBit(size) * 2];
        }
        long[] keys = pruneKeys;
        for (int e = 0; e < size; e++) {
            long h = n.states[e].hashCode() * 0x9E3779B97F4A7C15L;
            for (int i = 0; i < w; i++) {
                h += ConfigSet.mix((n.bits[e * w + i] & ~pendingMask[i]) + i * 0xD6E8FEB86659FD93L);
            }
            keys[e] = (ConfigSet.mix(h) & ~0xFFFFFL) | e; // the low 20 bits hold the entry
        }
        Arrays.sort(keys, 0, size);
        boolean[] drop = dropMarks(size);
        boolean any = false;
        for (int from = 0; from < size; ) {
            int to = from + 1;
            while (to < size && (keys[to] & ~0xFFFFFL) == (keys[from] & ~0xFFFFFL)) {
                to++;
            }
            for (int a = from; a < to; a++) {
                int i = (int) (keys[a] & 0xFFFFF);
                for (int b = from; b < to && !drop[i]; b++) {
                    int j = (int) (keys[b] & 0xFFFFF);
                    if (i != j && !drop[j] && dominates(n, j, i)) {
                        drop[i] = true;
                        any = true;
                    }
                }
            }
            from = to;
        }
        applyDrops(any, size);
    }

    /**
     * Drops configurations of {@code next} whose state another one with the same bits
     * {@linkplain SubsumingModel#subsumes subsumes}. Configurations carried over from {@code cur} were compared
     * with each other at the previous return, so only the new ones are looked at: each in a hash table of the
     * configurations by bits, {@linkplain SubsumingModel#shape shape} and {@linkplain SubsumingModel#key key},
     * under its own shape and each shape with one boundary fewer. A new one subsumed only by a state whose shape
     * differs more, or a carried one that a new one subsumes, stays: that keeps a configuration, never drops one
     * wrongly.
     */
    @SuppressWarnings("unchecked")
    private void pruneSubsumed() {
        ConfigSet n = next;
        int size = n.size;
        int old = carried;
        if (old == size) {
            return;
        }
        int w = words;
        int capacity = Integer.highestOneBit(size) * 4;
        if (shapeTable.length < capacity) {
            shapeTable = new int[capacity];
            shapeTableHashes = new long[capacity];
        }
        if (shapes.length < size) {
            shapes = new long[Integer.highestOneBit(size) * 2];
            bitsHashes = new long[shapes.length];
            sameShapeNext = new int[shapes.length];
        }
        int[] table = shapeTable;
        long[] tableHashes = shapeTableHashes;
        int mask = capacity - 1;
        Arrays.fill(table, 0, capacity, -1);
        Arrays.fill(shapeFilter, 0L);
        for (int e = 0; e < size; e++) {
            S state = (S) n.states[e];
            shapes[e] = subsuming.shape(state);
            bitsHashes[e] = ConfigSet.hash(0, n.bits, e * w, w);
            long h = lookupHash(bitsHashes[e], shapes[e], subsuming.key(state));
            int slot = (int) h & mask;
            while (table[slot] >= 0 && tableHashes[slot] != h) {
                slot = (slot + 1) & mask;
            }
            tableHashes[slot] = h;
            sameShapeNext[e] = table[slot];
            table[slot] = e;
            shapeFilter[(int) (h >>> 58)] |= 1L << (h >>> 52);
        }
        boolean[] drop = dropMarks(size);
        boolean any = false;
        for (int i = old; i < size; i++) {
            long shape = shapes[i];
            int key = subsuming.key((S) n.states[i]);
            drop[i] = subsumedBy(i, shape, key, mask);
            for (long m = shape & (shape - 1); m != 0 && !drop[i]; m &= m - 1) {
                drop[i] = subsumedBy(i, shape & ~(m & -m), key, mask); // one layer boundary fewer
            }
            any |= drop[i];
        }
        applyDrops(any, size);
    }

    private static long lookupHash(long bitsHash, long shape, int key) {
        return ConfigSet.mix(bitsHash + shape * 0x9E3779B97F4A7C15L + key);
    }

    /**
     * Whether configuration i of {@code next} is subsumed by one with its bits, this shape and this key (a
     * configuration already dropped counts: whatever subsumes it subsumes i).
     */
    @SuppressWarnings("unchecked")
    private boolean subsumedBy(int i, long shape, int key, int mask) {
        long h = lookupHash(bitsHashes[i], shape, key);
        if ((shapeFilter[(int) (h >>> 58)] & 1L << (h >>> 52)) == 0) {
            return false; // no entry has this hash: most lookups end here, in a table that stays in cache
        }
        int slot = (int) h & mask;
        while (shapeTable[slot] >= 0 && shapeTableHashes[slot] != h) {
            slot = (slot + 1) & mask;
        }
        ConfigSet n = next;
        S si = (S) n.states[i];
        for (int j = shapeTable[slot]; j >= 0; j = sameShapeNext[j]) {
            if (j != i && shapes[j] == shape && n.sameBits(j, n.bits, i * words) && subsuming.subsumes((S) n.states[j], si)) {
                return true;
            }
        }
        return false;
    }

    /** {@link #drop}, all false, with room for {@code size} entries of {@link #next}. */
    private boolean[] dropMarks(int size) {
        if (drop.length < size) {
            drop = new boolean[Integer.highestOneBit(size) * 2];
        }
        return drop;
    }

    /** Removes the entries of {@link #next} marked in {@link #drop} (if {@code any}) and clears the marks. */
    private void applyDrops(boolean any, int size) {
        if (any) {
            int carriedDropped = 0;
            for (int e = 0; e < carried; e++) {
                carriedDropped += drop[e] ? 1 : 0;
            }
            carried -= carriedDropped; // retain keeps the order: the carried ones stay first
            next.retain(drop);
        }
        Arrays.fill(drop, 0, size, false);
    }

    /** Whether configuration j of {@code set} dominates configuration i (see {@link #pruneDominated}). */
    private boolean dominates(ConfigSet set, int j, int i) {
        int w = words;
        boolean strict = false;
        boolean subset = true;
        for (int k = 0; k < w; k++) {
            long bi = set.bits[i * w + k];
            long bj = set.bits[j * w + k];
            long p = pendingMask[k];
            if (((bi ^ bj) & ~p) != 0) {
                return false; // different completed operations
            }
            subset &= (bj & p & ~bi) == 0;
            strict |= ((bi ^ bj) & p) != 0;
        }
        if (!strict || !subset && !covering) {
            return false;
        }
        return set.states[i].equals(set.states[j]) && (subset || mayDoAll(set.bits, j * w, set.bits, i * w));
    }

    /**
     * Whether a configuration whose linearized pending operations are {@code a} (at {@code offA}) may still do
     * everything one with {@code b} may, given the same state and completed operations: each pending operation
     * {@code b} has left but {@code a} used is matched to a distinct one that {@code a} has left but {@code b}
     * used, whose input {@linkplain Model#covers covers} it (a bipartite matching by augmenting paths). Then
     * {@code b}'s future linearizations are {@code a}'s with those operations substituted.
     */
    private boolean mayDoAll(long[] a, int offA, long[] b, int offB) {
        int w = words;
        long[] have = matchHave;
        boolean needs = false;
        for (int k = 0; k < w; k++) {
            long p = pendingMask[k];
            needs |= (a[offA + k] & ~b[offB + k] & p) != 0; // left to b, used by a: a must cover them
            have[k] = b[offB + k] & ~a[offA + k] & p; // left to a, used by b
        }
        if (!needs) {
            return true;
        }
        for (int k = 0; k < w; k++) {
            for (long m = a[offA + k] & ~b[offB + k] & pendingMask[k]; m != 0; m &= m - 1) {
                if (!intersects(coveredBy[k * 64 + Long.numberOfTrailingZeros(m)], have)) {
                    return false; // nothing a has left covers it: the common case, decided without a matching
                }
            }
        }
        matchStamp++;
        for (int k = 0; k < w; k++) {
            for (long m = a[offA + k] & ~b[offB + k] & pendingMask[k]; m != 0; m &= m - 1) {
                seenStamp++;
                if (!augment(k * 64 + Long.numberOfTrailingZeros(m))) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean intersects(long[] row, long[] have) {
        for (int k = 0; k < words; k++) {
            if ((row[k] & have[k]) != 0) {
                return true;
            }
        }
        return false;
    }

    /** Kuhn's augmenting path from needed slot l: finds it a covering slot, re-matching others on the way. */
    private boolean augment(int l) {
        long[] row = coveredBy[l];
        for (int k = 0; k < words; k++) {
            for (long m = row[k] & matchHave[k]; m != 0; m &= m - 1) {
                int r = k * 64 + Long.numberOfTrailingZeros(m);
                if (matchSeenStamp[r] == seenStamp) {
                    continue;
                }
                matchSeenStamp[r] = seenStamp;
                if (matchOwnerStamp[r] != matchStamp || augment(matchOwner[r])) {
                    matchOwner[r] = l;
                    matchOwnerStamp[r] = matchStamp;
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the model's class declares {@link Model#covers} (so that the matching can find anything). */
    private static boolean overridesCovers(Model<?> model) {
        try {
            return model.getClass().getMethod("covers", Object.class, Object.class).getDeclaringClass()
                    != Model.class;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** Pending operations linearized in every configuration are forgotten: their slots are freed. */
    private void forgetPlacedPending() {
        int w = words;
        long[] all = scratch;
        System.arraycopy(pendingMask, 0, all, 0, w);
        long any = 0;
        for (int e = 0; e < cur.size; e++) {
            any = 0;
            for (int i = 0; i < w; i++) {
                all[i] &= cur.bits[e * w + i];
                any |= all[i];
            }
            if (any == 0) {
                return;
            }
        }
        for (int i = 0; i < w; i++) {
            long m = all[i];
            if (m == 0) {
                continue;
            }
            for (int e = 0; e < cur.size; e++) {
                cur.bits[e * w + i] &= ~m;
            }
            pendingMask[i] &= ~m;
            while (m != 0) {
                int slot = i * 64 + Long.numberOfTrailingZeros(m);
                m &= m - 1;
                for (int k = 0; k < openCount; k++) {
                    if (openSlot[k] == slot) {
                        openPending[k] = false; // so that removeOpenAt does not count it twice
                        pendingSlots--;
                        removeOpenAt(k);
                        break;
                    }
                }
                for (int k = 0; k < openCount; k++) {
                    if (openPrev[k] == slot) {
                        openPrev[k] = -1;
                    }
                }
            }
        }
        cur.rehash();
    }

    private int indexOfOpen(int op) {
        int[] o = openOp;
        for (int k = openCount - 1; k >= 0; k--) {
            if (o[k] == op) {
                return k;
            }
        }
        return -1;
    }

    private void removeOpenAt(int k) {
        int slot = openSlot[k];
        if (openPending[k]) {
            pendingMask[slot >>> 6] &= ~(1L << slot);
            pendingSlots--;
        }
        if (openReadOnly[k]) {
            readOnlyOpen--;
        }
        int last = --openCount;
        openOp[k] = openOp[last];
        openSlot[k] = openSlot[last];
        openPrev[k] = openPrev[last];
        openPending[k] = openPending[last];
        openReadOnly[k] = openReadOnly[last];
        if (freeCount == freeSlots.length) {
            freeSlots = Arrays.copyOf(freeSlots, freeCount * 2);
        }
        freeSlots[freeCount++] = slot;
    }

    private void widen(int newWords) {
        cur.widen(newWords);
        next.reset(newWords);
        visited.reset(newWords);
        scratch = Arrays.copyOf(scratch, newWords);
        pendingMask = Arrays.copyOf(pendingMask, newWords);
        for (int i = 0; i < coveredBy.length; i++) {
            if (coveredBy[i] != null) {
                coveredBy[i] = Arrays.copyOf(coveredBy[i], newWords);
            }
        }
        matchHave = Arrays.copyOf(matchHave, newWords);
        words = newWords;
    }

    // ---- trail --------------------------------------------------------------------------------------------------

    private int append(int op, int parent) {
        if (trailSize == trailOp.length) {
            MemoryLimit.reserve(budget, trailSize * 16L);
            held += trailSize * 16L;
            trailOp = Arrays.copyOf(trailOp, trailSize * 2);
            trailParent = Arrays.copyOf(trailParent, trailSize * 2);
        }
        trailOp[trailSize] = op;
        trailParent[trailSize] = parent;
        return trailSize++;
    }

    /** The trail entry of closure node v's last operation, appending the entries it still lacks. */
    private int trailOf(int v) {
        int t = visited.trails[v];
        if (t != NOT_MATERIALIZED) {
            return t;
        }
        t = visited.ops[v] < 0 ? cur.trails[visited.parents[v]] : append(visited.ops[v], trailOf(visited.parents[v]));
        int from = visited.satStart[v];
        for (int j = from, end = from + visited.satLength[v]; j < end; j++) {
            t = append(satOps[j], t);
        }
        visited.trails[v] = t;
        return t;
    }

    /** Drops the trail entries that no configuration reaches any more, keeping the order of the others. */
    private void compactTrail() {
        int[] map = new int[trailSize];
        Arrays.fill(map, -1);
        for (int e = 0; e < cur.size; e++) {
            for (int t = cur.trails[e]; t >= 0 && map[t] == -1; t = trailParent[t]) {
                map[t] = -2;
            }
        }
        int n = 0;
        for (int t = 0; t < trailSize; t++) {
            if (map[t] == -2) {
                int parent = trailParent[t];
                trailOp[n] = trailOp[t];
                trailParent[n] = parent < 0 ? -1 : map[parent];
                map[t] = n++;
            }
        }
        for (int e = 0; e < cur.size; e++) {
            if (cur.trails[e] >= 0) {
                cur.trails[e] = map[cur.trails[e]];
            }
        }
        // When little was garbage (one long chain), wait longer before the next try.
        trailLimit = Math.max(1 << 16, (n * 4 > trailSize * 3 ? 4 : 2) * n);
        trailSize = n;
        int capacity = Math.max(1024, Integer.highestOneBit(Math.max(1, n)) * 4);
        if (trailOp.length > capacity * 2) {
            trailOp = Arrays.copyOf(trailOp, capacity);
            trailParent = Arrays.copyOf(trailParent, capacity);
        }
    }

    private int[] order(int trail) {
        int length = 0;
        for (int t = trail; t >= 0; t = trailParent[t]) {
            length++;
        }
        int[] order = new int[length];
        for (int t = trail; t >= 0; t = trailParent[t]) {
            order[--length] = trailOp[t];
        }
        return order;
    }

    // ---- results ------------------------------------------------------------------------------------------------

    /** The linearization behind a surviving configuration: operation numbers in order. */
    public int[] witnessOrder() {
        return order(cur.trails[0]);
    }

    private void recordFailure(int x) {
        int best = 0;
        for (int v = 1; v < visited.size; v++) {
            if (visited.depths[v] > visited.depths[best]) {
                best = v;
            }
        }
        failedOp = x;
        failedOrder = order(trailOf(best));
        int w = words;
        int off = best * w;
        int n = 0;
        int[] candidates = new int[openCount];
        for (int k = 0; k < openCount; k++) {
            int slot = openSlot[k];
            if ((visited.bits[off + (slot >>> 6)] & (1L << slot)) == 0) {
                candidates[n++] = openOp[k];
            }
        }
        failedCandidates = Arrays.copyOf(candidates, n);
        Arrays.sort(failedCandidates);
    }

    /** After {@link #VIOLATED}: the operation that could not be linearized before its return. */
    int failedOperation() {
        return failedOp;
    }

    /** After {@link #VIOLATED}: the deepest linearization reached, operation numbers in order. */
    int[] failureOrder() {
        return failedOrder;
    }

    /** After {@link #VIOLATED}: the open operations that deepest linearization had not placed, ascending. */
    int[] failureCandidates() {
        return failedCandidates;
    }

    // ---- budget and statistics ----------------------------------------------------------------------------------

    /** Whether the check must stop: the budget says so, or this frontier's memory takes it over the limit. */
    private boolean poll() {
        if (budget.exhausted()) {
            return true;
        }
        long now = trailOp.length * 8L + openOp.length * 14L + freeSlots.length * 4L + satOps.length * 4L;
        long delta = now - held;
        held = now;
        return !(delta == 0 || budget.hold(delta)) || !cur.account() || !next.account() || !visited.account();
    }

    /** Polls the budget outside a return (for long runs of calls). Returns whether the check must stop. */
    boolean check() {
        return poll();
    }

    /** Gives back the memory this frontier reported to the budget. */
    public void release() {
        budget.hold(-held);
        held = 0;
        cur.release();
        next.release();
        visited.release();
    }

    public long steps() {
        return steps;
    }

    public long hits() {
        return hits;
    }

    /** The most configurations held at once (frontier plus closure). */
    public long peak() {
        return peak;
    }

    /** The configurations carried now, between returns (for progress reports). */
    int alive() {
        return cur.size;
    }

    /** The state of configuration {@code e} of those carried now ({@code e < alive()}). */
    @SuppressWarnings("unchecked")
    S aliveState(int e) {
        return (S) cur.states[e];
    }

    /**
     * The slots configuration {@code e} of those carried now has linearized; frontiers fed the same events number
     * slots alike.
     */
    long[] aliveBits(int e) {
        return Arrays.copyOfRange(cur.bits, e * words, (e + 1) * words);
    }

    // ---- speculation --------------------------------------------------------------------------------------------

    /**
     * Makes this (speculative) frontier a copy of {@code f}: same configurations, open operations and slots. The
     * trail arena is shared: entries are appended after {@code f}'s, which {@code f} overwrites later.
     */
    public void copyFrom(Frontier<S> f) {
        inputs = f.inputs;
        outputs = f.outputs;
        openOp = f.openOp.clone();
        openSlot = f.openSlot.clone();
        openPrev = f.openPrev.clone();
        openPending = f.openPending.clone();
        openReadOnly = f.openReadOnly.clone();
        openCount = f.openCount;
        readOnlyOpen = f.readOnlyOpen;
        freeSlots = f.freeSlots.clone();
        freeCount = f.freeCount;
        slotsUsed = f.slotsUsed;
        pendingMask = f.pendingMask.clone();
        pendingSlots = f.pendingSlots;
        slotOp = f.slotOp.clone();
        coveredBy = f.coveredBy.clone();
        for (int i = 0; i < coveredBy.length; i++) {
            if (coveredBy[i] != null) {
                coveredBy[i] = coveredBy[i].clone();
            }
        }
        matchOwner = new int[coveredBy.length];
        matchOwnerStamp = new int[coveredBy.length];
        matchSeenStamp = new int[coveredBy.length];
        matchHave = new long[f.words];
        words = f.words;
        scratch = new long[words];
        cur.copyFrom(f.cur);
        next.reset(words);
        visited.reset(words);
        trailOp = f.trailOp;
        trailParent = f.trailParent;
        trailSize = f.trailSize;
        trailLimit = f.trailLimit;
        failedOp = -1;
        failedOrder = null;
        failedCandidates = null;
    }
}
