package dev.ariadne.core.model;

import dev.ariadne.core.history.Operation;

import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** The subset construction over a {@link NondeterministicModel}; states are immutable sets. */
final class PowerSetModel<S> implements Model<Set<S>> {
    private final NondeterministicModel<S> model;

    PowerSetModel(NondeterministicModel<S> model) {
        this.model = model;
    }

    @Override
    public String name() {
        return model.name();
    }

    @Override
    public Set<S> init() {
        return new States<>(new HashSet<>(model.init()));
    }

    @Override
    public Set<S> step(Set<S> states, Object input, Object output) {
        if (states.size() == 1) {
            // The common case: one state in, its successors out, no set built but the result.
            Collection<S> next = model.step(states.iterator().next(), input, output);
            return next.isEmpty() ? null : next.size() == 1 ? new States<>(Set.of(next.iterator().next()))
                    : new States<>(new HashSet<>(next));
        }
        HashSet<S> next = new HashSet<>(states.size() * 2);
        for (S s : states) {
            next.addAll(model.step(s, input, output));
        }
        return next.isEmpty() ? null : new States<>(next);
    }

    /**
     * An immutable set of states that keeps its hash: engines hash and compare states all the time, and a set's own
     * hash walks every element. Equal to any set with the same elements.
     */
    private static final class States<S> extends AbstractSet<S> {
        private final Set<S> elements;
        private final int hash;

        States(Set<S> elements) {
            this.elements = elements;
            this.hash = elements.hashCode();
        }

        @Override
        public Iterator<S> iterator() {
            return Collections.unmodifiableSet(elements).iterator();
        }

        @Override
        public int size() {
            return elements.size();
        }

        @Override
        public boolean contains(Object o) {
            return elements.contains(o);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (o instanceof States<?> t) {
                return t.hash == hash && t.elements.size() == elements.size() && elements.containsAll(t.elements);
            }
            return o instanceof Set<?> other && other.size() == elements.size() && elements.containsAll(other);
        }
    }

    @Override
    public Operation prepare(Operation operation) {
        return model.prepare(operation);
    }

    @Override
    public List<Partition> partition(List<Operation> operations) {
        return model.partition(operations);
    }

    /**
     * Read-only when the underlying model says so: a step then keeps a subset of the states, so leaving the
     * operation out never hurts (the construction is monotone), and engines place it eagerly only when the set
     * stays equal.
     */
    @Override
    public boolean isReadOnly(Object input) {
        return model.isReadOnly(input);
    }

    /**
     * As the underlying model says: a sequence is legal for the subset construction exactly when some choice of
     * states accepts it, which is the underlying model's promise.
     */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return model.mayReveal(pending, input, output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return model.describeOperation(input, output);
    }

    /**
     * The one state, or {@code one of N: A | B | …}: every state the object may be in, sorted so that a report does
     * not depend on the set's iteration order.
     */
    @Override
    public String describeState(Set<S> states) {
        List<String> each = new ArrayList<>(states.size());
        for (S s : states) {
            each.add(model.describeState(s));
        }
        Collections.sort(each);
        return states.size() == 1 ? each.get(0) : "one of " + states.size() + ": " + String.join(" | ", each);
    }
}
