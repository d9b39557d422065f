package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.Model;

import java.util.List;
import java.util.function.Function;
import java.util.Objects;

/**
 * A single register holding one value, initially nil (or a given initial value).
 *
 * <ul>
 *   <li>{@code read} → v: legal when the register holds v. A read whose output is unknown is always legal.
 *       A nil output means "no value": legal only while the register holds nil (porcupine's etcd convention);
 *       with {@link #withNilReads(ModelOptions.NilRead) withNilReads(UNKNOWN)} it carries no information and is
 *       always legal (Knossos' convention).</li>
 *   <li>{@code write v}: always legal; the register holds v.</li>
 *   <li>{@code cas [old new]} (cas-register only) → true: legal when the register holds old, which becomes
 *       new. → false: the compare observed a mismatch, legal when the register does not hold old; no change.
 *       → unknown: either, depending on the state. A Jepsen completion value equal to the input
 *       ({@code [old new]}) means true.</li>
 * </ul>
 * The state is the value itself; nil is the {@link #NIL} marker so that states are never {@code null}.
 */
public final class RegisterModel implements Model<Object> {
    /** The state of a register holding nil. */
    public static final Object NIL = Nil.NIL;

    private final boolean cas;
    private final Object initial;
    private final boolean nilReadsUnknown;

    /** Not an enum: {@code Enum.hashCode} is the identity hash, which is slow to fetch in the hot loop. */
    private static final class Nil {
        static final Nil NIL = new Nil();

        @Override
        public int hashCode() {
            return 0x6e696c;
        }

        @Override
        public String toString() {
            return "nil";
        }
    }

    /** A prepared register operation. */
    sealed interface Op permits Read, Write, Cas {
    }

    /** A read; {@code nilIgnored}: it saw nil, which under Knossos' convention says nothing (output unknown). */
    // equals and hashCode are written out in these records: the generated ones link an invokedynamic call site on
    // their first call, about a millisecond each, and these are hashed in every check (PendingOperations).
    record Read(boolean nilIgnored) implements Op {
        @Override
        public boolean equals(Object o) {
            return o instanceof Read r && r.nilIgnored == nilIgnored;
        }

        @Override
        public int hashCode() {
            return nilIgnored ? 1231 : 1237;
        }

        @Override
        public String toString() {
            return "read";
        }
    }

    record Write(Object value) implements Op {
        @Override
        public boolean equals(Object o) {
            return o instanceof Write w && java.util.Objects.equals(w.value, value);
        }

        @Override
        public int hashCode() {
            return 31 + java.util.Objects.hashCode(value);
        }

        @Override
        public String toString() {
            return "write(" + show(value) + ")";
        }
    }

    record Cas(Object expected, Object value) implements Op {
        @Override
        public boolean equals(Object o) {
            return o instanceof Cas c && java.util.Objects.equals(c.expected, expected)
                    && java.util.Objects.equals(c.value, value);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Objects.hashCode(expected) + java.util.Objects.hashCode(value);
        }

        @Override
        public String toString() {
            return "cas(" + show(expected) + ", " + show(value) + ")";
        }
    }

    private RegisterModel(boolean cas, Object initial, boolean nilReadsUnknown) {
        this.cas = cas;
        this.initial = encode(initial);
        this.nilReadsUnknown = nilReadsUnknown;
    }

    /** A read/write register, initially nil. */
    public static RegisterModel register() {
        return new RegisterModel(false, null, false);
    }

    /** A read/write/compare-and-set register, initially nil. */
    public static RegisterModel casRegister() {
        return new RegisterModel(true, null, false);
    }

    /** The same model starting from {@code value} (plain data; {@code null} is nil). */
    public RegisterModel withInitial(Object value) {
        return new RegisterModel(cas, Args.initial(name(), value), nilReadsUnknown);
    }

    /**
     * The same model with reads of nil understood as {@code nilRead} says: {@link ModelOptions.NilRead#ABSENT}
     * (the default) checks them like any value, {@link ModelOptions.NilRead#UNKNOWN} accepts them in any state.
     */
    public RegisterModel withNilReads(ModelOptions.NilRead nilRead) {
        return new RegisterModel(cas, initial == NIL ? null : initial, nilRead == ModelOptions.NilRead.UNKNOWN);
    }

    @Override
    public String name() {
        return cas ? "cas-register" : "register";
    }

