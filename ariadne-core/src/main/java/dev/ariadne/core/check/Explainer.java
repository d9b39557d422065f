package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts a failing core into words (see {@link Explanation}): the real-time precedences among its operations, every
 * order of its operations that real time allows up to the first step the model rejects, and the model's own sentence
 * if it has one. The orders are replayed under the relaxation that made the core (docs/semantics.md, "Minimal failing
 * cores"): between the core's steps every other operation of the relaxed history R(C) may take effect within its
 * interval, with its own output or an unknown one, or not at all, and an order is stated only when its last step is
 * rejected in every state those choices can lead to. Cores are small, but the orders of a larger one (the budget ran
 * out before it was minimal) and the other operations' choices can be many, so the enumeration stops at
 * {@link Explanation#ORDERS_SHOWN} orders, {@link #MAX_STEPS} model steps or the deadline; an order whose replay
 * was cut short is not stated.
 *
 * <p>Where the other operations' choices are too many to replay within {@link #EXACT_STEPS} steps, the replay is
 * made again leaving out the states that every core operation that may come next can never accept
 * ({@link Model#doomedStates}, when no other operation that may come before it {@link Model#mayRescue may rescue}
 * them): each of them rejects such a state and whatever the others make of it, so the orders stated and the states
 * after each accepted step are the same; an order's rejected step then lists only the states not left out, and
 * says so (docs/semantics.md, "Doomed states").
 */
final class Explainer<S> {
    static final int MAX_STEPS = 100_000;
    /** The steps of the replay that lists every state the other operations may have left ({@link #prune}). */
    static final int EXACT_STEPS = 5_000;
    /** The largest core the model is asked to put into a sentence ({@link #summary}). */
    static final int SUMMARY_MAX_OPERATIONS = 256;
    /** The most states an order's text names; the others are counted. */
    static final int STATES_SHOWN = 8;
    /** The orders are listed after the core search, so they get a little time even when it used all of its own. */
    private static final long GRACE_NANOS = 200_000_000L;

    private final Model<S> model;
    private final List<Operation> core;
    /** The states the replay starts from: the model's initial one, or a window's (docs/semantics.md, "Windows"). */
    private final List<S> initial;
    /** The other operations of R(C), relaxed or crashed, in call order. */
    private final Operation[] others;
    private final long deadline;
    private final List<Explanation.RejectedOrder> orders = new ArrayList<>();
    private int steps;
    private final int maxSteps;
    private boolean complete = true;
    /** Whether the replay ran out of steps, and whether a closure it made could have left doomed states out. */
    private boolean outOfSteps;
    private boolean prunable;
    /** Whether this replay notes {@link #prunable} (the first, where the model names doomed states). */
    private final boolean notePrunable;
    /** Whether closures leave out doomed states, and whether the last closure left any out. */
    private final boolean prune;
    private boolean dropped;

    private Explainer(Model<S> model, List<Operation> core, List<Operation> relaxed, List<S> initial, long deadline,
                      boolean prune, int maxSteps) {
        this.model = model;
        this.initial = initial;
        this.prune = prune;
        this.maxSteps = maxSteps;
        this.notePrunable = !prune && maxSteps == EXACT_STEPS;
        this.core = core;
        java.util.Set<Operation> inCore = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        inCore.addAll(core);
        this.others = relaxed.stream().filter(op -> !inCore.contains(op)).toArray(Operation[]::new);
        this.deadline = deadline;
    }

    /** The explanation of {@code core} as a history of its own (no other operation). */
    static <S> Explanation explain(Model<S> model, List<Operation> core, boolean minimal, String limit, int checks,
                                   long start, long deadline) {
        return explain(model, core, core, List.of(model.init()), minimal, limit, checks, start, deadline);
    }

    /**
     * The explanation of {@code core}, whose orders are replayed in {@code relaxed}, R(core): the core's operations
     * (the same objects) and the other operations as {@link RelaxedModel#relax} marks them, or crashed; or a window
     * of R(core) and the states it may start from, {@code initial} (docs/semantics.md, "Windows").
     */
    static <S> Explanation explain(Model<S> model, List<Operation> core, List<Operation> relaxed, List<S> initial,
                                   boolean minimal, String limit, int checks, long start, long deadline) {
        long until = Math.max(deadline, System.nanoTime()) + GRACE_NANOS;
        List<Explanation.Precedence> precedences = precedences(model, core);
        // A second replay only where the model names doomed states and a closure of the first could have left some
        // out: else the first gets the whole budget.
        boolean doomed = core.stream().anyMatch(op -> !op.isPending() && op.outputKnown()
                && model.doomedStates(op.input(), op.output()) != null);
        Explainer<S> e = new Explainer<>(model, core, relaxed, initial, until, false, doomed ? EXACT_STEPS : MAX_STEPS);
        e.replay();
        if (e.outOfSteps && e.prunable) {
            e = new Explainer<>(model, core, relaxed, initial, until, true, MAX_STEPS - EXACT_STEPS);
            e.replay();
        }
        return new Explanation(core, minimal, limit, summary(model, core),
                model.describeState(model.init()), precedences, e.orders, e.complete, checks,
                System.nanoTime() - start, true);
    }

    /**
     * The explanation when no core was found: {@code neighbourhood} (bounded) shown instead, with why, and nothing
     * said of it (no sentence, precedences or orders, which are only true of a core).
     */
    static <S> Explanation notFound(Model<S> model, List<Operation> neighbourhood, String why, int checks,
                                    long start) {
        return new Explanation(neighbourhood, false, why, null, model.describeState(model.init()), List.of(),
                List.of(), false, checks, System.nanoTime() - start, false);
    }

    private void replay() {
        Map<BitSet, Set<S>> initial = new LinkedHashMap<>();
        initial.put(new BitSet(), new LinkedHashSet<>(this.initial));
        explore(new ArrayList<>(), initial, new boolean[core.size()]);
    }

    /**
     * The model's sentence; a hint that fails must not cost the person the rest of the evidence. Not asked of a
     * core of more than {@link #SUMMARY_MAX_OPERATIONS}: the hints look at every pair or triple of operations (a
     * 50,000-operation core kept a queue's hint busy for minutes), and a sentence about a core the budget left that
     * large would not point at the violation anyway.
     */
    private static <S> String summary(Model<S> model, List<Operation> core) {
        if (core.size() > SUMMARY_MAX_OPERATIONS) {
            return null;
        }
        try {
            return model.explainViolation(core);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Each pair where one returned before the other was called, without those implied by two others: {@code a}
     * before {@code b} is implied when some {@code m} was called after {@code a} returned and returned before
     * {@code b} was called, so {@code a}'s own pairs are the operations called after it returned and no later than
     * the earliest return among those called after it returned. O(k log k) and the pairs, for a core of k.
     */
    static <S> List<Explanation.Precedence> precedences(Model<S> model, List<Operation> core) {
        int k = core.size();
        Operation[] byCall = core.toArray(new Operation[0]);
        java.util.Arrays.sort(byCall, (x, y) -> Long.compare(x.call(), y.call()));
        long[] calls = new long[k];
        // laterReturn[i]: the earliest return among the completed operations from byCall[i] on.
        long[] laterReturn = new long[k + 1];
        laterReturn[k] = Long.MAX_VALUE;
        for (int i = k - 1; i >= 0; i--) {
            calls[i] = byCall[i].call();
            laterReturn[i] = Math.min(laterReturn[i + 1], byCall[i].isPending() ? Long.MAX_VALUE : byCall[i].ret());
        }
        List<Explanation.Precedence> out = new ArrayList<>();
        for (Operation a : core) {
            if (a.isPending()) {
                continue;
            }
            int first = firstCalledAfter(calls, a.ret());
            long bound = laterReturn[first]; // b is implied by some m when m.ret < b.call
            for (int i = first; i < k && calls[i] <= bound; i++) {
                Operation b = byCall[i];
                out.add(new Explanation.Precedence(a, b, "#" + a.id() + " " + describe(model, a)
                        + " returned at " + a.ret() + " before #" + b.id() + " " + describe(model, b)
                        + " was called at " + b.call()));
            }
        }
        out.sort((x, y) -> x.first().ret() != y.first().ret() ? Long.compare(x.first().ret(), y.first().ret())
                : Long.compare(x.second().call(), y.second().call()));
        return out;
    }

    /** The index of the first call after {@code time} in the sorted {@code calls}. */
    private static int firstCalledAfter(long[] calls, long time) {
        int lo = 0;
        int hi = calls.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (calls[mid] <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether real time puts {@code a} before {@code b}: it returned before {@code b} was called. */
    private static boolean before(Operation a, Operation b) {
        return !a.isPending() && a.ret() < b.call();
    }

    private static <S> String describe(Model<S> model, Operation op) {
        return model.describeOperation(op.input(), op.output());
    }

    /**
     * Every order from here: each core operation real time lets come next (every completed one that returned before
     * its call already placed) is tried in every configuration the other operations may have left ({@link #close});
     * one that no configuration accepts ends an order, which is stated; otherwise the order goes on from the
     * configurations that accepted it. {@code configs} maps the other operations already used (taken effect, or
     * passed over: they did nothing) to the states the object may be in.
     */
    private void explore(List<Step> placedSteps, Map<BitSet, Set<S>> configs, boolean[] placed) {
        // An operation can come next when no other unplaced completed one returned before it was called; its own
        // return is never before its call, so the earliest return among all the unplaced ones decides.
        long firstReturn = Long.MAX_VALUE;
        for (int j = 0; j < core.size(); j++) {
            if (!placed[j] && !core.get(j).isPending()) {
                firstReturn = Math.min(firstReturn, core.get(j).ret());
            }
        }
        Map<BitSet, Set<S>> closed = close(configs, placed);
        if (closed == null) {
            complete = false;
            return;
        }
        boolean someLeftOut = dropped;
        for (int i = 0; i < core.size(); i++) {
            if (placed[i] || core.get(i).call() > firstReturn) {
                continue;
            }
            if (orders.size() >= Explanation.ORDERS_SHOWN || steps >= maxSteps || System.nanoTime() > deadline) {
                outOfSteps |= steps >= maxSteps;
                complete = false;
                return;
            }
            Operation op = core.get(i);
            Map<BitSet, Set<S>> next = new LinkedHashMap<>();
            Set<S> before = new LinkedHashSet<>();
            Set<S> after = new LinkedHashSet<>();
            for (Map.Entry<BitSet, Set<S>> c : closed.entrySet()) {
                BitSet used = passedOver(c.getKey(), op.call());
                for (S state : c.getValue()) {
                    before.add(state);
                    steps++;
                    S s2 = model.step(state, op.input(), op.output());
                    if (s2 != null) {
                        next.computeIfAbsent(used, k -> new LinkedHashSet<>()).add(s2);
                        after.add(s2);
                    }
                }
            }
            if (steps > maxSteps) {
                outOfSteps = true;
                complete = false;
                return;
            }
            if (next.isEmpty()) {
                String described = !someLeftOut ? describeStates(before) : before.isEmpty() ? LEFT_OUT
                        : describeStates(before) + " (or " + LEFT_OUT + ")";
                orders.add(new Explanation.RejectedOrder(placedSteps, op, described,
                        orderText(placedSteps, op, described)));
                continue;
            }
            placed[i] = true;
            placedSteps.add(new Step(op, Set.copyOf(after), describeStates(after)));
            explore(placedSteps, next, placed);
            placedSteps.remove(placedSteps.size() - 1);
            placed[i] = false;
        }
    }

    /**
     * {@code configs} and every configuration reachable from them by other operations taking effect before the
     * next core operation: one not used yet may, when no unplaced core operation returned before it was called;
     * it takes effect with its own output or an unknown one (a crashed one, its unknown output), and the others
     * that returned before it was called, still unused, did nothing. {@code null} when the step budget or the
     * deadline ran out first: a partial closure proves nothing.
     */
    private Map<BitSet, Set<S>> close(Map<BitSet, Set<S>> configs, boolean[] placed) {
        long firstCoreReturn = Long.MAX_VALUE;
        for (int j = 0; j < core.size(); j++) {
            if (!placed[j] && !core.get(j).isPending()) {
                firstCoreReturn = Math.min(firstCoreReturn, core.get(j).ret());
            }
        }
        List<java.util.function.Predicate<S>> doomed = prune || notePrunable
                ? doomedTests(firstCoreReturn, placed) : null;
        // The first replay only notes whether leaving doomed states out would apply (a second one is worth it).
        prunable |= doomed != null;
        if (!prune) {
            doomed = null;
        }
        dropped = false;
        Map<BitSet, Set<S>> all = new LinkedHashMap<>();
        // Per state, the sets of used operations it was reached with: a configuration whose used set holds one of
        // them reaches nothing new (subsumed), and only states not yet stepped from are stepped from again.
        Map<S, List<BitSet>> reachedWith = new java.util.HashMap<>();
        Map<BitSet, List<S>> fresh = new java.util.HashMap<>();
        java.util.ArrayDeque<BitSet> work = new java.util.ArrayDeque<>();
        for (Map.Entry<BitSet, Set<S>> c : configs.entrySet()) {
            Set<S> kept = new LinkedHashSet<>();
            for (S state : c.getValue()) {
                keep(kept, state, doomed);
            }
            for (S state : kept) {
                add(all, reachedWith, fresh, work, c.getKey(), state);
            }
        }
        while (!work.isEmpty()) {
            if (steps > maxSteps || System.nanoTime() > deadline) {
                outOfSteps |= steps > maxSteps;
                return null;
            }
            BitSet used = work.poll();
            List<S> states = fresh.remove(used);
            for (int q = used.nextClearBit(0); q < others.length; q = used.nextClearBit(q + 1)) {
                Operation op = others[q];
                if (op.call() > firstCoreReturn) {
                    break; // called after an unplaced core operation returned: not before it (call order)
                }
                BitSet used2 = passedOver(used, op.call());
                used2.set(q);
                Set<S> reached = new LinkedHashSet<>();
                for (S state : states) {
                    if (op.input() instanceof RelaxedModel.Relaxed r) {
                        steps += 2;
                        keep(reached, model.step(state, r.input(), r.output()), doomed);
                        keep(reached, model.step(state, r.input(), Operation.UNKNOWN), doomed);
                    } else {
                        steps++;
                        keep(reached, model.step(state, op.input(), op.output()), doomed);
                    }
                }
                for (S state : reached) {
                    add(all, reachedWith, fresh, work, used2, state);
                }
            }
        }
        return all;
    }

    /**
     * Records configuration ({@code used}, {@code state}) unless a configuration of the same state with a subset of
     * {@code used} is recorded already. Exact: the other operations may do nothing, so whatever one that used more
     * can reach, one that used fewer can reach too, with at most the same operations used ({@link #passedOver} only
     * adds what real time forces, and adds no more to a subset); the states a closure reaches are the same, and only
     * they are read from it.
     */
    private static <S> void add(Map<BitSet, Set<S>> all, Map<S, List<BitSet>> reachedWith,
                                Map<BitSet, List<S>> fresh, java.util.ArrayDeque<BitSet> work, BitSet used,
                                S state) {
        List<BitSet> with = reachedWith.computeIfAbsent(state, k -> new ArrayList<>(2));
        for (BitSet b : with) {
            if (subset(b, used)) {
                return;
            }
        }
        with.add(used);
        all.computeIfAbsent(used, k -> new LinkedHashSet<>()).add(state);
        List<S> pending = fresh.get(used);
        if (pending == null) {
            fresh.put(used, pending = new ArrayList<>());
            work.add(used);
        }
        pending.add(state);
    }

    /** Whether every bit of {@code a} is set in {@code b}. */
    private static boolean subset(BitSet a, BitSet b) {
        for (int i = a.nextSetBit(0); i >= 0; i = a.nextSetBit(i + 1)) {
            if (!b.get(i)) {
                return false;
            }
        }
        return true;
    }

    /** Adds {@code state} unless it is {@code null} or one of {@code doomed} (when not null) holds of it. */
    private void keep(Set<S> states, S state, List<java.util.function.Predicate<S>> doomed) {
        if (state == null) {
            return;
        }
        if (doomed != null) {
            boolean all = true;
            for (java.util.function.Predicate<S> t : doomed) {
                all &= t.test(state);
            }
            if (all) {
                dropped = true;
                return;
            }
        }
        states.add(state);
    }

    /**
     * The tests of the states that every core operation that may come next (unplaced, called no later than
     * {@code firstCoreReturn}) rejects whatever the closure's operations do, one per such operation, or
     * {@code null} when one of them has none: it names no doomed states, or an other operation the closure may
     * use may rescue them.
     */
    private List<java.util.function.Predicate<S>> doomedTests(long firstCoreReturn, boolean[] placed) {
        List<java.util.function.Predicate<S>> tests = new ArrayList<>();
        for (int j = 0; j < core.size(); j++) {
            Operation c = core.get(j);
            if (placed[j] || c.call() > firstCoreReturn) {
                continue;
            }
            java.util.function.Predicate<S> t = c.isPending() || !c.outputKnown() ? null
                    : model.doomedStates(c.input(), c.output());
            for (int q = 0; q < others.length && t != null && others[q].call() <= firstCoreReturn; q++) {
                Object input = others[q].input() instanceof RelaxedModel.Relaxed r ? r.input() : others[q].input();
                if (model.mayRescue(c.input(), c.output(), input)) {
                    t = null;
                }
            }
            if (t == null) {
                return null;
            }
            tests.add(t);
        }
        return tests.isEmpty() ? null : tests;
    }

    /**
     * {@code used} with every other operation that returned before {@code time}: an operation placed at
     * {@code time} comes after them, so those not used yet did nothing.
     */
    private BitSet passedOver(BitSet used, long time) {
        BitSet b = (BitSet) used.clone();
        for (int q = 0; q < others.length && others[q].call() < time; q++) {
            if (!others[q].isPending() && others[q].ret() < time) {
                b.set(q);
            }
        }
        return b;
    }

    /** The states, described and sorted: the one, or {@code one of N: A | B | …}, at most {@link #STATES_SHOWN}. */
    private String describeStates(Set<S> states) {
        java.util.TreeSet<String> each = new java.util.TreeSet<>();
        for (S s : states) {
            each.add(model.describeState(s));
        }
        if (each.size() == 1) {
            return each.first();
        }
        StringBuilder b = new StringBuilder("one of ").append(each.size()).append(": ");
        int n = 0;
        for (String d : each) {
            if (n == STATES_SHOWN) {
                b.append(" | … ").append(each.size() - n).append(" more");
                break;
            }
            b.append(n++ == 0 ? "" : " | ").append(d);
        }
        return b.toString();
    }

    /**
     * In words: {@code #0 write(1), then #2 read → 2 is rejected whatever the other operations did: the state can
     * only be 1}. The states are those the other operations may have left: the order is stated because the model
     * rejects the last step in each of them.
     */
    static String orderText(Model<?> model, List<Step> placedSteps, Operation rejected, String state) {
        StringBuilder s = new StringBuilder();
        for (Step step : placedSteps) {
            s.append('#').append(step.operation().id()).append(' ').append(describe(model, step.operation()))
                    .append(", ");
        }
        s.append(placedSteps.isEmpty() ? "" : "then ").append('#').append(rejected.id()).append(' ')
                .append(describe(model, rejected)).append(placedSteps.isEmpty() ? " first" : "")
                .append(REJECTED).append(state);
        return s.toString();
    }

    /** What an order's text says in place of the states a replay left out ({@link #prune}). */
    static final String LEFT_OUT = "one from which no other operation could lead to a state it accepts";

    /** What an order's text says of its last step, before the states it was rejected in. */
    static final String REJECTED = " is rejected whatever the other operations did: the state can only be ";

    private String orderText(List<Step> placedSteps, Operation rejected, String state) {
        return orderText(model, placedSteps, rejected, state);
    }
}
