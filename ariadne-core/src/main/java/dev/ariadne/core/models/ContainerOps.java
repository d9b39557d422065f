package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.Collection;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * What the queue and stack models share: the value {@link Interner}, the names of their two functions (an
 * insert such as {@code enqueue v} or {@code push v}, and a remove such as {@code dequeue} or {@code pop}),
 * and the {@code prepare} and {@code describeOperation} logic for them. Each model keeps its own prepared-op
 * record types (so a prepared input of one model is not taken for another's) and its step rule. The static
 * helpers check and intern initial values for these models and {@link SetModel}.
 */
final class ContainerOps {
    /** A prepared insert: the id of the value inserted. */
    interface Insert {
        int value();
    }

    private final Interner values = new Interner();
    private final String model;
    private final String insertName;
    private final String removeName;
    private final Class<?> preparedType;
    private final IntFunction<? extends Insert> insert;
    private final Supplier<?> remove;

    /**
     * @param preparedType the model's prepared-op type: inputs of it are already prepared; those that are
     *     {@link Insert}s are inserts, the others removes
     * @param insert       makes a prepared insert of a value id
     * @param remove       makes a prepared remove
     */
    ContainerOps(String model, String insertName, String removeName, Class<?> preparedType,
                 IntFunction<? extends Insert> insert, Supplier<?> remove) {
        this.model = model;
        this.insertName = insertName;
        this.removeName = removeName;
        this.preparedType = preparedType;
        this.insert = insert;
        this.remove = remove;
    }

    /** The interner of this model instance's values. */
    Interner values() {
        return values;
    }

    /** The prepared insert in {@code input}, or {@code null} if it is not one of this model's inserts. */
    private Insert asInsert(Object input) {
        return preparedType.isInstance(input) && input instanceof Insert i ? i : null;
    }

    /**
     * {@code op} prepared: an insert of the interned value (output ignored) or a remove whose output is the
     * interned value seen ({@link Interner#NIL} for "empty") or unknown. Already-prepared operations pass.
     */
    Operation prepare(Operation op) {
        if (preparedType.isInstance(op.input())) {
            return op;
        }
        Invocation inv = Args.invocation(model, op);
        if (inv.f().equals(insertName)) {
            return op.withInputOutput(insert.apply(values.id(Args.element(model, inv))), Operation.UNKNOWN);
        }
        if (inv.f().equals(removeName)) {
            return op.withInputOutput(remove.get(), op.output() == Operation.UNKNOWN
                    ? Operation.UNKNOWN : (Object) values.id(Args.value(model, inv, op.output())));
        }
        throw Args.unknownFunction(model, inv, insertName + " or " + removeName);
    }

    /**
     * {@link dev.ariadne.core.model.Model#mayReveal} for a container whose removes each take one element (the one a
     * remove with a known output returns): a pending insert of v is revealed only by a remove that returned v or
     * whose output is unknown (it may have taken v). Inserts never reveal one, and a pending remove is taken as
     * revealed by anything. Why that keeps the promise: leaving the insert out, and the pending remove that took v
     * if one did, leaves at every point the same elements minus that v; every other remove saw an element other than
     * v (it did not return v) or an empty container, so it sees the same now.
     */
    boolean mayReveal(Object pending, Object input, Object output) {
        Insert i = asInsert(pending);
        if (i == null || !preparedType.isInstance(input)) {
            return true;
        }
        if (asInsert(input) != null) {
            return false;
        }
        return !(output instanceof Integer v) || v == i.value();
    }

    /** {@code enqueue(v)}, or {@code dequeue → v} ({@code ?} for unknown). */
    String describeOperation(Object input, Object output) {
        Insert i = asInsert(input);
        if (i != null) {
            return insertName + "(" + values.show(i.value()) + ")";
        }
        return removeName + " → " + (output == Operation.UNKNOWN ? "?" : values.show((Integer) output));
    }

    /** The ids of {@code elements} ({@code null}: none), interned in order; nil is an error. */
    int[] initialIds(Collection<?> elements, String expected) {
        return initialIds(model, values, elements, expected);
    }

    /**
     * The ids of {@code elements} ({@code null}: none), interned in {@code values} in order; a nil element is an
     * error saying the initial value must be {@code expected} "without nil".
     */
    static int[] initialIds(String model, Interner values, Collection<?> elements, String expected) {
        if (elements == null) {
            return new int[0];
        }
        int[] ids = new int[elements.size()];
        int n = 0;
        for (Object e : elements) {
            if (e == null) {
                throw Args.badInitial(model, expected + " without nil", elements);
            }
            ids[n++] = values.id(Args.initial(model, e));
        }
        return ids;
    }

    /**
     * An initial value as a collection: {@code null} stays {@code null} (empty); otherwise it must be an instance
     * of {@code type}, or the error says it must be {@code expected}.
     */
    static Collection<?> initialElements(String model, Object value, Class<?> type, String expected) {
        if (value == null) {
            return null;
        }
        if (!type.isInstance(value)) {
            throw Args.badInitial(model, expected, value);
        }
        return (Collection<?>) value;
    }
}
