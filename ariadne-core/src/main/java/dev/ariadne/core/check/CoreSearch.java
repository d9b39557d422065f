package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;
import dev.ariadne.core.prepared.PreparedOperations;
import dev.ariadne.core.search.Budget;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Finds a minimal failing core of a violated partition (docs/semantics.md, "Minimal failing cores"). A set C of the
 * partition's operations is a core when the relaxed history R(C) is not linearizable: C's operations as they are,
 * every other operation optional, and when it takes effect, within its interval, with its own output or an unknown
 * one ({@link RelaxedModel}). Every linearization of the history is one of R(C), so a core proves the violation
 * whatever the other operations did; it is 1-minimal when R(C \ {c}) is linearizable for every c in C.
 *
 * <p>The search (porcupine's checker.go is the model of its size): the candidates are the completed operations
 * called before the return of the operation the engines could not place (the first longest partial
 * linearization's). The failing operation and the last operation that linearization placed that may change the
 * state and returned no later than the failing one are tried first; when they are no core, the failing operation and
 * the candidate called last of those that returned before it was called and cannot be ordered with it alone
 * ({@link #failingPair}); when neither is, the shortest suffix of the candidates, in call order, that is a core
 * together with the failing operation is found by doubling. Either is
 * then reduced by halves and single operations ({@link #reduce}), those that returned after the failing operation
 * first (R of a set holds every operation called up to the set's last return), the failing operation last.
 * Relaxing more operations only adds linearizations, so one pass proves the result 1-minimal. R(C) leaves out
 * relaxed operations that cannot change the state, those called after C's last return and those nothing but C may
 * reveal and C does not (docs/semantics.md proves each exact), and a set whose operations alone are linearizable is
 * no core (the others doing nothing): a check of a few operations. A set within one proven not a core, or holding
 * one proven a core, is decided without a check (the same monotonicity). In a partition of more than
 * {@link #WINDOW_MIN_OPERATIONS} operations, R(C) is first checked in windows around C ({@link #windowed}), so that
 * a violation late in a long history costs checks of a few dozen operations.
 *
 * <p>Every check is budgeted in model steps, so the core is the same on every run; a check that runs out of them
 * counts as "not known to fail". Time only decides when to give up: past the deadline the search is stopped, and
 * the explanation says that no core was found and shows at most {@link #NEIGHBOURHOOD} operations around the
 * failing one.
 */
final class CoreSearch<S> {
    /** The most operations shown when no core was found, and the largest core reported. */
    static final int NEIGHBOURHOOD = 50;
    /**
     * The model steps a check of a relaxed history may take: this, plus {@link #STEPS_PER_OPERATION} per operation
     * in it, divided by the model's {@link Model#stepCost()} (a TLA+ spec's steps cost 8 of a built-in model's: its
     * checks that cannot decide give up sooner). A check of a set alone has as many; out of them, R(set) decides it.
     */
    static final long BASE_STEPS = 20_000;
    static final long STEPS_PER_OPERATION = 50;
    /**
     * The share of the steps dfs gets before the frontier takes over a check: 1/32 (1/8 spent 112,000 of etcd_099's
     * 120,000 steps in dfs runs that ended undecided; porcupine's corpus takes 641,382 steps instead of 741,112, with
     * the same cores; docs/benchmarks.md).
     */
    private static final int DFS_SHARE = 32;
    /** The largest partition whose hidden operations are looked for ({@link #hide}). */
    private static final int HIDDEN_MAX_OPERATIONS = 4_000;
    /** The most pairs of the failing operation and another candidate checked ({@link #failingPair}). */
    private static final int PAIRS_TRIED = 1;
    /** The largest set whose operations alone are checked by trying their orders ({@link #aloneLinearizable}). */
    private static final int SMALL_SET = 4;
    /** The smallest suffix of candidates tried first. */
    private static final int FIRST_WINDOW = 8;
    private static final long STOP_GRACE_MILLIS = 100;
    /**
     * Partitions of more operations than this (those whose hidden operations are not looked for) check R(C) in
     * windows first ({@link #windowed}).
     */
    static final int WINDOW_MIN_OPERATIONS = HIDDEN_MAX_OPERATIONS;
    /** The operations before a set's first one in its first window; doubled while the window cannot decide. */
    static final int FIRST_WINDOW_OPERATIONS = 32;
    /**
     * {@link #WINDOW_MIN_OPERATIONS} and {@link #FIRST_WINDOW_OPERATIONS} as the search uses them: tests lower them,
     * so that small histories, which the reference can check, take the windows' path (it is sound at any size).
     */
    static volatile int windowMinOperations = WINDOW_MIN_OPERATIONS;
    static volatile int firstWindowOperations = FIRST_WINDOW_OPERATIONS;
    /** The most states a window may start from, and the model steps spent finding them; beyond, no window. */
    private static final int WINDOW_MAX_STATES = 256;
    private static final long WINDOW_CLOSURE_STEPS = 200_000;

    private final Model<S> model;
    /**
     * The partition's operations, each made when a relaxed history, a window or the explanation first asks for it
     * (the same object ever after); the search reads their columns below. A register's 500,000 operations were all
     * made for a core of two before (issue 23: a 48-byte object each, promoted with the history).
     */
    private final PreparedOperations ops;
    /** The operations' prepared inputs and outputs, calls and returns by position ({@link #ops}' columns). */
    private final Object[] inputs;
    private final Object[] outputs;
    private final long[] calls;
    private final long[] rets;
    private final Engine engine;
    private final long maxMemory;
    private final long deadline;
    private final String budgetText;
    /** Operations left out of relaxed histories: those whose relaxation can never change the state. */
    private final boolean[] inert;
    /** Operations that only an operation of C may reveal ({@link #hide}). */
    private final boolean[] hiddenFromOthers;
    private final Map<String, Boolean> verdicts = new HashMap<>();
    /**
     * The sets whose R was proven linearizable, and those proven not: R of a subset of the first is linearizable
     * too, and R of a superset of the second is not (relaxing more only adds linearizations). Compared element by
     * element, so a verdict is only ever inferred from a set it follows from.
     */
    private final List<int[]> linearizableSets = new ArrayList<>();
    private final List<int[]> failingSets = new ArrayList<>();
    private volatile boolean stopped;
    private volatile Budget current;
    private int checks;
    /** Whether the last {@link #check} with a step limit ran out of its steps (and nothing else stopped it). */
    private boolean aloneOutOfSteps;
    /** Why a check could not decide, when one could not; why the last check that could not did not. */
    private String undecided;
    private String lastReason;
    /** The position of the operation the engines could not place, or -1. */
    private int failing = -1;
    /**
     * The position of the last operation the first longest partial linearization placed that may change the state
     * (completed), or -1: with the failing operation, the first set tried.
     */
    private int guess = -1;
    /** The candidates, ascending positions. */
    private int[] universe = new int[0];
    /** The results, set by {@link #run}: the core (or {@code null}) and whether it is 1-minimal. */
    private volatile int[] core;
    private volatile boolean minimal;
    /** Whether every check that kept an operation in the core was decided. */
    private boolean decided;
    /**
     * For windows ({@link #windowed}): per distinct relaxed step (input and the output it steps with), the first
     * position of an operation that may make it and the earliest return of a completed one; built on first use.
     */
    private Map<RelaxedModel.Relaxed, long[]> firstSteps;
    /** Per position: the latest return of the completed operations up to it (windows' straddlers). */
    private long[] latestReturn;
    /**
     * The positions of the crashed operations that are not inert, ascending, for windows: a window holds those
     * before it, and looking for them among all the operations before it cost each check of a window as much as
     * the whole partition (500,000 operations for a set of two).
     */
    private int[] pendingPositions;
    /** Per window start: the states it may start from, or {@code null} when they are too many. */
    private final Map<Integer, Bounds<S>> bounds = new HashMap<>();
    /** Per set (its key) proven a core in a window: the window's start. */
    private final Map<String, Integer> provenInWindow = new HashMap<>();
    /**
     * Whether the search is still looking for a first core (the pairs and the suffixes), where checks may be given
     * up ({@link #beginsStuck}, {@link #smallestFailingSuffix}); a core's reduction checks every set it needs.
     */
    private boolean seeking;
    /**
     * The ids of the relaxed operations (relaxed or crashed, none of the set's) a frontier check of a relaxed history
     * from the initial state stepped before it ran out of its steps, or {@code null}: the shortest such prefix.
     */
    private int[] stuckPrefix;
    /** The frontier checks given up while seeking because their relaxed histories begin with {@link #stuckPrefix}. */
    private int givenUp;

    private CoreSearch(Model<S> model, List<Operation> ops, Engine engine, long maxMemory, long deadline,
                       String budgetText) {
        this.model = model;
        // Any other list is copied once, as before: its get may make a new operation each time (a history's view).
        this.ops = ops instanceof PreparedOperations p ? p : PreparedOperations.of(ops.toArray(new Operation[0]));
        this.inputs = this.ops.inputs();
        this.outputs = this.ops.outputs();
        this.calls = this.ops.calls();
        this.rets = this.ops.rets();
        this.engine = engine;
        this.maxMemory = maxMemory;
        this.deadline = deadline;
        this.budgetText = budgetText;
        int n = inputs.length;
        this.inert = new boolean[n];
        this.hiddenFromOthers = new boolean[n];
        // An input and output the same objects as the operation's before answer as those did (a register's prepared
        // values are shared): the model is asked once per change, not twice per operation.
        boolean last = false;
        for (int i = 0; i < n; i++) {
            Object in = inputs[i];
            Object out = outputs[i];
            if (i == 0 || in != inputs[i - 1] || out != outputs[i - 1]) {
                last = model.isReadOnly(in, Operation.UNKNOWN) && model.isReadOnly(in, out);
            }
            inert[i] = last;
        }
    }

    /** Whether the operation at position {@code i} never returned (crashed). */
    private boolean pending(int i) {
        return rets[i] == Operation.PENDING;
    }

    /** Whether the operation at position {@code i} has a known output ({@link Operation#outputKnown}). */
    private boolean outputKnown(int i) {
        return outputs[i] != Operation.UNKNOWN;
    }

    /**
     * Marks the operations that no other operation may reveal as it would step relaxed ({@link Model#mayReveal},
     * with its own output and with an unknown one; read-only ones are left out of relaxed histories): in R(C) such
     * an operation may be left out unless an operation of C reveals it or an operation of C with an unknown output
     * follows it ({@link #relaxedHistory}; docs/semantics.md). The other operations that may follow it are optional
     * (relaxed or crashed), so those the model's promise drops with it may go too. Quadratic, hence only for
     * partitions of up to {@link #HIDDEN_MAX_OPERATIONS}.
     */
    private void hide(boolean[] readOnly) {
        for (int o = 0; o < inputs.length; o++) {
            if (readOnly[o] || pending(o)) {
                continue;
            }
            boolean hidden = true;
            for (int p = 0; p < inputs.length && hidden; p++) {
                if (p == o || pending(p) || rets[p] < calls[o] || readOnly[p]) {
                    continue; // crashed ones are optional; those that returned before o was called come first
                }
                hidden = !model.mayReveal(inputs[o], inputs[p], Operation.UNKNOWN)
                        && (!outputKnown(p) || !model.mayReveal(inputs[o], inputs[p], outputs[p]));
            }
            hiddenFromOthers[o] = hidden;
        }
    }

    /**
     * The explanation of a partition known not to be linearizable: its operations {@code ops} (prepared, in call
     * order), the engines' evidence {@code violation} (whose first longest partial linearization names the failing
     * operation), searched with {@code engine} until {@code deadline} ({@link System#nanoTime()}); past it no core
     * is reported, with {@code budgetText} as the reason.
     */
    static <S> Explanation explain(Model<S> model, List<Operation> ops, Violation violation, Engine engine,
                                   long maxMemory, long deadline, String budgetText) {
        long start = System.nanoTime();
        CoreSearch<S> search = new CoreSearch<>(model, ops, engine, maxMemory, deadline, budgetText);
        // On a thread of its own, so that the deadline holds even if a model step is slow to return.
        search.locate(violation);
        Future<?> running = Checker.POOL.submit(() -> {
            search.start();
            search.run();
        });
        try {
            running.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            search.stop();
            try {
                running.get(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException late) {
                // abandoned
            } catch (InterruptedException late) {
                Thread.currentThread().interrupt();
            }
        } catch (InterruptedException e) {
            search.stop();
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
        int[] found = search.stopped ? null : search.core;
        if (found == null || found.length > NEIGHBOURHOOD) {
            String why = search.stopped ? budgetText
                    : found != null ? "the smallest core found has " + found.length + " operations"
                    : search.undecided != null ? search.undecided : "no set of operations was proven a core";
            return Explainer.notFound(model, search.neighbourhood(), why + search.givenUpText(), search.checks, start);
        }
        boolean minimal = search.minimal;
        // Replayed in the window that proved the core, when one did: the same relaxation from the window's start.
        String key = Arrays.toString(found);
        Integer w = search.provenInWindow.get(key);
        if (w == null && ops.size() > windowMinOperations && !search.stopped) {
            search.windowed(found, key);
            w = search.provenInWindow.get(key);
        }
        List<Operation> relaxed = w == null ? search.relaxedHistory(found) : search.window(found, w);
        List<S> initial = w == null ? List.of(model.init()) : search.bounds.get(w).upper();
        return Explainer.explain(model, search.operations(found), relaxed, initial, minimal,
                minimal ? null : search.undecided, search.checks, start, deadline);
    }

    /** What the search gave up while seeking a core, for the explanation ("" when nothing). */
    private String givenUpText() {
        String text = "";
        if (givenUp > 0) {
            text += "; " + givenUp + (givenUp == 1 ? " more check was given up: its relaxed history began"
                    : " more checks were given up: their relaxed histories began") + " with the " + stuckPrefix.length
                    + " relaxed operations among which an earlier check ran out of its steps";
        }
        return text;
    }

    private void stop() {
        stopped = true;
        Budget b = current;
        if (b != null) {
            b.stop(budgetText);
        }
    }

    /** The failing operation: the one the first longest partial linearization could not place. */
    private void locate(Violation violation) {
        Integer failingId = violation == null || violation.longest().isEmpty() ? null
                : violation.longest().get(0).unplaced().id();
        Integer guessId = null;
        if (failingId != null) {
            List<Step> steps = violation.longest().get(0).steps();
            // One that returned after the failing operation would make R of the pair longer (it holds the operations
            // called up to the pair's last return), often too long to decide in its steps.
            long end = violation.longest().get(0).unplaced().ret();
            for (int k = steps.size() - 1; k >= 0 && guessId == null; k--) {
                Operation op = steps.get(k).operation();
                if (!op.isPending() && !model.isReadOnly(op.input(), op.output()) && op.ret() <= end) {
                    guessId = op.id();
                }
            }
        }
        if (failingId != null) {
            failing = positionOf(failingId);
            guess = guessId == null ? -1 : positionOf(guessId);
        }
    }

    /**
     * The position of the operation numbered {@code id}, or -1. A history's operations are numbered by position, so
     * that one is looked at first (one operation made, not all: issue 23); a partition of a larger history is
     * searched.
     */
    private int positionOf(int id) {
        if (id >= 0 && id < inputs.length && ops.get(id).id() == id) {
            return id;
        }
        for (int i = 0; i < inputs.length; i++) {
            if (ops.get(i).id() == id) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The candidates: where the model splits the partition (a kv history checked
     * unpartitioned), only the failing operation's part, which is a history of its own.
     */
    private void start() {
        if (inputs.length <= HIDDEN_MAX_OPERATIONS) {
            hide(inert.clone());
        }
        boolean[] inPart = partOf(failing);
        long end = failing < 0 ? Long.MAX_VALUE : rets[failing];
        int[] all = new int[inputs.length];
        int n = 0;
        for (int i = 0; i < inputs.length && calls[i] <= end; i++) {
            if (!pending(i) && inPart[i]) {
                all[n++] = i;
            }
        }
        universe = Arrays.copyOf(all, n);
        for (int i = 0; i < inputs.length; i++) {
            inert[i] |= !inPart[i]; // outside the part: never in R(C)
        }
    }

    /** Which positions are in the model's part of {@code position} (all when it does not split them). */
    private boolean[] partOf(int position) {
        boolean[] in = new boolean[inputs.length];
        Arrays.fill(in, true);
        if (position < 0) {
            return in;
        }
        List<Partition> parts;
        try {
            parts = model.partition(java.util.Collections.unmodifiableList(ops)); // not copied
        } catch (RuntimeException e) {
            return in;
        }
        if (parts.size() < 2) {
            return in;
        }
        Map<Integer, Integer> positionOfId = new HashMap<>();
        for (int i = 0; i < inputs.length; i++) {
            positionOfId.put(ops.get(i).id(), i);
        }
        int id = ops.get(position).id();
        for (Partition part : parts) {
            if (part.operations().stream().anyMatch(op -> op.id() == id)) {
                Arrays.fill(in, false);
                part.operations().forEach(op -> {
                    Integer p = positionOfId.get(op.id());
                    if (p != null) {
                        in[p] = true;
                    }
                });
            }
        }
        return in;
    }

    private void run() {
        // The engines' own knowledge first: the failing operation and the last state change before it, often the
        // whole core (a register's read and the write that overwrote its value); else the candidates' suffixes.
        int[] start = null;
        seeking = true;
        if (failing >= 0 && guess >= 0 && contains(universe, guess)) {
            int[] pair = union(new int[]{failing}, new int[]{guess});
            if (fails(pair)) {
                start = pair;
            }
        }
        if (start == null && !stopped) {
            start = failingPair();
        }
        if (start == null && !stopped) {
            start = smallestFailingSuffix();
        }
        seeking = false;
        if (start == null || stopped) {
            return;
        }
        // The failing operation is tried last: it is in nearly every core.
        int[] others = failing >= 0 ? minus(start, new int[]{failing}) : start;
        others = lateReturnsFirst(others);
        core = start;
        decided = true;
        int[] c = reduce(start, others);
        if (failing >= 0 && contains(c, failing)) {
            c = reduce(c, new int[]{failing});
        }
        core = c;
        if (!decided) {
            // An operation was kept because a check of a larger set could not decide; the core now is smaller, and
            // R(core \ {c}) of each of its operations is a check of fewer operations, which may well decide.
            c = confirm(c);
            core = c;
        }
        minimal = decided && !stopped;
    }

    /**
     * {@code c} (a core) checked for 1-minimality directly: R(c \ {x}) for each x; one found not linearizable drops x
     * (and the rest is checked again). Sets {@link #decided} when every check said linearizable.
     */
    private int[] confirm(int[] c) {
        boolean again = true;
        while (again && !stopped) {
            again = false;
            boolean all = true;
            for (int x : c) {
                Boolean without = verdict(minus(c, new int[]{x}));
                if (Boolean.TRUE.equals(without)) {
                    c = minus(c, new int[]{x});
                    again = true;
                    break;
                }
                all &= without != null;
            }
            decided = all;
        }
        return c;
    }

    /**
     * {@code c} (a core) without as many of the operations {@code tried} as can go: all of them at once if R
     * stays not linearizable without them, else each half in turn, down to single operations (QuickXplain's
     * splitting), in the order {@code tried} gives. Relaxing more operations only adds linearizations, so an operation
     * found needed here stays needed in every smaller core: the result is 1-minimal when every check was decided
     * ({@link #decided}).
     */
    private int[] reduce(int[] c, int[] tried) {
        if (tried.length == 0 || stopped) {
            return c;
        }
        int[] removed = tried.clone();
        Arrays.sort(removed);
        Boolean without = verdict(minus(c, removed));
        if (Boolean.TRUE.equals(without)) {
            return minus(c, removed);
        }
        if (tried.length == 1) {
            decided &= without != null;
            return c;
        }
        int half = tried.length / 2;
        int[] first = Arrays.copyOfRange(tried, 0, half);
        int[] second = Arrays.copyOfRange(tried, half, tried.length);
        int[] reduced = reduce(c, first);
        return reduce(reduced, second);
    }

    /**
     * {@code set} with the operations that returned after the failing one first, latest first, then the rest in
     * call order: {@link #reduce} tries to remove them first, and R of a set without them holds fewer operations (R
     * holds those called up to the set's last return; an append open for a thousand events makes it several times
     * longer, and each check then runs out of its steps).
     */
    private int[] lateReturnsFirst(int[] set) {
        long end = failing < 0 ? Long.MAX_VALUE : rets[failing];
        Integer[] order = new Integer[set.length];
        for (int i = 0; i < set.length; i++) {
            order[i] = set[i];
        }
        Arrays.sort(order, (a, b) -> {
            boolean lateA = rets[a] > end;
            boolean lateB = rets[b] > end;
            if (lateA != lateB) {
                return lateA ? -1 : 1;
            }
            return lateA && rets[a] != rets[b] ? Long.compare(rets[b], rets[a])
                    : Integer.compare(a, b);
        });
        int[] out = new int[set.length];
        for (int i = 0; i < set.length; i++) {
            out[i] = order[i];
        }
        return out;
    }

    /**
     * The failing operation and one other candidate that is a core, or {@code null}: of the candidates that returned
     * before the failing operation was called and with which it cannot be ordered alone (else the pair is no core:
     * rule 4), the {@link #PAIRS_TRIED} called last. Most cores of a register, a cas-register or a key are such a pair
     * (a read and the write that overwrote its value; a get and an append its value lacks), and R of the pair holds
     * no operation called after the failing one returned; a suffix of the candidates may hold operations that
     * overlap the failing one and reveal more of the others, whose R is longer and may not decide in its steps
     * (porcupine's `c50-bad` key "4": 215,567 steps in 25 checks, 3,158 in 5 with the pair).
     */
    private int[] failingPair() {
        if (failing < 0) {
            return null;
        }
        int tried = 0;
        for (int k = universe.length - 1; k >= 0 && tried < PAIRS_TRIED && !stopped; k--) {
            int x = universe[k];
            if (x == failing || x == guess || rets[x] >= calls[failing]) {
                continue;
            }
            int[] pair = union(new int[]{failing}, new int[]{x});
            if (!completed(pair) || aloneLinearizable(pair)) {
                continue;
            }
            tried++;
            if (fails(pair)) {
                return pair;
            }
        }
        return null;
    }

    /**
     * Whether the completed operations at {@code set} alone are linearizable, by trying every order real time
     * allows (a set of at most {@link #SMALL_SET} operations: at most 24 orders, no engine set up for them).
     */
    private boolean aloneLinearizable(int[] set) {
        return placeAll(set, 0, model.init());
    }

    private boolean placeAll(int[] set, int placed, S state) {
        if (placed == (1 << set.length) - 1) {
            return true;
        }
        for (int i = 0; i < set.length; i++) {
            if ((placed & (1 << i)) != 0 || !minimalNext(set, placed, i)) {
                continue;
            }
            S next = model.step(state, inputs[set[i]], outputs[set[i]]);
            if (next != null && placeAll(set, placed | (1 << i), next)) {
                return true;
            }
        }
        return false;
    }

    /** Whether every operation at {@code set} completed (a crashed one is optional, which the orders do not try). */
    private boolean completed(int[] set) {
        for (int i : set) {
            if (pending(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether no other unplaced operation of {@code set} returned before operation {@code i} was called. */
    private boolean minimalNext(int[] set, int placed, int i) {
        for (int j = 0; j < set.length; j++) {
            if (j != i && (placed & (1 << j)) == 0 && rets[set[j]] < calls[set[i]]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The shortest suffix of the candidates (in call order, at least {@link #FIRST_WINDOW} long, doubling) that
     * is a core together with the failing operation, or {@code null}.
     */
    private int[] smallestFailingSuffix() {
        for (int k = FIRST_WINDOW; !stopped; k *= 2) {
            int[] suffix = Arrays.copyOfRange(universe, Math.max(0, universe.length - k), universe.length);
            if (failing >= 0) {
                suffix = union(suffix, new int[]{failing});
            }
            if (fails(suffix)) {
                return suffix;
            }
            if (k >= universe.length) {
                return null;
            }
        }
        return null;
    }

    private boolean fails(int[] set) {
        return Boolean.TRUE.equals(verdict(set));
    }

    /** Whether R(set) is not linearizable: {@code true}, {@code false}, or {@code null} when a check could not tell. */
    private Boolean verdict(int[] set) {
        String key = Arrays.toString(set);
        if (verdicts.containsKey(key)) {
            return verdicts.get(key);
        }
        for (int[] known : linearizableSets) {
            if (subset(set, known)) {
                return false;
            }
        }
        for (int[] known : failingSets) {
            if (subset(known, set)) {
                return true;
            }
        }
        Boolean v;
        // The others doing nothing, R(set) is linearizable when the set alone is: a check of a few operations.
        Verdict alone;
        if (set.length <= SMALL_SET && completed(set)) {
            checks++;
            alone = aloneLinearizable(set) ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
        } else {
            // Within the steps of a relaxed check: a large set alone can cost as much as the check that found the
            // violation (a TLA+ spec's 1,024 operations: 10 s), and R(set), checked next, decides it as well (R(set)
            // is linearizable when the set alone is). Out of steps, R(set) is checked instead.
            alone = check(b -> model, operations(set), engine, false, steps(set.length));
        }
        if (alone == Verdict.LINEARIZABLE) {
            v = false;
        } else if (alone == Verdict.UNKNOWN && (stopped || !aloneOutOfSteps)) {
            v = null;
        } else {
            v = inputs.length > windowMinOperations ? windowed(set, key) : null;
            if (v == null && !stopped) {
                List<Operation> relaxed = relaxedHistory(set);
                if (relaxed.size() == set.length) {
                    v = true; // nothing relaxed: R(set) is the set alone
                } else {
                    Verdict r = relaxedCheck(relaxed, List.of(model.init()), seeking);
                    v = r == Verdict.UNKNOWN ? null : r == Verdict.NOT_LINEARIZABLE;
                }
            }
        }
        if (v == null && !stopped && undecided == null) {
            undecided = lastReason;
        }
        if (!stopped) {
            verdicts.put(key, v);
            if (v != null) {
                (v ? failingSets : linearizableSets).add(set);
            }
        }
        return v;
    }

    /**
     * Whether {@code relaxed}, a relaxed history (or a window of one), is linearizable from some state of
     * {@code init}. dfs finds a linearization soon when there is one (most checks); the frontier proves there is
     * none without trying every order of the relaxed operations. {@code mayGiveUp} (a relaxed history from the initial
     * state, while no core is found yet): the frontier check is given up when the history begins where an earlier
     * one ran out of its steps, and one that runs out now is noted ({@link #noteStuck}).
     */
    private Verdict relaxedCheck(List<Operation> relaxed, List<S> init, boolean mayGiveUp) {
        TrackedRelaxedModel.Plan<S> plan = new TrackedRelaxedModel.Plan<>(model, relaxed);
        long steps = steps(relaxed.size());
        Verdict r;
        RelaxedReach[] made = new RelaxedReach[1];
        if (plan.tracks()) {
            r = check(b -> new TrackedRelaxedModel<>(model, b, steps / DFS_SHARE, plan, init).toModel(),
                    plan.history(), Engine.DFS);
            if (r == Verdict.UNKNOWN && !stopped) {
                if (mayGiveUp && beginsStuck(relaxed)) {
                    return givenUp();
                }
                r = check(b -> {
                    TrackedRelaxedModel<S> m = new TrackedRelaxedModel<>(model, b, steps, plan, init);
                    made[0] = m;
                    return m.toModel();
                }, plan.history(), Engine.FRONTIER, true);
            }
        } else {
            r = check(b -> new RelaxedModel<>(model, b, steps / DFS_SHARE, init).toModel(), relaxed, Engine.DFS);
            if (r == Verdict.UNKNOWN && !stopped) {
                if (mayGiveUp && beginsStuck(relaxed)) {
                    return givenUp();
                }
                r = check(b -> {
                    RelaxedModel<S> m = new RelaxedModel<>(model, b, steps, init);
                    if (mayGiveUp) {
                        m.noting(relaxed); // a lookup per step, only where its reach is used
                    }
                    made[0] = m;
                    return m.toModel();
                }, relaxed, Engine.FRONTIER, true);
            }
        }
        if (r == Verdict.UNKNOWN && !stopped && mayGiveUp && made[0] != null && made[0].outOfSteps()) {
            noteStuck(relaxed, made[0].reached());
        }
        return r;
    }

    /**
     * A frontier check of {@code relaxed} (from the initial state) ran out of its steps having stepped no operation
     * past position {@code reached}: when none of those is one of the set's, they are all optional, and every later
     * relaxed history that begins with them makes the same states from them (the relaxed prefix): noted, so that
     * the search for a core gives those checks up instead of running out of steps among them again. On a TLA+
     * queue's violation (docs/benchmarks.md, branch tla12) each relaxed operation before the set could add a state,
     * and every such check ran out among the first dozen operations, however late its set began.
     */
    private void noteStuck(List<Operation> relaxed, int reached) {
        if (reached < 0 || stuckPrefix != null && stuckPrefix.length <= reached + 1) {
            return;
        }
        for (int i = 0; i <= reached; i++) {
            if (!optional(relaxed.get(i))) {
                return;
            }
        }
        int[] ids = new int[reached + 1];
        for (int i = 0; i <= reached; i++) {
            ids[i] = relaxed.get(i).id();
        }
        stuckPrefix = ids;
    }

    /** Whether {@code relaxed} begins with {@link #stuckPrefix}'s operations, all optional, and has more. */
    private boolean beginsStuck(List<Operation> relaxed) {
        if (stuckPrefix == null || relaxed.size() <= stuckPrefix.length) {
            return false;
        }
        for (int i = 0; i < stuckPrefix.length; i++) {
            Operation op = relaxed.get(i);
            if (op.id() != stuckPrefix[i] || !optional(op)) {
                return false;
            }
        }
        return true;
    }

    /** An operation of a relaxed history that is none of the set's: relaxed, or crashed. */
    private static boolean optional(Operation op) {
        return op.input() instanceof RelaxedModel.Relaxed || op.isPending();
    }

    /** A frontier check given up ({@link #beginsStuck}): undecided, and said so in the explanation. */
    private Verdict givenUp() {
        givenUp++;
        lastReason = RelaxedModel.OUT_OF_STEPS;
        return Verdict.UNKNOWN;
    }

    /**
     * The states a window starting at position {@code w} may start from (docs/semantics.md, "Windows"):
     * {@code upper}, every state the relaxed steps of the operations before {@code w} can make from the initial
     * state, in any order and any number of times (a superset of those a linearization of R(C) can be in when its
     * last operation that returned before the window's first call is placed); {@code lower}, the initial state and
     * those one relaxed step of an operation that returned before then makes (each a linearization's true start).
     */
    private record Bounds<S>(List<S> upper, List<S> lower) {
        boolean exact() {
            return upper.size() == lower.size() && new java.util.HashSet<>(upper).containsAll(lower);
        }
    }

    /** {@link Bounds} of the window starting at {@code w}, or {@code null} when they have too many states. */
    private Bounds<S> bounds(int w) {
        if (bounds.containsKey(w)) {
            return bounds.get(w);
        }
        if (firstSteps == null) {
            firstSteps = new java.util.LinkedHashMap<>();
            latestReturn = new long[inputs.length];
            // An input seen before as the same object makes the same relaxed step with an unknown output: its
            // entry is found by identity, without a key made and hashed per operation (prepared inputs are shared:
            // a register's writes of small numbers).
            java.util.IdentityHashMap<Object, long[]> unknownOutput = new java.util.IdentityHashMap<>();
            int[] pending = new int[16];
            int pendingCount = 0;
            long latest = Long.MIN_VALUE;
            for (int i = 0; i < inputs.length; i++) {
                boolean crashed = pending(i);
                if (!crashed) {
                    latest = Math.max(latest, rets[i]);
                }
                latestReturn[i] = latest;
                if (inert[i]) {
                    continue;
                }
                if (crashed) {
                    if (pendingCount == pending.length) {
                        pending = Arrays.copyOf(pending, pendingCount * 2);
                    }
                    pending[pendingCount++] = i;
                }
                long ret = crashed ? Long.MAX_VALUE : rets[i];
                Object input = inputs[i];
                long[] seen = unknownOutput.get(input);
                if (seen != null) {
                    seen[1] = Math.min(seen[1], ret);
                } else {
                    unknownOutput.put(input, note(new RelaxedModel.Relaxed(input, Operation.UNKNOWN, -1), i, ret));
                }
                if (!crashed && outputKnown(i)) {
                    note(new RelaxedModel.Relaxed(input, outputs[i], -1), i, ret);
                }
            }
            pendingPositions = Arrays.copyOf(pending, pendingCount);
        }
        long start = calls[w];
        List<RelaxedModel.Relaxed> before = new ArrayList<>();
        List<RelaxedModel.Relaxed> returned = new ArrayList<>();
        for (Map.Entry<RelaxedModel.Relaxed, long[]> e : firstSteps.entrySet()) {
            if (e.getValue()[0] < w) {
                before.add(e.getKey());
            }
            if (e.getValue()[1] < start) {
                returned.add(e.getKey());
            }
        }
        S init = model.init();
        java.util.LinkedHashSet<S> upper = new java.util.LinkedHashSet<>(List.of(init));
        java.util.ArrayDeque<S> work = new java.util.ArrayDeque<>(upper);
        long steps = 0;
        Bounds<S> b = null;
        closure:
        while (true) {
            S s = work.poll();
            if (s == null) {
                java.util.LinkedHashSet<S> lower = new java.util.LinkedHashSet<>(List.of(init));
                for (RelaxedModel.Relaxed r : returned) {
                    S next = model.step(init, r.input(), r.output());
                    if (next != null) {
                        lower.add(next);
                    }
                }
                b = new Bounds<>(List.copyOf(upper), List.copyOf(lower));
                break;
            }
            for (RelaxedModel.Relaxed r : before) {
                S next = model.step(s, r.input(), r.output());
                if (++steps > WINDOW_CLOSURE_STEPS) {
                    break closure;
                }
                if (next != null && upper.add(next)) {
                    if (upper.size() > WINDOW_MAX_STATES) {
                        break closure;
                    }
                    work.add(next);
                }
            }
        }
        bounds.put(w, b);
        return b;
    }

    /** Notes {@code step} made by the operation at {@code position}, returning at {@code ret}; its entry. */
    private long[] note(RelaxedModel.Relaxed step, int position, long ret) {
        long[] first = firstSteps.get(step);
        if (first == null) {
            first = new long[]{position, ret};
            firstSteps.put(step, first);
        } else {
            first[1] = Math.min(first[1], ret);
        }
        return first;
    }

    /**
     * R(set) checked in windows (docs/semantics.md, "Windows"): the operations of R(set) from position {@code w}
     * on, with those before it still running at the window's first call, starting from {@link Bounds}. Not
     * linearizable from {@code upper}: neither is R(set); linearizable from {@code lower}: so is R(set). Else the
     * window doubles. {@code null} when no window decides before it would hold every operation (the whole check
     * then does), or the states a window may start from are too many.
     */
    private Boolean windowed(int[] set, String key) {
        int anchor = set[0];
        // Windows start on a grid back from the candidates' end, so that sets share their bounds.
        int end = universe.length == 0 ? anchor : Math.max(anchor, universe[universe.length - 1]);
        int first = firstWindowOperations;
        for (long back = first; !stopped; back *= 2) {
            long w = end - back;
            if (w > anchor - first) {
                continue;
            }
            if (w <= 0) {
                return null;
            }
            Bounds<S> b = bounds((int) w);
            if (b == null) {
                return null;
            }
            List<Operation> window = window(set, (int) w);
            Verdict r = relaxedCheck(window, b.upper(), false);
            if (r == Verdict.NOT_LINEARIZABLE) {
                provenInWindow.put(key, (int) w);
                return true;
            }
            if (r == Verdict.UNKNOWN) {
                return null;
            }
            if (b.exact() || relaxedCheck(window, b.lower(), false) == Verdict.LINEARIZABLE) {
                return false;
            }
        }
        return null;
    }

    /**
     * The window of R(set) starting at position {@code w}: its operations from {@code w} on, and those before
     * {@code w} that had not returned at its first call (crashed ones included), in call order.
     */
    private List<Operation> window(int[] set, int w) {
        long lastReturn = Long.MIN_VALUE;
        for (int i : set) {
            lastReturn = Math.max(lastReturn, rets[i]);
        }
        long start = calls[w];
        List<Operation> history = new ArrayList<>();
        int from = w;
        while (from > 0 && latestReturn[from - 1] >= start) {
            from--;
        }
        for (int i : pendingPositions) {
            if (i >= from) {
                break;
            }
            history.add(ops.get(i));
        }
        for (int i = from; i < w; i++) {
            if (!inert[i] && (pending(i) || rets[i] >= start)) {
                history.add(pending(i) ? ops.get(i) : RelaxedModel.relax(ops.get(i)));
            }
        }
        int k = 0; // the set's first operation is at w or later
        for (int i = w; i < inputs.length && calls[i] <= lastReturn; i++) {
            if (k < set.length && set[k] == i) {
                history.add(ops.get(i));
                k++;
            } else if (!inert[i]) {
                history.add(pending(i) ? ops.get(i) : RelaxedModel.relax(ops.get(i)));
            }
        }
        history.sort(java.util.Comparator.comparingLong(Operation::call));
        return history;
    }

    /**
     * R(set) (docs/semantics.md): the partition's operations called no later than the set's last return, those of
     * the set as they are, the others relaxed, pending ones as they are, and relaxed ones that can never change the
     * state left out.
     */
    private List<Operation> relaxedHistory(int[] set) {
        long lastReturn = Long.MIN_VALUE;
        for (int i : set) {
            lastReturn = Math.max(lastReturn, rets[i]);
        }
        List<Operation> history = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < inputs.length && calls[i] <= lastReturn; i++) {
            if (k < set.length && set[k] == i) {
                history.add(ops.get(i));
                k++;
            } else if (!inert[i] && !(hiddenFromOthers[i] && !revealedBy(set, i))) {
                history.add(pending(i) ? ops.get(i) : RelaxedModel.relax(ops.get(i)));
            }
        }
        return history;
    }

    /**
     * Whether an operation of {@code set} that may follow operation {@code o} may reveal it, or has an unknown output
     * and the model's promise may drop it with {@code o} (one of C must stay; {@link Model#mayRevealKeepsCompleted}).
     */
    private boolean revealedBy(int[] set, int o) {
        boolean keeps = model.mayRevealKeepsCompleted();
        for (int p : set) {
            if (rets[p] >= calls[o] && (!outputKnown(p) && !keeps
                    || model.mayReveal(inputs[o], inputs[p], outputs[p]))) {
                return true;
            }
        }
        return false;
    }

    /** The steps a check of {@code operations} may take: fewer for a model whose steps cost more. */
    private long steps(int operations) {
        return (BASE_STEPS + STEPS_PER_OPERATION * operations) / Math.max(1, model.stepCost());
    }

    /**
     * {@code history} checked with the model {@code m} makes for the check's budget (which it may stop), within
     * the deadline.
     */
    private <T> Verdict check(java.util.function.Function<Budget, Model<T>> m, List<Operation> history,
                              Engine with) {
        return check(m, history, with, false);
    }

    /** {@link #check}; {@code retry}: the same history again with another engine, not counted as a check. */
    private <T> Verdict check(java.util.function.Function<Budget, Model<T>> m, List<Operation> history,
                              Engine with, boolean retry) {
        return check(m, history, with, retry, Long.MAX_VALUE);
    }

    /**
     * {@link #check}; {@code work}: the search's steps ({@link Budget#round}), {@code Long.MAX_VALUE} for no limit.
     * A check that runs out of them sets {@link #aloneOutOfSteps} and no reason for the core's explanation (the
     * caller goes on with another check).
     */
    private <T> Verdict check(java.util.function.Function<Budget, Model<T>> m, List<Operation> history,
                              Engine with, boolean retry, long work) {
        aloneOutOfSteps = false;
        if (stopped || deadline - System.nanoTime() <= 0) {
            stopped = true;
            return Verdict.UNKNOWN;
        }
        Budget outer = Budget.until(deadline, budgetText).withMaxMemory(maxMemory);
        Budget budget = work == Long.MAX_VALUE ? outer : outer.round(work);
        current = budget;
        if (stopped) {
            budget.stop(budgetText);
        }
        Model<T> counted = m.apply(budget);
        if (!retry) {
            checks++; // a history or set checked once, whether dfs decides it or the frontier after it
        }
        Verdict v;
        try {
            v = Checker.verdictOf(counted, history, with, budget);
        } catch (RelaxedModel.Stopped e) {
            budget.stop(e.getMessage());
            v = Verdict.UNKNOWN;
        }
        if (v == Verdict.UNKNOWN) {
            if (budgetText.equals(budget.reason()) || deadline - System.nanoTime() <= 0) {
                stopped = true;
            } else if (work != Long.MAX_VALUE && Budget.WORK_LIMIT.equals(budget.reason())) {
                aloneOutOfSteps = true;
            } else {
                lastReason = budget.reason() == null ? "a check could not decide" : budget.reason();
            }
        }
        return v;
    }

    /** The operations at {@code set}, in call order. */
    private List<Operation> operations(int[] set) {
        List<Operation> history = new ArrayList<>(set.length);
        for (int i : set) {
            history.add(ops.get(i));
        }
        return history;
    }

    /**
     * At most {@link #NEIGHBOURHOOD} operations around the failing one: it and the candidates called last before
     * it returned, in call order (the partition's last operations when no operation failed).
     */
    private List<Operation> neighbourhood() {
        List<Operation> near = new ArrayList<>();
        if (failing < 0) {
            for (int i = Math.max(0, inputs.length - NEIGHBOURHOOD); i < inputs.length; i++) {
                near.add(ops.get(i));
            }
            return near;
        }
        long end = rets[failing];
        int last = failing;
        while (last + 1 < inputs.length && calls[last + 1] <= end) {
            last++;
        }
        for (int i = last; i >= 0 && near.size() < NEIGHBOURHOOD - 1; i--) {
            if (i != failing && !pending(i)) {
                near.add(ops.get(i));
            }
        }
        near.add(ops.get(failing));
        near.sort(java.util.Comparator.comparingLong(Operation::call).thenComparingInt(Operation::id));
        return near;
    }

    /** Whether sorted {@code a} is a subset of sorted {@code b}. */
    private static boolean subset(int[] a, int[] b) {
        if (a.length > b.length) {
            return false;
        }
        int j = 0;
        for (int x : a) {
            while (j < b.length && b[j] < x) {
                j++;
            }
            if (j == b.length || b[j] != x) {
                return false;
            }
            j++;
        }
        return true;
    }

    private static boolean contains(int[] sorted, int x) {
        return Arrays.binarySearch(sorted, x) >= 0;
    }

    /** The union of sorted {@code a} and sorted {@code b}, sorted. */
    private static int[] union(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            if (j >= b.length || i < a.length && a[i] < b[j]) {
                out[n++] = a[i++];
            } else if (i >= a.length || b[j] < a[i]) {
                out[n++] = b[j++];
            } else {
                out[n++] = a[i++];
                j++;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** The elements of sorted {@code set} not in sorted {@code removed}. */
    private static int[] minus(int[] set, int[] removed) {
        int[] out = new int[set.length];
        int n = 0;
        int k = 0;
        for (int x : set) {
            while (k < removed.length && removed[k] < x) {
                k++;
            }
            if (k < removed.length && removed[k] == x) {
                continue;
            }
            out[n++] = x;
        }
        return Arrays.copyOf(out, n);
    }
}
