package dev.ariadne.core.frontier;

import dev.ariadne.core.search.Budget;
import dev.ariadne.core.search.MemoryLimit;
import dev.ariadne.core.search.PendingOperations;
import dev.ariadne.core.search.ProgressMeter;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Progress;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedOperations;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code frontier} engine on a whole partition: feeds the partition's calls and returns to a {@link Frontier}
 * in real-time order (calls before returns at equal times, as intervals are closed) and turns its outcome into a
 * {@link PartitionResult}: the witness read back from the trail of a surviving configuration, or the evidence of
 * the return no configuration survived.
 */
public final class FrontierSearch<S> {
    public static final String NAME = "frontier";

    private final Model<S> model;
    private final List<Operation> operations;
    /** The operations in call order, made for the general frontier ({@link #run}; the register's reads columns). */
    private Operation[] ops;
    private final int reported;
    private final Budget budget;
    private ProgressMeter meter = new ProgressMeter();
    /** Whether a register partition may take {@link RegisterFrontier} (off only in tests that compare both). */
    private boolean compact = true;

    /**
     * A search over {@code operations} (in call order), reported as a partition of {@code reported} operations
     * (some pending ones may have been dropped before).
     */
  public   FrontierSearch(Model<S> model, List<Operation> operations, int reported, Budget budget) {
        this.model = model;
        this.operations = operations;
        this.reported = reported;
        this.budget = budget;
    }

    /** Publishes this search's progress to {@code m} (every 1,024 returns, so the stores cost nothing). */
    public FrontierSearch<S> reportingTo(ProgressMeter m) {
        this.meter = m;
        return this;
    }

    /** This search without the register's specialised engine: the general frontier only (for tests). */
    FrontierSearch<S> general() {
        this.compact = false;
        return this;
    }

    /** {@link RegisterFrontier}'s result, or {@code null} where it does not apply (not a register, say). */
    PartitionResult registerSearch(int index, String label, long start) {
        if (!(model instanceof dev.ariadne.core.models.RegisterModel)) {
            return null;
        }
        // Prepared by the checker as columns in call order (a whole history), else columns of the sorted operations.
        PreparedOperations columns = operations instanceof PreparedOperations p && p.sortedByCall() ? p
                : PreparedOperations.of(sortedByCall(operations));
        return RegisterFrontier.search(model, columns, reported, budget, meter, index, label, start);
    }

    private static Operation[] sortedByCall(List<Operation> operations) {
        Operation[] ops = operations.toArray(new Operation[0]);
        for (int i = 1; i < ops.length; i++) {
            if (ops[i].call() < ops[i - 1].call()) {
                Arrays.sort(ops, (a, b) -> Long.compare(a.call(), b.call()));
                break;
            }
        }
        return ops;
    }

    public PartitionResult run(int index, String label) {
        long start = System.nanoTime();
        PartitionResult compacted = compact ? registerSearch(index, label, start) : null;
        if (compacted != null) {
            return compacted;
        }
        ops = sortedByCall(operations);
        QueueLayers layers = QueueLayers.of(model, ops);
        if (layers != null) {
            PartitionResult layered = search(layers.model(), layers.inputs(), layers.outputs(), layers, index,
                    label, start);
            if (layered != null) {
                return layered;
            }
        }
        int n = ops.length;
        Object[] inputs = new Object[n];
        Object[] outputs = new Object[n];
        for (int i = 0; i < n; i++) {
            inputs[i] = ops[i].input();
            outputs[i] = ops[i].output();
        }
        return search(model, inputs, outputs, null, index, label, start);
    }

    /**
     * Runs a frontier of {@code searched} over the operations' events. With {@code layers}, the search is on layered
     * queue states and its orders are translated back; {@code null} if one does not replay on the model (which
     * would be a bug: the caller then searches the concrete states).
     */
    private <T> PartitionResult search(Model<T> searched, Object[] inputs, Object[] outputs, QueueLayers layers,
                                       int index, String label, long start) {
        int n = ops.length;
        int completed = 0;
        for (int i = 0; i < n; i++) {
            if (!ops[i].isPending()) {
                completed++;
            }
        }
        int[] returns = returnOrder(completed);
        int[] predecessor = PendingOperations.frontierPredecessors(ops);
        Frontier<T> f;
        try {
            f = new Frontier<>(searched, budget, false);
        } catch (MemoryLimit e) {
            return new PartitionResult(index, label, reported, Verdict.UNKNOWN, List.of(), null, budget.reason(),
                    NAME, new Statistics(0, 0, 0, System.nanoTime() - start));
        }
        f.operations(inputs, outputs);
        try {
            int call = 0;
            for (int r = 0; r < returns.length; r++) {
                int x = returns[r];
                long at = ops[x].ret();
                while (call < n && ops[call].call() <= at) {
                    f.call(call, ops[call].isPending(), predecessor[call]);
                    call++;
                    if ((call & 0xffff) == 0 && f.check()) {
                        return unknown(index, label, f, start);
                    }
                }
                int status = f.ret(x);
                if (status == Frontier.VIOLATED) {
                    int[] order = layers == null ? f.failureOrder() : layers.concrete(f.failureOrder());
                    if (layers != null && (order == null || !replays(order))) {
                        return null;
                    }
                    Violation v = evidence(model, order, f.failedOperation(), f.failureCandidates(),
                            Arrays.asList(ops));
                    return new PartitionResult(index, label, reported, Verdict.NOT_LINEARIZABLE, List.of(), v, null,
                            NAME, statistics(f, start));
                }
                if (status == Frontier.STOPPED) {
                    return unknown(index, label, f, start);
                }
                if ((r & 0xf) == 0) {
                    meter.update(call, f.alive(), f.steps());
                }
            }
            int[] order = layers == null ? f.witnessOrder() : layers.concrete(f.witnessOrder());
            if (order == null || layers != null && !replays(order)) {
                return null;
            }
            List<Operation> witness = new ArrayList<>(order.length);
            for (int op : order) {
                witness.add(ops[op]);
            }
            return new PartitionResult(index, label, reported, Verdict.LINEARIZABLE, witness, null, null, NAME,
                    statistics(f, start));
        } catch (MemoryLimit e) {
            return unknown(index, label, f, start);
        } finally {
            f.release();
        }
    }

