package dev.ariadne.core.search;

import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Progress;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.StateKeys;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The Wing–Gong–Lowe search with memoisation (porcupine's algorithm). Call and return events live in an
 * index-linked list sorted by time; the search repeatedly tries to linearize a call that is in the list before
 * the first return, lifting it (and its return) out of the list when the model accepts it, and backtracks when it
 * meets a return it could not place. A configuration is the set of linearized operations plus the model state;
 * the set is a bitset mutated in place with an incremental (Zobrist) hash, remembered as its window (a
 * {@code LinearizedSet}: what differs from "every operation before, none after"), so that memory grows with the
 * configurations and the operations open at once, not with the history; configurations seen before are skipped
 * after an exact comparison, so a hash collision never prunes.
 *
 * <p>Entry {@code 2i} is the call of operation {@code i}, {@code 2i+1} its return. Pending operations return
 * after everything else; the search succeeds as soon as every completed operation is linearized. Pending
 * operations with equal inputs are linearized in call order, and linearizing a pending operation that leaves the
 * state as it was is skipped (the configuration without it can do everything that one can); see
 * {@link PendingOperations}. When the operation that returns first is read-only and the state accepts it
 * unchanged, or only widens the state ({@link Model#onlyWidens}) and the state accepts it, it is the only one tried
 * at that depth (docs/engines.md proves why nothing is lost).
 */
public final class DfsSearch<S> {
    static final String NAME = "dfs";

    private final Model<S> model;
    private final Operation[] ops;
    private final Object[] inputs;
    private final Object[] outputs;
    private final boolean[] pending;
    /**
     * Which operations are placed eagerly: read-only ones ({@link Model#isReadOnly}) and those that only widen the
     * state ({@link Model#onlyWidens}); {@code null} when none is.
     */
    private final boolean[] eager;
    /** Which of them only widen the state (accepted, they need not leave it unchanged); {@code null} when none does. */
    private final boolean[] widens;
    private final int[] predecessor;
    private final int n;
    private final int reported;
    private final int head;
    private final int[] next;
    private final int[] prev;
    private final long[] zobrist;
    private final LinearizedSet linearized;
    private final Budget budget;
    private ProgressMeter meter = new ProgressMeter();

    private final DeadEnds deadEnds = new DeadEnds();
    /** What the configuration cache held at the end of the last {@link #run} (its {@link Budget} estimate). */
    long heldBytes;

    public DfsSearch(Model<S> model, List<Operation> operations, Budget budget) {
        this(model, operations, operations.size(), budget);
    }

    /**
     * A search over {@code operations}, reported as a partition of {@code reported} operations (some pending ones
     * may have been dropped before).
     */
    public DfsSearch(Model<S> model, List<Operation> operations, int reported, Budget budget) {
        this.model = model;
        this.budget = budget;
        this.reported = reported;
        this.n = operations.size();
        this.ops = operations.toArray(new Operation[0]);
        this.inputs = new Object[n];
        this.outputs = new Object[n];
        this.pending = new boolean[n];
        for (int i = 0; i < n; i++) {
            inputs[i] = ops[i].input();
            outputs[i] = ops[i].output();
            pending[i] = ops[i].isPending();
        }
        boolean[] ro = new boolean[n];
        boolean[] wide = new boolean[n];
        boolean anyEager = false;
        boolean anyWidens = false;
        for (int i = 0; i < n; i++) {
            wide[i] = !pending[i] && model.onlyWidens(inputs[i], outputs[i]);
            ro[i] = wide[i] || !pending[i] && model.isReadOnly(inputs[i], outputs[i]);
            anyEager |= ro[i];
            anyWidens |= wide[i];
        }
        this.eager = anyEager ? ro : null;
        this.widens = anyWidens ? wide : null;
        this.predecessor = PendingOperations.predecessors(ops);
        this.head = 2 * n;
        int tail = 2 * n + 1;
        this.next = new int[2 * n + 2];
        this.prev = new int[2 * n + 2];
        // By time; at equal times calls come first, so closed intervals that touch overlap.
        int[] order = EventOrder.sorted(ops);
        int last = head;
        for (int e : order) {
            next[last] = e;
            prev[e] = last;
            last = e;
        }
        next[last] = tail;
        prev[tail] = last;
        next[tail] = tail;
        this.zobrist = new long[n];
        SplittableRandom random = new SplittableRandom(0x5eed_a71a_d4e5L);
        for (int i = 0; i < n; i++) {
            zobrist[i] = random.nextLong();
        }
        this.linearized = new LinearizedSet(pending);
    }

    private void lift(int call) {
        int ret = call + 1;
        next[prev[call]] = next[call];
        prev[next[call]] = prev[call];
        next[prev[ret]] = next[ret];
        prev[next[ret]] = prev[ret];
    }

    private void unlift(int call) {
        int ret = call + 1;
        next[prev[ret]] = ret;
        prev[next[ret]] = ret;
        next[prev[call]] = call;
        prev[next[call]] = call;
    }

    /** Publishes this search's progress to {@code m} (every 4,096 steps, so the stores cost nothing). */
    public DfsSearch<S> reportingTo(ProgressMeter m) {
        this.meter = m;
        return this;
    }

    /** Runs the search. */
    public PartitionResult run(int index, String label) {
        long start = System.nanoTime();
        ConfigurationCache cache;
        try {
            cache = new ConfigurationCache(n, budget, model instanceof StateKeys<?> keys ? keys : null);
        } catch (MemoryLimit e) {
            return unknown(index, label, budget.reason(), 0, 0, 0, start);
        }
        try {
            return search(index, label, cache, start);
        } finally {
            heldBytes = cache.bytes();
            cache.release();
        }
    }

    private PartitionResult search(int index, String label, ConfigurationCache cache, long start) {
        int completed = 0;
        for (boolean p : pending) {
            if (!p) {
                completed++;
            }
        }
        int[] stackEntry = new int[n];
        Object[] stackState = new Object[n];
        int depth = 0;
        int placedCompleted = 0;
        long setHash = 0;
        long configurations = 0;
        long cacheHits = 0;
        long polls = 0;
        S state = model.init();
        int entry = next[head];
        // Per depth: the call entry of the eager operation that returns first, when the model accepts it there (a
        // read-only one without a change): it is then the only one tried at that depth. Else -1.
        int[] forced = new int[n + 1];
        // Per depth: the state the forced operation leads to, computed when it was chosen, so that placing it does
        // not step the model twice (a TLA+ spec's step is a TLC evaluation). Cleared once used.
        Object[] forcedAfter = eager == null ? null : new Object[n + 1];
        forced[0] = eager == null ? -1 : forcedEager(state, forcedAfter, 0);
        if (forced[0] >= 0) {
            entry = forced[0];
        }
        boolean slow = false;
        try {
            while (placedCompleted < completed) {
                if ((++polls & 0x3ff) == 0) {
                    budget.spend(0x400);
                    if (!cache.account() || budget.exhausted()) {
                        return unknown(index, label, budget.reason(), configurations, cacheHits, cache.size(), start);
                    }
                    slow = SlowSteps.slow(start, polls);
                    if ((polls & 0xfff) == 0 || slow) {
                        meter.update(placedCompleted, 0, configurations);
                    }
                } else if (slow || (polls & (polls - 1)) == 0) {
                    // A model whose steps are slow (a TLA+ spec's over a big state): see a time limit and report
                    // progress between steps, not after 1,024 of them. Work is still counted above, in the same units.
                    if (budget.exhausted()) {
                        return unknown(index, label, budget.reason(), configurations, cacheHits, cache.size(), start);
                    }
                    meter.update(placedCompleted, 0, configurations);
                    slow = SlowSteps.slow(start, polls);
                }
                if ((entry & 1) == 0) {
                    int op = entry >> 1;
                    if (pending[op] && predecessor[op] >= 0 && !linearized.contains(predecessor[op])) {
                        entry = next[entry];
                        continue;
                    }
                    configurations++;
                    S after;
                    if (eager != null && entry == forced[depth]) {
                        @SuppressWarnings("unchecked")
                        S known = (S) forcedAfter[depth];
                        forcedAfter[depth] = null;
                        after = known;
                    } else {
                        after = model.step(state, inputs[op], outputs[op]);
                    }
                    if (after != null && pending[op] && after.equals(state)) {
                        cacheHits++;
                        after = null;
                    }
                    if (after != null) {
                        long hash = setHash ^ zobrist[op];
                        linearized.add(op);
                        if (cache.add(hash, after, linearized)) {
                            stackEntry[depth] = entry;
                            stackState[depth] = state;
                            depth++;
                            state = after;
                            setHash = hash;
                            if (!pending[op]) {
                                placedCompleted++;
                            }
                            lift(entry);
                            entry = next[head];
                            if (eager != null) {
                                forced[depth] = forcedEager(state, forcedAfter, depth);
                                if (forced[depth] >= 0) {
                                    entry = forced[depth];
                                }
                            }
                            continue;
                        }
                        linearized.remove(op);
                        cacheHits++;
                    }
                    entry = eager != null && entry == forced[depth] ? entry + 1 : next[entry];
                } else {
                    // A return whose operation is not linearized yet: this branch is dead. (After a forced eager
                    // operation, its own return: the operation could be placed, so it is no evidence.)
                    boolean afterForced = eager != null && entry == forced[depth] + 1;
                    if (!afterForced && depth >= deadEnds.depth) {
                        deadEnds.record(stackEntry, depth, entry, next, head);
                    }
                    if (depth == 0) {
                        return violation(index, label, configurations, cacheHits, cache.size(), start);
                    }
                    depth--;
                    if (depth < deadEnds.low) {
                        deadEnds.low = depth;
                    }
                    entry = stackEntry[depth];
                    @SuppressWarnings("unchecked")
                    S before = (S) stackState[depth];
                    stackState[depth] = null;
                    state = before;
                    int op = entry >> 1;
                    linearized.remove(op);
                    setHash ^= zobrist[op];
                    if (!pending[op]) {
                        placedCompleted--;
                    }
                    unlift(entry);
                    entry = eager != null && entry == forced[depth] ? entry + 1 : next[entry];
                }
            }
        } catch (MemoryLimit e) {
            // The cache could not grow: what was explored up to here still counts, as at a time limit.
            return unknown(index, label, budget.reason(), configurations, cacheHits, cache.size(), start);
        }
        List<Operation> witness = new ArrayList<>(depth);
        for (int i = 0; i < depth; i++) {
            witness.add(ops[stackEntry[i] >> 1]);
        }
        return new PartitionResult(index, label, reported, Verdict.LINEARIZABLE, witness, null, null, NAME,
                new Statistics(configurations, cacheHits, cache.size(), System.nanoTime() - start));
    }

    /**
     * The call entry of the operation whose return comes first in the list, if it is placed eagerly and the model
     * accepts it in {@code state} (a read-only one without a change): then it alone need be tried next. Any
     * continuation that places other operations Q first, then it, is matched by placing it first, then Q: Q's
     * operations, called before its return and returning after it, may follow it; a read-only one changes nothing,
     * and one that only widens the state ({@link Model#onlyWidens}) leads to a state that simulates the other
     * order's. Else -1.
     */
    private int forcedEager(S state, Object[] after, int depth) {
        return forcedEager(model, state, next, head, eager, widens, inputs, outputs, after, depth);
    }

    /** The same over the call/return list {@code next} from {@code head}: one place for both dfs engines. */
    static <S> int forcedEager(Model<S> model, S state, int[] next, int head, boolean[] eager, boolean[] widens,
                               Object[] inputs, Object[] outputs) {
        return forcedEager(model, state, next, head, eager, widens, inputs, outputs, null, 0);
    }

    /**
     * As above; when an operation is forced, the state it leads to is put in {@code after[slot]} (when {@code after}
     * is given), for the search to place it without stepping the model again.
     */
    static <S> int forcedEager(Model<S> model, S state, int[] next, int head, boolean[] eager, boolean[] widens,
                               Object[] inputs, Object[] outputs, Object[] afterOut, int slot) {
        int e = next[head];
        while ((e & 1) == 0) {
            e = next[e];
        }
        int x = e >> 1;
        if (e == head + 1 || !eager[x]) { // the tail, or not placed eagerly
            return -1;
        }
        S after = model.step(state, inputs[x], outputs[x]);
        if (after != null && (widens != null && widens[x] || after.equals(state))) {
            if (afterOut != null) {
                afterOut[slot] = after;
            }
            return e - 1;
        }
        return -1;
    }

    private PartitionResult violation(int index, String label, long configurations, long cacheHits, long cached,
                                      long start) {
        List<PartialLinearization> evidence = DeadEnds.evidence(List.of(deadEnds), model, ops, inputs, outputs);
        return new PartitionResult(index, label, reported, Verdict.NOT_LINEARIZABLE, List.of(),
                new Violation(model.describeState(model.init()), evidence), null, NAME,
                new Statistics(configurations, cacheHits, cached, System.nanoTime() - start));
    }

    private PartitionResult unknown(int index, String label, String reason, long configurations, long cacheHits,
                                    long cached, long start) {
        return new PartitionResult(index, label, reported, Verdict.UNKNOWN, List.of(), null, reason, NAME,
                new Statistics(configurations, cacheHits, cached, System.nanoTime() - start));
    }
}
