package dev.ariadne.core.check;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.NondeterministicModel;

import java.util.Collection;
import java.util.List;

/**
 * A test-only nondeterministic model: a register whose writes may be lost. {@code write v} leaves the register
 * as it was or makes it hold v; {@code read} → v is legal when it holds v (nil, the initial value, is 0 here).
 * Histories are those of the {@code register} model (integer values, nil reads).
 */
public final class LossyRegister implements NondeterministicModel<Long> {
    private static final Long NIL = 0L;

    private record Read() {
    }

    private record Write(Long value) {
    }

    @Override
    public String name() {
        return "lossy-register";
    }

    @Override
    public Collection<Long> init() {
        return List.of(NIL);
    }

    @Override
    public Collection<Long> step(Long state, Object input, Object output) {
        if (input instanceof Write w) {
            return w.value().equals(state) ? List.of(state) : List.of(state, w.value());
        }
        return output == Operation.UNKNOWN || output.equals(state) ? List.of(state) : List.of();
    }

    @Override
    public boolean isReadOnly(Object input) {
        return input instanceof Read;
    }

    @Override
    public Operation prepare(Operation op) {
        if (!(op.input() instanceof Invocation inv)) {
            return op;
        }
        return switch (inv.f()) {
            case "read" -> op.withInputOutput(new Read(), op.outputKnown() ? encode(op.output()) : Operation.UNKNOWN);
            case "write" -> op.withInputOutput(new Write(encode(inv.value())), Operation.UNKNOWN);
            default -> throw new InvalidOperationException("lossy-register knows read and write, not " + inv.f());
        };
    }

    private static Long encode(Object value) {
        return value == null ? NIL : (Long) Values.normalizeNumber(value);
    }
}
