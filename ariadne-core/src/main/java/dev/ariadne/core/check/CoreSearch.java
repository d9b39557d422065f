package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.ObservedValues;
import dev.ariadne.core.search.Budget;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Finds a minimal failing core of a violated partition (see {@link Explanation}): delta debugging (Zeller's ddmin)
 * over the partition's operations with the engines as the oracle, then one operation at a time until none can go.
 * A set qualifies when, the other operations removed, it is not linearizable, and every observation in it (an
 * operation with a known output) that the partition's operations could produce at some time (their intervals kept,
 * their outputs forgotten), the rest of the set can still produce. Removing operations can make a history fail for a reason it did not have (a read of 1 without
 * the write of 1); that second rule keeps such sets out.
 *
 * <p>Where the model splits the operations (a kv history checked with {@code --no-partition}) the search stays in
 * one part that is not linearizable on its own. It starts from the operations of the first longest partial
 * linearization, its unplaced operation and its candidates when they fail, and reduces first the observations that
 * change nothing (reads, gets), everything else kept, then the rest ({@link #observationsFirst}); a cheap witness
 * (the operations in the longest linearization's order, checked step by step with the model) answers most of the
 * rule's questions before any search. Models without such observations get plain ddmin.
 *
 * <p>Verdicts other than {@link Verdict#NOT_LINEARIZABLE} (including {@link Verdict#UNKNOWN}, when a check runs out
 * of its share of the budget) count as "not known to fail", so a reported core is always one the engines proved
 * not linearizable; it is called minimal only when every removal was decided. Whether operations can produce an
 * observation gets a small fixed time: undecided within it, the rule keeps the set out (it is not known to
 * qualify), and whether all of the partition's operations could produce it counts as yes. The rule is applied to
 * sets of up to {@link #GUARDED_SIZE} operations, which is where cores end.
 */
final class CoreSearch<S> {
    /** What a single oracle check may use of the budget left, so that one hard check cannot use it all. */
    private static final int CHECK_SHARE = 4;
    /**
     * Sets up to this size are held to the rule that they can produce their observations; checking it for larger
     * ones costs more than it saves, and a core that ends larger is not called minimal.
     */
    static final int GUARDED_SIZE = 32;
    /** How long a check whether some operations can produce an observation may take. */
    private static final long PRODUCIBLE_NANOS = 10_000_000L;
    /** How many other observations {@link #withTheFailure} pairs with the failing operation. */
    private static final int PAIRS_TRIED = 16;
    /** The share of the budget, in tenths, that {@link #observationsFirst} may use before the plain search runs. */
    private static final int OBSERVATIONS_FIRST_TENTHS = 6;
    /** How long a check of the first stage of {@link #observationsFirst} may take. */
    private static final long FIRST_STAGE_NANOS = 30_000_000L;
    /**
     * How many times its fixed time a check gets when {@link #onePass} tries again the checks it could not decide: a
     * small check that ran out of its few milliseconds was more often descheduled or paused than hard.
     */
    private static final int PATIENCE = 8;
    /** How long a check while ddmin reduces may take (the one-at-a-time pass that proves minimality gets more). */
    private static final long REDUCING_CHECK_NANOS = 100_000_000L;
    private static final long MIN_CHECK_NANOS = 20_000_000L;
    private static final long STOP_GRACE_MILLIS = 100;

    private final Model<S> model;
    final Operation[] ops;
    private final Engine engine;
    private final long maxMemory;
    private final long deadline;
    private final String budgetText;
    private final Map<String, Verdict> verdicts = new HashMap<>();
    /** What the fixed times of checks are multiplied by: {@link #PATIENCE} while {@link #onePass} tries again. */
    private int patience = 1;
    private volatile int[] best;
    private volatile boolean stopped;
    private volatile Budget current;
    private volatile boolean minimal;
    private volatile String limit;
    private volatile int checks;
    private int[] reduced;
    /** The positions searched: all, or the part of them the model's partitioning found failing. */
    private int[] universe;
    /** Each position's rank in the order {@link #witnessed} tries first. */
    private int[] order;
    /** How many positions {@link #order} takes from the longest linearization. */
    private int templateLength;
    /** The position of the operation the first longest linearization could not place, or -1. */
    private int unplaced = -1;
    /** When the current stage of the search ends (checks after it are undecided), within {@link #deadline}. */
    private long phaseDeadline = Long.MAX_VALUE;
    /** Sets larger than this are not held to the rule that they can produce their observations. */
    private int guardedSize = GUARDED_SIZE;
    private final Boolean[] producibleByAll;
    private final boolean forgetsOutputs;

    private CoreSearch(Model<S> model, List<Operation> ops, Engine engine, long maxMemory, long deadline,
                       String budgetText) {
        this.model = model;
        this.ops = ops.toArray(new Operation[0]);
        this.engine = engine;
        this.maxMemory = maxMemory;
        this.deadline = deadline;
        this.budgetText = budgetText;
        int[] all = new int[this.ops.length];
        Arrays.setAll(all, i -> i);
        this.best = all;
        this.universe = all;
        this.producibleByAll = new Boolean[this.ops.length];
        this.forgetsOutputs = model.forgetsOutputs();
    }

    /** Positions {@code 0..n-1} that satisfy a test. */
    private static final class IntStreams {
        static int[] where(int n, java.util.function.IntPredicate test) {
            return java.util.stream.IntStream.range(0, n).filter(test).toArray();
        }
    }

    /**
     * The explanation of a partition known not to be linearizable: its operations {@code ops} (prepared, in call
     * order), the engines' evidence {@code violation} (whose longest partial linearization seeds the search),
     * searched with {@code engine} until {@code deadline} ({@link System#nanoTime()}); past it the smallest failing
     * set found is reported, not minimal, with {@code budgetText} as the reason.
     */
    static <S> Explanation explain(Model<S> model, List<Operation> ops, Violation violation, Engine engine,
                                   long maxMemory, long deadline, String budgetText) {
        long start = System.nanoTime();
        CoreSearch<S> search = new CoreSearch<>(model, ops, engine, maxMemory, deadline, budgetText);
        // On a thread of its own, so that the deadline holds even if a model step is slow to return.
        Future<?> running = Checker.POOL.submit(() -> search.run(violation));
        try {
            running.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            search.stop();
            try {
                running.get(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException late) {
                // abandoned: the best set found so far stands
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
        boolean minimal = search.minimal && !search.stopped;
        String limit = minimal ? null : search.limit != null ? search.limit : budgetText;
        List<Operation> core = new ArrayList<>();
        for (int i : search.best) {
            core.add(search.ops[i]);
        }
        return Explainer.explain(model, core, minimal, limit, search.checks, start, deadline);
    }

    private void stop() {
        stopped = true;
        Budget b = current;
        if (b != null) {
            b.stop(budgetText);
        }
    }

    private void run(Violation violation) {
        order = templateOrder(violation);
        universe = failingPart(violation);
        best = universe;
        int[] seed = seed(violation);
        // The observations-first reduction gets most of the budget, not all: on a machine too busy for its checks
        // to decide, the plain search below still finds a smaller failing set than the whole part.
        long now = System.nanoTime();
        phaseDeadline = now + (deadline - now) / 10 * OBSERVATIONS_FIRST_TENTHS;
        if (seed != null && seed.length < universe.length && observationsFirst(seed) || observationsFirst(universe)) {
            if (stopped || best.length < universe.length && !(minimal && best.length > 2)) {
                return;
            }
        }
        int[] found = best;
        boolean foundMinimal = minimal;
        String foundLimit = limit;
        // With a minimal core in hand, the plain search may take as long again to look for a smaller one.
        long spent = System.nanoTime() - now;
        phaseDeadline = foundMinimal ? System.nanoTime() + spent : Long.MAX_VALUE;
        minimal = false;
        limit = null;
        plainSearch(seed);
        // A 1-minimal core is not always the smallest: of two minimal ones, the smaller; else the observations-first
        // one when it was minimal.
        if (foundMinimal && (!minimal || best.length >= found.length)) {
            best = found;
            minimal = true;
            limit = foundLimit;
        }
    }

    /** Plain ddmin from the longest linearization (or the whole part), then one at a time. */
    private void plainSearch(int[] seed) {
        verdicts.clear();
        guardedSize = GUARDED_SIZE;
        int[] start = universe;
        if (seed != null && seed.length < start.length && fails(seed)) {
            start = seed;
        }
        int[] c = ddmin(start, this::fails);
        boolean decided = onePass(c);
        minimal = decided && reduced.length <= guardedSize && Arrays.equals(reduced, best);
        if (!minimal && !stopped) {
            limit = decided ? "a core of more than " + GUARDED_SIZE + " operations is not checked to produce its "
                    + "observations" : "a check of a smaller sub-history ran out of its share of the budget";
        }
    }

    /**
     * Where the model splits the operations (a kv history checked unpartitioned), the part to search: a part that
     * is not linearizable is a failing sub-history of its own, and a core within it stays within its key. The part
     * of the operation that could not be placed is tried first, then the others, smallest first. All positions when
     * the model does not split them or no part is known to fail.
     */
    private int[] failingPart(Violation violation) {
        int[] all = IntStreams.where(ops.length, i -> true);
        List<dev.ariadne.core.model.Partition> parts;
        try {
            parts = model.partition(List.of(ops));
        } catch (RuntimeException e) {
            return all;
        }
        if (parts.size() < 2) {
            return all;
        }
        Map<Integer, Integer> positionOfId = positions();
        Integer unplaced = violation.longest().isEmpty() ? null : violation.longest().get(0).unplaced().id();
        List<int[]> candidates = new ArrayList<>();
        for (dev.ariadne.core.model.Partition part : parts) {
            int[] positions = part.operations().stream().map(op -> positionOfId.get(op.id()))
                    .filter(java.util.Objects::nonNull).mapToInt(i -> i).sorted().toArray();
            candidates.add(positions);
        }
        candidates.sort(java.util.Comparator.<int[], Boolean>comparing(p -> !contains(p, unplaced, positionOfId))
                .thenComparingInt(p -> p.length));
        for (int[] part : candidates) {
            if (stopped) {
                break;
            }
            if (check(history(part), CHECK_SHARE) == Verdict.NOT_LINEARIZABLE) {
                return part;
            }
        }
        return all;
    }

    private static boolean contains(int[] positions, Integer id, Map<Integer, Integer> positionOfId) {
        Integer p = id == null ? null : positionOfId.get(id);
        return p != null && Arrays.binarySearch(positions, p) >= 0;
    }

    /**
     * The reduction that usually ends small: first the observations that change nothing (reads, gets), with every
     * other operation kept, so each observation keeps whatever produced its value; then the other operations, the
     * few observations left fixed; then one at a time. Removing only observations that change nothing cannot take
     * away what another observation needs, so the first stage checks linearizability alone, which is what makes it
     * cheap (each of its checks gets {@link #FIRST_STAGE_NANOS}: one that cannot decide in that time counts as
     * passing); the stages after it hold every set to the full rule, at any size. Starts from {@code start} (the
     * longest linearization's operations, or the whole part) when it is not linearizable. Whether it applied:
     * {@code false} when there are no such observations or the first stage's set does not qualify after all.
     */
    private boolean observationsFirst(int[] start) {
        int[] observations = Arrays.stream(start).filter(i -> observation(i) && !ops[i].isPending()
                && model.isReadOnly(ops[i].input())).toArray();
        if (stopped || observations.length == 0 || observations.length == start.length) {
            return false;
        }
        int[] effects = minus(start, observations);
        guardedSize = Integer.MAX_VALUE;
        Map<String, Boolean> linearizabilityFails = new HashMap<>();
        java.util.function.Predicate<int[]> firstStage = subset -> linearizabilityFails.computeIfAbsent(
                Arrays.toString(subset), k -> {
                    int[] candidate = union(effects, subset);
                    return !witnessed(candidate, -1) && (ObservedValues.surelyNotLinearizable(model,
                            history(candidate)) || check(history(candidate), FIRST_STAGE_NANOS)
                            == Verdict.NOT_LINEARIZABLE);
                });
        if (check(history(start), CHECK_SHARE) != Verdict.NOT_LINEARIZABLE) {
            return false;
        }
        int[] pair = withTheFailure(observations, firstStage);
        int[] seen = pair != null ? pair : ddmin(observations, firstStage);
        if (stopped || !fails(union(effects, seen))) {
            return false;
        }
        int[] firstProducers = ddmin(effects, subset -> fails(union(seen, subset)));
        // With fewer producers, checks of fewer observations get cheaper: one more round of each.
        int[] fewer = ddmin(seen, subset -> fails(union(firstProducers, subset)));
        int[] producers = fewer.length < seen.length
                ? ddmin(firstProducers, subset -> fails(union(fewer, subset))) : firstProducers;
        boolean decided = onePass(union(fewer, producers));
        minimal = decided;
        if (!minimal && !stopped) {
            limit = "a check of a smaller sub-history ran out of its share of the budget";
        }
        return true;
    }

    /** The operations of the first longest partial linearization, its unplaced operation and its candidates. */
    private int[] seed(Violation violation) {
        if (violation.longest().isEmpty()) {
            return null;
        }
        Map<Integer, Integer> positionOfId = positions();
        PartialLinearization pl = violation.longest().get(0);
        Set<Integer> ids = new LinkedHashSet<>();
        for (Step s : pl.steps()) {
            ids.add(s.operation().id());
        }
        ids.add(pl.unplaced().id());
        for (Operation c : pl.candidates()) {
            ids.add(c.id());
        }
        int[] seed = ids.stream().map(positionOfId::get).filter(p -> p != null && Arrays.binarySearch(universe, p) >= 0)
                .mapToInt(i -> i).sorted().toArray();
        return seed.length == 0 ? null : seed;
    }

    /**
     * Every position ranked for {@link #witnessed}: the operations of the first longest partial linearization in its
     * order, then the others by return (pending ones last). Real time allows this order: the linearization placed
     * an operation only after every operation that returned before its call, and a return order respects real time.
     */
    private int[] templateOrder(Violation violation) {
        Map<Integer, Integer> positionOfId = positions();
        int[] rank = new int[ops.length];
        Arrays.fill(rank, -1);
        int next = 0;
        if (!violation.longest().isEmpty()) {
            for (Step step : violation.longest().get(0).steps()) {
                Integer p = positionOfId.get(step.operation().id());
                if (p != null && rank[p] < 0) {
                    rank[p] = next++;
                }
            }
        }
        templateLength = next;
        if (!violation.longest().isEmpty()) {
            unplaced = positionOfId.getOrDefault(violation.longest().get(0).unplaced().id(), -1);
        }
        Integer[] rest = java.util.stream.IntStream.range(0, ops.length).filter(i -> rank[i] < 0).boxed()
                .toArray(Integer[]::new);
        Arrays.sort(rest, java.util.Comparator.comparingLong(i -> ops[i].isPending() ? Long.MAX_VALUE : ops[i].ret()));
        for (int i : rest) {
            rank[i] = next++;
        }
        return rank;
    }

    /**
     * A cheap sufficient test, tried before a search: whether the completed operations of {@code set} and the pending
     * ones the longest linearization placed, in the {@link #templateOrder} (other pending ones left out: they may
     * never take effect), are a legal sequence that real
     * time allows. With {@code o} at least 0, the outputs of {@code set} are forgotten and observation {@code o}
     * (its interval spanning them all) is tried at every point of the sequence: whether they can produce it. A
     * {@code true} is a witness the model accepted; {@code false} says nothing.
     */
    private boolean witnessed(int[] set, int o) {
        int[] seq = Arrays.stream(set).filter(i -> i != o && (!ops[i].isPending() || order[i] < templateLength))
                .boxed()
                .sorted(java.util.Comparator.comparingInt(i -> order[i])).mapToInt(i -> i).toArray();
        for (int i = 0; i < seq.length; i++) {
            for (int j = i + 1; j < seq.length; j++) {
                if (ops[seq[j]].ret() < ops[seq[i]].call()) {
                    return false;
                }
            }
        }
        if (o < 0) {
            return walk(model.init(), seq, 0, false) != null || inserted(seq);
        }
        S state = model.init();
        for (int i = 0; i <= seq.length && state != null; i++) {
            S placed = model.step(state, ops[o].input(), ops[o].output());
            if (placed != null && walk(placed, seq, i, true) != null) {
                return true;
            }
            if (i < seq.length) {
                state = model.step(state, ops[seq[i]].input(), Operation.UNKNOWN);
            }
        }
        return false;
    }

    /**
     * The second try of {@link #witnessed} without an observation to place: the operations of {@code seq} from the
     * longest linearization in its order, and each other one, in return order, inserted at the first point real
     * time allows where the whole sequence stays legal. Whether every one found a place.
     */
    private boolean inserted(int[] seq) {
        List<Integer> placed = new ArrayList<>();
        List<Integer> rest = new ArrayList<>();
        for (int i : seq) {
            (order[i] < templateLength ? placed : rest).add(i);
        }
        for (int r : rest) {
            int lo = 0;
            int hi = placed.size();
            for (int k = 0; k < placed.size(); k++) {
                Operation other = ops[placed.get(k)];
                if (!other.isPending() && other.ret() < ops[r].call()) {
                    lo = k + 1;
                }
                if (ops[r].ret() < other.call()) {
                    hi = Math.min(hi, k);
                }
            }
            boolean found = false;
            for (int pos = lo; pos <= hi && !found; pos++) {
                placed.add(pos, r);
                if (walk(model.init(), placed.stream().mapToInt(Integer::intValue).toArray(), 0, false) != null) {
                    found = true;
                } else {
                    placed.remove(pos);
                }
            }
            if (!found) {
                return false;
            }
        }
        // Without operations to insert, the sequence is the one that was just rejected.
        return !rest.isEmpty();
    }

    /** The state after {@code seq} from position {@code from}, outputs forgotten or not; {@code null} if rejected. */
    private S walk(S state, int[] seq, int from, boolean forget) {
        for (int i = from; i < seq.length && state != null; i++) {
            Operation op = ops[seq[i]];
            state = model.step(state, op.input(), forget ? Operation.UNKNOWN : op.output());
        }
        return state;
    }

    /**
     * The usual shape of a failure, tried before ddmin: the operation the longest linearization could not place,
     * alone or with one other observation (the nearest in time first, at most {@link #PAIRS_TRIED}), fails with
     * every other operation kept. The first such set, or {@code null}.
     */
    private int[] withTheFailure(int[] observations, java.util.function.Predicate<int[]> fails) {
        if (unplaced < 0 || Arrays.binarySearch(observations, unplaced) < 0) {
            return null;
        }
        int[] alone = {unplaced};
        if (fails.test(alone)) {
            return alone;
        }
        Operation u = ops[unplaced];
        int[] others = Arrays.stream(observations).filter(i -> i != unplaced).boxed()
                .sorted(java.util.Comparator.comparingLong(i -> Math.abs(ops[i].call() - u.call())))
                .limit(PAIRS_TRIED).mapToInt(Integer::intValue).toArray();
        for (int other : others) {
            int[] pair = other < unplaced ? new int[]{other, unplaced} : new int[]{unplaced, other};
            if (stopped) {
                return null;
            }
            if (fails.test(pair)) {
                return pair;
            }
        }
        return null;
    }

    /** Each operation's position in {@link #ops}, by id. */
    private Map<Integer, Integer> positions() {
        Map<Integer, Integer> positionOfId = new HashMap<>();
        for (int i = 0; i < ops.length; i++) {
            positionOfId.put(ops[i].id(), i);
        }
        return positionOfId;
    }

    /** The operations at {@code set}, in call order. */
    private List<Operation> history(int[] set) {
        List<Operation> history = new ArrayList<>(set.length);
        for (int i : set) {
            history.add(ops[i]);
        }
        return history;
    }

    /** Zeller's ddmin over {@code set} with {@code fails} as the oracle: subsets, then complements, finer and finer. */
    private int[] ddmin(int[] set, java.util.function.Predicate<int[]> fails) {
        int[] c = set;
        int n = 2;
        while (c.length >= 2 && !stopped) {
            int[][] chunks = split(c, n);
            int[] next = null;
            for (int[] chunk : chunks) {
                if (fails.test(chunk)) {
                    next = chunk;
                    n = 2;
                    break;
                }
            }
            if (next == null && n > 2) {
                for (int[] chunk : chunks) {
                    int[] rest = minus(c, chunk);
                    if (fails.test(rest)) {
                        next = rest;
                        n = Math.max(n - 1, 2);
                        break;
                    }
                }
            }
            if (next != null) {
                c = next;
            } else if (n >= c.length) {
                break;
            } else {
                n = Math.min(2 * n, c.length);
            }
        }
        return c;
    }

    /**
     * Removes single elements until none can go, leaving the result in {@link #reduced}; whether every removal
     * was decided (so that the result is 1-minimal).
     */
    private boolean onePass(int[] set) {
        int[] c = set;
        boolean proven = false;
        boolean again = true;
        while (again && !stopped) {
            again = false;
            proven = true;
            for (int i = 0; i < c.length && !stopped; ) {
                int[] rest = minus(c, new int[]{c[i]});
                Verdict v = verdict(rest, true);
                if (v == Verdict.NOT_LINEARIZABLE) {
                    // Go on from here; the verdicts before i were about a larger set, so another pass follows.
                    c = rest;
                    again = true;
                    continue;
                }
                proven &= v == Verdict.LINEARIZABLE;
                i++;
            }
        }
        if (!proven && !stopped && patience == 1) {
            // Only the checks that were undecided run again, each with more time.
            patience = PATIENCE;
            try {
                return onePass(c);
            } finally {
                patience = 1;
            }
        }
        reduced = c;
        return proven && !stopped;
    }

    private boolean fails(int[] set) {
        return verdict(set, false) == Verdict.NOT_LINEARIZABLE;
    }

    /**
     * Whether {@code set} qualifies: {@code NOT_LINEARIZABLE} when it does (it "fails"), {@code LINEARIZABLE} when
     * it surely does not, {@code UNKNOWN} when a check could not decide.
     */
    private Verdict verdict(int[] set, boolean thorough) {
        String key = Arrays.toString(set);
        Verdict known = verdicts.get(key);
        if (known != null && (known != Verdict.UNKNOWN || patience == 1)) {
            return known;
        }
        Verdict v = qualifies(set, thorough);
        if (v != null) {
            verdicts.put(key, v);
        } else {
            v = Verdict.UNKNOWN;
        }
        if (v == Verdict.NOT_LINEARIZABLE && set.length < best.length) {
            best = set;
        }
        return v;
    }

    private Verdict qualifies(int[] set, boolean thorough) {
        if (set.length <= guardedSize) {
            // The model's cheap refutation first: a set that surely lacks a producer needs no search.
            for (int o : set) {
                if (observation(o) && ObservedValues.cannotProduce(model, ops[o],
                        history(minus(set, new int[]{o}))) && !unproducible(o)) {
                    return Verdict.LINEARIZABLE;
                }
            }
        }
        // ddmin only asks whether a set fails: a check that cannot tell soon is a set it can pass over.
        Verdict v = witnessed(set, -1) ? Verdict.LINEARIZABLE
                : ObservedValues.surelyNotLinearizable(model, history(set)) ? Verdict.NOT_LINEARIZABLE
                : check(history(set), thorough ? CHECK_SHARE : REDUCING_CHECK_NANOS);
        if (v != Verdict.NOT_LINEARIZABLE) {
            return v;
        }
        if (set.length > guardedSize) {
            // Large sets only lead the way to small ones, which are held to the rule; see run().
            return Verdict.NOT_LINEARIZABLE;
        }
        boolean decided = true;
        for (int o : set) {
            if (!observation(o)) {
                continue;
            }
            Verdict p = producible(o, minus(set, new int[]{o}));
            if (p != Verdict.LINEARIZABLE && !unproducible(o)) {
                if (p == Verdict.NOT_LINEARIZABLE) {
                    return Verdict.LINEARIZABLE;
                }
                if (!thorough) {
                    // It does not qualify, which is all ddmin asks; whether it surely does not is left open.
                    return null;
                }
                decided = false;
            }
        }
        // Undecided whether the set can produce one of its observations: it is not known to qualify.
        return decided ? Verdict.NOT_LINEARIZABLE : Verdict.UNKNOWN;
    }

    /**
     * Whether operation {@code i} is an observation the rule holds sets to: its output is known, and the model can
     * forget outputs ({@link Model#forgetsOutputs}), without which what could produce it cannot be asked.
     */
    private boolean observation(int i) {
        return forgetsOutputs && ops[i].outputKnown();
    }

    /** Whether the partition's operations cannot produce observation {@code o} at any time (decided once). */
    private boolean unproducible(int o) {
        if (producibleByAll[o] == null) {
            int[] others = minus(universe, new int[]{o});
            producibleByAll[o] = producible(o, others) != Verdict.NOT_LINEARIZABLE;
        }
        return !producibleByAll[o];
    }

    /**
     * Whether the operations {@code set} (outputs forgotten, intervals kept) can produce observation {@code o} at
     * some time: {@code LINEARIZABLE} when {@code o}, its interval widened to span them all, is linearizable with
     * them. It gets a small fixed time; an undecided answer keeps a set out.
     */
    private Verdict producible(int o, int[] set) {
        if (witnessed(set, o)) {
            return Verdict.LINEARIZABLE;
        }
        if (ObservedValues.cannotProduce(model, ops[o], history(set))) {
            return Verdict.NOT_LINEARIZABLE;
        }
        long from = ops[o].call();
        long to = ops[o].ret();
        for (int i : set) {
            from = Math.min(from, ops[i].call());
            to = Math.max(to, ops[i].isPending() ? ops[i].call() : ops[i].ret());
        }
        List<Operation> history = new ArrayList<>();
        history.add(new Operation(ops[o].id(), ops[o].client(), ops[o].input(), ops[o].output(), from, to,
                ops[o].metadata()));
        for (int i : set) {
            history.add(forgotten(ops[i]));
        }
        history.sort((a, b) -> Long.compare(a.call(), b.call()));
        return check(history, PRODUCIBLE_NANOS);
    }

    /** {@code op} with its output forgotten: it still happened in its interval and had its effect. */
    static Operation forgotten(Operation op) {
        return op.outputKnown() ? op.withInputOutput(op.input(), Operation.UNKNOWN) : op;
    }

    /** {@code history} checked within {@code cap}: a share of the budget left (a divisor) or, if larger, nanoseconds. */
    private Verdict check(List<Operation> history, long cap) {
        long now = System.nanoTime();
        long left = Math.min(deadline, phaseDeadline) - now;
        if (stopped || left <= 0) {
            stopped |= deadline - now <= 0;
            return Verdict.UNKNOWN;
        }
        long share = cap > 1000 ? cap * patience : Math.max(MIN_CHECK_NANOS, left / cap);
        Budget budget = Budget.until(now + Math.min(left, share), budgetText).withMaxMemory(maxMemory);
        current = budget;
        if (stopped) {
            budget.stop(budgetText);
        }
        checks++;
        return Checker.verdictOf(model, history, engine, budget);
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

    /** {@code set} in {@code n} nearly equal consecutive chunks. */
    private static int[][] split(int[] set, int n) {
        int[][] chunks = new int[n][];
        int from = 0;
        for (int i = 0; i < n; i++) {
            int to = from + (set.length - from) / (n - i);
            chunks[i] = Arrays.copyOfRange(set, from, to);
            from = to;
        }
        return chunks;
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
