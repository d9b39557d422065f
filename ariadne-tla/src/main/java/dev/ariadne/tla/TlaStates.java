package dev.ariadne.tla;

import java.util.Arrays;
import java.util.List;

/**
 * The states a TLA+ object may be in after a sequence of operations: one for a deterministic spec, several where an
 * action had several successors (the subset construction of {@link dev.ariadne.core.model.NondeterministicModel}).
 * A value: the interned states sorted by their interning order, so that equal sets are equal arrays.
 */
public final class TlaStates {
    final TlaState[] states;
    private final int hash;

    TlaStates(TlaState[] sortedDistinct) {
        this.states = sortedDistinct;
        this.hash = Arrays.hashCode(sortedDistinct);
    }

    /** The set of {@code states} (interned, possibly repeated, in any order). */
    static TlaStates of(List<TlaState> states) {
        if (states.size() == 1) {
            return states.get(0).alone;
        }
        TlaState[] a = states.toArray(new TlaState[0]);
        if (a.length > 1) {
            Arrays.sort(a, (x, y) -> Long.compare(x.serial, y.serial));
            int n = 1;
            for (int i = 1; i < a.length; i++) {
                if (a[i] != a[n - 1]) {
                    a[n++] = a[i];
                }
            }
            a = n == a.length ? a : Arrays.copyOf(a, n);
        }
        return new TlaStates(a);
    }

    /** How many states the object may be in. */
    public int size() {
        return states.length;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof TlaStates other && other.hash == hash && Arrays.equals(states, other.states);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
