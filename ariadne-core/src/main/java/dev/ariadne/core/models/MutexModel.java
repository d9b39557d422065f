package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

/**
 * A mutual-exclusion lock, initially free.
 *
 * <ul>
 *   <li>{@code acquire}: legal when the lock is free; it becomes held.</li>
 *   <li>{@code release}: legal when the lock is held; it becomes free.</li>
 * </ul>
 * Outputs are ignored. Owners are not tracked, as in Knossos' mutex: a release by a client that did not acquire
 * the lock is legal as long as the lock is held. The state is {@link Boolean#TRUE} (held) or
 * {@link Boolean#FALSE} (free).
 */
public final class MutexModel implements Model<Boolean> {
    private final Boolean initiallyHeld;

    /** A lock, initially free. */
    public MutexModel() {
        this(false);
    }

    private MutexModel(boolean held) {
        this.initiallyHeld = held;
    }

    /**
     * The same model starting held ({@code true}) or free ({@code false} or {@code null}).
     *
     * @throws IllegalArgumentException when {@code value} is not a Boolean or null
     */
    public MutexModel withInitial(Object value) {
        if (value != null && !(value instanceof Boolean)) {
            throw Args.badInitial(name(), "true (held), false or nil (free)", value);
        }
        return new MutexModel(Boolean.TRUE.equals(value));
    }

    /** A prepared mutex operation. */
    enum Op {
        ACQUIRE, RELEASE;

        @Override
        public String toString() {
            return this == ACQUIRE ? "acquire" : "release";
        }
    }

    @Override
    public String name() {
        return "mutex";
    }

    @Override
    public Boolean init() {
        return initiallyHeld;
    }

    @Override
    public Boolean step(Boolean held, Object input, Object output) {
        if (input == Op.ACQUIRE) {
            return held ? null : Boolean.TRUE;
        }
        return held ? Boolean.FALSE : null;
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        return switch (inv.f()) {
            case "acquire" -> op.withInputOutput(Op.ACQUIRE, Operation.UNKNOWN);
            case "release" -> op.withInputOutput(Op.RELEASE, Operation.UNKNOWN);
            default -> throw Args.unknownFunction(name(), inv, "acquire or release");
        };
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return String.valueOf(input);
    }

    /** {@code held} or {@code free}. */
    @Override
    public String describeState(Boolean held) {
        return held ? "held" : "free";
    }

    @Override
    public String toString() {
        return name();
    }
}
