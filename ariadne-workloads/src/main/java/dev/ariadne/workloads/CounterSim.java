package dev.ariadne.workloads;

import dev.ariadne.core.history.Invocation;

import java.util.SplittableRandom;

/**
 * A counter from 0: two operations in three are increments ({@code add 1}, a fetch-and-increment whose output is the
 * value before it, which the built-in counter model ignores and the TLA+ example's {@code Inc(prev)} checks), the
 * others reads. With distinct values, each add adds a different amount (1, 2, 3, …). The value never decreases,
 * which the injected violations use.
 */
final class CounterSim extends ObjectSim {
    private long value;

    CounterSim(Draft d, SplittableRandom rng, boolean distinct) {
        super(d, rng, distinct);
    }

    @Override
    void step(int i) {
        if (rng.nextInt(3) < 2) {
            long delta = distinct ? fresh() : 1;
            d.input[i] = Invocation.of("add", delta);
            d.output[i] = value;
            if (d.effective[i]) {
                value += delta;
            }
        } else {
            d.input[i] = Invocation.of("read", null);
            d.output[i] = value;
        }
    }

    /**
     * A read returning less than a completed read that returned before it was called is impossible: the counter
     * only grows. Tried with the latest such earlier read that saw more than 0, one less than it saw.
     */
    @Override
    String stale(int i, boolean apply) {
        if (!d.input[i].f().equals("read")) {
            return null;
        }
        int b = d.latestCompletedBefore(i, d.call[i],
                j -> d.input[j].f().equals("read") && d.output[j] instanceof Long seen && seen > 0);
        if (b < 0) {
            return null;
        }
        long lower = (Long) d.output[b] - 1;
        if (apply) {
            d.output[i] = lower;
        }
        return "stale read: returns " + lower + ", but op #" + b + " read " + d.output[b]
                + " and returned before this read was called (the counter only grows)";
    }

    @Override
    String impossible(int i) {
        d.input[i] = Invocation.of("read", null);
        d.output[i] = NEVER;
        return "read of " + NEVER + ", below the initial 0 of a counter that only grows";
    }
}
