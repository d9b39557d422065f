package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A key-value store of strings, as in porcupine's kv test: every key initially holds the empty string, and an
 * absent key and the empty string are the same thing.
 *
 * <ul>
 *   <li>{@code get k} → v: legal when k holds v (nil output means ""); unknown output is always legal.</li>
 *   <li>{@code put k v}: k holds v.</li>
 *   <li>{@code append k v}: k holds its old value followed by v.</li>
 * </ul>
 * Keys are independent, so {@link #partition} checks each key on its own. The state is an immutable sorted map
 * from key ids to the non-empty values (an absent key holds ""), with an incrementally maintained hash, whose
 * values are ropes, so an append neither copies nor rehashes the whole string.
 */
public final class KvModel implements Model<IntSortedMap<KvText>> {
    private final Map<Object, Integer> keyIds = new ConcurrentHashMap<>();
    private final List<Object> keyNames = new ArrayList<>();
    private final IntSortedMap<KvText> initial;

    /** A store where every key holds the empty string. */
    public KvModel() {
        this.initial = IntSortedMap.empty();
    }

    private KvModel(Map<?, ?> contents) {
        IntSortedMap<KvText> s = IntSortedMap.empty();
        for (Map.Entry<?, ?> e : contents.entrySet()) {
            if (e.getKey() == null || !(e.getValue() == null || e.getValue() instanceof String)) {
                throw Args.badInitial(name(), "a map from keys to strings", contents);
            }
            s = with(s, keyId(Values.normalizeNumber(e.getKey())), KvText.of(e.getValue() == null ? ""
                    : (String) e.getValue()));
        }
        this.initial = s;
    }

    /**
     * The same model starting with the keys of {@code value}, a map from keys to strings ({@code null}: every
     * key holds "").
     *
     * @throws IllegalArgumentException when {@code value} is not such a map
     */
    public KvModel withInitial(Object value) {
        if (value == null) {
            return new KvModel();
        }
        if (!(value instanceof Map<?, ?> m)) {
            throw Args.badInitial(name(), "a map from keys to strings", value);
        }
        return new KvModel(m);
    }

    /** A prepared kv operation on the key with the given id. */
    record Op(int kind, int key, KvText value) {
        static final int GET = 0;
        static final int PUT = 1;
        static final int APPEND = 2;

        // Written out, as RegisterModel's are: a record's own are made at run time from method handles (about 20
        // classes spun outside the start-up archive when a kv core search first hashes a relaxed step).
        @Override
        public boolean equals(Object o) {
            return o instanceof Op op && op.kind == kind && op.key == key && java.util.Objects.equals(op.value, value);
        }

        @Override
        public int hashCode() {
            return (31 * kind + key) * 31 + java.util.Objects.hashCode(value);
        }
    }

    @Override
    public String name() {
        return "kv";
    }

    @Override
    public IntSortedMap<KvText> init() {
        return initial;
    }

    @Override
    public IntSortedMap<KvText> step(IntSortedMap<KvText> state, Object input, Object output) {
        Op op = (Op) input;
        switch (op.kind()) {
            case Op.GET:
                return output == Operation.UNKNOWN || value(state, op.key()).equals(output) ? state : null;
            case Op.PUT:
                return with(state, op.key(), op.value());
            default:
                return with(state, op.key(), value(state, op.key()).append(op.value()));
        }
    }

    /** The value key {@code key} starts with. */
    KvText initialValue(int key) {
        return value(initial, key);
    }

    private static KvText value(IntSortedMap<KvText> state, int key) {
        KvText v = state.get(key);
        return v == null ? KvText.EMPTY : v;
    }

    /** The state with {@code key} holding {@code value}; "" is not stored, so that equal stores are equal states. */
    private static IntSortedMap<KvText> with(IntSortedMap<KvText> state, int key, KvText value) {
        return value.isEmpty() ? state.remove(key) : state.put(key, value);
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        int kind = switch (inv.f()) {
            case "get" -> Op.GET;
            case "put" -> Op.PUT;
            case "append" -> Op.APPEND;
            default -> throw Args.unknownFunction(name(), inv, "get, put or append");
        };
        int key = keyId(Args.key(name(), inv));
        if (kind == Op.GET) {
            Object out = op.output();
            if (out != Operation.UNKNOWN && out != null && !(out instanceof String)) {
                throw Args.badValue(name(), inv, "a string output", out);
            }
            return op.withInputOutput(new Op(kind, key, null),
                    out == Operation.UNKNOWN ? out : KvText.of(out == null ? "" : (String) out));
        }
        if (!(inv.value() instanceof String s)) {
            throw Args.badValue(name(), inv, "a string value", inv.value());
        }
        return op.withInputOutput(new Op(kind, key, KvText.of(s)), Operation.UNKNOWN);
    }

    private int keyId(Object key) {
        Integer id = keyIds.get(key);
        if (id != null) {
            return id;
        }
        synchronized (keyNames) {
            return keyIds.computeIfAbsent(key, k -> {
                keyNames.add(k);
                return keyNames.size() - 1;
            });
        }
    }

    private Object keyName(int id) {
        synchronized (keyNames) {
            return keyNames.get(id);
        }
    }

    @Override
    public List<Partition> partition(List<Operation> operations) {
        Map<Integer, List<Operation>> byKey = new LinkedHashMap<>();
        for (Operation op : operations) {
            if (!(op.input() instanceof Op kv)) {
                throw new InvalidOperationException("kv operations must be prepared before partitioning");
            }
            byKey.computeIfAbsent(kv.key(), k -> new ArrayList<>()).add(op);
        }
        List<Partition> parts = new ArrayList<>(byKey.size());
        byKey.forEach((key, ops) -> parts.add(new Partition("key " + Values.show(keyName(key)), ops)));
        return parts;
    }

    /** A get never changes the store. */
    @Override
    public boolean isReadOnly(Object input) {
        return input instanceof Op op && op.kind() == Op.GET;
    }

    /**
     * A crashed {@code append(k, a)} is revealed only by a get of k with a known output containing a; a crashed
     * {@code put(k, v)}, only by one whose output starts with v. From the pending operation to the next put of k
     * that takes effect, every value of k contains a (starts with v), so a get there that saw no such value was
     * not there; leaving the pending operation out changes k in that stretch only, and puts, appends and other keys
     * are legal in any state. A get with an unknown output accepts any state.
     */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        if (!(pending instanceof Op p) || p.kind() == Op.GET || !(input instanceof Op op)) {
            return true;
        }
        if (op.kind() != Op.GET || op.key() != p.key()) {
            return false;
        }
        if (output == Operation.UNKNOWN) {
            return false;
        }
        String seen = output.toString();
        String value = p.value().toString();
        return p.kind() == Op.PUT ? seen.startsWith(value) : seen.contains(value);
    }

    /**
     * Leaving out a crashed put or append that nothing after it reveals ({@link #mayReveal}) needs nothing else left
     * out: it changes k only up to the next put of k, where no get after it with a known output looked (none saw a
     * value with its text), and every put, append and get with an unknown output is legal in any store.
     */
    @Override
    public boolean mayRevealKeepsCompleted() {
        return true;
    }

    /**
     * A get of k that returned v is doomed in every state where k holds a value that is not a prefix of v, unless a
     * put of k whose value is a prefix of v steps first: an append keeps the old value as a prefix, a get changes
     * nothing, another key's operations leave k alone, and after a put of a value w that is not a prefix of v, k
     * holds w followed by appends, never v. Tested by length and hash ({@link KvText#notPrefixOf}), exact where it
     * says "doomed".
     */
    @Override
    public java.util.function.Predicate<IntSortedMap<KvText>> doomedStates(Object input, Object output) {
        if (!(input instanceof Op op) || op.kind() != Op.GET || !(output instanceof KvText seen)) {
            return null;
        }
        long[] prefixes = seen.prefixHashes();
        int key = op.key();
        return state -> value(state, key).notPrefixOf(prefixes);
    }

    /** Only a put of the get's key whose value is a prefix of what the get returned ({@link #doomedStates}). */
    @Override
    public boolean mayRescue(Object input, Object output, Object other) {
        if (!(input instanceof Op get) || get.kind() != Op.GET || !(output instanceof KvText)
                || !(other instanceof Op op)) {
            return true;
        }
        return op.key() == get.key() && op.kind() == Op.PUT && output.toString().startsWith(op.value().toString());
    }

    /**
     * For a get of k: the store with k holding {@link #FORGOTTEN}. Until a put of k (the only operations that may
     * rescue a get of k), every step with an unknown output is legal in every store and changes k the same way in
     * both (an append adds to either value, another key's operations leave k alone); the put then makes k equal in
     * both, and the rest of the sequence steps alike.
     */
    @Override
    public IntSortedMap<KvText> doomedRepresentative(Object input, IntSortedMap<KvText> state) {
        if (!(input instanceof Op op) || op.kind() != Op.GET) {
            return null;
        }
        return with(state, op.key(), FORGOTTEN);
    }

    /**
     * The value {@link #doomedRepresentative} gives the key: any value would keep the promise; the core search
     * uses it only where it is doomed for every get still to come (it is a prefix of no value those returned).
     */
    private static final KvText FORGOTTEN = KvText.of("\u0000\uffff");

    /**
     * For a get that returned a value the appends before it rule out, where the core puts nothing on its key (so
     * the key's value only grows): a get that returned a value not starting with what an earlier get had returned
     * ({@code get("x") by client 2 at [30, 40] returned "a", but get("x") by client 1 had returned "ab" at 20,
     * before it was called, and with no put of "x" in this core the value only grows by appends}); a get whose value
     * lacks the text of an append that returned before it was called; a get whose value has two appends' texts in
     * the opposite order to the one real time gave them. For a core that is a single get, that nothing called
     * before it returned could have produced its value. {@code null} for other cores.
     */
    @Override
    public String explainViolation(List<Operation> core) {
        return explainViolation(core, RegisterModel::historyTimes);
    }

    @Override
    public String explainViolation(List<Operation> core, Function<Operation, String[]> times) {
        List<Operation> gets = core.stream().filter(op -> op.input() instanceof Op o && o.kind() == Op.GET
                && op.outputKnown()).toList();
        for (Operation g : gets) {
            int key = ((Op) g.input()).key();
            String seen = g.output().toString();
            String head = "get(" + Values.show(keyName(key)) + ") by client " + g.client() + " at "
                    + RegisterModel.interval(g, times) + " returned " + Values.show(seen);
            if (core.size() == 1) {
                // The core fails whatever the other operations did, so none of them could have produced it in time.
                return head + ", but nothing called before it returned could have produced " + Values.show(seen);
            }
            boolean puts = core.stream().anyMatch(op -> op.input() instanceof Op o && o.key() == key
                    && o.kind() == Op.PUT);
            if (puts || !seen.startsWith(value(initial, key).toString())) {
                continue;
            }
            String grows = " and with no put of " + Values.show(keyName(key))
                    + " in this core its value only grows by appends";
            for (Operation earlier : gets) {
                String before = earlier.output().toString();
                if (((Op) earlier.input()).key() == key && !earlier.isPending() && earlier.ret() < g.call()
                        && !seen.startsWith(before)) {
                    return head + ", but get(" + Values.show(keyName(key)) + ") by client " + earlier.client()
                            + " had returned " + Values.show(before) + " at " + times.apply(earlier)[1]
                            + ", before it was called," + grows;
                }
            }
            List<Operation> appends = core.stream().filter(op -> op.input() instanceof Op o && o.key() == key
                    && o.kind() == Op.APPEND && !o.value().isEmpty()).toList();
            for (Operation a : appends) {
                String text = ((Op) a.input()).value().toString();
                if (!a.isPending() && a.ret() < g.call() && !seen.contains(text)) {
                    return head + ", which lacks " + Values.show(text) + ", but " + describe(a) + " (client "
                            + a.client() + ") returned at " + times.apply(a)[1] + ", before the get was called," + grows;
                }
            }
            for (Operation a : appends) {
                for (Operation b : appends) {
                    String ta = ((Op) a.input()).value().toString();
                    String tb = ((Op) b.input()).value().toString();
                    int ia = seen.indexOf(ta);
                    int ib = seen.indexOf(tb);
                    if (a != b && !a.isPending() && a.ret() < b.call() && ia >= 0 && ib >= 0 && ib < ia
                            && seen.indexOf(ta, ia + 1) < 0 && seen.lastIndexOf(tb) == ib) {
                        return head + ", which has " + Values.show(tb) + " before " + Values.show(ta) + ", but "
                                + describe(a) + " (client " + a.client() + ") returned at " + times.apply(a)[1] + " before "
                                + describe(b) + " (client " + b.client() + ") was called at " + times.apply(b)[0]
                                + ", and appends add to the end";
                    }
                }
            }
        }
        return null;
    }

    private String describe(Operation op) {
        return describeOperation(op.input(), op.output());
    }

    @Override
    public String describeOperation(Object input, Object output) {
        Op op = (Op) input;
        String key = Values.show(keyName(op.key()));
        return switch (op.kind()) {
            case Op.GET -> "get(" + key + ") → " + (output == Operation.UNKNOWN ? "?" : Values.show(output.toString()));
            case Op.PUT -> "put(" + key + ", " + Values.show(op.value().toString()) + ")";
            default -> "append(" + key + ", " + Values.show(op.value().toString()) + ")";
        };
    }

    @Override
    public String describeState(IntSortedMap<KvText> state) {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < state.size(); i++) {
            if (i > 0) {
                s.append(", ");
            }
            s.append(Values.show(keyName(state.keyAt(i)))).append(' ').append(Values.show(state.valueAt(i).toString()));
        }
        return s.append('}').toString();
    }

    @Override
    public String toString() {
        return name();
    }
}
