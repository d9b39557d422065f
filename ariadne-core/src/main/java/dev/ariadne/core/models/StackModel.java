package dev.ariadne.core.models;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.Collection;
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
    private static final String NAME = "stack";
    private static final String SHAPE = "a list of values, bottom first";

    private final ContainerOps ops = new ContainerOps(NAME, "push", "pop", Op.class, Push::new, Pop::new);
    private final IntSeq initial;

    /** A stack, initially empty. */
    public StackModel() {
        this(null);
    }

    private StackModel(Collection<?> elements) {
        this.initial = IntSeq.of(ops.initialIds(elements, SHAPE));
    }

    /**
     * The same model starting with the elements of {@code value}, a list of values, bottom first ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public StackModel withInitial(Object value) {
        return new StackModel(ContainerOps.initialElements(name(), value, List.class, SHAPE));
    }

    /** A prepared stack operation. */
    sealed interface Op permits Push, Pop {
    }

    /** Push the value with this id. */
    record Push(int value) implements Op, ContainerOps.Insert {
    }

    /** Pop; the output is the id of the value seen ({@link Interner#NIL} for "empty") or unknown. */
    record Pop() implements Op {
    }

    @Override
    public String name() {
        return NAME;
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
        return ops.prepare(op);
    }

    /** See {@code ContainerOps.mayReveal}: a crashed push of v is revealed only by a pop that returned v, or one with an unknown output. */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return ops.mayReveal(pending, input, output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return ops.describeOperation(input, output);
    }

    /** The stack's values, bottom first, as {@code [1 2 3 ← top]}. */
    @Override
    public String describeState(IntSeq state) {
        return state.show(ops.values(), "[", state.isEmpty() ? "]" : " ← top]");
    }

    @Override
    public String toString() {
        return name();
    }
}
