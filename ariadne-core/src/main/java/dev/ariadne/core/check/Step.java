package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.Objects;

/**
 * One operation placed in a (partial) linearization and the model state right after it, with the model's
 * description of that state. Evidence can run to hundreds of thousands of steps of which a report shows a few,
 * so the engines let the description be made when it is first asked for; it is the same string either way.
 */
public final class Step {
    private final Operation operation;
    private final Object state;
    private final Model<Object> model;
    private volatile String stateDescription;

    /** A step whose state is already described. */
    public Step(Operation operation, Object state, String stateDescription) {
        this.operation = Objects.requireNonNull(operation);
        this.state = state;
        this.model = null;
        this.stateDescription = Objects.requireNonNull(stateDescription);
    }

    @SuppressWarnings("unchecked")
    private <S> Step(Operation operation, S state, Model<S> model) {
        this.operation = operation;
        this.state = state;
        this.model = (Model<Object>) model;
    }

    /** A step whose state {@code model} describes when the description is first asked for. */
    public static <S> Step described(Operation operation, S state, Model<S> model) {
        return new Step(operation, state, model);
    }

    /** The operation. */
    public Operation operation() {
        return operation;
    }

    /** The model state after it. */
    public Object state() {
        return state;
    }

    /** The model's description of {@link #state()}. */
    public String stateDescription() {
        String d = stateDescription;
        if (d == null) {
            d = model.describeState(state);
            stateDescription = d;
        }
        return d;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Step s && s.operation.equals(operation) && Objects.equals(s.state, state)
                && s.stateDescription().equals(stateDescription());
    }

    @Override
    public int hashCode() {
        return Objects.hash(operation, state);
    }

    @Override
    public String toString() {
        return "Step[operation=" + operation + ", state=" + stateDescription() + "]";
    }
}
