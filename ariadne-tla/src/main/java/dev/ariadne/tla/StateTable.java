package dev.ariadne.tla;

/**
 * The states one {@link TlaModel} has met, interned: one {@link TlaState} per class of TLC-equal states (by a hash
 * of the variables' values, or TLC's fingerprint of the {@code VIEW}, then TLC's equality), so that state equality
 * is identity for the engines and a hash collision never merges two states. A table of its own rather than a map of boxed fingerprints to lists: with millions of
 * states, the map's boxes and lists cost a large share of a step (docs/benchmarks.md). Belonging to a model, not to
 * the spec, its states are dropped with the model, so a spec that checks many histories does not keep them all.
 * Not thread-safe: {@link TlaSpec} uses it under its lock.
 */
final class StateTable {
    /** Buckets chained through {@link TlaState#nextInBucket}; a power of two in size, at most three quarters full. */
    private TlaState[] buckets = new TlaState[1 << 8];
    private long size;

    /** The one interned state equal to {@code tlc} by {@code evaluator}'s fingerprint and equality. */
    TlaState intern(Object tlc, SpecEvaluator evaluator) {
        return intern(tlc, null, evaluator);
    }

    /**
     * {@link #intern(Object, SpecEvaluator)} for a successor of {@code parent} (or null): the hashes of the variables
     * the step left as they were are {@code parent}'s ({@link SpecEvaluator#variableHashes}), so a step over a large
     * state pays for what it changed. Only the bucket depends on the hash: a state is taken as seen after TLC's
     * equality only, so a collision never merges two states.
     */
    TlaState intern(Object tlc, TlaState parent, SpecEvaluator evaluator) {
        long[] hashes = evaluator.variableHashes(tlc, parent == null ? null : parent.tlc,
                parent == null ? null : parent.variableHashes);
        long fp = hashes == null ? evaluator.fingerprint(tlc) : combine(hashes);
        int at = bucket(fp, buckets.length);
        for (TlaState s = buckets[at]; s != null; s = s.nextInBucket) {
            if (s.fingerprint == fp && evaluator.same(s.tlc, tlc)) {
                return s;
            }
        }
        TlaState s = new TlaState(tlc, fp, hashes, size++);
        s.nextInBucket = buckets[at];
        buckets[at] = s;
        if (size > buckets.length - (buckets.length >> 2)) {
            grow();
        }
        return s;
    }

    /** How many distinct states (classes of equal views) were interned. */
    long size() {
        return size;
    }

    /** One hash of the variables' hashes, in order. */
    static long combine(long[] hashes) {
        long h = hashes.length;
        for (long x : hashes) {
            h = h * 0x9E3779B97F4A7C15L + x;
        }
        return h ^ (h >>> 29);
    }

    private static int bucket(long fingerprint, int tableSize) {
        // TLC's fingerprints and the variables' hashes are well mixed: their low bits are as good as any
        return (int) (fingerprint ^ (fingerprint >>> 32)) & (tableSize - 1);
    }

    /** Doubles the table, keeping each bucket's states. */
    private void grow() {
        TlaState[] bigger = new TlaState[buckets.length * 2];
        for (TlaState head : buckets) {
            for (TlaState s = head; s != null; ) {
                TlaState next = s.nextInBucket;
                int at = bucket(s.fingerprint, bigger.length);
                s.nextInBucket = bigger[at];
                bigger[at] = s;
                s = next;
            }
        }
        buckets = bigger;
    }
}
