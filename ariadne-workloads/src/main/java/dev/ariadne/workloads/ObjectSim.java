package dev.ariadne.workloads;

import dev.ariadne.core.history.Values;

import java.util.SplittableRandom;

/**
 * The sequential object behind a generated history. {@link #step} is called once per operation in order of
 * linearization points: it chooses the operation's input, computes its output in the current state and applies
 * its effect (unless the operation crashed without taking effect). {@link #inject} then alters one completed
 * operation near the end so that no order can explain it.
 */
abstract class ObjectSim {
    /** Values written when they need not be distinct: 0 … DOMAIN-1. */
    static final int DOMAIN = 5;
    /** A value the generator never writes, for operations that are impossible in every state. */
    static final long NEVER = -1;
    private static final int TRIES = 500;

    final Draft d;
    final SplittableRandom rng;
    final boolean distinct;
    private long counter;

    ObjectSim(Draft d, SplittableRandom rng, boolean distinct) {
        this.d = d;
        this.rng = rng;
        this.distinct = distinct;
    }

    static ObjectSim of(String model, Draft d, SplittableRandom rng, boolean distinct) {
        return switch (model) {
            case "register" -> new RegisterSim(d, rng, distinct, false);
            case "cas-register" -> new RegisterSim(d, rng, distinct, true);
            case "fifo-queue" -> new QueueSim(d, rng, distinct);
            case "kv" -> new KvSim(d, rng, distinct);
            case "set" -> new SetSim(d, rng, distinct);
            case "counter" -> new CounterSim(d, rng, distinct);
            default -> throw new IllegalArgumentException(model);
        };
    }

    /** A value to write: unique (1, 2, 3, …) when distinct, else one of 0 … DOMAIN-1. */
    final long fresh() {
        return distinct ? ++counter : rng.nextInt(DOMAIN);
    }

    /** A value written before, or about to be: for compare-and-set, removals and membership tests. */
    final long recent() {
        return distinct ? Math.max(1, counter - rng.nextInt(4)) : rng.nextInt(DOMAIN);
    }

    /** Sets operation {@code i}'s input and output; applies its effect when {@code d.effective[i]}. */
    abstract void step(int i);

    /**
     * If completed operation {@code i} can be given an output that is provably impossible, because of operations
     * that must precede it in real time, the reason; the output is changed only when {@code apply}. Else null.
     */
    abstract String stale(int i, boolean apply);

    /** Among operations {@link #stale} accepts, the higher the more preferred. */
    int preference(int i) {
        return 0;
    }

    /** Turns completed operation {@code i} into one that no state accepts; returns the reason. */
    abstract String impossible(int i);

    /**
     * Injects one violation: a provable stale output on a completed operation among the last 1% (at least the last
     * 20), chosen at random; else on the latest such operation further back; else an impossible operation.
     */
    final void inject() {
        int window = Math.min(d.n, Math.max(20, d.n / 100));
        int[] candidates = new int[window];
        for (int k = 0; k < window; k++) {
            candidates[k] = d.n - window + k;
        }
        int best = -1;
        int bestPreference = Integer.MIN_VALUE;
        int tries = 0;
        for (int k = 0; k < window && tries < TRIES; k++) {
            int j = k + rng.nextInt(window - k);
            int i = candidates[j];
            candidates[j] = candidates[k];
            if (d.crashed[i]) {
                continue;
            }
            tries++;
            if (preference(i) > bestPreference && stale(i, false) != null) {
                best = i;
                bestPreference = preference(i);
            }
        }
        tries = 0;
        for (int i = d.n - window - 1; best < 0 && i >= 0 && tries < TRIES; i--) {
            if (!d.crashed[i]) {
                tries++;
                if (stale(i, false) != null) {
                    best = i;
                }
            }
        }
        if (best >= 0) {
            d.injectedWhy = stale(best, true);
        } else {
            best = d.n - 1;
            while (d.crashed[best]) {
                best--;
            }
            d.injectedWhy = impossible(best);
        }
        d.injected = best;
    }

    static String show(Object value) {
        return Values.show(value);
    }
}
