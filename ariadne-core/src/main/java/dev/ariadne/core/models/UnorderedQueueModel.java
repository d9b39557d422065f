package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.NondeterministicModel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * An unordered queue (a bag, or multiset), initially empty: a dequeue may return any element present.
 *
 * <ul>
 *   <li>{@code enqueue v}: always legal; adds one v. The output is ignored. v must not be nil.</li>
 *   <li>{@code dequeue} → v: legal when the bag holds v; removes one v. → nil: the bag was empty, legal only
 *       when it is; no change. → unknown: removes some element, any one (one successor state per distinct
 *       element), or changes nothing when the bag is empty.</li>
 * </ul>
 * Because an unknown dequeue may lead to several states, this is a {@link NondeterministicModel}; engines check
 * it through {@link #toModel()}, which is also what {@code BuiltinModels.byName("unordered-queue")} returns.
 * Values are compared after normalising numbers. The state is an {@link IntSeq} of interned value ids kept
 * sorted, so equal bags are equal states.
 */
public final class UnorderedQueueModel implements NondeterministicModel<IntSeq> {
    private final Interner values = new Interner();
    private final IntSeq initial;

    /** An unordered queue, initially empty. */
    public UnorderedQueueModel() {
        this.initial = IntSeq.EMPTY;
    }

    private UnorderedQueueModel(Collection<?> elements) {
        int[] ids = new int[elements.size()];
        int n = 0;
        for (Object e : elements) {
            if (e == null) {
                throw Args.badInitial(name(), "a list or set of values without nil", elements);
            }
            ids[n++] = values.id(Args.initial(name(), e));
        }
        this.initial = IntSeq.of(sortedCopy(ids));
    }

    private static int[] sortedCopy(int[] ids) {
        int[] s = ids.clone();
        java.util.Arrays.sort(s);
        return s;
    }

    /**
     * The same model starting with the elements of {@code value}, a list or set of values ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public UnorderedQueueModel withInitial(Object value) {
        if (value == null) {
            return new UnorderedQueueModel();
        }
        if (!(value instanceof Collection<?> c)) {
            throw Args.badInitial(name(), "a list or set of values", value);
        }
        return new UnorderedQueueModel(c);
    }

    /** A prepared unordered-queue operation. */
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
        return "unordered-queue";
    }

    @Override
    public Collection<IntSeq> init() {
        return List.of(initial);
    }

    @Override
    public Collection<IntSeq> step(IntSeq state, Object input, Object output) {
        if (input instanceof Enqueue e) {
            return List.of(state.insertSorted(e.value()));
        }
        if (state.isEmpty()) {
            return output == Operation.UNKNOWN || (Integer) output == Interner.NIL ? List.of(state) : List.of();
        }
        if (output != Operation.UNKNOWN) {
            int i = state.indexOfSorted((Integer) output);
            return i >= 0 ? List.of(state.removeAt(i)) : List.of();
        }
        List<IntSeq> next = new ArrayList<>();
        for (int i = 0; i < state.size(); i++) {
            if (i == 0 || state.get(i) != state.get(i - 1)) {
                next.add(state.removeAt(i));
            }
        }
        return next;
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

    /** The bag's values, in no particular order, as {@code #{1 1 2}} (duplicates shown). */
    @Override
    public String describeState(IntSeq state) {
        return state.show(values, "#{", "}");
    }

    @Override
    public String toString() {
        return name();
    }
}
