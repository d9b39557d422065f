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
 *
 * <p>A dead end deeper than all before is met again and again in a long linearizable history, and its order is as
 * long as the search is deep: copying it each time took most of a 500,000-operation search. So the order of the
 * first dead end of the greatest depth is kept in one buffer, updated from {@link #low} on (the search lowers
 * {@code low} to every depth it backtracks to, below which its stack has not changed since), and the others of
 * that depth keep only the part of their order from where it left the first's.
 */
final class DeadEnds {
    /** The most dead ends reported. */
    static final int MAX = 3;

    /** The depth of the dead ends kept; -1 before the first. */
    int depth = -1;
    /**
     * The search's stack has not changed below this depth since the first dead end of {@link #depth} was recorded:
     * the search sets it to the lowest depth it backtracked (or replayed a path) to since then.
     */
    int low;
    /** The operations placed at the first dead end of {@link #depth}, in order ({@code depth} of them). */
    private int[] first = new int[16];
    /** Per dead end kept: where its order leaves {@link #first}'s, and its order from there. */
    private final List<Integer> prefixes = new ArrayList<>();
    private final List<int[]> suffixes = new ArrayList<>();
    private final List<int[]> candidates = new ArrayList<>();
    private final List<Integer> unplaced = new ArrayList<>();

    /**
     * Records a dead end at {@code depth} (not less than {@link #depth}): the placed operations are the call entries
     * {@code stackEntry[0..depth)}, and the return entry {@code returnEntry} came up in the call/return list
     * {@code next} (from {@code head}) with no call entry before it left to place.
     */
    void record(int[] stackEntry, int depth, int returnEntry, int[] next, int head) {
        int op = returnEntry >> 1;
        int from = Math.min(low, depth);
        if (depth > this.depth) {
            this.depth = depth;
            prefixes.clear();
            suffixes.clear();
            candidates.clear();
            unplaced.clear();
            if (first.length < depth) {
                first = java.util.Arrays.copyOf(first, Math.max(depth, first.length * 2));
            }
            for (int i = from; i < depth; i++) {
                first[i] = stackEntry[i] >> 1;
            }
            low = depth;
            prefixes.add(depth);
            suffixes.add(new int[0]);
        } else if (unplaced.size() >= MAX || unplaced.contains(op)) {
            return;
        } else {
            int[] suffix = new int[depth - from];
            for (int i = from; i < depth; i++) {
                suffix[i - from] = stackEntry[i] >> 1;
            }
            prefixes.add(from);
            suffixes.add(suffix);
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
        candidates.add(tried);
        unplaced.add(op);
    }

    /** How many dead ends are kept. */
    int count() {
        return unplaced.size();
    }

    /** The order of dead end {@code k}: the first's up to where it left it, then its own. */
    int[] order(int k) {
        int prefix = prefixes.get(k);
        int[] suffix = suffixes.get(k);
        int[] order = java.util.Arrays.copyOf(first, prefix + suffix.length);
        System.arraycopy(suffix, 0, order, prefix, suffix.length);
        return order;
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
            for (int k = 0; k < d.unplaced.size() && evidence.size() < MAX; k++) {
                int op = d.unplaced.get(k);
                if (seen.contains(op)) {
                    continue;
                }
                seen.add(op);
                List<Step> steps = new ArrayList<>();
                S state = model.init();
                for (int placed : d.order(k)) {
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
