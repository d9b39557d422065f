package dev.ariadne.core.models;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.Collection;
import java.util.List;
import java.util.function.Function;

/**
 * A first-in first-out queue, initially empty.
 *
 * <ul>
 *   <li>{@code enqueue v}: always legal; v joins the tail. The output is ignored. v must not be nil.</li>
 *   <li>{@code dequeue} → v: legal when v is at the head, which is removed. → nil: the queue was empty, legal
 *       only when it is; no change. → unknown: removes the head if there is one, and is legal on an empty queue
 *       too (no change).</li>
 * </ul>
 * Values are compared after normalising numbers, so 3 read as an Integer equals 3 read as a Long. The state is
 * an {@link IntSeq} of interned value ids, head first.
 */
public final class FifoQueueModel implements Model<IntSeq> {
    private static final String NAME = "fifo-queue";
    private static final String SHAPE = "a list of values, head first";

    private final ContainerOps ops = new ContainerOps(NAME, "enqueue", "dequeue", Op.class, Enqueue::new,
            Dequeue::new);
    private final IntSeq initial;

    /** A queue, initially empty. */
    public FifoQueueModel() {
        this(null);
    }

    private FifoQueueModel(Collection<?> elements) {
        this.initial = IntSeq.of(ops.initialIds(elements, SHAPE));
    }

    /**
     * The same model starting with the elements of {@code value}, a list of values, head first ({@code null}: empty).
     *
     * @throws IllegalArgumentException when {@code value} has another shape or holds nil
     */
    public FifoQueueModel withInitial(Object value) {
        return new FifoQueueModel(ContainerOps.initialElements(name(), value, List.class, SHAPE));
    }

    /** A prepared queue operation. */
    sealed interface Op permits Enqueue, Dequeue {
    }

    /** Enqueue the value with this id. */
    record Enqueue(int value) implements Op, ContainerOps.Insert {
    }

    /** Dequeue; the output is the id of the value seen ({@link Interner#NIL} for "empty") or unknown. */
    record Dequeue() implements Op {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public IntSeq init() {
        return initial;
    }

    @Override
    public IntSeq step(IntSeq state, Object input, Object output) {
        if (input instanceof Enqueue e) {
            return state.append(e.value());
        }
        if (output == Operation.UNKNOWN) {
            return state.isEmpty() ? state : state.removeAt(0);
        }
        int v = (Integer) output;
        if (state.isEmpty()) {
            return v == Interner.NIL ? state : null;
        }
        return state.first() == v ? state.removeAt(0) : null;
    }

    @Override
    public Operation prepare(Operation op) {
        return ops.prepare(op);
    }

    /** See {@code ContainerOps.mayReveal}: a crashed enqueue of v is revealed only by a dequeue that returned v, or one with an unknown output. */
    @Override
    public boolean mayReveal(Object pending, Object input, Object output) {
        return ops.mayReveal(pending, input, output);
    }

    @Override
    public String describeOperation(Object input, Object output) {
        return ops.describeOperation(input, output);
    }

    /** The queue's values, head first, as {@code [1 2 3]}. */
    @Override
    public String describeState(IntSeq state) {
        return state.show(ops.values(), "[", "]");
    }

    /**
     * For a dequeue that returned a value while another one was ahead of it: {@code dequeue by client 3 at [30, 40]
     * returned 7, but 5 was ahead of it: enqueue(5) (client 1, returned at 10) returned before the dequeue was
     * called, and 5 is not dequeued before it in this core}; for a core that is a single dequeue, that
     * nothing called before it returned could have enqueued the value. {@code null} for other cores, cores with a
     * dequeue of unknown outcome, and queues that do not start empty.
     */
    @Override
    public String explainViolation(List<Operation> core) {
        return explainViolation(core, RegisterModel::historyTimes);
    }

    @Override
    public String explainViolation(List<Operation> core, Function<Operation, String[]> times) {
        if (!initial.isEmpty() || core.stream().anyMatch(op -> op.input() instanceof Dequeue && !op.outputKnown())) {
            return null;
        }
        for (Operation d : core) {
            if (!(d.input() instanceof Dequeue) || (Integer) d.output() == Interner.NIL) {
                continue;
            }
            int b = (Integer) d.output();
            String shownB = ops.values().show(b);
            String head = "dequeue by client " + d.client() + " at " + RegisterModel.interval(d, times) + " returned "
                    + shownB;
            if (core.size() == 1) {
                // The core fails whatever the other operations did, so none of them could have enqueued b in time.
                return head + ", but nothing called before it returned could have enqueued " + shownB;
            }
            List<Operation> enqueuesOfB = core.stream()
                    .filter(op -> op.input() instanceof Enqueue e && e.value() == b).toList();
            for (Operation ea : core) {
                if (!(ea.input() instanceof Enqueue e) || e.value() == b || ea.isPending() || ea.ret() >= d.call()
                        || !enqueuesOfB.stream().allMatch(eb -> ea.ret() < eb.call())) {
                    continue;
                }
                int a = e.value();
                String shownA = ops.values().show(a);
                List<Operation> dequeuesOfA = core.stream().filter(op -> op.input() instanceof Dequeue
                        && (Integer) op.output() == a).toList();
                // a was surely in the queue ahead of every b of the core, and nothing took it out before d.
                if (!dequeuesOfA.stream().allMatch(x -> d.ret() < x.call())) {
                    continue;
                }
                String enqueuedA = "enqueue(" + shownA + ") (client " + ea.client() + ", returned at " + times.apply(ea)[1]
                        + ")";
                return head + ", but " + shownA + " was ahead of it: " + enqueuedA + " returned before the dequeue"
                        + (enqueuesOfB.isEmpty() ? "" : " and before any enqueue(" + shownB + ")")
                        + " was called, and " + shownA + " is not dequeued before it in this core";
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return name();
    }
}
