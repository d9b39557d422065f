package dev.ariadne.core.testing;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The values a {@link Register} writes or a {@link Queue} inserts, and the wrong values a corrupted read or
 * removal returns: small ones that repeat, so that equal values meet, or distinct ones, as the decision procedures
 * require.
 */
abstract sealed class Domain {
    /** The next value to write or insert. */
    abstract long next(SplittableRandom r);

    /** A wrong output for a read or a removal: nil or a value. */
    abstract Object corrupt(SplittableRandom r);

    /** Whether {@link #next} never repeats a value. */
    abstract boolean distinct();

    /** Domain 1 … {@code bound}; a corrupted output is nil one time in {@code nilOneIn}. */
    static Domain small(int bound, int nilOneIn) {
        return new Small(bound, nilOneIn);
    }

    /** Domain 1, 2, 3, … in the order drafted. */
    static Domain ascending() {
        return new Distinct(null);
    }

    /**
     * Distinct values in random order, drawn from {@code source} (so that the least value is not simply the
     * oldest), kept small so that corrupted outputs often collide with them.
     */
    static Domain shuffled(SplittableRandom source) {
        return new Distinct(source);
    }

    private static final class Small extends Domain {
        private final int bound;
        private final int nilOneIn;

        Small(int bound, int nilOneIn) {
            this.bound = bound;
            this.nilOneIn = nilOneIn;
        }

        @Override
        long next(SplittableRandom r) {
            return 1 + r.nextInt(bound);
        }

        @Override
        Object corrupt(SplittableRandom r) {
            return r.nextInt(nilOneIn) == 0 ? null : (Long) next(r);
        }

        @Override
        boolean distinct() {
            return false;
        }
    }

    private static final class Distinct extends Domain {
        /** Null for ascending values. */
        private final SplittableRandom shuffled;
        private final Set<Long> drafted = new HashSet<>();
        /** One more than the largest value drafted. */
        private long nextValue = 1;

        Distinct(SplittableRandom shuffled) {
            this.shuffled = shuffled;
        }

        @Override
        long next(SplittableRandom r) {
            if (shuffled == null) {
                return nextValue++;
            }
            long v;
            do {
                v = 1 + shuffled.nextInt(Math.max(8, 3 * drafted.size()));
            } while (!drafted.add(v));
            nextValue = Math.max(nextValue, v + 1);
            return v;
        }

        /** Nil, 99 (which may never have been drafted), or a value drafted (or about to be). */
        @Override
        Object corrupt(SplittableRandom r) {
            int k = r.nextInt(6);
            return k == 0 ? null : k == 1 ? 99L : (long) (1 + r.nextInt((int) Math.max(1, nextValue - 1)));
        }

        @Override
        boolean distinct() {
            return true;
        }
    }
}
