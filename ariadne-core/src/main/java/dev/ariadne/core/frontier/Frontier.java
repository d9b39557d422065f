package dev.ariadne.core.frontier;

import dev.ariadne.core.search.Budget;
import dev.ariadne.core.search.MemoryLimit;
import dev.ariadne.core.search.PendingOperations;
import dev.ariadne.core.model.CommutingModel;
import dev.ariadne.core.model.Model;

import java.util.Arrays;

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
 * since any one of them can stand for another called earlier (completed operations with equal inputs and outputs
 * that are open together likewise, in order of their returns); and a pending operation linearized in every
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
 * <p>The parts, each in its own class: {@link OpenOperations}, the open operations and their slots;
 * {@link Closure}, the work of one return (carrying configurations over, the closure, read-only placement, sleep
 * sets, same-now merging); {@link PendingDominance}, the rules for pending operations; {@link Subsumption}, the
 * pass after the closure for a {@link SubsumingModel}; {@link Trail}, the arena of linearizations. This class takes
 * the events, holds the configurations between returns, and wires the parts.
 *
 * <p>Not thread-safe. A {@code speculative} instance works on a copy of another one ({@link #copyFrom}) and
 * shares its trail arena without disturbing it; it never compacts.
 */
public final class Frontier<S> {
    static final int OK = 0;
    public static final int VIOLATED = 1;
    public static final int STOPPED = 2;

    private final Model<S> model;
    private final Budget budget;
    private final boolean speculative;
    private final OpenOperations open = new OpenOperations();
    private final Trail trail;
    private final PendingDominance dominance;
    /** The pass after each closure, when the model is a {@link SubsumingModel}; else {@code null}. */
    private final Subsumption<S> subsumption;
    private final Closure<S> closure;

    /** The configurations between returns, and the set the next return fills (swapped after each). */
    private ConfigSet cur;
    private ConfigSet next;
    /** The closure's nodes (owned by {@link #closure}; widened and copied here with the other sets). */
    private final ConfigSet nodes;

    private long returns;
    private long peak;
    /** Bytes of the trail, open-operation and closure arrays reported to the budget (the sets report their own). */
    private long held;

    /** {@link #work()} beyond which the frontier stops ({@link #STOPPED}, {@link #outOfWork()}). */
    private long workLimit = Long.MAX_VALUE;
    private boolean outOfWork;
    /** The {@link #work()} already counted against the budget ({@link Budget#spend}). */
    private long spent;

    private int failedOp = -1;
    private int[] failedOrder;
    private int[] failedCandidates;

    /**
     * The state the trail's linearizations start from, and how many operations lead to it from the model's initial
     * state: the initial state and 0 until {@link #cutTrail} moves the start on.
     */
    private S baseState;
    private long baseSteps;

    public Frontier(Model<S> model, Budget budget, boolean speculative) {
        this.model = model;
        this.budget = budget;
        this.speculative = speculative;
        this.cur = new ConfigSet(1, budget);
        this.next = new ConfigSet(1, budget);
        this.nodes = new ConfigSet(1, budget);
        this.trail = new Trail(budget);
        this.dominance = new PendingDominance(model, open, nodes);
        this.subsumption = model instanceof SubsumingModel<S> m ? new Subsumption<>(m) : null;
        this.closure = new Closure<>(model, open, nodes, dominance, trail, this);
        S init = model.init();
        baseState = init;
        long[] none = new long[1];
        int e = cur.add(ConfigSet.hash(init, none, 0, 1), init, none, 0);
        cur.trails[e] = -1;
        cur.depths[e] = 0;
    }

    /** Uses these inputs and outputs, indexed by operation number (again after they grew). */
    public void operations(Object[] inputs, Object[] outputs) {
        open.inputs = inputs;
        open.outputs = outputs;
    }

    // ---- events -------------------------------------------------------------------------------------------------

    /**
     * Operation {@code op} is called. A {@code pending} one never returns; {@code predecessor} is an operation that
     * must be linearized first while it is open (the previous pending operation with an equal input; for a
     * completed one, an open completed operation with an equal input and output that returns no later:
     * {@link PendingOperations#frontierPredecessors}), or -1.
     */
    public void call(int op, boolean pending, int predecessor) {
        OpenOperations o = open;
        int slot = o.takeSlot();
        if (slot >= o.words * 64) {
            widen(o.words * 2);
        }
        if (slot < 64) { // sleep sets are kept for one word of slots: a reused slot is awake everywhere
            for (int e = 0; e < cur.size; e++) {
                cur.asleep[e] &= ~(1L << slot);
            }
        }
        int prevSlot = -1;
        if (predecessor >= 0) {
            int k = o.indexOf(predecessor);
            prevSlot = k < 0 ? -1 : o.slot[k];
        }
        o.add(op, slot, prevSlot, pending, model.isReadOnly(o.inputs[op], o.outputs[op]));
        if (pending) {
            dominance.notePending(slot);
        }
    }

    /** The open operation {@code op} will never return (it crashed). */
    public void markPending(int op) {
        int k = open.indexOf(op);
        if (k >= 0 && !open.pending[k]) {
            open.markPending(k);
            dominance.notePending(open.slot[k]);
        }
    }

    /** Whether {@code op} is open here (called, not returned, not forgotten). */
    public boolean isOpen(int op) {
        return open.indexOf(op) >= 0;
    }

    /**
     * From now on the open pending operation {@code op} is linearized only after the open pending operation
     * {@code predecessor} (no-op if either is not open and pending). The caller guarantees that the two are
     * interchangeable and {@code predecessor} was called no later (equal inputs: see
     * {@link PendingOperations#frontierPredecessors}); configurations that already linearized {@code op} alone
     * stay.
     */
    public void order(int op, int predecessor) {
        int k = open.indexOf(op);
        int p = open.indexOf(predecessor);
        if (k >= 0 && p >= 0 && open.pending[k] && open.pending[p]) {
            open.prev[k] = open.slot[p];
        }
    }

    /** The operation {@code op} must follow ({@link #order}, {@link #call}), or -1. */
    public int predecessorOf(int op) {
        int k = open.indexOf(op);
        return k < 0 || open.prev[k] < 0 ? -1 : open.slotOp[open.prev[k]];
    }

    /** How many operations are open. */
    public int openCount() {
        return open.count;
    }

    /** The k-th open operation, in no particular order ({@code k < openCount()}). */
    public int openAt(int k) {
        return open.op[k];
    }

    /**
     * Removes the open operation {@code op} as if it had never been called. Only allowed while no configuration
     * has linearized it.
     */
    public void remove(int op) {
        int k = open.indexOf(op);
        if (k >= 0) {
            open.removeAt(k);
        }
    }

    /**
     * Removes the open operation {@code op}, which certainly took no effect, when configurations may have
     * linearized it already: those are dropped, and the others are exactly the configurations of the history
     * without it (none of their paths uses it; the pending rules only ever drop configurations that linearized
     * more). Returns whether any configuration is left; if none is, the history without {@code op} is not
     * linearizable and this frontier is unusable.
     */
    public boolean discard(int op) {
        int k = open.indexOf(op);
        if (k < 0) {
            return cur.size > 0;
        }
        int slot = open.slot[k];
        int word = slot >>> 6;
        long bit = 1L << slot;
        int w = open.words;
        boolean[] drop = new boolean[cur.size];
        boolean any = false;
        for (int e = 0; e < cur.size; e++) {
            if ((cur.bits[e * w + word] & bit) != 0) {
                drop[e] = true;
                any = true;
            }
        }
        if (any) {
            cur.retain(drop);
        }
        open.removeAt(k);
        return cur.size > 0;
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
        int k = open.indexOf(x);
        if (k < 0) {
            throw new IllegalStateException("operation " + x + " returns but is not open");
        }
        if (closure.close(cur, next, x, open.slot[k]) == STOPPED) {
            return STOPPED;
        }
        peak = Math.max(peak, (long) cur.size + nodes.size);
        if (next.size == 0) {
            recordFailure(x);
            return VIOLATED;
        }
        int carried = closure.carried();
        if (open.pendingSlots > 0 && next.size > 1) {
            carried = dominance.prune(next, carried);
            if (work() > workLimit) { // (the pruning stopped early: it is optional, but the budget is spent)
                outOfWork = true;
                return STOPPED;
            }
        }
        if (subsumption != null && next.size > 1) {
            subsumption.prune(next, carried);
        }
        open.removeAt(open.indexOf(x));
        ConfigSet t = cur;
        cur = next;
        next = t;
        if (open.pendingSlots > 0) {
            dominance.forgetPlaced(cur);
        }
        if (!speculative && trail.needsCompaction()) {
            trail.compact(cur);
        }
        if ((++returns & 0x3ff) == 0 && poll()) {
            return STOPPED;
        }
        return OK;
    }

    private void widen(int newWords) {
        cur.widen(newWords);
        next.reset(newWords);
        nodes.reset(newWords);
        closure.widen(newWords);
        dominance.widen(newWords);
        open.widen(newWords);
    }

    // ---- results ------------------------------------------------------------------------------------------------

    /**
     * The linearization behind a surviving configuration: operation numbers in order, after the
     * {@linkplain #baseSteps() base steps} (all of it unless {@link #cutTrail} cut some).
     */
    public int[] witnessOrder() {
        return trail.order(cur.trails[0]);
    }

    /** The state {@link #witnessOrder()} and {@link #failureOrder()} start from. */
    public S baseState() {
        return baseState;
    }

    /** How many operations, cut from the trail, lead from the model's initial state to {@link #baseState()}. */
    public long baseSteps() {
        return baseSteps;
    }

    /**
     * Cuts out of the trail the start of the linearization that every configuration shares, all but its last
     * {@code keep} operations, and stops at the first operation {@code cuttable} refuses (one whose output may still
     * change); the state after the cut part becomes the {@linkplain #baseState() base state}. The configurations
     * are unchanged: only the orders read back from the trail become shorter. Returns how many operations were
     * cut. Not on a speculative frontier, nor while one shares this one's trail.
     */
    public int cutTrail(int keep, java.util.function.IntPredicate cuttable) {
        int[] cut = trail.cutCommon(cur, keep, cuttable);
        S s = baseState;
        for (int op : cut) {
            s = model.step(s, open.inputs[op], open.outputs[op]);
            if (s == null) {
                throw new IllegalStateException("the model rejects a linearization it accepted before (operation "
                        + "number " + op + "): are its states values?");
            }
        }
        baseState = s;
        baseSteps += cut.length;
        return cut.length;
    }

    /**
     * Renumbers the operations this frontier refers to (open ones, trail entries): operation {@code x} becomes
     * {@code map[x]} if {@code x < map.length}, else {@code x - map.length + kept}. The caller moves the inputs and
     * outputs alike ({@link #operations}). Not while a speculative frontier shares this one's trail.
     */
    public void renumber(int[] map, int kept) {
        int cutoff = map.length;
        OpenOperations o = open;
        for (int k = 0; k < o.count; k++) {
            o.op[k] = renumbered(o.op[k], map, kept);
        }
        for (int s = 0; s < o.slotOp.length; s++) {
            o.slotOp[s] = renumbered(o.slotOp[s], map, kept); // (a freed slot's stale number may become -1)
        }
        trail.renumber(map, kept);
    }

    private static int renumbered(int x, int[] map, int kept) {
        return x < 0 ? x : x < map.length ? map[x] : x - map.length + kept;
    }

    /** Calls {@code f} with every operation number in the trail (a bounded set once {@link #cutTrail} ran). */
    public void trailOperations(java.util.function.IntConsumer f) {
        trail.forEachOp(f);
    }

    private void recordFailure(int x) {
        int best = 0;
        for (int v = 1; v < nodes.size; v++) {
            if (nodes.depths[v] > nodes.depths[best]) {
                best = v;
            }
        }
        failedOp = x;
        failedOrder = trail.order(closure.trailOf(best));
        int w = open.words;
        int off = best * w;
        int n = 0;
        int[] candidates = new int[open.count];
        for (int k = 0; k < open.count; k++) {
            int slot = open.slot[k];
            if ((nodes.bits[off + (slot >>> 6)] & (1L << slot)) == 0) {
                candidates[n++] = open.op[k];
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
    boolean poll() {
        long w = work();
        if (w > workLimit) {
            outOfWork = true;
            return true;
        }
        if (w > spent) { // (a speculative copy may start from less work: copyFrom)
            budget.spend(w - spent);
        }
        spent = w;
        if (budget.exhausted()) {
            return true;
        }
        held += trail.takeReserved();
        long now = trail.bytes() + open.bytes() + closure.bytes();
        long delta = now - held;
        held = now;
        return !(delta == 0 || budget.hold(delta)) || !cur.account() || !next.account() || !nodes.account();
    }

    /** Polls the budget outside a return (for long runs of calls). Returns whether the check must stop. */
    boolean check() {
        return poll();
    }

    /** Gives back the memory this frontier reported to the budget. */
    public void release() {
        held += trail.takeReserved();
        budget.hold(-held);
        held = 0;
        cur.release();
        next.release();
        nodes.release();
    }

    /**
     * The work done so far: model steps plus the comparisons of the pending-operation rules
     * ({@link PendingDominance}), which can dominate when many pending operations are open. Deterministic for the
     * same events, so a budget in work units is one a test can rely on.
     */
    public long work() {
        return closure.steps + dominance.scanned;
    }

    /**
     * Stops this frontier ({@link #STOPPED}, then {@link #outOfWork()} is true) once {@link #work()} passes
     * {@code total}; polled every 1,024 units, so it may go that many over.
     */
    public void limitWork(long total) {
        workLimit = total;
        dominance.scanLimit = total - closure.steps;
        outOfWork = false;
    }

    /** Whether the last {@link #STOPPED} came from the work limit ({@link #limitWork}) rather than the budget. */
    public boolean outOfWork() {
        return outOfWork;
    }

    /** The model steps taken so far. */
    public long steps() {
        return closure.steps;
    }

    /** The configurations reached again, or dominated as they were reached, so far: each one not kept. */
    public long hits() {
        return closure.hits;
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
        return Arrays.copyOfRange(cur.bits, e * open.words, (e + 1) * open.words);
    }

    // ---- speculation --------------------------------------------------------------------------------------------

    /**
     * Makes this (speculative) frontier a copy of {@code f}: same configurations, open operations and slots. The
     * trail arena is shared: entries are appended after {@code f}'s, which {@code f} overwrites later.
     */
    public void copyFrom(Frontier<S> f) {
        open.copyFrom(f.open);
        dominance.copyFrom(f.dominance);
        int words = open.words;
        closure.widen(words);
        cur.copyFrom(f.cur);
        next.reset(words);
        nodes.reset(words);
        trail.shareFrom(f.trail);
        baseState = f.baseState;
        baseSteps = f.baseSteps;
        outOfWork = false;
        failedOp = -1;
        failedOrder = null;
        failedCandidates = null;
    }
}
