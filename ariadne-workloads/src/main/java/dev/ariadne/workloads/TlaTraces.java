package dev.ariadne.workloads;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generated histories as traces of the TLA+ example specs under {@code examples/tla/}: each operation of a history
 * of the matching built-in model becomes the spec's action with named parameters, as an OmniLink trace names them
 * (metadata {@link #PARAMS}, the reader's convention). The meaning is kept, so a linearizable history gives a trace
 * the spec accepts and an injected violation one it rejects. Where a spec has no nil, 0 stands for it (a read of a
 * register never written, a dequeue from an empty queue), and the generated values 0 … 4 are written as 1 … 5.
 */
public final class TlaTraces {
    /** Metadata key: the names of the action's parameters, in the order of the operation's values. */
    public static final String PARAMS = "params";
    /** Metadata key: the operation did not take effect ({@code "_did_abort": true} in an OmniLink trace). */
    public static final String ABORTED = "aborted";

    private static final Map<String, String> MODEL = new LinkedHashMap<>();

    static {
        MODEL.put("register", "register");
        MODEL.put("queue", "fifo-queue");
        MODEL.put("producer-queue", "fifo-queue");
        MODEL.put("bulk-queue", "fifo-queue");
        MODEL.put("kv", "kv");
        MODEL.put("counter", "counter");
    }

    private TlaTraces() {
    }

    /** The example specs traces can be written for, by folder name under {@code examples/tla/}. */
    public static List<String> examples() {
        return List.copyOf(MODEL.keySet());
    }

    /**
     * The built-in model whose generated histories become traces of {@code example}.
     *
     * @throws IllegalArgumentException for an example not in {@link #examples()}
     */
    public static String modelOf(String example) {
        String model = MODEL.get(example);
        if (model == null) {
            throw new IllegalArgumentException("cannot write traces for the TLA+ example '" + example
                    + "' (expected one of " + String.join(", ", MODEL.keySet()) + ")");
        }
        return model;
    }

    /**
     * The history {@code h} of {@link #modelOf}({@code example}) as operations of the example's spec: input
     * {@code Invocation(action, value)} (value nil, the one parameter's value, or the list of them), the same value as
     * output (a pending operation's is unknown), the parameter names in metadata {@link #PARAMS}. Reads whose result
     * nobody saw are left out (they constrain nothing); other crashed operations stay pending. The metadata of the
     * original operations (an injected violation's reason) is kept.
     */
    public static History convert(String example, History h) {
        modelOf(example);
        List<Operation> out = new ArrayList<>(h.size());
        for (Operation op : h.operations()) {
            Operation converted = switch (example) {
                case "register" -> register(op);
                case "queue" -> queue(op, "Enq", List.of("v"), List.of(shift(value(op))), "DeqUnknown");
                case "producer-queue" -> producerQueue(op);
                case "bulk-queue" -> queue(op, "EnqAll", List.of("elems", "ok"),
                        List.of(List.of(shift(value(op))), !op.isPending()), "DeqUnknown");
                case "kv" -> kv(op);
                case "counter" -> counter(op);
                default -> throw new AssertionError(example);
            };
            if (converted != null) {
                out.add(converted);
            }
        }
        return History.of(out);
    }

    private static Object value(Operation op) {
        return ((Invocation) op.input()).value();
    }

    private static String f(Operation op) {
        return ((Invocation) op.input()).f();
    }

    /** 0 … 4 as 1 … 5, so that 0 can mean nil; nil as 0; the generator's impossible -1 stays. */
    private static Object shift(Object v) {
        if (v == null) {
            return 0L;
        }
        return v instanceof Long l && l >= 0 ? l + 1 : v;
    }

    private static Operation register(Operation op) {
        if (f(op).equals("write")) {
            return action(op, "Write", List.of("v"), List.of(shift(value(op))));
        }
        return op.outputKnown() ? action(op, "Read", List.of("v"), List.of(shift(op.output()))) : null;
    }

    private static Operation queue(Operation op, String enqueue, List<String> params, List<Object> values,
            String unknownDequeue) {
        if (f(op).equals("enqueue")) {
            return action(op, enqueue, params, values);
        }
        return op.outputKnown() ? action(op, "Deq", List.of("v"), List.of(shift(op.output())))
                : action(op, unknownDequeue, List.of(), List.of());
    }

    /** The enqueuing client is the producer; a dequeue that found the queue empty is a failed try, aborted. */
    private static Operation producerQueue(Operation op) {
        if (f(op).equals("enqueue")) {
            return action(op, "Enq", List.of("p", "v"), List.of((long) op.client(), shift(value(op))));
        }
        if (!op.outputKnown()) {
            return action(op, "DeqUnknown", List.of(), List.of());
        }
        Operation deq = action(op, "Deq", List.of("v"), List.of(shift(op.output())));
        if (op.output() != null) {
            return deq;
        }
        Map<String, Object> metadata = new LinkedHashMap<>(deq.metadata());
        metadata.put(ABORTED, true);
        return new Operation(deq.id(), deq.client(), deq.input(), deq.output(), deq.call(), deq.ret(), metadata);
    }

    private static Operation kv(Operation op) {
        Invocation inv = (Invocation) op.input();
        return switch (inv.f()) {
            case "put" -> action(op, "Put", List.of("k", "v"), List.of(inv.key(), inv.value()));
            case "append" -> action(op, "AppendTo", List.of("k", "v"), List.of(inv.key(), inv.value()));
            default -> op.outputKnown() ? action(op, "Get", List.of("k", "v"),
                    List.of(inv.key(), op.output() == null ? "" : op.output())) : null;
        };
    }

    /**
     * An increment by 1 that returned is Inc(prev); one that crashed, whose prev nobody saw, and an add of another
     * amount are Add(d).
     */
    private static Operation counter(Operation op) {
        if (f(op).equals("add")) {
            return op.outputKnown() && Long.valueOf(1).equals(value(op))
                    ? action(op, "Inc", List.of("prev"), List.of(op.output()))
                    : action(op, "Add", List.of("d"), List.of(value(op)));
        }
        return op.outputKnown() ? action(op, "Read", List.of("v"), List.of(op.output())) : null;
    }

    private static Operation action(Operation op, String name, List<String> params, List<Object> values) {
        Object value = values.isEmpty() ? null : values.size() == 1 ? values.get(0) : List.copyOf(values);
        Map<String, Object> metadata = new LinkedHashMap<>(op.metadata());
        if (!params.isEmpty()) {
            metadata.put(PARAMS, params);
        }
        return new Operation(op.id(), op.client(), Invocation.of(name, value),
                op.isPending() ? Operation.UNKNOWN : value, op.call(), op.ret(), metadata);
    }
}