    @Override
    public Object init() {
        return initial;
    }

    @Override
    public Object step(Object state, Object input, Object output) {
        if (input instanceof Read) {
            return output == Operation.UNKNOWN || output.equals(state) ? state : null;
        }
        if (input instanceof Write w) {
            return w.value;
        }
        Cas c = (Cas) input;
        boolean matches = c.expected.equals(state);
        if (output == Operation.UNKNOWN) {
            return matches ? c.value : state;
        }
        if ((Boolean) output) {
            return matches ? c.value : null;
        }
        return matches ? null : state;
    }

    /** A write stores its value whatever it returned. */
    @Override
    public boolean ignoresOutput(Object input) {
        return input instanceof Write;
    }

    /** A write of v does what a write of v or any {@code cas(_, v)} does; a cas what an equal cas does. */
    @Override
    public boolean covers(Object input, Object other) {
        if (input instanceof Write w) {
            return other instanceof Write o ? w.value.equals(o.value) : other instanceof Cas c && w.value.equals(c.value);
        }
        return input instanceof Cas && input.equals(other);
    }

    @Override
    public Operation prepare(Operation op) {
        if (op.input() instanceof Op) {
            return op;
        }
        Invocation inv = Args.invocation(name(), op);
        Object out = op.output();
        switch (inv.f()) {
            case "read" -> {
                if (out == null && nilReadsUnknown) {
                    return op.withInputOutput(READ_NIL_IGNORED, Operation.UNKNOWN);
                }
                return op.withInputOutput(READ, out == Operation.UNKNOWN ? out : encode(out));
            }
            case "write" -> {
                return op.withInputOutput(write(encode(inv.value())), Operation.UNKNOWN);
            }
            case "cas" -> {
                if (!cas) {
                    break;
                }
                List<?> pair = Args.pair(name(), inv, inv.value());
                Object result = out instanceof List<?> l && l.equals(pair) ? Boolean.TRUE : Args.bool(name(), inv, out);
                return op.withInputOutput(new Cas(encode(pair.get(0)), encode(pair.get(1))), result);
            }
            default -> {
            }
        }
        throw Args.unknownFunction(name(), inv, cas ? "read, write or cas" : "read or write");
    }

    /** The prepared input and output depend on the invocation and the output only. */
    @Override
    public boolean preparesByValue() {
        return true;
    }

    /** A read never changes the register. */
    @Override
    public boolean isReadOnly(Object input) {
        return input instanceof Read;
    }

    /**
     * Besides reads: a cas seen to fail (it leaves the register as it was, or is rejected) and a cas whose new value
     * is its expected one (it leaves the register holding what it held, whatever its output).
     */
    @Override
    public boolean isReadOnly(Object input, Object output) {
        return input instanceof Read
                || input instanceof Cas c && (Boolean.FALSE.equals(output) || c.expected.equals(c.value));
    }

    @Override
    public String describeOperation(Object input, Object output) {
        if (input instanceof Read r) {
            return "read → " + (r.nilIgnored() ? "nil (no information)" : output == Operation.UNKNOWN ? "?"
                    : show(output));
        }
        if (input instanceof Cas) {
            return input + " → " + (output == Operation.UNKNOWN ? "?" : output);
        }
        return String.valueOf(input);
    }

    @Override
    public String describeState(Object state) {
        return show(state);
    }

    /**
     * For a read that returned a value no longer there: {@code read by client 3 at [40, 52] returned 1, but 1 was
     * overwritten by write(2) (client 1, returned at 31) and never written again in this core} (1 was there: the
     * core writes it before, it is the initial value, or another read returned it before); for a core that is a
     * single read, that nothing called before it returned could have written the value; for a core of a write and
     * a read called after it returned, that nothing could have written the value in between (the core cannot be
     * ordered whatever the other operations did). {@code null} for other cores (a failed cas, say).
     */
    @Override
    public String explainViolation(List<Operation> core) {
        return explainViolation(core, RegisterModel::historyTimes);
    }