    /** Whether the model accepts the operations in this order, from its initial state. */
    private boolean replays(int[] order) {
        S state = model.init();
        for (int op : order) {
            state = model.step(state, ops[op].input(), ops[op].output());
            if (state == null) {
                return false;
            }
        }
        return true;
    }

    /** The completed operations (positions) in order of their return times; ties keep call order. */
    private int[] returnOrder(int completed) {
        int[] order = new int[completed];
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        boolean sorted = true;
        long last = Long.MIN_VALUE;
        int k = 0;
        for (int i = 0; i < ops.length; i++) {
            if (!ops[i].isPending()) {
                long t = ops[i].ret();
                order[k++] = i;
                min = Math.min(min, t);
                max = Math.max(max, t);
                sorted &= t >= last;
                last = t;
            }
        }
        if (sorted || completed < 2) {
            return order;
        }
        int indexBits = 64 - Long.numberOfLeadingZeros(ops.length);
        if (max - min >= 0 && max - min < 1L << (63 - indexBits)) {
            long[] keys = new long[completed];
            for (int j = 0; j < completed; j++) {
                keys[j] = ((ops[order[j]].ret() - min) << indexBits) | order[j];
            }
            Arrays.sort(keys);
            long mask = (1L << indexBits) - 1;
            for (int j = 0; j < completed; j++) {
                order[j] = (int) (keys[j] & mask);
            }
            return order;
        }
        Integer[] boxed = new Integer[completed];
        for (int j = 0; j < completed; j++) {
            boxed[j] = order[j];
        }
        Arrays.sort(boxed, (a, b) -> Long.compare(ops[a].ret(), ops[b].ret()));
        for (int j = 0; j < completed; j++) {
            order[j] = boxed[j];
        }
        return order;
    }

    /** The violation a frontier found, as evidence: {@code ops[i]} is the operation the frontier numbers i. */
    public static <S> Violation evidence(Model<S> model, Frontier<S> f, Operation[] ops) {
        return evidence(model, f.baseState(), f.baseSteps(), f.failureOrder(), f.failedOperation(),
                f.failureCandidates(), Arrays.asList(ops));
    }

    /**
     * The evidence of a violation: the operations of {@code order} linearized, then {@code failed} could not be
     * placed; {@code candidates} are the operations that were open there. Numbers index {@code ops}.
     */
    static <S> Violation evidence(Model<S> model, int[] order, int failed, int[] candidates, List<Operation> ops) {
        return evidence(model, model.init(), 0, order, failed, candidates, ops);
    }

    /** As above, for an order that starts after {@code omitted} operations that led to {@code start}. */
    private static <S> Violation evidence(Model<S> model, S start, long omitted, int[] order, int failed,
                                          int[] candidates, List<Operation> ops) {
        // The states in an array and the steps made when asked for (StepList): no object per step.
        Object[] states = new Object[order.length];
        S state = start;
        // Prepared columns are read as they are: the steps' operations are made only when a report shows them.
        Object[] inputs = ops instanceof PreparedOperations p ? p.inputs() : null;
        Object[] outputs = ops instanceof PreparedOperations p ? p.outputs() : null;
        for (int k = 0; k < order.length; k++) {
            int o = order[k];
            state = inputs != null ? model.step(state, inputs[o], outputs[o])
                    : model.step(state, ops.get(o).input(), ops.get(o).output());
            if (state == null) {
                throw new IllegalStateException("the model rejects a linearization it accepted before (operation "
                        + ops.get(o).id() + "): are its states values?");
            }
            states[k] = state;
        }
        List<Step> steps = new StepList<>(model, ops, order.clone(), states);
        List<Operation> open = new ArrayList<>();
        for (int op : candidates) {
            open.add(ops.get(op));
        }
        PartialLinearization p = new PartialLinearization(steps, ops.get(failed), open, omitted);
        return new Violation(model.describeState(model.init()), List.of(p));
    }

    private PartitionResult unknown(int index, String label, Frontier<?> f, long start) {
        return new PartitionResult(index, label, reported, Verdict.UNKNOWN, List.of(), null, budget.reason(), NAME,
                statistics(f, start));
    }

    static Statistics statistics(Frontier<?> f, long start) {
        return new Statistics(f.steps(), f.hits(), f.peak(), System.nanoTime() - start);
    }
}
