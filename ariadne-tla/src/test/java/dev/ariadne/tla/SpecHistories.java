package dev.ariadne.tla;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Converts histories of the built-in {@code register}, {@code fifo-queue}, {@code kv} and {@code counter} models into
 * OmniLink-style operations of the example specs under examples/tla/ (Register.tla, Queue.tla, KeyValue.tla,
 * Counter.tla): the same meaning, named parameters. Nil (nothing written, an empty queue) is 0, which the generators
 * never write or enqueue; a kv get that found nothing is "". Each converted operation keeps the id of the one it
 * came from in its metadata ({@link #ORIGIN}), so that failing operations can be compared across the two.
 */
final class SpecHistories {
    /** The metadata key holding the original operation's id. */
    static final String ORIGIN = "origin";

    private SpecHistories() {
    }

    static History toRegisterSpec(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("write")) {
                out.add(named(op, "Write", List.of("v"), inv.value()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Read", List.of("v"), op.output() == null ? 0L : op.output()));
            }
            // a read whose result nobody saw constrains nothing: the built-in model accepts it anywhere
        }
        return History.of(out);
    }

    static History toQueueSpec(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("enqueue")) {
                out.add(named(op, "Enq", List.of("v"), inv.value()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Deq", List.of("v"), op.output() == null ? 0L : op.output()));
            } else {
                out.add(named(op, "DeqUnknown", List.of(), null));
            }
        }
        return History.of(out);
    }

    /** get/put/append of the built-in kv as KeyValue.tla's Get/Put/AppendTo(k, v); nil read as "". */
    static History toKvSpec(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            switch (inv.f()) {
                case "put" -> out.add(named(op, "Put", List.of("k", "v"), List.of(inv.key(), inv.value())));
                case "append" -> out.add(named(op, "AppendTo", List.of("k", "v"), List.of(inv.key(), inv.value())));
                default -> {
                    if (op.outputKnown()) {
                        Object v = op.output() == null ? "" : op.output();
                        out.add(named(op, "Get", List.of("k", "v"), List.of(inv.key(), v)));
                    }
                }
            }
        }
        return History.of(out);
    }

    /** add/read of the built-in counter as Counter.tla's Add(d) and Read(v). */
    static History toCounterSpec(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("add")) {
                out.add(named(op, "Add", List.of("d"), inv.value()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Read", List.of("v"), op.output()));
            }
        }
        return History.of(out);
    }

    /** The operation as the OmniLink reader gives {@code f(params = value)} (a list of values for several). */
    static Operation named(Operation op, String f, List<String> params, Object value) {
        Map<String, Object> metadata = params.isEmpty() ? Map.of(ORIGIN, op.id())
                : Map.of("params", params, ORIGIN, op.id());
        return new Operation(op.id(), op.client(), Invocation.of(f, value), op.isPending() ? Operation.UNKNOWN : value,
                op.call(), op.ret(), metadata);
    }
}