    @Override
    public String explainViolation(List<Operation> core, Function<Operation, String[]> times) {
        for (Operation read : core) {
            if (!(read.input() instanceof Read r) || r.nilIgnored() || !read.outputKnown()) {
                continue;
            }
            Object v = read.output();
            String head = "read by client " + read.client() + " at " + interval(read, times) + " returned " + show(v);
            if (core.size() == 1) {
                // The core fails whatever the other operations did, so none of them could have written v in time.
                return head + ", but nothing called before it returned could have written " + show(v)
                        + (v.equals(initial) ? "" : ", and the register starts as " + show(initial));
            }
            List<Operation> writersOfV = core.stream().filter(op -> mayWrite(op, v)).toList();
            for (Operation w : core) {
                Object written = surelyWritten(w);
                if (written == null || written.equals(v) || w.isPending() || w.ret() >= read.call()
                        || !writersOfV.stream().allMatch(x -> !x.isPending() && x.ret() < w.call())) {
                    continue;
                }
                // w took effect before the read was called, after every write of v; was v there before w?
                Operation seen = core.stream().filter(o -> o != read && o.input() instanceof Read
                        && v.equals(o.output()) && !o.isPending() && o.ret() < w.call()).findFirst().orElse(null);
                if (writersOfV.isEmpty() && !v.equals(initial) && seen == null) {
                    if (core.size() != 2) {
                        continue;
                    }
                    // The core is just w and the read: whatever the others did, none could write v in between.
                    return head + ", but " + describeOperation(w.input(), w.output()) + " (client " + w.client()
                            + ") returned at " + times.apply(w)[1] + ", before it was called, and nothing in the history "
                            + "could have written " + show(v) + " after that and before the read returned";
                }
                String evidence = !writersOfV.isEmpty() ? "" : v.equals(initial) ? " (the initial value)" : "";
                String after = writersOfV.isEmpty() && !v.equals(initial) ? " after read by client " + seen.client()
                        + " at " + interval(seen, times) + " had returned it," : "";
                return head + ", but " + show(v) + evidence + " was overwritten by "
                        + describeOperation(w.input(), w.output()) + " (client " + w.client() + ", returned at "
                        + times.apply(w)[1] + ")" + after + " and never written again in this core";
            }
        }
        return null;
    }

    /** Whether {@code op} may leave {@code v} in the register: a write of it, or a cas to it that may succeed. */
    private static boolean mayWrite(Operation op, Object v) {
        return op.input() instanceof Write w ? w.value.equals(v)
                : op.input() instanceof Cas c && c.value.equals(v) && !Boolean.FALSE.equals(op.output());
    }

    /** The value {@code op} surely writes when it takes effect (a write, a cas seen to succeed), or {@code null}. */
    private static Object surelyWritten(Operation op) {
        return op.input() instanceof Write w ? w.value
                : op.input() instanceof Cas c && Boolean.TRUE.equals(op.output()) ? c.value : null;
    }

    /** {@code op}'s interval as {@code times} writes it: {@code [40, 52]}. */
    static String interval(Operation op, Function<Operation, String[]> times) {
        String[] t = times.apply(op);
        return "[" + t[0] + ", " + t[1] + "]";
    }

    /** The history's own times of {@code op}, the clock of {@link #explainViolation(List)}. */
    static String[] historyTimes(Operation op) {
        return new String[] {Long.toString(op.call()), op.isPending() ? "never returned" : Long.toString(op.ret())};
    }

    /**
     * The prepared reads, and writes of small integers, shared: a prepared history holds one per operation while
     * it is checked, and these records are values (equal by their fields), never told apart by identity.
     */
    private static final Read READ = new Read(false);
    private static final Read READ_NIL_IGNORED = new Read(true);
    private static final Write[] SMALL_WRITES = new Write[256];

    static {
        for (int v = 0; v < SMALL_WRITES.length; v++) {
            SMALL_WRITES[v] = new Write((long) (v - 128));
        }
    }

    /** The write of {@code value} (encoded). */
    private static Write write(Object value) {
        if (value instanceof Long l && l >= -128 && l < 128) {
            return SMALL_WRITES[(int) (l + 128)];
        }
        return new Write(value);
    }

    private static Object encode(Object value) {
        return value == null ? NIL : Values.normalizeNumber(value);
    }

    private static String show(Object value) {
        return value == NIL ? "nil" : Values.show(value);
    }

    @Override
    public String toString() {
        return name() + (Objects.equals(initial, NIL) ? "" : "(" + show(initial) + ")")
                + (nilReadsUnknown ? " with nil reads unknown" : "");
    }
}
