package dev.ariadne.core.history;

/**
 * An operation's input as read from a file, before a model gives it meaning: the function name (Jepsen's
 * {@code :f}), an optional key (for keyed models) and the argument value. Values are plain Java data:
 * {@code null}, {@link Long}, {@link java.math.BigInteger}, {@link Double}, {@link String}, {@link Boolean},
 * {@link java.util.List}, {@link java.util.Set} and {@link java.util.Map}; Jepsen keywords become strings.
 *
 * @param f     the function, for example {@code "read"}, {@code "write"} or {@code "cas"}
 * @param key   the key it addresses, or {@code null}
 * @param value the argument, or {@code null}
 */
public record Invocation(String f, Object key, Object value) {

    public Invocation {
        java.util.Objects.requireNonNull(f, "f");
    }

    /** An invocation without a key. */
    public static Invocation of(String f, Object value) {
        return new Invocation(f, null, value);
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
