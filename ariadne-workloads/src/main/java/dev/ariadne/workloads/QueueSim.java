package dev.ariadne.workloads;

import dev.ariadne.core.history.Invocation;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A FIFO queue, initially empty: half enqueues and half dequeues, except that a queue of 16 elements is only
 * dequeued from, so it stays short (a dequeue on the empty queue returns nil).
 */
final class QueueSim extends ObjectSim {
    private static final int CAPACITY = 16;
    private static final int LOOK_BACK = 2_000;

    private final ArrayDeque<Long> queue = new ArrayDeque<>();
    private Map<Object, Integer> enqueued;
    private Map<Object, Integer> dequeued;

    QueueSim(Draft d, SplittableRandom rng, boolean distinct) {
        super(d, rng, distinct);
    }

    @Override
    void step(int i) {
        if (queue.size() < CAPACITY && rng.nextBoolean()) {
            long v = fresh();
            d.input[i] = Invocation.of("enqueue", v);
            if (d.effective[i]) {
                queue.addLast(v);
            }
        } else {
            d.input[i] = Invocation.of("dequeue", null);
            d.output[i] = queue.peekFirst();
            if (d.effective[i] && !queue.isEmpty()) {
                queue.removeFirst();
            }
        }
    }

    /**
     * A completed dequeue returning v is impossible when other completed dequeues already returned v as many
     * times as v is enqueued (pending enqueues included): each dequeue of v removes a copy. Tried with the value
     * of the nearest earlier dequeue for which this holds (a duplicate delivery).
     */
    @Override
    String stale(int i, boolean apply) {
        if (!d.input[i].f().equals("dequeue")) {
            return null;
        }
        countValues();
        for (int j = i - 1; j >= 0 && j >= i - LOOK_BACK; j--) {
            Object v = d.output[j];
            if (d.crashed[j] || !d.input[j].f().equals("dequeue") || v == null || v.equals(d.output[i])) {
                continue;
            }
            int copies = enqueued.getOrDefault(v, 0);
            if (dequeued.get(v) >= copies) {
                if (apply) {
                    d.output[i] = v;
                }
                return "duplicate delivery: dequeues " + show(v) + ", which op #" + j + " already dequeued; "
                        + show(v) + " is enqueued " + (copies == 1 ? "once" : copies + " times") + " and "
                        + (copies == 1 ? "dequeued" : "already dequeued that often") + " by completed operations";
            }
        }
        return null;
    }

    /** Prefers dequeues that saw an empty queue: changing them leaves every other operation explainable. */
    @Override
    int preference(int i) {
        return d.input[i].f().equals("dequeue") && d.output[i] == null ? 1 : 0;
    }

    private void countValues() {
        if (enqueued != null) {
            return;
        }
        enqueued = new HashMap<>();
        dequeued = new HashMap<>();
        for (int j = 0; j < d.n; j++) {
            if (d.input[j].f().equals("enqueue")) {
                enqueued.merge(d.input[j].value(), 1, Integer::sum);
            } else if (!d.crashed[j] && d.output[j] != null) {
                dequeued.merge(d.output[j], 1, Integer::sum);
            }
        }
    }

    @Override
    String impossible(int i) {
        d.input[i] = Invocation.of("dequeue", null);
        d.output[i] = NEVER;
        return "dequeue of " + NEVER + ", a value no operation enqueues";
    }
}
