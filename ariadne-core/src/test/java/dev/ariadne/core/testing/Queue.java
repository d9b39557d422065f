package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;

import java.util.ArrayDeque;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/**
 * A FIFO queue ({@code enqueue}, {@code dequeue}), a stack ({@code push}, {@code pop}) or a min-priority queue
 * ({@code insert}, {@code extract-min}); a removal from the empty object returns nil. With distinct values (the
 * decision procedures' precondition) only inserts crash and no output is hidden, so every removal is known.
 */
final class Queue implements SequentialObject {
    /** Which element a removal takes. */
    enum Order {
        FIFO("enqueue", "dequeue"), LIFO("push", "pop"), MIN("insert", "extract-min");

        final String insert;
        final String remove;

        Order(String insert, String remove) {
            this.insert = insert;
            this.remove = remove;
        }
    }

    private final Order order;
    private final Domain values;
    private final Predicate<SplittableRandom> drawsInsert;
    private final ArrayDeque<Object> deque = new ArrayDeque<>();
    private final PriorityQueue<Object> priority = new PriorityQueue<>(); // values are Longs: natural order

    /**
     * A queue whose inputs are inserts when {@code drawsInsert} says so, else removals. (Each shape tosses its own
     * coin, and its seeds must keep giving the histories they always gave.)
     */
    Queue(Order order, Domain values, Predicate<SplittableRandom> drawsInsert) {
        this.order = order;
        this.values = values;
        this.drawsInsert = drawsInsert;
    }

    @Override
    public Invocation randomInput(SplittableRandom r) {
        return drawsInsert.test(r) ? Invocation.of(order.insert, values.next(r)) : Invocation.of(order.remove, null);
    }

    @Override
    public Object apply(Invocation input) {
        if (input.f().equals(order.insert)) {
            if (order == Order.MIN) {
                priority.add(input.value());
            } else {
                deque.addLast(input.value());
            }
            return null;
        }
        return switch (order) {
            case FIFO -> deque.pollFirst();
            case LIFO -> deque.pollLast();
            case MIN -> priority.poll();
        };
    }

    @Override
    public boolean observes(Invocation input) {
        return input.f().equals(order.remove);
    }

    @Override
    public Object randomOutput(Invocation input, SplittableRandom r) {
        return values.corrupt(r);
    }

    @Override
    public boolean mayCrash(Invocation input) {
        return !values.distinct() || input.f().equals(order.insert);
    }

    @Override
    public boolean mayHide(Invocation input) {
        return !values.distinct();
    }
}
