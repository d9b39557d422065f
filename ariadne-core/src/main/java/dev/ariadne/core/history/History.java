package dev.ariadne.core.history;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * An immutable, validated history: operations numbered 0..n-1 in order of their call times, where no client
 * has two operations open at once. Build one from operations ({@link #of}), from call/return events
 * ({@link #fromEvents}) or incrementally with a {@link HistoryBuilder}. Invalid input raises
 * {@link HistoryException}.
 */
public final class History {
    private static final History EMPTY = new History(List.of());

    private final List<Operation> operations;
    /** The list {@link #operations} wraps: a {@link OperationColumns} view where the history was built from events. */
    final List<Operation> unwrapped;

    private History(List<Operation> operations) {
        this(operations, operations);
    }

    private History(List<Operation> operations, List<Operation> unwrapped) {
        this.operations = operations;
        this.unwrapped = unwrapped;
    }

    /** The empty history, which is linearizable for every model. */
    public static History empty() {
        return EMPTY;
    }

    /**
     * A history of the given operations. They are renumbered in order of call time (stable for ties), and
     * rejected if a client has two operations that overlap.
     */
    public static History of(List<Operation> operations) {
        List<Operation> sorted = new ArrayList<>(operations);
        sorted.sort((a, b) -> Long.compare(a.call(), b.call()));
        Map<Integer, Operation> lastByClient = new HashMap<>();
        List<Operation> numbered = new ArrayList<>(sorted.size());
        for (Operation op : sorted) {
            Operation previous = lastByClient.put(op.client(), op);
            if (previous != null && previous.ret() >= op.call()) {
                throw new HistoryException("client " + op.client() + " calls an operation at " + op.call()
                        + " while its previous operation (called at " + previous.call() + ") is still open",
                        op.line());
            }
            numbered.add(op.id() == numbered.size() ? op : op.withId(numbered.size()));
        }
        return new History(Collections.unmodifiableList(numbered));
    }

    /** Convenience for {@link #of(List)}. */
    public static History of(Operation... operations) {
        return of(List.of(operations));
    }

    /**
     * The history described by call/return events in the order they happened; the i-th event happens at
     * time i. A call left open at the end is pending.
     */
    public static History fromEvents(List<? extends Event> events) {
        HistoryBuilder builder = new HistoryBuilder();
        for (Event e : events) {
            if (e instanceof Event.Call c) {
                builder.call(c.client(), c.input());
            } else if (e instanceof Event.Return r) {
                builder.ret(r.client(), r.output());
            }
        }
        return builder.build();
    }

    /** Wraps operations that are already numbered 0..n-1 in call order and validated. */
    static History trusted(List<Operation> operations) {
        return new History(Collections.unmodifiableList(operations), operations);
    }

    /**
     * The operations, numbered by id. A history read or built from events keeps them as columns and makes each
     * operation when it is asked for: equal each time, not the same object, so compare operations with
     * {@code equals} or by id, never by identity.
     */
    public List<Operation> operations() {
        return operations;
    }

    /** The number of operations. */
    public int size() {
        return operations.size();
    }

    /** Whether the history has no operations. */
    public boolean isEmpty() {
        return operations.isEmpty();
    }

    /** The operation with the given id (equal each time, not necessarily the same object: see {@link #operations}). */
    public Operation get(int id) {
        return operations.get(id);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof History h && h.operations.equals(operations);
    }

    @Override
    public int hashCode() {
        return operations.hashCode();
    }

    @Override
    public String toString() {
        return "History" + operations;
    }
}
