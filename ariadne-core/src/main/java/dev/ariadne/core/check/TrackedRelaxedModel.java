package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;
import dev.ariadne.core.search.Budget;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * {@link RelaxedModel} for a model that names doomed states ({@link Model#doomedStates}): the same relaxed history,
 * with its operations marked by a {@link Plan}, the same steps and step budget.
 *
 * <p>A state is the model's state and the core operations placed so far (the same for every state of one
 * configuration: it is a function of the operations the configuration placed). Two exact reductions use them
 * ({@link Plan}; docs/semantics.md, "Doomed states"): once every core operation is placed the rest can all do
 * nothing, so the states become one, {@link #DONE}; and a state from which a core operation still to come can
 * never be accepted is dropped.
 */
final class TrackedRelaxedModel<S> implements NondeterministicModel<TrackedRelaxedModel.At<S>>, RelaxedReach {


    /** The input of an operation of the core, or of a crashed one, in a {@link Plan}: its input and position. */
    record Kept(Object input, int at) {
        // Written out, as RelaxedModel.Relaxed's are (the same values as a record's own).
        @Override
        public boolean equals(Object o) {
            return o instanceof Kept k && at == k.at && java.util.Objects.equals(input, k.input);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(input) * 31 + at;
        }
    }

    /** The state once every core operation is placed: whatever the rest do, the history goes on. */
    @SuppressWarnings("rawtypes")
    private static final At DONE = new At<>(null, null);

    private final Model<S> model;
    private final Budget budget;
    private final long maxSteps;
    private final Plan<S> plan;
    /** The states the check starts from: the model's initial one, or a window's (docs/semantics.md, "Windows"). */
    private final List<S> init;
    private long steps;
    /** The furthest position in the plan's history of an operation stepped so far, or -1. */
    private int reached = -1;

    @Override
    public int reached() {
        return reached;
    }

    @Override
    public boolean outOfSteps() {
        return steps > maxSteps;
    }

    /** How many states the plan replaced by their representatives so far (all checks with this plan). */
    long forgotten() {
        return plan.forgotten;
    }

    TrackedRelaxedModel(Model<S> model, Budget budget, long maxSteps, Plan<S> plan) {
        this(model, budget, maxSteps, plan, List.of(model.init()));
    }

    TrackedRelaxedModel(Model<S> model, Budget budget, long maxSteps, Plan<S> plan, List<S> init) {
        this.model = model;
        this.budget = budget;
        this.maxSteps = maxSteps;
        this.plan = plan;
        this.init = init;
    }


    /**
     * A state of the relaxed history: the model's state and which core operations were placed ({@link Placed}), or
     * {@link #DONE}. A value, as engines need.
     */
    static final class At<S> {
        final S state;
        final Placed placed;
        private final int hash;

        At(S state, Placed placed) {
            this.state = state;
            this.placed = placed;
            this.hash = state == null ? 0 : 31 * state.hashCode() + placed.hashCode();
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof At<?> a && a.hash == hash && a.state != null && state != null
                    && a.state.equals(state) && a.placed.equals(placed);
        }

        @Override
        public String toString() {
            return state == null ? "done" : String.valueOf(state);
        }
    }

    /**
     * An immutable set of tracked operations (by their index among them: {@link Plan}), with how many of the core's
     * it holds and its hash.
     */
    static final class Placed {
        static final Placed NONE = new Placed(new long[0], 0);
        private final long[] bits;
        private final int core;
        private final int hash;

        private Placed(long[] bits, int core) {
            this.bits = bits;
            this.core = core;
            this.hash = java.util.Arrays.hashCode(bits);
        }

        boolean has(int k) {
            int w = k >>> 6;
            return w < bits.length && (bits[w] & (1L << k)) != 0;
        }

        /** This set and tracked operation {@code k}, one of the core's when {@code inCore}. */
        Placed with(int k, boolean inCore) {
            if (has(k)) {
                return this;
            }
            long[] b = java.util.Arrays.copyOf(bits, Math.max(bits.length, (k >>> 6) + 1));
            b[k >>> 6] |= 1L << k;
            return new Placed(b, inCore ? core + 1 : core);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Placed p && p.core == core && p.hash == hash
                    && java.util.Arrays.equals(p.bits, bits);
        }
    }

    /**
     * A relaxed history R(C) made ready for a check (docs/semantics.md, "Doomed states"): every operation is marked
     * with its position, and each position x gets the tests of the states that cannot go on after x's step
     * ({@link Model#doomedStates}): those of each operation g of C that may follow x, while every operation that
     * {@link Model#mayRescue may rescue} a state doomed for g and may come between x and g is placed already. One
     * may come between unless it returned before x was called (real time puts it before x), or was called after g
     * returned (after g), or is x or g. Whether g follows x is known when g was called after x returned; else g
     * follows x exactly when it is not placed yet. The operations of C and those that may rescue are tracked: a
     * state records which of them are placed.
     */
    static final class Plan<S> {
        private final List<Operation> history;
        /** Per position: its index among the tracked operations, or -1. */
        private final int[] tracked;
        /** Per position: whether it is an operation of C. */
        private final boolean[] inCore;
        private final int coreSize;
        /** Per position: the tests a state after that operation's step must fail, or {@code null} for none. */
        private final Doom<S>[][] tests;

        /**
         * A test that holds while operation {@code target} (tracked index; -1: real time puts it after x) is not
         * placed and every one of {@code rescuers} (tracked indices) is.
         */
        private record Doom<S>(Predicate<S> test, int target, int[] rescuers) {
            boolean holds(S state, Placed placed) {
                if (target >= 0 && placed.has(target)) {
                    return false;
                }
                for (int r : rescuers) {
                    if (!placed.has(r)) {
                        return false;
                    }
                }
                return test.test(state);
            }
        }

        /** Whether some operation of C names doomed states: else the plan has nothing to add (no history). */
        private final boolean tracks;
        private final Model<S> model;
        /**
         * The one input of the operations of C with a known output, when their states may be made one
         * ({@link #representative}), else {@code null}; those operations' tracked indices and doomed tests.
         */
        private final Object forgetting;
        private final int[] observers;
        private final Predicate<S>[] observed;
        /** How many states {@link #representative} replaced (for tests: the reduction is used). */
        private long forgotten;

        @SuppressWarnings("unchecked")
        Plan(Model<S> model, List<Operation> relaxed) {
            int n = relaxed.size();
            boolean any = false;
            for (int g = 0; g < n && !any; g++) {
                Operation op = relaxed.get(g);
                any = !(op.input() instanceof RelaxedModel.Relaxed) && !op.isPending() && op.outputKnown()
                        && model.doomedStates(op.input(), op.output()) != null;
            }
            tracks = any;
            this.model = model;
            if (!any) {
                history = null;
                tracked = null;
                inCore = null;
                tests = null;
                coreSize = 0;
                forgetting = null;
                observers = null;
                observed = null;
                return;
            }
            history = new ArrayList<>(n);
            tracked = new int[n];
            inCore = new boolean[n];
            tests = (Doom<S>[][]) new Doom<?>[n][];
            Object[] inputs = new Object[n];
            for (int i = 0; i < n; i++) {
                Operation op = relaxed.get(i);
                tracked[i] = -1;
                if (op.input() instanceof RelaxedModel.Relaxed r) {
                    inputs[i] = r.input();
                    history.add(op.withInputOutput(new RelaxedModel.Relaxed(r.input(), r.output(), i), op.output()));
                } else {
                    inputs[i] = op.input();
                    inCore[i] = !op.isPending();
                    history.add(op.withInputOutput(new Kept(op.input(), i), op.output()));
                }
            }
            List<Predicate<S>> targets = new ArrayList<>();
            List<Integer> targetAt = new ArrayList<>();
            int next = 0;
            for (int g = 0; g < n; g++) {
                Operation target = relaxed.get(g);
                if (inCore[g]) {
                    tracked[g] = next++;
                    Predicate<S> test = target.outputKnown() ? model.doomedStates(target.input(), target.output())
                            : null;
                    if (test != null) {
                        targets.add(test);
                        targetAt.add(g);
                    }
                }
            }
            coreSize = next;
            // Representatives (docs/semantics.md, "Doomed states"): only where every step with a known output that
            // may change or test the state is one of C's with a known output, all of them with one input that names
            // doomed states. A relaxed operation with a known output that never changes the state may be left out of
            // any sequence (it may do nothing), so it does not count.
            Object one = null;
            boolean forgets = true;
            List<Integer> watching = new ArrayList<>();
            List<Predicate<S>> watched = new ArrayList<>();
            for (int g = 0; g < n && forgets; g++) {
                Operation op = relaxed.get(g);
                if (op.input() instanceof RelaxedModel.Relaxed r) {
                    forgets = r.output() == Operation.UNKNOWN || model.isReadOnly(r.input(), r.output())
                            && model.isReadOnly(r.input(), Operation.UNKNOWN);
                } else if (inCore[g] && op.outputKnown()) {
                    Predicate<S> test = model.doomedStates(op.input(), op.output());
                    forgets = test != null && (one == null || one.equals(op.input()));
                    one = op.input();
                    watching.add(tracked[g]);
                    watched.add(test);
                } else {
                    forgets = !op.outputKnown();
                }
            }
            forgetting = forgets ? one : null;
            observers = watching.stream().mapToInt(Integer::intValue).toArray();
            observed = watched.toArray(new Predicate[0]);
            List<List<Doom<S>>> found = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                found.add(null);
            }
            for (int t = 0; t < targets.size(); t++) {
                int g = targetAt.get(t);
                Operation target = relaxed.get(g);
                List<Integer> rescuers = new ArrayList<>();
                for (int p = 0; p < n; p++) {
                    if (p != g && relaxed.get(p).call() <= target.ret()
                            && model.mayRescue(target.input(), target.output(), inputs[p])) {
                        rescuers.add(p);
                        if (tracked[p] < 0) {
                            tracked[p] = next++;
                        }
                    }
                }
                for (int x = 0; x < n; x++) {
                    Operation o = relaxed.get(x);
                    if (x == g || o.call() > target.ret()) {
                        continue; // g placed now, or real time puts g before x
                    }
                    int[] between = new int[rescuers.size()];
                    int b = 0;
                    for (int p : rescuers) {
                        if (p != x && relaxed.get(p).ret() >= o.call()) {
                            between[b++] = tracked[p];
                        }
                    }
                    between = java.util.Arrays.copyOf(between, b);
                    if (found.get(x) == null) {
                        found.set(x, new ArrayList<>());
                    }
                    found.get(x).add(new Doom<>(targets.get(t), o.ret() < target.call() ? -1 : tracked[g], between));
                }
            }
            for (int i = 0; i < n; i++) {
                if (found.get(i) != null) {
                    tests[i] = found.get(i).toArray(new Doom[0]);
                }
            }
        }

        /**
         * Whether the plan tracks anything: some operation of C names doomed states. When not, the core search checks
         * with {@link RelaxedModel}, whose relaxed operations with equal inputs are equal (the engines' reduction of
         * equal operations applies) and whose core reads stay read-only (placed eagerly).
         */
        boolean tracks() {
            return tracks;
        }

        /** The history to check, its operations marked ({@code null} when the plan {@link #tracks() tracks} nothing). */
        List<Operation> history() {
            return history;
        }

        /** Whether {@code state}, after the step of the operation at {@code at}, cannot go on. */
        boolean doomed(int at, S state, Placed placed) {
            Doom<S>[] t = tests[at];
            if (t != null) {
                for (Doom<S> d : t) {
                    if (d.holds(state, placed)) {
                        return true;
                    }
                }
            }
            return false;
        }

        /**
         * {@code state} or, when every operation of C with a known output not yet {@code placed} (at least one) finds
         * it doomed, the model's {@link Model#doomedRepresentative representative} of it, when that one is doomed for
         * them too. Exact (docs/semantics.md, "Doomed states"): from either, every way to place those operations
         * first places an operation that may rescue one of them, with only steps of unknown outputs before it, and
         * the representative's promise makes such sequences legal from both alike, to the same states.
         */
        S representative(S state, Placed placed) {
            if (forgetting == null) {
                return state;
            }
            boolean any = false;
            for (int k = 0; k < observers.length; k++) {
                if (!placed.has(observers[k])) {
                    if (!observed[k].test(state)) {
                        return state;
                    }
                    any = true;
                }
            }
            S r = any ? model.doomedRepresentative(forgetting, state) : null;
            if (r == null || r.equals(state)) {
                return state;
            }
            for (int k = 0; k < observers.length; k++) {
                if (!placed.has(observers[k]) && !observed[k].test(r)) {
                    return state;
                }
            }
            forgotten++;
            return r;
        }

        /** {@code placed} after the step of the operation at {@code at}. */
        Placed after(int at, Placed placed) {
            return tracked[at] < 0 ? placed : placed.with(tracked[at], inCore[at]);
        }
    }

    @Override
    public String name() {
        // Not the model's name: the decision procedures choose by name, and none of them knows relaxed operations.
        return "relaxed " + model.name();
    }

    @Override
    public Collection<At<S>> init() {
        if (plan.coreSize == 0) {
            return List.of(done());
        }
        List<At<S>> states = new ArrayList<>(init.size());
        for (S s : init) {
            states.add(new At<>(s, Placed.NONE));
        }
        return states;
    }

    @SuppressWarnings("unchecked")
    private At<S> done() {
        return (At<S>) DONE;
    }


    @Override
    public Collection<At<S>> step(At<S> at, Object input, Object output) {
        if (++steps > maxSteps) {
            budget.stop(RelaxedModel.OUT_OF_STEPS);
            throw new RelaxedModel.Stopped(RelaxedModel.OUT_OF_STEPS);
        }
        if ((steps & 0x3ff) == 0 && budget.exhausted()) {
            throw new RelaxedModel.Stopped(budget.reason());
        }
        int position = input instanceof Kept k ? k.at() : ((RelaxedModel.Relaxed) input).at();
        if (position > reached) {
            reached = position;
        }
        if (at == DONE) {
            return List.of(at);
        }
        S state = at.state;
        if (input instanceof Kept k) {
            S next = model.step(state, k.input(), output);
            if (next == null) {
                return List.of();
            }
            Placed placed = plan.after(k.at(), at.placed);
            if (placed.core == plan.coreSize) {
                return List.of(done());
            }
            if (plan.doomed(k.at(), next, placed)) {
                return List.of();
            }
            next = plan.representative(next, placed);
            return List.of(placed == at.placed && next.equals(state) ? at : new At<>(next, placed));
        }
        RelaxedModel.Relaxed r = (RelaxedModel.Relaxed) input;
        int i = r.at();
        Placed placed = plan.after(i, at.placed);
        S own = model.step(state, r.input(), r.output());
        S any = r.output() == Operation.UNKNOWN ? null : model.step(state, r.input(), Operation.UNKNOWN);
        // A doomed state is dropped before a representative is looked for (either drop is exact).
        own = own == null || own.equals(state) || plan.doomed(i, own, placed) ? null : plan.representative(own, placed);
        any = any == null || any.equals(state) || plan.doomed(i, any, placed) ? null : plan.representative(any, placed);
        // The subset construction merges equal states; only the usual case, nothing new, is worth sparing it.
        boolean ownNew = own != null && !own.equals(state);
        boolean anyNew = any != null && !any.equals(state) && !any.equals(own);
        boolean stay = !plan.doomed(i, state, placed);
        At<S> same = placed == at.placed ? at : new At<>(state, placed);
        if (!ownNew && !anyNew) {
            return stay ? List.of(same) : List.of();
        }
        if (ownNew && anyNew) {
            At<S> o = new At<>(own, placed);
            At<S> a = new At<>(any, placed);
            return stay ? List.of(same, o, a) : List.of(o, a);
        }
        At<S> changed = new At<>(ownNew ? own : any, placed);
        return stay ? List.of(same, changed) : List.of(changed);
    }

    /**
     * No operation is read-only here: a core one changes which are placed, and relaxed ones that cannot change the
     * state are left out of relaxed histories.
     */
    @Override
    public boolean isReadOnly(Object input) {
        return false;
    }

    private static Object unmarked(Object input) {
        return input instanceof Kept k ? k.input() : input instanceof RelaxedModel.Relaxed r ? r.input() : input;
    }

    /**
     * As the model says for a core operation; a relaxed one may reveal anything. Sound: in a sequence where only
     * core operations follow the crashed one, the choices of the relaxed ones before it make a sequence of the
     * model's own, for which its promise holds. (The engines drop crashed operations by it before the search, and
     * the plan's reductions only drop states no complete linearization goes through.)
     */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return input instanceof RelaxedModel.Relaxed || model.mayReveal(unmarked(pending), unmarked(input), output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return input instanceof RelaxedModel.Relaxed r ? model.describeOperation(r.input(), r.output())
                : model.describeOperation(unmarked(input), output);
    }

    @Override
    public String describeState(At<S> at) {
        return at == DONE ? "(every core operation placed)" : model.describeState(at.state);
    }
}
