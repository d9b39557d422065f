package dev.ariadne.core.models;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.NondeterministicModel;

import java.util.ArrayList;
import java.util.Arrays;
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
    private static final String NAME = "unordered-queue";
    private static final String SHAPE = "a list or set of values";

    private final ContainerOps ops = new ContainerOps(NAME, "enqueue", "dequeue", Op.class,
            Enqueue::new, Dequeue::new);
    private final IntSeq initial;

    /** An unordered queue, initially empty. */
    public UnorderedQueueModel() {
        this(null);
    }

    private UnorderedQueueModel(Collection<?> elements) {
        int[] ids = ops.initialIds(elements, SHAPE);
        Arrays.sort(ids);
        this.initial = IntSeq.of(ids);
    }

    /**
     * The same model starting with the elements of {@code value}, a list or set of values ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public UnorderedQueueModel withInitial(Object value) {
        return new UnorderedQueueModel(ContainerOps.initialElements(name(), value, Collection.class, SHAPE));
    }

    /** A prepared unordered-queue operation. */
    sealed interface Op permits Enqueue, Dequeue {
    }

    /** Enqueue the value with this id. */
    record Enqueue(int value) implements Op, ContainerOps.Insert {
    }

    /** Dequeue; the output is the id of the value seen ({@link Interner#NIL} for "empty") or unknown. */
    record Dequeue() implements Op {
    }

    @Override
    public String name() {
        return NAME;
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
        return ops.prepare(op);
    }

    /** See {@code ContainerOps.mayReveal}: a crashed enqueue of v is revealed only by a dequeue that returned v, or one with an unknown output. */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return ops.mayReveal(pending, input, output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return ops.describeOperation(input, output);
    }

    /** The bag's values, in no particular order, as {@code #{1 1 2}} (duplicates shown). */
    @Override
    public String describeState(IntSeq state) {
        return state.show(ops.values(), "#{", "}");
    }

    @Override
    public String toString() {
        return name();
    }
}
