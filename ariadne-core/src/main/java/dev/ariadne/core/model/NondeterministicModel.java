package dev.ariadne.core.model;

import dev.ariadne.core.history.Operation;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * A sequential specification whose steps may lead to several states (a lossy queue, a set that may or may not
 * deduplicate). Engines check it through {@link #toModel()}, the subset construction: a configuration holds the
 * set of states the object could be in, and an operation is legal when it is legal in at least one. The
 * same value contract as {@link Model} applies to {@code S}.
 *
 * @param <S> the state type
 */
public interface NondeterministicModel<S> {

    /** The model's name, as used on the command line. */
    String name();

    /** The possible initial states (at least one). */
    Collection<S> init();

    /** Every state {@code input}/{@code output} may lead to from {@code state}; empty when it is illegal. */
    Collection<S> step(S state, Object input, Object output);

    /** See {@link Model#prepare}. */
    default Operation prepare(Operation operation) {
        return operation;
    }

    /** See {@link Model#partition}. */
    default List<Partition> partition(List<Operation> operations) {
        return List.of(Partition.whole(operations));
    }

    /**
     * See {@link Model#isReadOnly}: for every state and output, {@link #step} leads to that state or to none. The
     * subset construction then only ever shrinks a set of states, which keeps the property engines rely on (leaving
     * the operation out never hurts). The default is {@code false}.
     */
    default boolean isReadOnly(Object input) {
        return false;
    }

    /**
     * See {@link Model#mayReveal}, with "legal" meaning: some choice of states at each step accepts the sequence
     * (which is what the subset construction accepts). The default is {@code true}.
     */
    default boolean mayReveal(Object pending, Object input, Object output) {
        return true;
    }

    /** See {@link Model#describeOperation}. */
    default String describeOperation(Object input, Object output) {
        return input + " → " + output;
    }

    /** See {@link Model#describeState}. */
    default String describeState(S state) {
        return String.valueOf(state);
    }

    /** This model as a deterministic {@link Model} over sets of states. */
    default Model<Set<S>> toModel() {
        return new PowerSetModel<>(this);
    }
}
