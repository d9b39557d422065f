package dev.ariadne.tla;

/**
 * One state of a TLA+ spec: TLC's state, its fingerprint (a hash of its variables' values, or TLC's fingerprint of
 * the {@code VIEW} when the configuration has one) and the variables' hashes its successors reuse. A value: equal
 * to another state when TLC takes them as equal (of their views under a {@code VIEW}), decided by TLC's equality
 * after the fingerprints, so a fingerprint collision never makes two different states equal.
 */
public final class TlaState {
    final Object tlc;
    final long fingerprint;
    /** The hashes of its variables ({@link SpecEvaluator#variableHashes}), or null under a {@code VIEW}. */
    final long[] variableHashes;
    /** Decides equality by TLC's rules (under the spec's lock where TLC must evaluate). */
    private final TlaSpec spec;

    /**
     * The set of this state alone, made on first use and then kept, so that a deterministic step allocates no set
     * (not made for states that are only ever in larger sets: most of them under OmniLink's semantics).
     */
    private TlaStates alone;

    /**
     * This state's key ({@link SpecEvaluator#key}: its units, one per element), made on first use under the spec's
     * lock and then kept, since a state the successor cache hands out again is keyed again; {@link #NO_KEY} when it
     * has none.
     */
    volatile int[] key;

    /** {@link #key} of a state that has none. */
    static final int[] NO_KEY = new int[0];

    TlaState(Object tlc, long fingerprint, long[] variableHashes, TlaSpec spec) {
        this.tlc = tlc;
        this.fingerprint = fingerprint;
        this.variableHashes = variableHashes;
        this.spec = spec;
    }

    /** {@link #alone}: racing threads may each make one, equal sets, which is harmless. */
    TlaStates alone() {
        TlaStates a = alone;
        if (a == null) {
            a = new TlaStates(new TlaState[]{this});
            alone = a;
        }
        return a;
    }

    /**
     * This state's fingerprint: equal for equal states (TLC's equality, of the views under a {@code VIEW}); a hash,
     * so unequal states may share it.
     */
    public long fingerprint() {
        return fingerprint;
    }

    /**
     * Whether both states have keys and they are equal, which makes the states equal by TLC's equality (the states
     * of a configuration the search has kept have their keys: comparing them takes no lock and no call into TLC).
     * {@code false} says nothing: equal states in two representations have different keys.
     */
    static boolean sameKeys(TlaState a, TlaState b) {
        int[] x = a.key;
        int[] y = b.key;
        return x != null && y != null && x != NO_KEY && y != NO_KEY && java.util.Arrays.equals(x, y);
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof TlaState s && s.fingerprint == fingerprint
                && (sameKeys(this, s) || spec.same(tlc, s.tlc));
    }

    @Override
    public int hashCode() {
        return Long.hashCode(fingerprint);
    }
}
