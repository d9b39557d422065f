package dev.ariadne.core.models;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.math.BigInteger;
import java.util.Collection;
import java.util.List;

/**
 * A min-priority queue (a multiset whose least value is removed first), initially empty.
 *
 * <ul>
 *   <li>{@code insert v}: always legal; adds v (a value may be inserted several times). The output is ignored.
 *       v must be an integer or a string: integers are ordered by value and come before every string; strings
 *       are ordered by {@link String#compareTo}.</li>
 *   <li>{@code extract-min} → v: legal when v is the least value in the queue; one v is removed. → nil: the queue
 *       was empty, legal only when it is; no change. → unknown: removes the least value if there is one, and is
 *       legal on an empty queue too (no change).</li>
 * </ul>
 * Values are compared after normalising numbers. The state is an {@link IntSeq} of interned value ids, least
 * first (equal values are equal ids, side by side).
 */
public final class PriorityQueueModel implements Model<IntSeq> {
    private static final String NAME = "priority-queue";
    private static final String SHAPE = "a list of integers or strings";
    private static final String ELEMENT = "an integer or a string";

    private final ContainerOps ops = new ContainerOps(NAME, "insert", "extract-min", Op.class, Insert::new,
            ExtractMin::new);
    private final IntSeq initial;

    /** A priority queue, initially empty. */
    public PriorityQueueModel() {
        this(null);
    }

    private PriorityQueueModel(Collection<?> elements) {
        IntSeq s = IntSeq.EMPTY;
        for (int id : ops.initialIds(elements, SHAPE)) {
            if (!orderable(ops.values().value(id))) {
                throw Args.badInitial(NAME, SHAPE, elements);
            }
            s = insert(s, id);
        }
        this.initial = s;
    }

    /**
     * The same model starting with the elements of {@code value}, a list of integers or strings in any order
     * ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape, holds nil or a value of another kind
     */
    public PriorityQueueModel withInitial(Object value) {
        return new PriorityQueueModel(ContainerOps.initialElements(name(), value, List.class, SHAPE));
    }

    /** A prepared priority-queue operation. */
    sealed interface Op permits Insert, ExtractMin {
    }

    /** Insert the value with this id. */
    record Insert(int value) implements Op, ContainerOps.Insert {
    }

    /** Extract-min; the output is the id of the value seen ({@link Interner#NIL} for "empty") or unknown. */
    record ExtractMin() implements Op {
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
        if (input instanceof Insert i) {
            return insert(state, i.value());
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

    /** {@code state} with {@code id} added after the values not greater than it. */
    private IntSeq insert(IntSeq state, int id) {
        Object value = ops.values().value(id);
        int lo = 0;
        int hi = state.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(ops.values().value(state.get(mid)), value) <= 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return state.insertAt(lo, id);
    }

    /** Compares the values with ids {@code a} and {@code b} (both interned by this model), least first. */
    int compareIds(int a, int b) {
        return compare(ops.values().value(a), ops.values().value(b));
    }

    private static boolean orderable(Object v) {
        return v instanceof Long || v instanceof BigInteger || v instanceof String;
    }

    /** Integers by value, before strings; strings by {@link String#compareTo}. */
    static int compare(Object a, Object b) {
        if (a instanceof String s) {
            return b instanceof String t ? s.compareTo(t) : 1;
        }
        if (b instanceof String) {
            return -1;
        }
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        return big(a).compareTo(big(b));
    }

    private static BigInteger big(Object n) {
        return n instanceof BigInteger b ? b : BigInteger.valueOf((Long) n);
    }

    @Override
    public Operation prepare(Operation op) {
        Operation p = ops.prepare(op);
        if (p == op) {
            return p; // prepared already
        }
        int id = p.input() instanceof Insert i ? i.value()
                : p.output() instanceof Integer o && o != Interner.NIL ? o : Interner.NIL;
        if (id != Interner.NIL && !orderable(ops.values().value(id))) {
            throw Args.badValue(NAME, Args.invocation(NAME, op), ELEMENT, ops.values().value(id));
        }
        return p;
    }

    /** See {@code ContainerOps.mayReveal}: a crashed insert of v is revealed only by an extract-min that returned v, or one with an unknown output. */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return ops.mayReveal(pending, input, output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return ops.describeOperation(input, output);
    }

    /** The queue's values, least first, as {@code [next → 1 2 3]}. */
    @Override
    public String describeState(IntSeq state) {
        return state.show(ops.values(), state.isEmpty() ? "[" : "[next → ", "]");
    }

    @Override
    public String toString() {
        return name();
    }
}
