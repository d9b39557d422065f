package dev.ariadne.tla;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;
import dev.ariadne.core.model.Partition;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A TLA+ spec as a {@link Model}: an operation {@code X} of a trace is the spec's action {@code X}, with its formal
 * parameters bound by name to the operation's values (OmniLink's convention: return values are parameters like the
 * others); a disabled action is an illegal step. Where an action has several successor states, the model's state is
 * the set of states the object may be in (the subset construction of {@link NondeterministicModel#toModel()}, done
 * here so that a deterministic spec pays nothing for it); an operation is legal when it is enabled in at least one.
 * States are values: TLC states, equal by TLC's equality (of the {@code VIEW}), hashed by their variables' hashes.
 *
 * <p>Where the spec has no operator {@code X} but the pair {@code X_Step}/{@code X_Done} (OmniLink's non-atomic
 * operations), the operation {@code X} is {@code X_Step} any number of times, then {@code X_Done}. Under the
 * {@link Semantics#ATOMIC atomic semantics} that is one step: the successors are {@code X_Done}'s from every state
 * zero or more {@code X_Step}s reach. Under {@link Semantics#OMNILINK OmniLink's} (the default) the steps interleave
 * with other operations: the history gets a begin per such operation ({@link #withBegins}), and the state carries
 * the operations under way, closed under their steps. Where the module
 * defines {@code AriadnePartition == "k"}, {@link #partition} checks each value of the parameter {@code k} apart;
 * {@link PartitionCheck} makes that sound for any spec.
 *
 * <p>Each transition ({@code states}, operation) is computed by TLC once and then memoised (unless turned off), so
 * that the engines' repeated steps from the same configuration cost a hash lookup; when, after 32,768 evaluations,
 * fewer than 40% of the steps hit the memo, it is given up (the states rarely repeat, and keeping them costs more). Thread-safe: the engines' parallel
 * partitions share it, and calls into TLC are serialised by the spec.
 */
public final class TlaModel implements Model<TlaStates>, dev.ariadne.core.model.StateKeys<TlaStates> {
    /** Past this many memoised transitions, new ones are computed but not kept (bounded memory). */
    private static final int MEMO_LIMIT = 2_000_000;
    private static final Object DISABLED = new Object();
    /** The memo is judged after this many misses (and again after each as many more). */
    private static final int JUDGE_EVERY = 1 << 15;
    /** Below this share of hits, keeping transitions costs more than it saves (measured in docs/benchmarks.md). */
    private static final double WORTH_IT = 0.4;
    /**
     * A non-atomic operation whose {@code X_Step}s reach more new states than this per state it starts from is an
     * error (steps without end).
     */
    static final int MAX_INTERNAL_STATES = 10_000;

    /** The metadata key that marks an operation {@link #withBegins} added: the moment its owner's steps may start. */
    static final String BEGIN = "ariadne_begin";
    /** The metadata key that marks a non-atomic operation whose begin {@link #withBegins} added. */
    static final String BEGUN = "ariadne_begun";
    /** OmniLink's event of a thread that aborted, which its validation never accepts (unless the spec defines it). */
    static final String ABORT_THREAD = "__AbortThread";

    private final TlaSpec spec;
    private final Semantics semantics;
    private final TlaStates initial;
    private volatile boolean memoise;
    private volatile boolean abandoned;
    private final Map<Transition, Object> memo = new ConcurrentHashMap<>();
    /** How {@link #partition} splits a history by the spec's {@code AriadnePartition}. */
    private enum Split {
        /** Where the spec is proven a product over it for the history's actions ({@link PartitionCheck}). */
        PROVEN,
        /** As the spec promises, for {@link PartitionCheck}, which then checks the parts' verdicts. */
        TRUSTED,
        /** Never: the history is one part. */
        NEVER
    }

    private Split split = Split.PROVEN;
    private final LongAdder evaluations = new LongAdder();
    private final LongAdder hits = new LongAdder();
    /** Memo misses, counted exactly so that the memo is judged once per {@link #JUDGE_EVERY} of them. */
    private final AtomicLong misses = new AtomicLong();

    /** A prepared operation: the resolved action and its arguments, as trace values (for equality) and TLC values. */
    static final class Step {
        /** The operation's name in the trace: {@code X} for the action {@code X} and for the pair {@code X_Step}/{@code X_Done}. */
        final String name;
        /** The action that completes the operation: {@code X}, or {@code X_Done} for a non-atomic operation. */
        final TlaSpec.Action action;
        /** {@code X_Step}, taken any number of times before {@code X_Done}; {@code null} for an atomic operation. */
        final TlaSpec.Action internal;
        final List<Object> values;
        final Object[] args;
        /** The operation this step was prepared from, named when TLC cannot evaluate it (not part of equality). */
        final Operation origin;
        /**
         * Under OmniLink's semantics, the non-atomic operation this step belongs to, as its client and call time
         * (unique in a history: a client runs one operation at a time), so that its begin and its {@code X_Done}
         * name the same one; {@code null} otherwise. Part of equality.
         */
        final Owner owner;
        /** Whether this is the begin {@link #withBegins} added: from here on the owner's {@code X_Step}s may run. */
        final boolean begin;
        /** {@link #action} and {@link #internal} bound to {@link #args}, once ({@code null} without a definition). */
        final TlaSpec.Bound bound;
        final TlaSpec.Bound boundInternal;
        /**
         * A number of this step object alone, for {@link #key}: equal steps made apart get different numbers
         * (a configuration then explored twice, never two confused).
         */
        final long serial = SERIALS.incrementAndGet();
        private final int hash;

        Step(String name, TlaSpec.Action action, TlaSpec.Action internal, List<Object> values, Object[] args,
                Operation origin) {
            this(null, name, action, internal, values, args, origin, null, false);
        }

        /** With {@code spec}, the actions are bound to the arguments ({@link TlaSpec#bind}); without, not. */
        Step(TlaSpec spec, String name, TlaSpec.Action action, TlaSpec.Action internal, List<Object> values,
                Object[] args, Operation origin, Owner owner, boolean begin) {
            this.bound = spec == null || action.definition() == null ? null : spec.bind(action, args);
            this.boundInternal = spec == null || internal == null ? null : spec.bind(internal, args);
            this.name = name;
            this.action = action;
            this.internal = internal;
            this.values = values;
            this.args = args;
            this.origin = origin;
            this.owner = owner;
            this.begin = begin;
            this.hash = (action.name().hashCode() * 31 + values.hashCode()) * 31
                    + (owner == null ? 0 : owner.hashCode() + (begin ? 1 : 0));
        }

        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Step s && s.hash == hash && s.action == action && s.internal == internal
                    && s.begin == begin && java.util.Objects.equals(s.owner, owner) && s.values.equals(values);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(name);
            if (action.name().startsWith(OmniLinkHooks.PREFIX)) { // the event of an OmniLink validation module
                s.append(OmniLinkHooks.describe(values.get(0)));
            } else if (!values.isEmpty()) {
                s.append('(');
                for (int i = 0; i < values.size(); i++) {
                    s.append(i == 0 ? "" : ", ").append(action.parameters().get(i)).append(" = ")
                            .append(Values.show(values.get(i)));
                }
                s.append(')');
            }
            return begin ? s.append(" begins").toString() : s.toString();
        }
    }

    /** A non-atomic operation, by its client and call time (the begin's own client is {@code -1 - client}). */
    record Owner(int client, long call) implements Comparable<Owner> {
        @Override
        public int compareTo(Owner o) {
            int c = Long.compare(call, o.call);
            return c != 0 ? c : Integer.compare(client, o.client);
        }
    }

    private static final AtomicLong SERIALS = new AtomicLong();

    /**
     * The key of a set of states with the operations under way (dfs's configuration cache keeps it instead of the
     * states): how many operations are under way and their steps' serial numbers, how many states and each
     * state's variables' values ({@link SpecEvaluator#key}), as 32-bit units packed two to a word. Equal keys are
     * equal sets: the same steps under way (the same objects), and the same states in the same order, each equal
     * by TLC's equality. (A key of an odd number of units ends with a zero half; keys are prefix-free, so that
     * cannot make two keys equal.)
     */
    @Override
    public int key(TlaStates states, long[] into, int at) {
        Step[] open = states.open;
        int start = at;
        if (into.length - at < 2 * open.length + 2) {
            return NO_ROOM;
        }
        into[at++] = open.length;
        for (Step o : open) {
            into[at++] = o.serial >>> 32;
            into[at++] = o.serial & 0xFFFFFFFFL;
        }
        into[at++] = states.states.length;
        int end = spec.keys(states.states, into, at);
        if (end < 0) {
            return end == -2 ? NO_ROOM : NO_KEY;
        }
        int out = start;
        for (int i = start; i < end; i += 2) {
            into[out++] = into[i] << 32 | (i + 1 < end ? into[i + 1] : 0);
        }
        return out;
    }

    private record Transition(TlaStates from, Step step) {
    }

    TlaModel(TlaSpec spec, boolean memoise) {
        this(spec, Semantics.OMNILINK, memoise);
    }

    TlaModel(TlaSpec spec, Semantics semantics, boolean memoise) {
        this.spec = spec;
        this.semantics = semantics;
        this.memoise = memoise;
        this.initial = spec.initial();
    }

    /**
     * This spec as a model that never splits a history ({@link #partition} gives it whole): for a check that must not
     * rest on {@code AriadnePartition}'s promise, minimal failing cores included ({@link PartitionCheck}).
     */
    TlaModel unpartitioned() {
        TlaModel whole = new TlaModel(spec, semantics, memoise);
        whole.split = Split.NEVER;
        return whole;
    }

    /**
     * This spec as a model that splits a history as {@code AriadnePartition} promises, proven or not: only for
     * {@link PartitionCheck}, which checks the parts' verdicts against the whole spec.
     */
    TlaModel trustingPartition() {
        if (split == Split.TRUSTED) {
            return this;
        }
        TlaModel trusting = new TlaModel(spec, semantics, memoise);
        trusting.split = Split.TRUSTED;
        return trusting;
    }

    /** What an operation of {@code X_Step}s and an {@code X_Done} means in this model. */
    public Semantics semantics() {
        return semantics;
    }

    /** The spec behind this model. */
    public TlaSpec spec() {
        return spec;
    }

    @Override
    public String name() {
        return "tla:" + spec.fileName() + " (" + semantics.label() + " semantics)";
    }

    /**
     * {@code false}: an action's parameters carry the operation's return values too (OmniLink's traces name them
     * with the arguments), so an unknown output forgets nothing, and what could produce an observation cannot be
     * asked by forgetting outputs.
     */
    @Override
    public boolean forgetsOutputs() {
        return false;
    }

    /**
     * {@value #STEP_COST}: a step evaluates the action with TLC's evaluator and fingerprints the states it makes, a
     * few microseconds against a built-in model's tens of nanoseconds (docs/benchmarks.md, branch tla12).
     */
    @Override
    public int stepCost() {
        return STEP_COST;
    }

    /** {@link #stepCost()}. */
    static final int STEP_COST = 8;

    /**
     * A begin (OmniLink's semantics): it adds its operation to those under way and closes the states under their
     * steps, so the states after it can do everything those before could, before or after other operations
     * (docs/engines.md, "Operations placed eagerly"), and dfs places it as soon as real time allows.
     */
    @Override
    public boolean onlyWidens(Object input, Object output) {
        return input instanceof Step step && step.begin;
    }

    @Override
    public TlaStates init() {
        return initial;
    }

    @Override
    public TlaStates step(TlaStates states, Object input, Object output) {
        Step step = (Step) input;
        if (!memoise) {
            return compute(states, step);
        }
        Transition key = new Transition(states, step);
        Object known = memo.get(key);
        if (known != null) {
            hits.increment();
            return known == DISABLED ? null : (TlaStates) known;
        }
        TlaStates next = compute(states, step);
        if (memo.size() < MEMO_LIMIT) {
            memo.put(key, next == null ? DISABLED : next);
        }
        if (misses.incrementAndGet() % JUDGE_EVERY == 0) {
            judge();
        }
        return next;
    }

    /**
     * Gives the memo up when few steps hit it: where nearly every (states, operation) pair is new (a queue whose
     * contents rarely repeat), keeping them only costs memory and time. Verdicts do not depend on it.
     */
    private void judge() {
        long h = hits.sum();
        long lookups = h + misses.get();
        if (h < WORTH_IT * lookups) {
            memoise = false;
            abandoned = true;
            memo.clear();
        }
    }

    /** Whether the memo was asked for but given up because too few steps hit it. */
    public boolean memoAbandoned() {
        return abandoned;
    }

    private TlaStates compute(TlaStates states, Step step) {
        try {
            return evaluate(states, step);
        } catch (TlaException e) {
            // TLC could not evaluate the action with these values (a type error): the operation is invalid input
            throw new InvalidOperationException(safe(e.getMessage())).at(step.origin);
        }
    }

    private TlaStates evaluate(TlaStates states, Step step) {
        evaluations.increment();
        if (step.action.definition() == null) {
            return null; // __AbortThread: never accepted
        }
        if (semantics == Semantics.OMNILINK && (states.open.length > 0 || step.owner != null)) {
            return interleaved(states, step);
        }
        if (states.states.length == 1 && step.internal == null) {
            List<TlaState> next = spec.successors(states.states[0], step.bound);
            return next.isEmpty() ? null : next.size() == 1 ? next.get(0).alone() : TlaStates.of(next);
        }
        StateSet all = successors(states.states, step);
        return all.isEmpty() ? null : TlaStates.of(all, NO_STEPS);
    }

    private static final Step[] NO_STEPS = new Step[0];

    /**
     * The states the operation leads to from any of {@code from}: its action's successors, or, for a non-atomic
     * operation, {@code X_Done}'s successors from every state that zero or more {@code X_Step}s reach.
     */
    private StateSet successors(TlaState[] from, Step step) {
        StateSet all = new StateSet();
        if (step.internal == null) {
            for (TlaState s : from) {
                all.addAll(spec.successors(s, step.bound));
            }
            return all;
        }
        StateSet before = internalClosure(from, step);
        for (int i = 0; i < before.size(); i++) {
            all.addAll(spec.successors(before.get(i), step.bound));
        }
        return all;
    }

    /**
     * A step under OmniLink's semantics: the states are closed under the {@code X_Step}s of the operations under
     * way ({@code states.open}). A begin adds its owner to them; an {@code X_Done} takes its owner out (and is
     * illegal before its begin: the begin can always come first, as it is called with the operation); any other
     * action is taken as under the atomic semantics. The states reached are then closed again under the steps of
     * the operations still under way, which may run before the next operation takes effect.
     */
    private TlaStates interleaved(TlaStates states, Step step) {
        Step[] open = states.open;
        StateSet next;
        if (step.begin) {
            int at = indexOf(open, step.owner);
            if (at >= 0) {
                return states;
            }
            Step[] more = Arrays.copyOf(open, open.length + 1);
            int i = open.length;
            for (; i > 0 && more[i - 1].owner.compareTo(step.owner) > 0; i--) {
                more[i] = more[i - 1];
            }
            more[i] = step;
            next = new StateSet();
            for (TlaState s : states.states) {
                next.add(s);
            }
            // The states are closed under the steps of the operations already under way: from them only the
            // begun operation's steps are new; the states those reach are closed under every operation's.
            return TlaStates.of(closure(next, more, step, next.size(), step), more);
        }
        if (step.owner != null) {
            int at = indexOf(open, step.owner);
            if (at < 0) {
                return null;
            }
            Step[] fewer = open.length == 1 ? NO_STEPS : new Step[open.length - 1];
            System.arraycopy(open, 0, fewer, 0, at);
            System.arraycopy(open, at + 1, fewer, at, open.length - at - 1);
            open = fewer;
            next = new StateSet();
            for (TlaState s : states.states) {
                next.addAll(spec.successors(s, step.bound));
            }
        } else {
            next = successors(states.states, step);
        }
        if (next.isEmpty()) {
            return null;
        }
        return TlaStates.of(open.length == 0 ? next : closure(next, open, step, 0, null), open);
    }

    private static int indexOf(Step[] open, Owner owner) {
        for (int i = 0; i < open.length; i++) {
            if (open[i].owner.equals(owner)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Adds to {@code reached} every state reached from its states by zero or more {@code X_Step}s of the
     * operations {@code open}, in any interleaving, and returns it; {@code cause} is named when the steps do not
     * come to an end. Its first {@code closed} states are closed under the steps of {@code open} but
     * {@code begun}'s (the operation a begin adds), so only {@code begun}'s steps are taken from them. The set is its
     * own work list: the states after position {@code done} are still to expand.
     */
    private StateSet closure(StateSet reached, Step[] open, Step cause, int closed, Step begun) {
        long limit = reached.size() + (long) MAX_INTERNAL_STATES * reached.size();
        for (int done = 0; done < reached.size(); done++) {
            TlaState s = reached.get(done);
            if (done < closed) {
                expand(reached, s, begun, limit, cause);
            } else {
                for (Step o : open) {
                    expand(reached, s, o, limit, cause);
                }
            }
        }
        return reached;
    }

    /** Adds to {@code reached} the states {@code o}'s {@code X_Step} leads to from {@code s}. */
    private void expand(StateSet reached, TlaState s, Step o, long limit, Step cause) {
        List<TlaState> successors = spec.successors(s, o.boundInternal);
        for (int k = 0, n = successors.size(); k < n; k++) {
            if (reached.add(successors.get(k)) && reached.size() > limit) {
                throw new TlaException(o.internal.location() + ": the X_Step actions of the "
                        + "operations under way (" + o.internal.name() + " of " + o
                        + " among them) reach more than " + MAX_INTERNAL_STATES + " states before "
                        + cause + "; an operation's internal steps must come to an end (guard them "
                        + "so that they are disabled after finitely many steps)");
            }
        }
    }

    /** Every state reached from {@code from} by zero or more {@code X_Step}s with the operation's values. */
    private StateSet internalClosure(TlaState[] from, Step step) {
        StateSet reached = new StateSet();
        for (TlaState s : from) {
            reached.add(s);
        }
        long limit = reached.size() + (long) MAX_INTERNAL_STATES * reached.size();
        for (int done = 0; done < reached.size(); done++) {
            List<TlaState> successors = spec.successors(reached.get(done), step.boundInternal);
            for (int k = 0, n = successors.size(); k < n; k++) {
                if (reached.add(successors.get(k)) && reached.size() > limit) {
                    throw new TlaException(step.internal.location() + ": " + step.internal.name()
                            + " reaches more than " + MAX_INTERNAL_STATES + " states within one operation "
                            + step + "; an operation's internal steps must come to an end (guard "
                            + step.internal.name() + " so that it is disabled after finitely many steps)");
                }
            }
        }
        return reached;
    }

    /**
     * Binds the operation to its action: {@code X} to the operator {@code X}, each formal parameter to the value of
     * the same name (an OmniLink trace names its values; a native history may give a map from names to values, or,
     * for an action of one parameter, the value itself, or for n parameters a list of n values in order).
     */
    @Override
    public Operation prepare(Operation operation) {
        if (!(operation.input() instanceof Invocation inv)) {
            throw new InvalidOperationException("expected an operation read from a trace, got "
                    + Values.show(operation.input())).at(operation);
        }
        if (spec.hooked()) { // an OmniLink validation module: the event record is the one argument of its action
            TlaSpec.Hooked h = spec.hooked(operation, inv.f());
            Object arg;
            try {
                arg = spec.value(h.event());
            } catch (IllegalArgumentException e) {
                throw new InvalidOperationException(inv.f() + ": the event has no TLA+ value: "
                        + Values.escape(e.getMessage())).at(operation);
            }
            return finish(operation, inv, h.action(), h.internal(), List.of(h.event()), new Object[]{arg});
        }
        TlaSpec.Action action = spec.action(inv.f());
        TlaSpec.Action internal = null;
        if (action == null && inv.f().equals(ABORT_THREAD)) {
            // OmniLink's default hook (__Action__AbortThread == FALSE): a thread that aborts fails the validation
            TlaSpec.Action never = new TlaSpec.Action(ABORT_THREAD, null, List.of(),
                    "OmniLink's validation (a thread abort is never accepted)");
            return operation.withInputOutput(new Step(inv.f(), never, null, List.of(), new Object[0], operation),
                    operation.isPending() ? Operation.UNKNOWN : null);
        }
        if (action == null) {
            // OmniLink's non-atomic operation: X is X_Step, any number of times, then X_Done
            action = spec.action(inv.f() + "_Done");
            internal = spec.action(inv.f() + "_Step");
            if (action == null || internal == null) {
                throw new InvalidOperationException(spec.path() + " defines no action " + Values.escape(inv.f())
                        + " (an operation X is the spec's operator X, or its pair X_Step and X_Done)").at(operation);
            }
            if (!internal.parameters().equals(action.parameters())) {
                throw new InvalidOperationException(internal.location() + ": " + internal.name() + " and "
                        + action.name() + " must take the same parameters (" + internal.name() + ": "
                        + String.join(", ", internal.parameters()) + "; " + action.name() + ": "
                        + String.join(", ", action.parameters()) + ")").at(operation);
            }
        }
        Map<String, Object> named = named(inv, operation, action);
        List<String> params = action.parameters();
        for (String name : named.keySet()) {
            if (!params.contains(name)) {
                throw new InvalidOperationException(action.location() + ": " + action.name() + " has no parameter "
                        + Values.escape(name) + " (" + describeParameters(params) + ")").at(operation);
            }
        }
        Object[] args = new Object[params.size()];
        List<Object> values = new ArrayList<>(params.size());
        for (int i = 0; i < args.length; i++) {
            String p = params.get(i);
            if (!named.containsKey(p)) {
                throw new InvalidOperationException(action.location() + ": " + action.name() + " takes "
                        + describeParameters(params) + ", but the operation gives no value for " + p).at(operation);
            }
            Object v = named.get(p);
            try {
                args[i] = spec.value(v);
            } catch (IllegalArgumentException e) {
                throw new InvalidOperationException(action.name() + " parameter " + p + ": "
                        + Values.escape(e.getMessage())).at(operation);
            }
            values.add(v);
        }
        return finish(operation, inv, action, internal, Collections.unmodifiableList(values), args);
    }

    /** The prepared operation: its begin or owner under OmniLink's semantics, and its step. */
    private Operation finish(Operation operation, Invocation inv, TlaSpec.Action action, TlaSpec.Action internal,
                             List<Object> values, Object[] args) {
        boolean begin = Boolean.TRUE.equals(operation.metadata().get(BEGIN));
        Owner owner = null;
        if (begin && (internal == null || semantics != Semantics.OMNILINK)) {
            throw new InvalidOperationException("a begin (" + BEGIN + ") is for a non-atomic operation under "
                    + "OmniLink's semantics only").at(operation);
        }
        if (internal != null && semantics == Semantics.OMNILINK) {
            if (!begin && !Boolean.TRUE.equals(operation.metadata().get(BEGUN))) {
                throw new InvalidOperationException("under OmniLink's semantics the non-atomic operation "
                        + Values.escape(inv.f()) + " needs its begin: check the history TlaModel.withBegins "
                        + "returns (or use the atomic semantics)").at(operation);
            }
            owner = begin ? new Owner(-1 - operation.client(), operation.call())
                    : new Owner(operation.client(), operation.call());
        }
        Step step = new Step(spec, inv.f(), action, internal, values, args, operation, owner, begin);
        return operation.withInputOutput(step, operation.isPending() ? Operation.UNKNOWN : null);
    }

    /**
     * The history to check with this model. Under OmniLink's semantics, each non-atomic operation {@code X}
     * ({@code X_Step}/{@code X_Done}) gets a companion, its <em>begin</em>, called and returning at the
     * operation's call (client {@code -1 - client}, same line): where the search places the begin, the
     * operation's {@code X_Step}s may start to run, interleaved with other operations, until its {@code X_Done}.
     * The begin cannot come before an operation that returned before the call, nor after one called after it,
     * which is when OmniLink lets the operation's thread take steps. Under the atomic semantics, and for specs
     * without such operations, the history itself.
     */
    public dev.ariadne.core.history.History withBegins(dev.ariadne.core.history.History history) {
        if (semantics != Semantics.OMNILINK) {
            return history;
        }
        List<Operation> out = new ArrayList<>(history.size());
        boolean any = false;
        for (Operation op : history.operations()) {
            if (op.input() instanceof Invocation inv && spec.isSplit(op, inv.f())) {
                Map<String, Object> meta = new LinkedHashMap<>(op.metadata());
                meta.put(BEGUN, true);
                out.add(new Operation(op.id(), op.client(), op.input(), op.output(), op.call(), op.ret(),
                        Collections.unmodifiableMap(meta)));
                Map<String, Object> begin = new LinkedHashMap<>(op.metadata());
                begin.put(BEGIN, true);
                out.add(new Operation(op.id(), -1 - op.client(), op.input(), null, op.call(), op.call(),
                        Collections.unmodifiableMap(begin)));
                any = true;
            } else {
                out.add(op);
            }
        }
        return any ? dev.ariadne.core.history.History.of(out) : history;
    }

    private static String describeParameters(List<String> params) {
        return params.isEmpty() ? "it takes no parameters" : "its parameters: " + String.join(", ", params);
    }

    /** The operation's values by parameter name. */
    private static Map<String, Object> named(Invocation inv, Operation operation, TlaSpec.Action action) {
        Map<String, Object> named = new LinkedHashMap<>();
        Object value = inv.value();
        if (operation.metadata().get("params") instanceof List<?> names) {
            List<?> values = names.size() == 1 ? Collections.singletonList(value) : (List<?>) value;
            for (int i = 0; i < names.size(); i++) {
                named.put(String.valueOf(names.get(i)), values.get(i));
            }
            return named;
        }
        List<String> params = action.parameters();
        if (value instanceof Map<?, ?> map && !map.isEmpty() && params.containsAll(map.keySet())) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                named.put((String) e.getKey(), e.getValue());
            }
            return named;
        }
        if (params.isEmpty() && value == null) {
            return named;
        }
        if (params.size() == 1) {
            named.put(params.get(0), value);
        } else if (value instanceof List<?> list && list.size() == params.size()) {
            for (int i = 0; i < list.size(); i++) {
                named.put(params.get(i), list.get(i));
            }
        } else {
            throw new InvalidOperationException(action.location() + ": " + action.name() + " takes "
                    + describeParameters(params) + "; give them by name (an OmniLink trace, or a map of names to "
                    + "values)").at(operation);
        }
        return named;
    }

    /**
     * With {@code AriadnePartition == "k"} in the module, one part per value of the parameter {@code k}: the spec's
     * promise that operations on different values of {@code k} read and write disjoint parts of the state, so that
     * the history is linearizable exactly when each part is. The history is split only where that promise is proven
     * from the spec for the operations' actions ({@link PartitionCheck}, which also checks an unproven promise's
     * parts against the whole spec). Without it, unproven, in an {@link #unpartitioned} model, or when some
     * operation's action has no parameter {@code k}, the history is one part.
     */
    @Override
    public List<Partition> partition(List<Operation> operations) {
        String by = spec.partitionParameter();
        if (by == null || split == Split.NEVER) {
            return List.of(Partition.whole(operations));
        }
        Map<Object, List<Operation>> parts = new LinkedHashMap<>();
        for (Operation op : operations) {
            Step step = (Step) op.input();
            int at = step.action.parameters().indexOf(by);
            if (at < 0) {
                return List.of(Partition.whole(operations));
            }
            parts.computeIfAbsent(step.values.get(at), k -> new ArrayList<>()).add(op);
        }
        if (parts.size() > 1 && split == Split.PROVEN && PartitionCheck.whyNotProvenPrepared(this, operations) != null) {
            return List.of(Partition.whole(operations));
        }
        List<Partition> out = new ArrayList<>(parts.size());
        parts.forEach((value, ops) -> out.add(new Partition(by + " = " + Values.show(value), ops)));
        return out;
    }

    /** {@code Deq(v = 2)}: the action and its values, shown (and escaped) as the core shows values. */
    @Override
    public String describeOperation(Object input, Object output) {
        return input.toString();
    }

    /**
     * TLC's text with control, format and unassigned characters escaped (a backslash, u and four hex digits, as
     * the core escapes), so that a trace value inside a TLA+ string cannot forge terminal output; quotes and
     * backslashes stay as TLC prints them.
     */
    static String safe(String tlcText) {
        StringBuilder out = new StringBuilder(tlcText.length());
        for (int i = 0; i < tlcText.length(); i++) {
            char c = tlcText.charAt(i);
            int type = Character.getType(c);
            if (c < 0x20 || c == 0x7f || type == Character.CONTROL || type == Character.FORMAT
                    || type == Character.UNASSIGNED || type == Character.LINE_SEPARATOR
                    || type == Character.PARAGRAPH_SEPARATOR) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The state as TLA+ ({@code /\ q = <<1, 2>>}), or {@code one of N: A | B} for several. */
    @Override
    public String describeState(TlaStates states) {
        // Sorted and distinct: states that differ only in what is not shown (an OmniLink validation module's
        // bookkeeping) read as one.
        java.util.SortedSet<String> each = new java.util.TreeSet<>();
        for (TlaState s : states.states) {
            each.add(spec.show(s));
        }
        String text = each.size() == 1 ? each.first() : "one of " + each.size() + ": " + String.join(" | ", each);
        return safe(text);
    }

    /** How many transitions TLC computed (memo misses, or every step without the memo). */
    public long evaluations() {
        return evaluations.sum();
    }

    /** How many steps the memo answered. */
    public long memoHits() {
        return hits.sum();
    }

    /**
     * The same spec as a {@link NondeterministicModel} over single states, for code that does the subset construction
     * itself ({@link NondeterministicModel#toModel()}); without the memo.
     */
    public NondeterministicModel<TlaState> nondeterministic() {
        TlaModel self = this;
        return new NondeterministicModel<>() {
            @Override
            public String name() {
                return self.name();
            }

            @Override
            public Collection<TlaState> init() {
                return Arrays.asList(initial.states);
            }

            @Override
            public Collection<TlaState> step(TlaState state, Object input, Object output) {
                return successors(new TlaState[]{state}, (Step) input).asList();
            }

            @Override
            public Operation prepare(Operation operation) {
                return self.prepare(operation);
            }

            @Override
            public String describeOperation(Object input, Object output) {
                return self.describeOperation(input, output);
            }

            @Override
            public String describeState(TlaState state) {
                return safe(spec.show(state));
            }
        };
    }
}
