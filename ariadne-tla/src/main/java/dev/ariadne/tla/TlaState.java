package dev.ariadne.tla;

/**
 * One state of a TLA+ spec: TLC's state, its fingerprint (a hash of its variables' values, or TLC's fingerprint of
 * the {@code VIEW} when the configuration has one) and its text. {@link TlaSpec} interns states (one object per class of TLC-equal states), so equality is identity and the
 * hash is TLC's fingerprint: equal states are the same object, and a fingerprint collision never merges two states.
 */
public final class TlaState {
    final Object tlc;
    final long fingerprint;
    /** The hashes of its variables ({@link SpecEvaluator#variableHashes}), or null under a {@code VIEW}. */
    final long[] variableHashes;
    /** Order of interning, to sort sets of states canonically. */
    final long serial;

    /** The set of this state alone, made once, so that a deterministic step allocates no set. */
    final TlaStates alone;
    /** The next state in the same bucket of the spec's intern table. */
    TlaState nextInBucket;

    TlaState(Object tlc, long fingerprint, long[] variableHashes, long serial) {
        this.tlc = tlc;
        this.fingerprint = fingerprint;
        this.variableHashes = variableHashes;
        this.serial = serial;
        this.alone = new TlaStates(new TlaState[]{this});
    }

    /**
     * This state's fingerprint: equal for equal states (TLC's equality, of the views under a {@code VIEW}); a hash,
     * so unequal states may share it.
     */
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(fingerprint);
    }
}
