package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;

import java.util.List;

/** Shape checks shared by the built-in models' {@code prepare}: each failure names the model and the problem. */
final class Args {
    private Args() {
    }

    /** The operation's input as an {@link Invocation}, or an error naming the model. */
    static Invocation invocation(String model, Operation op) {
        if (op.input() instanceof Invocation inv) {
            return inv;
        }
        throw new InvalidOperationException("model " + model + " expects an operation such as read or write, got "
                + Values.show(op.input()));
    }

    static InvalidOperationException unknownFunction(String model, Invocation inv, String known) {
        return new InvalidOperationException("unknown operation '" + Values.escape(inv.f()) + "' for model " + model
                + " (expected " + known + ")");
    }

    static InvalidOperationException badValue(String model, Invocation inv, String expected, Object got) {
        return new InvalidOperationException("model " + model + ": operation '" + Values.escape(inv.f())
                + "' expects " + expected + ", got " + Values.show(got));
    }

    /** A two-element list (Jepsen's {@code [old new]}). */
    static List<?> pair(String model, Invocation inv, Object value) {
        if (value instanceof List<?> l && l.size() == 2) {
            return l;
        }
        throw badValue(model, inv, "a pair [a b]", value);
    }

    /** A whole number. */
    static long integer(String model, Invocation inv, Object value) {
        if (value instanceof Long l) {
            return l;
        }
        if (value instanceof Number n && !(value instanceof Double) && !(value instanceof Float)
                && Values.normalizeNumber(n) instanceof Long l) {
            return l;
        }
        throw badValue(model, inv, "an integer", value);
    }

    /** The output as a Boolean, or {@link Operation#UNKNOWN} passed through. */
    static Object bool(String model, Invocation inv, Object output) {
        if (output == Operation.UNKNOWN || output instanceof Boolean) {
            return output;
        }
        throw badValue(model, inv, "output true or false", output);
    }

    /** The key, which must be present. */
    static Object key(String model, Invocation inv) {
        if (inv.key() == null) {
            throw new InvalidOperationException("model " + model + ": operation '" + Values.escape(inv.f())
                    + "' needs a key");
        }
        return Values.normalizeNumber(inv.key());
    }

    /**
     * {@code value} with every number normalised ({@link Values#normalize}, the one place that does it), inside
     * lists, sets and maps too, so that equal values compare equal: {@code [3]} read as Integers equals {@code [3]}
     * read as Longs.
     */
    static Object value(String model, Invocation inv, Object value) {
        try {
            return Values.normalize(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidOperationException("model " + model + ": operation '" + Values.escape(inv.f())
                    + "' has a value nested more than 256 levels deep");
        }
    }

    /**
     * An initial value normalised as by {@link #value}; a value nested too deeply is an
     * {@link IllegalArgumentException}, like every other unusable initial value.
     */
    static Object initial(String model, Object value) {
        try {
            return Values.normalize(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("model " + model + ": the initial value is nested more than 256 "
                    + "levels deep");
        }
    }

    /** The error for an initial value of the wrong shape. */
    static IllegalArgumentException badInitial(String model, String expected, Object got) {
        String shown = Values.show(got);
        return new IllegalArgumentException("model " + model + ": the initial value must be " + expected + ", got "
                + (shown.length() <= 60 ? shown : shown.substring(0, 60) + "…"));
    }

    /** The invocation's value as a collection element: present (not nil) and normalised. */
    static Object element(String model, Invocation inv) {
        if (inv.value() == null) {
            throw badValue(model, inv, "a value (not nil)", null);
        }
        return value(model, inv, inv.value());
    }
}
