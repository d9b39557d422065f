package dev.ariadne.core.history;

/**
 * An operation's input as read from a file, before a model gives it meaning: the function name (Jepsen's
 * {@code :f}), an optional key (for keyed models) and the argument value. Values are plain Java data:
 * {@code null}, {@link Long}, {@link java.math.BigInteger}, {@link Double}, {@link String}, {@link Boolean},
 * {@link java.util.List}, {@link java.util.Set} and {@link java.util.Map}; Jepsen keywords become strings. Numbers
 * are normalised as built-in models read them ({@link Values#normalize}: an {@code int} becomes a {@link Long}), so
 * that a hand-made {@code Invocation.of("add", 3)} equals the one read from a file.
 *
 * <p>Build one with {@link #of(String)}, {@link #of(String, Object)} or {@link #of(String, Object, Object)}; the
 * record's constructor, which Java requires to be public, is {@link #of(String, Object, Object)} under another name.
 *
 * @param f     the function, for example {@code "read"}, {@code "write"} or {@code "cas"}
 * @param key   the key it addresses, or {@code null}
 * @param value the argument, or {@code null}
 */
public record Invocation(String f, Object key, Object value) {

    public Invocation {
        java.util.Objects.requireNonNull(f, "f");
        key = Values.normalize(key);
        value = Values.normalize(value);
    }

    /** An invocation without a key or an argument ({@code read}, {@code dequeue}). */
    public static Invocation of(String f) {
        return new Invocation(f, null, null);
    }

    /** An invocation without a key. */
    public static Invocation of(String f, Object value) {
        return new Invocation(f, null, value);
    }

    /** An invocation of {@code f} on {@code key} with argument {@code value} (or {@code null}). */
    public static Invocation of(String f, Object key, Object value) {
        return new Invocation(f, key, value);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(f);
        if (key != null) {
            s.append('[').append(Values.show(key)).append(']');
        }
        if (value != null) {
            s.append('(').append(Values.show(value)).append(')');
        }
        return s.toString();
    }
}
