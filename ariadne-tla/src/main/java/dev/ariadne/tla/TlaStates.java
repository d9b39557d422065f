package dev.ariadne.tla;

import java.util.Arrays;
import java.util.List;

/**
 * The states a TLA+ object may be in after a sequence of operations: one for a deterministic spec, several where an
 * action had several successors (the subset construction of {@link dev.ariadne.core.model.NondeterministicModel}).
 * A value: the states sorted by fingerprint, so that equal sets are equal arrays (see {@link #of}).
 */
public final class TlaStates {
    private static final TlaModel.Step[] NONE = new TlaModel.Step[0];

    final TlaState[] states;
    /**
     * Under OmniLink's semantics, the operations whose {@code X_Step}s may run now (begun, not done), sorted by
     * {@link TlaModel.Step#owner}; the states are closed under their steps. Empty otherwise.
     */
    final TlaModel.Step[] open;
    private final int hash;

    TlaStates(TlaState[] sortedDistinct) {
        this(sortedDistinct, NONE);
    }

    TlaStates(TlaState[] sortedDistinct, TlaModel.Step[] open) {
        this.states = sortedDistinct;
        this.open = open;
        this.hash = Arrays.hashCode(sortedDistinct) * 31 + Arrays.hashCode(open);
    }

    /** The set of {@code states} (possibly repeated, in any order). */
    static TlaStates of(List<TlaState> states) {
        return of(states, NONE);
    }

    /** The set of {@code states} with the operations {@code open} under way (sorted by owner). */
    static TlaStates of(java.util.Collection<TlaState> states, TlaModel.Step[] open) {
        if (states.size() == 1 && open.length == 0) {
            return states.iterator().next().alone();
        }
        TlaState[] a = states.toArray(new TlaState[0]);
        if (a.length > 1) {
            // By fingerprint, so that equal sets are equal arrays (but for states whose fingerprints collide, whose
            // order may differ: such sets compare unequal, which costs a revisit, never a wrong answer).
            Arrays.sort(a, (x, y) -> Long.compare(x.fingerprint, y.fingerprint));
            int n = 0;
            for (int i = 0; i < a.length; i++) {
                boolean seen = false;
                for (int j = n - 1; j >= 0 && a[j].fingerprint == a[i].fingerprint; j--) {
                    if (a[j].equals(a[i])) {
                        seen = true;
                        break;
                    }
                }
                if (!seen) {
                    a[n++] = a[i];
                }
            }
            a = n == a.length ? a : Arrays.copyOf(a, n);
        }
        return new TlaStates(a, open);
    }

    /** The set of the distinct states of {@code set} with the operations {@code open} under way (sorted by owner). */
    static TlaStates of(StateSet set, TlaModel.Step[] open) {
        if (set.size() == 1 && open.length == 0) {
            return set.get(0).alone();
        }
        TlaState[] a = set.toArray();
        // By fingerprint, as of(Collection, Step[]) orders them; the few states of a step by insertion.
        if (a.length > 16) {
            Arrays.sort(a, (x, y) -> Long.compare(x.fingerprint, y.fingerprint));
            return new TlaStates(a, open);
        }
        for (int i = 1; i < a.length; i++) {
            TlaState x = a[i];
            int j = i - 1;
            for (; j >= 0 && a[j].fingerprint > x.fingerprint; j--) {
                a[j + 1] = a[j];
            }
            a[j + 1] = x;
        }
        return new TlaStates(a, open);
    }

    /** How many states the object may be in. */
    public int size() {
        return states.length;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof TlaStates other && other.hash == hash && Arrays.equals(states, other.states)
                && Arrays.equals(open, other.open);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
