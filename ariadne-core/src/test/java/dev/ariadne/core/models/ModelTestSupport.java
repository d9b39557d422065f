package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

/** Small helpers shared by the built-in model tests: build, prepare and step single operations. */
final class ModelTestSupport {
    static final Object UNKNOWN = Operation.UNKNOWN;

    private ModelTestSupport() {
    }

    /** A completed operation {@code f(value) → output} ({@code output} may be {@link #UNKNOWN}). */
    static Operation op(String f, Object value, Object output) {
        return Operation.of(0, 0, Invocation.of(f, value), output, 0, 1);
    }

    /** {@code op} prepared by {@code model}. */
    static Operation prepared(Model<?> model, String f, Object value, Object output) {
        return model.prepare(op(f, value, output));
    }

    /** The state after {@code f(value) → output} in {@code state}, or null if illegal. */
    static <S> S step(Model<S> model, S state, String f, Object value, Object output) {
        Operation p = prepared(model, f, value, output);
        return model.step(state, p.input(), p.output());
    }

    /** The description of {@code f(value) → output} once prepared. */
    static String describe(Model<?> model, String f, Object value, Object output) {
        Operation p = prepared(model, f, value, output);
        return model.describeOperation(p.input(), p.output());
    }
}
