package dev.ariadne.tla;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Converts histories of the built-in {@code register} and {@code fifo-queue} models into OmniLink-style operations
 * of examples/tla/register/Register.tla and examples/tla/queue/Queue.tla: the same meaning, named parameters.
 * Nil (nothing written, an empty queue) is 0, which the generators never write or enqueue.
 */
final class SpecHistories {
    private SpecHistories() {
    }

    static History toRegisterSpec(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("write")) {
                out.add(named(op, "Write", inv.value()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Read", op.output() == null ? 0L : op.output()));
            }
            // a read whose result nobody saw constrains nothing: the built-in model accepts it anywhere
        }
        return renumber(out);
    }

    static History toQueueSpec(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("enqueue")) {
                out.add(named(op, "Enq", inv.value()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Deq", op.output() == null ? 0L : op.output()));
            } else {
                out.add(new Operation(op.id(), op.client(), Invocation.of("DeqUnknown", null),
                        op.isPending() ? Operation.UNKNOWN : null, op.call(), op.ret(), Map.of()));
            }
        }
        return renumber(out);
    }

    /** The operation as the OmniLink reader gives {@code f(v = value)}. */
    static Operation named(Operation op, String f, Object value) {
        return new Operation(op.id(), op.client(), Invocation.of(f, value), op.isPending() ? Operation.UNKNOWN : value,
                op.call(), op.ret(), Map.of("params", List.of("v")));
    }

    private static History renumber(List<Operation> ops) {
        List<Operation> out = new ArrayList<>(ops.size());
        for (Operation op : ops) {
            out.add(op.withId(out.size()));
        }
        return History.of(out);
    }
}
