package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.Model;

/**
 * A counter holding a 64-bit integer, initially 0.
 *
 * <ul>
 *   <li>{@code increment [d]}: always legal; adds d (an integer, 1 when absent or nil). The output is ignored.</li>
 *   <li>{@code add d}: the same as {@code increment d}, but d is required (Jepsen's counter workload).</li>
 *   <li>{@code decrement [d]}: always legal; subtracts d (1 when absent or nil).</li>
 *   <li>{@code read} → n: legal when the counter holds n (an integer). → unknown: always legal.</li>
 * </ul>
 * Arithmetic wraps around like Java's {@code long}. The state is the value, a {@link Long}.
 */
public final class CounterModel implements Model<Long> {
    private final Long initial;

    /** A counter, initially 0. */
    public CounterModel() {
        this(0L);
    }

    private CounterModel(long initial) {
        this.initial = initial;
    }

    /**
     * The same model starting at {@code value}, an integer ({@code null} is 0).
     *
     * @throws IllegalArgumentException when {@code value} is not a 64-bit integer
     */
    public CounterModel withInitial(Object value) {
        if (value == null) {
            return new CounterModel(0L);
        }
        Object v = Values.normalizeNumber(value);
        if (!(v instanceof Long l)) {
            throw Args.badInitial(name(), "an integer", value);
        }
        return new CounterModel(l);
    }

    /** A prepared counter operation. */
    sealed interface Op permits Add, Read {
    }

    /** Add {@code delta} (negative for a decrement). */
    record Add(long delta) implements Op {
        @Override
        public String toString() {
            return delta < 0 ? "add(" + delta + ")" : "add(+" + delta + ")";
        }
    }

    /** Read; the output is a {@link Long} or unknown. */
    record Read() implements Op {
        @Override
        public String toString() {
            return "read";
        }
    }

    @Override
    public String name() {
        return "counter";
    }

    @Override
    public Long init() {
        return initial;
    }

    @Override
    public Long step(Long state, Object input, Object output) {
        if (input instanceof Add a) {
            return state + a.delta();
        }
        return output == Operation.UNKNOWN || state.equals(output) ? state : null;
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        Object out = op.output();
        return switch (inv.f()) {
            case "increment" -> op.withInputOutput(new Add(amount(inv)), Operation.UNKNOWN);
            case "add" -> op.withInputOutput(new Add(Args.integer(name(), inv, inv.value())), Operation.UNKNOWN);
            case "decrement" -> op.withInputOutput(new Add(-amount(inv)), Operation.UNKNOWN);
            case "read" -> {
                if (out != Operation.UNKNOWN && !(Values.normalizeNumber(out) instanceof Long)) {
                    throw Args.badValue(name(), inv, "an integer output", out);
                }
                yield op.withInputOutput(new Read(), Values.normalizeNumber(out));
            }
            default -> throw Args.unknownFunction(name(), inv, "increment, add, decrement or read");
        };
    }

    private long amount(Invocation inv) {
        return inv.value() == null ? 1 : Args.integer(name(), inv, inv.value());
    }

    /** The prepared input and output depend on the invocation and the output only. */
    @Override
    public boolean preparesByValue() {
        return true;
    }

    /** A read never changes the counter. */
    @Override
    public boolean isReadOnly(Object input) {
        return input instanceof Read;
    }

    /** An increment, add or decrement adds its delta whatever it returned (its output is not kept). */
    @Override
    public boolean ignoresOutput(Object input) {
        return input instanceof Add;
    }

    @Override
    public String describeOperation(Object input, Object output) {
        if (input instanceof Read) {
            return "read → " + (output == Operation.UNKNOWN ? "?" : output);
        }
        return String.valueOf(input);
    }

    @Override
    public String describeState(Long state) {
        return state.toString();
    }

    @Override
    public String toString() {
        return name();
    }
}
