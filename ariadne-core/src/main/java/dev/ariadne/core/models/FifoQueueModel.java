package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.List;

/**
 * A first-in first-out queue, initially empty.
 *
 * <ul>
 *   <li>{@code enqueue v}: always legal; v joins the tail. The output is ignored. v must not be nil.</li>
 *   <li>{@code dequeue} → v: legal when v is at the head, which is removed. → nil: the queue was empty, legal
 *       only when it is; no change. → unknown: removes the head if there is one, and is legal on an empty queue
 *       too (no change).</li>
 * </ul>
 * Values are compared after normalising numbers, so 3 read as an Integer equals 3 read as a Long. The state is
 * an {@link IntSeq} of interned value ids, head first.
 */
public final class FifoQueueModel implements Model<IntSeq> {
    private final Interner values = new Interner();
    private final IntSeq initial;

    /** A queue, initially empty. */
    public FifoQueueModel() {
        this.initial = IntSeq.EMPTY;
    }

    private FifoQueueModel(List<?> elements) {
        int[] ids = new int[elements.size()];
        int n = 0;
        for (Object e : elements) {
            if (e == null) {
                throw Args.badInitial(name(), "a list of values, head first without nil", elements);
            }
            ids[n++] = values.id(Args.initial(name(), e));
        }
        this.initial = IntSeq.of(ids);
    }

    /**
     * The same model starting with the elements of {@code value}, a list of values, head first ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public FifoQueueModel withInitial(Object value) {
        if (value == null) {
            return new FifoQueueModel();
        }
        if (!(value instanceof List<?> c)) {
            throw Args.badInitial(name(), "a list of values, head first", value);
        }
        return new FifoQueueModel(c);
    }

    /** A prepared queue operation. */
    sealed interface Op permits Enqueue, Dequeue {
    }

    /** Enqueue the value with this id. */
    record Enqueue(int value) implements Op {
    }

    /** Dequeue; the output is the id of the value seen ({@link Interner#NIL} for "empty") or unknown. */
    record Dequeue() implements Op {
    }

    @Override
    public String name() {
        return "fifo-queue";
    }

    @Override
    public IntSeq init() {
        return initial;
    }

    @Override
    public IntSeq step(IntSeq state, Object input, Object output) {
        if (input instanceof Enqueue e) {
            return state.append(e.value());
        }
        if (output == Operation.UNKNOWN) {
            return state.isEmpty() ? state : state.removeAt(0);
        }
        int v = (Integer) output;
        if (state.isEmpty()) {
            return v == Interner.NIL ? state : null;
        }
        return state.first() == v ? state.removeAt(0) : null;
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        return switch (inv.f()) {
            case "enqueue" -> op.withInputOutput(new Enqueue(values.id(Args.element(name(), inv))),
                    Operation.UNKNOWN);
            case "dequeue" -> op.withInputOutput(new Dequeue(), op.output() == Operation.UNKNOWN
                    ? Operation.UNKNOWN : (Object) values.id(Args.value(name(), inv, op.output())));
            default -> throw Args.unknownFunction(name(), inv, "enqueue or dequeue");
        };
    }

    @Override
    public String describeOperation(Object input, Object output) {
        if (input instanceof Enqueue e) {
            return "enqueue(" + values.show(e.value()) + ")";
        }
        return "dequeue → " + (output == Operation.UNKNOWN ? "?" : values.show((Integer) output));
    }

    /** The queue's values, head first, as {@code [1 2 3]}. */
    @Override
    public String describeState(IntSeq state) {
        return state.show(values, "[", "]");
    }

    @Override
    public String toString() {
        return name();
    }
}
