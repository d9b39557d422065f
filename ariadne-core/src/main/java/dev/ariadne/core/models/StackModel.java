package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

/**
 * A last-in first-out stack, initially empty.
 *
 * <ul>
 *   <li>{@code push v}: always legal; v becomes the top. The output is ignored. v must not be nil.</li>
 *   <li>{@code pop} → v: legal when v is the top, which is removed. → nil: the stack was empty, legal only when
 *       it is; no change. → unknown: removes the top if there is one, and is legal on an empty stack too
 *       (no change).</li>
 * </ul>
 * Values are compared after normalising numbers. The state is an {@link IntSeq} of interned value ids, bottom
 * first and top last.
 */
public final class StackModel implements Model<IntSeq> {
    private final Interner values = new Interner();

    /** A prepared stack operation. */
    sealed interface Op permits Push, Pop {
    }

    /** Push the value with this id. */
    record Push(int value) implements Op {
    }

    /** Pop; the output is the id of the value seen ({@link Interner#NIL} for "empty") or unknown. */
    record Pop() implements Op {
    }

    @Override
    public String name() {
        return "stack";
    }

    @Override
    public IntSeq init() {
        return IntSeq.EMPTY;
    }

    @Override
    public IntSeq step(IntSeq state, Object input, Object output) {
        if (input instanceof Push p) {
            return state.append(p.value());
        }
        if (output == Operation.UNKNOWN) {
            return state.isEmpty() ? state : state.removeAt(state.size() - 1);
        }
        int v = (Integer) output;
        if (state.isEmpty()) {
            return v == Interner.NIL ? state : null;
        }
        return state.last() == v ? state.removeAt(state.size() - 1) : null;
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        return switch (inv.f()) {
            case "push" -> op.withInputOutput(new Push(values.id(Args.element(name(), inv))), Operation.UNKNOWN);
            case "pop" -> op.withInputOutput(new Pop(), op.output() == Operation.UNKNOWN
                    ? Operation.UNKNOWN : (Object) values.id(Args.value(name(), inv, op.output())));
            default -> throw Args.unknownFunction(name(), inv, "push or pop");
        };
    }

    @Override
    public String describeOperation(Object input, Object output) {
        if (input instanceof Push p) {
            return "push(" + values.show(p.value()) + ")";
        }
        return "pop → " + (output == Operation.UNKNOWN ? "?" : values.show((Integer) output));
    }

    /** The stack's values, bottom first, as {@code [1 2 3 ← top]}. */
    @Override
    public String describeState(IntSeq state) {
        return state.show(values, "[", state.isEmpty() ? "]" : " ← top]");
    }

    @Override
    public String toString() {
        return name();
    }
}
