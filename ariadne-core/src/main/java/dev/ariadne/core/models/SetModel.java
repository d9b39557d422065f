package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.Collection;

/**
 * A set, initially empty.
 *
 * <ul>
 *   <li>{@code add v}: v is in the set afterwards. → true: v was absent, legal only then. → false: v was already
 *       present, legal only then. Any other output (unknown, nil, Jepsen's echo of v) is ignored: always legal.</li>
 *   <li>{@code remove v}: v is not in the set afterwards. → true: v was present, legal only then. → false: v
 *       was absent, legal only then. Any other output is ignored.</li>
 *   <li>{@code contains v} → true/false: legal when v is / is not in the set. → unknown: always legal.</li>
 *   <li>{@code read} → a set or list of values, compared as a set (order does not matter): legal when it holds
 *       exactly the set's elements. A list that holds a value twice is an observation no set can give: never
 *       legal, so the history is not linearizable (as in porcupine's set model). → unknown: always legal.</li>
 * </ul>
 * v must not be nil. Values are compared after normalising numbers. The state is an {@link IntSeq} of interned
 * value ids kept sorted and distinct, so equal sets are equal states.
 */
public final class SetModel implements Model<IntSeq> {
    private static final String SHAPE = "a set or list of values";

    private final Interner values = new Interner();
    private final IntSeq initial;

    /** A set, initially empty. */
    public SetModel() {
        this(null);
    }

    private SetModel(Collection<?> elements) {
        this.initial = IntSeq.sortedDistinct(ContainerOps.initialIds(name(), values, elements, SHAPE));
    }

    /**
     * The same model starting with the elements of {@code value}, a set or list of values ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public SetModel withInitial(Object value) {
        return new SetModel(ContainerOps.initialElements(name(), value, Collection.class, SHAPE));
    }

    /** A prepared set operation. */
    sealed interface Op permits Add, Remove, Contains, Read {
    }

    /** Add the value with this id; output Boolean or unknown. */
    record Add(int value) implements Op {
    }

    /** Remove the value with this id; output Boolean or unknown. */
    record Remove(int value) implements Op {
    }

    /** Whether the value with this id is present; output Boolean or unknown. */
    record Contains(int value) implements Op {
    }

    /**
     * Read the whole set; output an {@link IntSeq} of sorted distinct ids, a {@link RepeatedRead} (never legal), or
     * unknown.
     */
    record Read() implements Op {
    }

    /**
     * The output of a read that listed a value more than once: no state of a set gives it, so no step accepts it.
     *
     * @param shown    the values as read, for reports
     * @param repeated a value read twice, for reports
     */
    record RepeatedRead(String shown, String repeated) {
    }

    @Override
    public String name() {
        return "set";
    }

    @Override
    public IntSeq init() {
        return initial;
    }

    @Override
    public IntSeq step(IntSeq state, Object input, Object output) {
        if (input instanceof Read) {
            // a RepeatedRead equals no state: a set never holds a value twice
            return output == Operation.UNKNOWN || state.equals(output) ? state : null;
        }
        boolean known = output != Operation.UNKNOWN;
        if (input instanceof Add a) {
            int i = state.indexOfSorted(a.value());
            if (known && (Boolean) output == i >= 0) {
                return null;
            }
            return i >= 0 ? state : state.insertSorted(a.value());
        }
        if (input instanceof Remove r) {
            int i = state.indexOfSorted(r.value());
            if (known && (Boolean) output != i >= 0) {
                return null;
            }
            return i >= 0 ? state.removeAt(i) : state;
        }
        int v = ((Contains) input).value();
        return !known || (Boolean) output == state.indexOfSorted(v) >= 0 ? state : null;
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        Object out = op.output();
        return switch (inv.f()) {
            case "add" -> op.withInputOutput(new Add(element(inv)), out instanceof Boolean ? out : Operation.UNKNOWN);
            case "remove" -> op.withInputOutput(new Remove(element(inv)),
                    out instanceof Boolean ? out : Operation.UNKNOWN);
            case "contains" -> op.withInputOutput(new Contains(element(inv)), Args.bool(name(), inv, out));
            case "read" -> op.withInputOutput(new Read(), out == Operation.UNKNOWN ? out : readOutput(inv, out));
            default -> throw Args.unknownFunction(name(), inv, "add, remove, contains or read");
        };
    }

    private int element(Invocation inv) {
        return values.id(Args.element(name(), inv));
    }

    private Object readOutput(Invocation inv, Object out) {
        if (!(out instanceof Collection<?> c)) {
            throw Args.badValue(name(), inv, "a set or list of values as output", out);
        }
        int[] ids = new int[c.size()];
        int n = 0;
        for (Object v : c) {
            ids[n++] = values.id(Args.value(name(), inv, v));
        }
        IntSeq read = IntSeq.sortedDistinct(ids);
        return read.size() == ids.length ? read : repeated(c, ids);
    }

    /** The output of a read whose ids {@code ids} (of the values {@code c}) hold one more than once. */
    private Object repeated(Collection<?> c, int[] ids) {
        int[] sorted = ids.clone();
        java.util.Arrays.sort(sorted);
        int twice = sorted[0];
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                twice = sorted[i];
                break;
            }
        }
        StringBuilder shown = new StringBuilder("[");
        for (int i = 0; i < ids.length; i++) {
            shown.append(i == 0 ? "" : " ").append(values.show(ids[i]));
        }
        return new RepeatedRead(shown.append(']').toString(), values.show(twice));
    }

    /** Contains and read never change the set. */
    @Override
    public boolean isReadOnly(Object input) {
        return input instanceof Contains || input instanceof Read;
    }

    @Override
    public String describeOperation(Object input, Object output) {
        String out = output == Operation.UNKNOWN ? "?" : output instanceof IntSeq s ? describeState(s)
                : output instanceof RepeatedRead r ? r.shown() + " (" + r.repeated() + " twice: no set holds a value "
                + "twice)" : String.valueOf(output);
        if (input instanceof Read) {
            return "read → " + out;
        }
        if (input instanceof Contains c) {
            return "contains(" + values.show(c.value()) + ") → " + out;
        }
        String call = input instanceof Add a ? "add(" + values.show(a.value()) + ")"
                : "remove(" + values.show(((Remove) input).value()) + ")";
        return output == Operation.UNKNOWN ? call : call + " → " + out;
    }

    /** The set's values, in no particular order, as {@code #{1 2}}. */
    @Override
    public String describeState(IntSeq state) {
        return state.show(values, "#{", "}");
    }

    @Override
    public String toString() {
        return name();
    }
}
