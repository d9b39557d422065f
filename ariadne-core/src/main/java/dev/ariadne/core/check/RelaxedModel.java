package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;
import dev.ariadne.core.search.Budget;

import java.util.Collection;
import java.util.List;

/**
 * The model of a relaxed history (docs/semantics.md, "Minimal failing cores"): an operation outside the core is
 * marked by a {@link Relaxed} input and may, at its place in the order, do nothing, step with its own output, or
 * step with an unknown output; the core's operations step as the model says. Checked through the subset
 * construction, so that the relaxed operations' choices cost no search. Counts the model's steps and stops the
 * check past {@code maxSteps} ({@link Stopped}), which makes a check's verdict the same on every run. Where the model
 * names doomed states, the core search checks with {@link TrackedRelaxedModel} instead.
 */
final class RelaxedModel<S> implements NondeterministicModel<S>, RelaxedReach {
    /** Why a check stops at its step budget. */
    static final String OUT_OF_STEPS = "a check ran out of its step budget";

    /**
     * The input of an operation outside the core: its prepared input and output, and its position in a
     * {@link TrackedRelaxedModel.Plan}'s history ({@code -1} outside one, where operations with equal inputs step
     * alike, as the engines take them to).
     */
    record Relaxed(Object input, Object output, int at) {
        // Written out, with the values a record's own would have: a record's equals and hashCode are made at run
        // time from method handles, which spun about 30 classes outside the start-up archive in each cold core
        // search (docs/benchmarks.md, branch cold).
        @Override
        public boolean equals(Object o) {
            return o instanceof Relaxed r && at == r.at && java.util.Objects.equals(input, r.input)
                    && java.util.Objects.equals(output, r.output);
        }

        @Override
        public int hashCode() {
            return (java.util.Objects.hashCode(input) * 31 + java.util.Objects.hashCode(output)) * 31 + at;
        }
    }

    private final Model<S> model;
    private final Budget budget;
    private final long maxSteps;
    /** The states the check starts from: the model's initial one, or a window's (docs/semantics.md, "Windows"). */
    private final List<S> init;
    /**
     * Whether the model reads no output ({@link Model#forgetsOutputs} is false: a TLA+ action reads its results
     * from its parameters): a step with an unknown output is then the step with the operation's own, not taken
     * twice (on a TLA+ spec's violation, half of the core search's steps were such repeats).
     */
    private final boolean readsNoOutput;
    private long steps;
    /** Per input of the checked history (by identity), its position; {@code null} when not noted. */
    private java.util.IdentityHashMap<Object, Integer> positions;
    private int reached = -1;

    RelaxedModel(Model<S> model, Budget budget, long maxSteps) {
        this(model, budget, maxSteps, List.of(model.init()));
    }

    RelaxedModel(Model<S> model, Budget budget, long maxSteps, List<S> init) {
        this.model = model;
        this.budget = budget;
        this.maxSteps = maxSteps;
        this.init = init;
        this.readsNoOutput = !model.forgetsOutputs();
    }

    /**
     * This model, noting how far into {@code history}, the history it checks, its steps reach ({@link #reached}).
     * An input shared by several operations counts at the last one's position, which only makes the reach longer.
     */
    RelaxedModel<S> noting(List<Operation> history) {
        positions = new java.util.IdentityHashMap<>(history.size() * 2);
        for (int i = 0; i < history.size(); i++) {
            positions.put(history.get(i).input(), i);
        }
        return this;
    }

    @Override
    public int reached() {
        return reached;
    }

    @Override
    public boolean outOfSteps() {
        return steps > maxSteps;
    }

    /** {@code op} outside the core. */
    static Operation relax(Operation op) {
        return new Operation(op.id(), op.client(), new Relaxed(op.input(), op.output(), -1), op.output(), op.call(),
                op.ret(), op.metadata());
    }

    @Override
    public String name() {
        // Not the model's name: the decision procedures choose by name, and none of them knows relaxed operations.
        return "relaxed " + model.name();
    }

    @Override
    public Collection<S> init() {
        return init;
    }

    /**
     * Thrown by a step past the step budget, or once the check's budget is stopped (the core search's deadline):
     * an engine polls its budget only between closures, and one closure over relaxed operations can be long.
     */
    static final class Stopped extends RuntimeException {
        Stopped(String reason) {
            super(reason, null, false, false);
        }
    }

    @Override
    public Collection<S> step(S state, Object input, Object output) {
        if (++steps > maxSteps) {
            budget.stop(OUT_OF_STEPS);
            throw new Stopped(OUT_OF_STEPS);
        }
        if ((steps & 0x3ff) == 0 && budget.exhausted()) {
            throw new Stopped(budget.reason());
        }
        if (positions != null) {
            Integer at = positions.get(input);
            if (at != null && at > reached) {
                reached = at;
            }
        }
        if (!(input instanceof Relaxed r)) {
            S next = model.step(state, input, output);
            return next == null ? List.of() : List.of(next);
        }
        S own = model.step(state, r.input(), r.output());
        S any = r.output() == Operation.UNKNOWN || readsNoOutput ? null
                : model.step(state, r.input(), Operation.UNKNOWN);
        // The subset construction merges equal states; only the usual case, nothing new, is worth sparing it.
        boolean ownNew = own != null && !own.equals(state);
        boolean anyNew = any != null && !any.equals(state) && !any.equals(own);
        if (!ownNew && !anyNew) {
            return List.of(state);
        }
        if (ownNew && anyNew) {
            return List.of(state, own, any);
        }
        return List.of(state, ownNew ? own : any);
    }

    /** A relaxed operation may change the state (read-only ones are left out of relaxed histories). */
    @Override
    public boolean isReadOnly(Object input) {
        return !(input instanceof Relaxed) && model.isReadOnly(input);
    }

    /**
     * As the model says for a core operation; a relaxed one may reveal anything. Sound: in a sequence where only
     * core operations follow the crashed one, the choices of the relaxed ones before it make a sequence of the
     * model's own, for which its promise holds.
     */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return input instanceof Relaxed || model.mayReveal(pending, input, output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return input instanceof Relaxed r ? model.describeOperation(r.input(), r.output())
                : model.describeOperation(input, output);
    }

    @Override
    public String describeState(S state) {
        return model.describeState(state);
    }
}
