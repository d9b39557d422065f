package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.List;

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
    private final IntSeq initial;

    /** A stack, initially empty. */
    public StackModel() {
        this.initial = IntSeq.EMPTY;
    }

    private StackModel(List<?> elements) {
        int[] ids = new int[elements.size()];
        int n = 0;
        for (Object e : elements) {
            if (e == null) {
                throw Args.badInitial(name(), "a list of values, bottom first without nil", elements);
            }
            ids[n++] = values.id(Args.initial(name(), e));
        }
        this.initial = IntSeq.of(ids);
    }

    /**
     * The same model starting with the elements of {@code value}, a list of values, bottom first ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public StackModel withInitial(Object value) {
        if (value == null) {
            return new StackModel();
        }
        if (!(value instanceof List<?> c)) {
            throw Args.badInitial(name(), "a list of values, bottom first", value);
        }
        return new StackModel(c);
    }

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
        return initial;
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
