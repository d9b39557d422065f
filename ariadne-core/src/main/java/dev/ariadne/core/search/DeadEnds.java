package dev.ariadne.core.search;

import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.List;

/**
 * The deepest dead ends a dfs met, kept as the evidence of a violation: for each, the order of the operations
 * placed, the operation whose return could not be placed, and the operations tried before it. Only the greatest
 * depth is kept, with at most {@link #MAX} distinct unplaced operations. {@link DfsSearch} keeps one;
 * {@link ParallelDfs} one per thread, merged by {@link #evidence}.
 */
final class DeadEnds {
    /** The most dead ends reported. */
    static final int MAX = 3;

    /** The depth of the dead ends kept; -1 before the first. */
    int depth = -1;
    private final List<int[]> orders = new ArrayList<>();
    private final List<int[]> candidates = new ArrayList<>();
    private final List<Integer> unplaced = new ArrayList<>();

    /**
     * Records a dead end at {@code depth} (not less than {@link #depth}): the placed operations are the call entries
     * {@code stackEntry[0..depth)}, and the return entry {@code returnEntry} came up in the call/return list
     * {@code next} (from {@code head}) with no call entry before it left to place.
     */
    void record(int[] stackEntry, int depth, int returnEntry, int[] next, int head) {
        int op = returnEntry >> 1;
        if (depth > this.depth) {
            this.depth = depth;
            orders.clear();
            candidates.clear();
            unplaced.clear();
        } else if (unplaced.size() >= MAX || unplaced.contains(op)) {
            return;
        }
        int[] order = new int[depth];
        for (int i = 0; i < depth; i++) {
            order[i] = stackEntry[i] >> 1;
        }
        int count = 0;
        for (int e = next[head]; e != returnEntry; e = next[e]) {
            if ((e & 1) == 0) {
                count++;
            }
        }
        int[] tried = new int[count];
        count = 0;
        for (int e = next[head]; e != returnEntry; e = next[e]) {
            if ((e & 1) == 0) {
                tried[count++] = e >> 1;
            }
        }
        orders.add(order);
        candidates.add(tried);
        unplaced.add(op);
    }

    /**
     * The dead ends of the deepest of {@code all} as partial linearizations, their states replayed with
     * {@code model}: at most {@link #MAX}, each with a distinct unplaced operation.
     */
    static <S> List<PartialLinearization> evidence(List<DeadEnds> all, Model<S> model, Operation[] ops,
                                                   Object[] inputs, Object[] outputs) {
        int deepest = -1;
        for (DeadEnds d : all) {
            deepest = Math.max(deepest, d.depth);
        }
        List<PartialLinearization> evidence = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        for (DeadEnds d : all) {
            if (d.depth != deepest) {
                continue;
            }
            for (int k = 0; k < d.orders.size() && evidence.size() < MAX; k++) {
                int op = d.unplaced.get(k);
                if (seen.contains(op)) {
                    continue;
                }
                seen.add(op);
                List<Step> steps = new ArrayList<>();
                S state = model.init();
                for (int placed : d.orders.get(k)) {
                    state = model.step(state, inputs[placed], outputs[placed]);
                    steps.add(Step.described(ops[placed], state, model));
                }
                List<Operation> tried = new ArrayList<>();
                for (int c : d.candidates.get(k)) {
                    tried.add(ops[c]);
                }
                evidence.add(new PartialLinearization(steps, ops[op], tried));
            }
        }
        return evidence;
    }
}
