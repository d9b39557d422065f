package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of registers named by keys, all initially nil, updated by transactions (Jepsen's multi-register /
 * rw-register workloads).
 *
 * <ul>
 *   <li>{@code txn [[f k v] ...]}: a list of micro-ops, each a three-element list whose f is {@code "r"} or
 *       {@code "read"} (a read) or {@code "w"} or {@code "write"} (a write), as Knossos and Elle name them, and
 *       whose key k is a string or a number (a keyword read from EDN is a string). They apply in order, atomically.
 *       A write sets k to v (nil makes k nil again). The output is the same list with the values read filled
 *       in (Jepsen's {@code :ok} value): each read must see the value k holds at that point, which is the
 *       latest earlier write to k in the same transaction if there is one, else k's value before the
 *       transaction (nil when never written). The output's micro-ops must match the input's f and k one by
 *       one. → unknown: reads are unconstrained and the writes still apply.</li>
 * </ul>
 * Values and keys are compared after normalising numbers. A transaction may touch several keys, so the model
 * is not partitioned. The state is an immutable sorted map from interned key ids to interned value ids, holding
 * the registers that are not nil.
 */
public final class MultiRegisterModel implements Model<IntSortedMap<Integer>> {
    private static final int READ = -1;
    /** In a prepared output: a read that saw nil under Knossos' convention, which constrains nothing. */
    private static final int ANY = -2;
    private static final String SHAPE = "a list of micro-ops [f k v] with f r or read, w or write (Knossos' and "
            + "Elle's names, as keywords or strings) and k a string, keyword or number";

    private final Interner keys = new Interner();
    private final Interner values = new Interner();
    private final Map<?, ?> initialValue;
    private final IntSortedMap<Integer> initial;
    private final boolean nilReadsUnknown;

    /** Registers that all start nil. */
    public MultiRegisterModel() {
        this(Map.of(), false);
    }

    private MultiRegisterModel(Map<?, ?> initialValue, boolean nilReadsUnknown) {
        this.initialValue = initialValue;
        this.nilReadsUnknown = nilReadsUnknown;
        IntSortedMap<Integer> registers = IntSortedMap.empty();
        for (Map.Entry<?, ?> e : initialValue.entrySet()) {
            if (!(e.getKey() instanceof String || e.getKey() instanceof Number)) {
                throw Args.badInitial(name(), "a map whose keys are strings or numbers", initialValue);
            }
            int v = values.id(Args.initial(name(), e.getValue()));
            if (v != Interner.NIL) {
                registers = registers.put(keys.id(Values.normalizeNumber(e.getKey())), v);
            }
        }
        this.initial = registers;
    }

    /**
     * The same model starting with the registers of {@code value}, a map from keys (strings or numbers) to
     * values, such as Knossos' {@code (multi-register {:x 0 :y 0})}; {@code null} or an absent key is nil.
     *
     * @throws IllegalArgumentException when {@code value} is not such a map
     */
    public MultiRegisterModel withInitial(Object value) {
        if (value != null && !(value instanceof Map<?, ?>)) {
            throw Args.badInitial(name(), "a map from keys to values", value);
        }
        return new MultiRegisterModel(value == null ? Map.of() : (Map<?, ?>) value, nilReadsUnknown);
    }

    /**
     * The same model with reads of nil understood as {@code nilRead} says: {@link ModelOptions.NilRead#ABSENT}
     * (the default) checks them like any value, {@link ModelOptions.NilRead#UNKNOWN} (Knossos' convention)
     * accepts them whatever the register holds.
     */
    public MultiRegisterModel withNilReads(ModelOptions.NilRead nilRead) {
        return new MultiRegisterModel(initialValue, nilRead == ModelOptions.NilRead.UNKNOWN);
    }

    /**
     * A prepared transaction. Micro-op i addresses key {@code keys[i]} and writes the value id
     * {@code writes[i]}, or reads when that is {@code -1}; a read's {@code prior[i]} is the position of the
     * latest earlier write to the same key in this transaction, or -1. {@code effectKeys} (sorted) and
     * {@code effectValues} are the last write to each key: the transaction's effect, with {@code null} for nil
     * (boxed once here, so that applying it boxes nothing). The output is a list holding, at each read's
     * position, the id of the value read.
     */
    record Txn(int[] keys, int[] writes, int[] prior, int[] effectKeys, Integer[] effectValues) {
    }

    @Override
    public String name() {
        return "multi-register";
    }

    @Override
    public IntSortedMap<Integer> init() {
        return initial;
    }

    @Override
    public IntSortedMap<Integer> step(IntSortedMap<Integer> state, Object input, Object output) {
        Txn t = (Txn) input;
        if (output != Operation.UNKNOWN) {
            List<?> seen = (List<?>) output;
            for (int i = 0; i < t.keys.length; i++) {
                if (t.writes[i] == READ) {
                    int expected = t.prior[i] >= 0 ? t.writes[t.prior[i]] : valueId(state, t.keys[i]);
                    int saw = (Integer) seen.get(i);
                    if (saw != expected && saw != ANY) {
                        return null;
                    }
                }
            }
        }
        return state.putAll(t.effectKeys, t.effectValues);
    }

    private static int valueId(IntSortedMap<Integer> state, int key) {
        Integer v = state.get(key);
        return v == null ? Interner.NIL : v;
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Txn) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        if (!inv.f().equals("txn")) {
            throw Args.unknownFunction(name(), inv, "txn");
        }
        if (!(inv.value() instanceof List<?> microOps)) {
            throw Args.badValue(name(), inv, SHAPE, inv.value());
        }
        int n = microOps.size();
        int[] k = new int[n];
        int[] w = new int[n];
        int[] prior = new int[n];
        Map<Integer, Integer> lastWrite = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            List<?> m = microOp(inv, microOps.get(i));
            k[i] = keys.id(Values.normalizeNumber(m.get(1)));
            Integer previous = lastWrite.get(k[i]);
            prior[i] = previous == null ? -1 : previous;
            w[i] = READ;
            if (isWrite(m.get(0))) {
                w[i] = values.id(Args.value(name(), inv, m.get(2)));
                lastWrite.put(k[i], i);
            }
        }
        int[] effectKeys = new int[lastWrite.size()];
        Integer[] effectValues = new Integer[lastWrite.size()];
        int e = 0;
        for (Map.Entry<Integer, Integer> last : lastWrite.entrySet()) {
            effectKeys[e] = last.getKey();
            int value = w[last.getValue()];
            effectValues[e++] = value == Interner.NIL ? null : value;
        }
        Txn txn = new Txn(k, w, prior, effectKeys, effectValues);
        Object out = op.output();
        if (out == Operation.UNKNOWN) {
            return op.withInputOutput(txn, Operation.UNKNOWN);
        }
        if (!(out instanceof List<?> outOps) || outOps.size() != n) {
            throw Args.badValue(name(), inv, "as output the input's " + n + " micro-ops with the values read",
                    out);
        }
        List<Integer> read = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            List<?> m = microOp(inv, outOps.get(i));
            if (isWrite(m.get(0)) != (w[i] != READ) || keys.id(Values.normalizeNumber(m.get(1))) != k[i]) {
                throw Args.badValue(name(), inv, "output micro-op " + i + " to match the input's "
                        + Values.show(microOps.get(i)), m);
            }
            read.add(w[i] != READ ? READ : m.get(2) == null && nilReadsUnknown ? ANY
                    : values.id(Args.value(name(), inv, m.get(2))));
        }
        return op.withInputOutput(txn, List.copyOf(read));
    }

    private List<?> microOp(Invocation inv, Object m) {
        if (m instanceof List<?> l && l.size() == 3 && (isRead(l.get(0)) || isWrite(l.get(0)))
                && (l.get(1) instanceof String || l.get(1) instanceof Number)) {
            return l;
        }
        throw Args.badValue(name(), inv, SHAPE + "; a micro-op", m);
    }

    /**
     * Whether {@code f} names a read: {@code r} (Knossos, Elle's rw-register) or {@code read}; readers turn the
     * keywords {@code :r} and {@code :read} into these strings.
     */
    private static boolean isRead(Object f) {
        return "r".equals(f) || "read".equals(f);
    }

    /** Whether {@code f} names a write: {@code w} or {@code write}. */
    private static boolean isWrite(Object f) {
        return "w".equals(f) || "write".equals(f);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        Txn t = (Txn) input;
        StringBuilder s = new StringBuilder("txn [");
        for (int i = 0; i < t.keys.length; i++) {
            s.append(i == 0 ? "[" : " [").append(t.writes[i] == READ ? "r " : "w ").append(keys.show(t.keys[i]))
                    .append(' ');
            if (t.writes[i] != READ) {
                s.append(values.show(t.writes[i]));
            } else {
                int saw = output == Operation.UNKNOWN ? ANY : (Integer) ((List<?>) output).get(i);
                s.append(output == Operation.UNKNOWN ? "?" : saw == ANY ? "nil (no information)" : values.show(saw));
            }
            s.append(']');
        }
        return s.append(']').toString();
    }

    /** The registers that are not nil, as {@code {"x" 1, "y" 2}}. */
    @Override
    public String describeState(IntSortedMap<Integer> state) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < state.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(keys.show(state.keyAt(i))).append(' ')
                    .append(values.show(state.valueAt(i)));
        }
        return s.append('}').toString();
    }

    @Override
    public String toString() {
        return name();
    }
}
