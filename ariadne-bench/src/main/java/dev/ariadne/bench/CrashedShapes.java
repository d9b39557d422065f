package dev.ariadne.bench;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.List;

/**
 * The crash-heavy histories of issue 17, for {@link WorkloadBench}: n crashed producers called at 0…n-1, then a few
 * completed operations from time 40. kv: appends of distinct values to one key, then a get of "" (the violation:
 * a get of "zz", which no append wrote). fifo-queue and unordered-queue: enqueues of 100…, a crashed dequeue at 30,
 * then enqueue(1) and dequeue → 1 (the violation: dequeue → 7). stack: pushes and a crashed pop, then push 1,
 * pop → 1, pop → empty (the violation: pop → 1 twice). The same shapes as the core's {@code CrashedOperationsTest}.
 */
final class CrashedShapes {
    static final List<String> MODELS = List.of("kv", "fifo-queue", "stack", "unordered-queue");

    private CrashedShapes() {
    }

    /**
     * How many crashed operations the issue's version of each shape has: 11 (kv: 11 appends, 12 operations in all;
     * queues: 10 enqueues and the dequeue, 13; stack: 10 pushes and the pop, 14).
     */
    static final int ISSUE_CRASHED = 11;

    /** The shape for {@code model} with {@code crashed} crashed operations (the consumer's included). */
    static History history(String model, int crashed, boolean violation) {
        List<Operation> ops = new ArrayList<>();
        if (model.equals("kv")) {
            for (int c = 0; c < crashed; c++) {
                String value = c < 26 ? String.valueOf((char) ('a' + c)) : "v" + c;
                ops.add(Operation.pending(c, c, new Invocation("append", "x", value), c));
            }
            ops.add(Operation.of(crashed, 31, new Invocation("get", "x", null), violation ? "zz" : "", 40, 41));
            return History.of(ops);
        }
        boolean stack = model.equals("stack");
        String insert = stack ? "push" : "enqueue";
        String remove = stack ? "pop" : "dequeue";
        int producers = crashed - 1;
        for (int c = 0; c < producers; c++) {
            ops.add(Operation.pending(c, c, Invocation.of(insert, 100L + c), c));
        }
        ops.add(Operation.pending(producers, producers, Invocation.of(remove, null), 30));
        ops.add(Operation.of(ops.size(), 40, Invocation.of(insert, 1L), null, 40, 41));
        if (stack) {
            ops.add(Operation.of(ops.size(), 40, Invocation.of(remove, null), 1L, 42, 43));
            ops.add(Operation.of(ops.size(), 40, Invocation.of(remove, null), violation ? 1L : null, 44, 45));
        } else {
            ops.add(Operation.of(ops.size(), 40, Invocation.of(remove, null), violation ? 7L : 1L, 42, 43));
        }
        return History.of(ops);
    }
}
