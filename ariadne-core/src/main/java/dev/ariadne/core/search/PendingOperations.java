package dev.ariadne.core.search;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What every engine does with pending (crashed) operations before and during its search. A pending operation
 * whose input the model calls read-only ({@link Model#isReadOnly}) is dropped before the search: leaving it out
 * never hurts. Pending operations with equal inputs are interchangeable (none of them has an observed output),
 * so engines linearize them in order of their calls: one may be linearized only after its predecessor.
 */
public final class PendingOperations {
    private PendingOperations() {
    }

    /** {@code ops} without the pending operations whose input is read-only (the same list if there are none). */
    public static <S> List<Operation> dropInvisible(List<Operation> ops, Model<S> model) {
        int dropped = 0;
        for (Operation op : ops) {
            if (op.isPending() && model.isReadOnly(op.input())) {
                dropped++;
            }
        }
        if (dropped == 0) {
            return ops;
        }
        List<Operation> kept = new ArrayList<>(ops.size() - dropped);
        for (Operation op : ops) {
            if (!(op.isPending() && model.isReadOnly(op.input()))) {
                kept.add(op);
            }
        }
        return kept;
    }

    /**
     * For each operation (by position in {@code ops}, which is in call order): the position of the previous pending
     * operation with an equal input if it is pending itself, else -1.
     */
    static int[] predecessors(Operation[] ops) {
        int[] prev = new int[ops.length];
        Map<Object, Integer> last = null;
        for (int i = 0; i < ops.length; i++) {
            prev[i] = -1;
            if (ops[i].isPending()) {
                if (last == null) {
                    last = new HashMap<>();
                }
                Integer p = last.put(ops[i].input(), i);
                if (p != null) {
                    prev[i] = p;
                }
            }
        }
        return prev;
    }
}
