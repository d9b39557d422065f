package dev.ariadne.core.frontier;

import dev.ariadne.core.check.Step;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;

/**
 * The steps of a violation's longest linearization, made when asked for: the order and the state after each step
 * are kept in two arrays. A report shows the last dozen of up to hundreds of thousands of steps, and a
 * {@link Step} object per step (32 bytes each, 16 MB for a 500,000-operation history) was copied by every young
 * collection while the file waited to be printed. Each {@link #get} makes a new step, equal to the one before.
 */
final class StepList<S> extends AbstractList<Step> implements RandomAccess {
    private final Model<S> model;
    private final List<Operation> ops;
    private final int[] order;
    private final Object[] states;

    /** Steps {@code ops[order[k]]}, each followed by {@code states[k]} (arrays owned by this list from now on). */
    StepList(Model<S> model, List<Operation> ops, int[] order, Object[] states) {
        this.model = model;
        this.ops = ops;
        this.order = order;
        this.states = states;
    }

    @Override
    @SuppressWarnings("unchecked")
    public Step get(int index) {
        java.util.Objects.checkIndex(index, order.length);
        return Step.described(ops.get(order[index]), (S) states[index], model);
    }

    @Override
    public int size() {
        return order.length;
    }
}
