package dev.ariadne.harness;

import java.util.List;

/**
 * Draws an argument (or key) of an operation from a client's seeded {@link ClientRandom}, so that a run is
 * replayed by its seed. The static methods are the common ones.
 *
 * @param <A> the type of the values drawn
 */
@FunctionalInterface
public interface Generator<A> {
    /** The next value. */
    A next(ClientRandom random);

    /** Longs from {@code min} to {@code max}, both included. */
    static Generator<Long> longs(long min, long max) {
        if (max < min) {
            throw new IllegalArgumentException("max " + max + " is below min " + min);
        }
        return r -> min + r.nextLong(max - min + 1);
    }

    /** Values no other draw of the run gives (see {@link ClientRandom#distinct()}). */
    static Generator<Long> distinct() {
        return ClientRandom::distinct;
    }

    /** One of {@code values}, each as likely. */
    @SafeVarargs
    static <A> Generator<A> oneOf(A... values) {
        List<A> all = List.of(values);
        if (all.isEmpty()) {
            throw new IllegalArgumentException("oneOf needs a value");
        }
        return r -> all.get(r.nextInt(all.size()));
    }

    /** Short strings of lowercase letters, {@code length} long. */
    static Generator<String> letters(int length) {
        return r -> {
            char[] c = new char[length];
            for (int i = 0; i < length; i++) {
                c[i] = (char) ('a' + r.nextInt(26));
            }
            return new String(c);
        };
    }
}
