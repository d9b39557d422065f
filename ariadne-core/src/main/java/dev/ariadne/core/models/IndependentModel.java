package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jepsen's independent checker as a model: every operation's value is a pair {@code [key value]} (and so is every
 * observed output), each key is an independent copy of the inner model, and {@link #partition} checks each key on
 * its own, labelled {@code key …}. Unchecked whole ({@code --no-partition}), the state is an immutable sorted map
 * from interned key ids to the inner state of each key that has been touched (the others are in the inner initial
 * state).
 *
 * @param <S> the inner model's state type
 */
public final class IndependentModel<S> implements Model<IntSortedMap<S>> {
    private final Model<S> inner;
    private final S innerInit;
    private final Interner keys = new Interner();
    private final boolean everyKey;

    private IndependentModel(Model<S> inner, boolean everyKey) {
        this.inner = inner;
        this.innerInit = inner.init();
        this.everyKey = everyKey;
    }

    /**
     * {@code inner}, one independent copy per key. Every key gets a verdict, as Jepsen's independent checker reports
     * every bad key: a violated key does not cancel the others ({@link #checksEveryPartition()}).
     */
    public static <S> IndependentModel<S> of(Model<S> inner) {
        return new IndependentModel<>(inner, true);
    }

    /**
     * A fresh copy of this model (use it before checking) whose first violated key cancels the keys not yet checked,
     * which are then UNKNOWN ({@code cancelled}): a quicker answer when one bad key is enough.
     */
    public IndependentModel<S> stoppingAtFirstViolation() {
        return new IndependentModel<>(inner, false);
    }

    @Override
    public boolean checksEveryPartition() {
        return everyKey;
    }

    /** A prepared operation: the inner model's prepared input, on the key with this interned id. */
    record Keyed(int key, Object input) {
    }

    @Override
    public String name() {
        return "independent " + inner.name();
    }

    @Override
    public IntSortedMap<S> init() {
        return IntSortedMap.empty();
    }

    /** An untouched key that the step leaves in the inner initial state stays untouched. */
    @Override
    public IntSortedMap<S> step(IntSortedMap<S> state, Object input, Object output) {
        Keyed k = (Keyed) input;
        S current = state.get(k.key);
        S next = inner.step(current == null ? innerInit : current, k.input, output);
        if (next == null) {
            return null;
        }
        return current == null && next.equals(innerInit) ? state : state.put(k.key, next);
    }

    /**
     * Whether the inner model says the input never changes its state (see {@code Model.isReadOnly}); then this
     * model's state does not change either, since an untouched key stays untouched.
     */
    @Override
    public boolean isReadOnly(Object input) {
        return input instanceof Keyed k && inner.isReadOnly(k.input);
    }

    /** As the inner model says for the key's input and this output (a key's state does not change either). */
    @Override
    public boolean isReadOnly(Object input, Object output) {
        return input instanceof Keyed k && inner.isReadOnly(k.input, output);
    }

    /**
     * As the inner model says for the key's input: the key is read from the input alone, and the inner model
     * prepares and steps the key's operation the same whatever it returned.
     */
    @Override
    public boolean ignoresOutput(Object input) {
        return input instanceof Keyed k && inner.ignoresOutput(k.input);
    }

    /** Operations on the same key, whose inner inputs the inner model says cover each other. */
    @Override
    public boolean covers(Object input, Object other) {
        return input instanceof Keyed a && other instanceof Keyed b && a.key == b.key && inner.covers(a.input, b.input);
    }

    /** Only operations on the pending one's key may reveal it, as the inner model says; other keys never do. */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        if (!(pending instanceof Keyed a) || !(input instanceof Keyed b)) {
            return true;
        }
        return a.key == b.key && inner.mayReveal(a.input, b.input, output);
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Keyed) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        List<?> pair = pair(inv, inv.value(), "value");
        Object key = Args.value(name(), inv, pair.get(0));
        Object output = op.output();
        if (output != Operation.UNKNOWN) {
            List<?> out = pair(inv, output, "output");
            Object outKey = Args.value(name(), inv, out.get(0));
            if (!outKey.equals(key)) {
                throw Args.badValue(name(), inv, "an output on the same key as its value ("
                        + dev.ariadne.core.history.Values.show(key) + ")", output);
            }
            output = out.get(1);
        }
        Operation unwrapped = op.withInputOutput(new Invocation(inv.f(), inv.key(), pair.get(1)), output);
        Operation p = inner.prepare(unwrapped);
        return p.withInputOutput(new Keyed(keys.id(key), p.input()), p.output());
    }

    private List<?> pair(Invocation inv, Object value, String what) {
        if (value instanceof List<?> l && l.size() == 2 && l.get(0) != null) {
            return l;
        }
        throw Args.badValue(name(), inv, "a " + what + " [key value] (Jepsen's independent tuples), as every "
                + "operation has with --independent,", value);
    }

    @Override
    public List<Partition> partition(List<Operation> operations) {
        Map<Integer, List<Operation>> byKey = new LinkedHashMap<>();
        for (Operation op : operations) {
            if (!(op.input() instanceof Keyed k)) {
                throw new InvalidOperationException("independent operations must be prepared before partitioning");
            }
            byKey.computeIfAbsent(k.key, x -> new ArrayList<>()).add(op);
        }
        List<Partition> parts = new ArrayList<>();
        for (Map.Entry<Integer, List<Operation>> e : byKey.entrySet()) {
            String label = "key " + keys.show(e.getKey());
            Map<Integer, Operation> byId = new HashMap<>();
            List<Operation> unwrapped = new ArrayList<>(e.getValue().size());
            for (Operation op : e.getValue()) {
                byId.put(op.id(), op);
                unwrapped.add(op.withInputOutput(((Keyed) op.input()).input, op.output()));
            }
            List<Partition> innerParts = inner.partition(unwrapped);
            for (Partition part : innerParts) {
                List<Operation> ops = new ArrayList<>(part.operations().size());
                for (Operation op : part.operations()) {
                    ops.add(byId.get(op.id()));
                }
                parts.add(new Partition(innerParts.size() == 1 ? label : label + ", " + part.label(), ops));
            }
        }
        return parts;
    }

    @Override
    public String describeOperation(Object input, Object output) {
        Keyed k = (Keyed) input;
        return "key " + keys.show(k.key) + ": " + inner.describeOperation(k.input, output);
    }

    /** The state of each key touched, as {@code {"x" 1, "y" 2}}; before any, {@code every key <initial>}. */
    @Override
    public String describeState(IntSortedMap<S> state) {
        if (state.size() == 0) {
            return "every key " + inner.describeState(innerInit);
        }
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < state.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(keys.show(state.keyAt(i))).append(' ')
                    .append(inner.describeState(state.valueAt(i)));
        }
        return s.append('}').toString();
    }

    @Override
    public String toString() {
        return "independent " + inner;
    }
}
