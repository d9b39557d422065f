package dev.ariadne.workloads;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Seeded generator of histories, behind {@code ariadne generate} and the benchmarks: concurrent clients drive a
 * simulated sequential object (a register, a queue, a key-value map, a set or a counter), and each operation takes effect at a
 * random instant inside its [call, return] interval, so every generated history is linearizable by construction.
 * On request, one completed operation near the end is then given an output that no order can explain (a stale
 * read, a duplicate dequeue), marked with the metadata {@link #INJECTED}. Equal {@link Spec}s give equal histories.
 */
public final class Workloads {
    /** Metadata key of the operation whose output was altered to inject the violation; its value says why. */
    public static final String INJECTED = "injected";

    private static final List<String> MODELS = List.of("register", "cas-register", "fifo-queue", "kv", "set",
            "counter");
    private static final int MAX_THREADS = 10_000;
    private static final int MAX_OPS = 100_000_000;

    private Workloads() {
    }

    /** How much the operations of different clients overlap in time. */
    public enum Overlap {
        /** Mostly sequential: about one operation in ten overlaps another. */
        LOW,
        /** Clients run independently with random operation and think times: about half are busy at any time. */
        MEDIUM,
        /**
         * A slow store under load: every client always has an operation open (it calls again right after each
         * return), so every operation overlaps the open operations of all other clients, about two per client.
         */
        FULL;

        /** The command-line name, for example {@code low}. */
        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The overlap with the given command-line name. */
        public static Overlap fromName(String name) {
            for (Overlap o : values()) {
                if (o.cliName().equals(name)) {
                    return o;
                }
            }
            throw new IllegalArgumentException("unknown overlap '" + name + "' (expected low, medium or full)");
        }
    }

    /**
     * What to generate.
     *
     * @param model     a built-in model name: register, cas-register, fifo-queue, kv, set or counter
     * @param threads   concurrent clients (1 … 10,000); a client whose operation crashed is replaced by a new one
     * @param ops       operations in all (0 … 100,000,000), crashed ones included
     * @param overlap   how much operations overlap
     * @param distinct  whether writes, enqueues, puts, appends and adds use unique values; otherwise values come
     *                  from a domain of five
     * @param crashed   how many operations never return (pending, Jepsen {@code :info}); each may or may not
     *                  take effect
     * @param seed      the seed: equal specs give equal histories
     * @param violation whether to inject one violation near the end (needs a completed operation)
     */
    public record Spec(String model, int threads, int ops, Overlap overlap, boolean distinct, int crashed, long seed,
                       boolean violation) {

        /**
         * Checks the ranges above.
         *
         * @throws IllegalArgumentException naming the parameter out of range
         */
        public Spec {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(overlap, "overlap");
            if (!MODELS.contains(model)) {
                throw new IllegalArgumentException("cannot generate model '" + model + "' (expected one of "
                        + String.join(", ", MODELS) + ")");
            }
            if (threads < 1 || threads > MAX_THREADS) {
                throw new IllegalArgumentException("threads must be from 1 to " + MAX_THREADS + ", not " + threads);
            }
            if (ops < 0 || ops > MAX_OPS) {
                throw new IllegalArgumentException("ops must be from 0 to " + MAX_OPS + ", not " + ops);
            }
            if (crashed < 0 || crashed > ops) {
                throw new IllegalArgumentException("crashed must be from 0 to ops (" + ops + "), not " + crashed);
            }
            if (violation && crashed == ops) {
                throw new IllegalArgumentException("a violation needs at least one operation that is not crashed");
            }
        }

        /** {@code ops} operations by {@code threads} clients: medium overlap, values from a domain of five, no
         * crashes, seed 1, linearizable. */
        public static Spec of(String model, int threads, int ops) {
            return new Spec(model, threads, ops, Overlap.MEDIUM, false, 0, 1, false);
        }

        /** This spec with overlap {@code o}. */
        public Spec withOverlap(Overlap o) {
            return new Spec(model, threads, ops, o, distinct, crashed, seed, violation);
        }

        /** This spec with distinct values or not. */
        public Spec withDistinct(boolean d) {
            return new Spec(model, threads, ops, overlap, d, crashed, seed, violation);
        }

        /** This spec with {@code c} crashed operations. */
        public Spec withCrashed(int c) {
            return new Spec(model, threads, ops, overlap, distinct, c, seed, violation);
        }

        /** This spec with seed {@code s}. */
        public Spec withSeed(long s) {
            return new Spec(model, threads, ops, overlap, distinct, crashed, s, violation);
        }

        /** This spec with an injected violation or not. */
        public Spec withViolation(boolean v) {
            return new Spec(model, threads, ops, overlap, distinct, crashed, seed, v);
        }
    }

    /** The models the generator can drive, by built-in model name. */
    public static List<String> models() {
        return MODELS;
    }

    /** Generates the history described by {@code spec}. */
    public static History generate(Spec spec) {
        SplittableRandom rng = new SplittableRandom(spec.seed());
        Draft d = new Draft(spec.ops());
        switch (spec.overlap()) {
            case LOW -> Schedule.low(d, spec.threads(), rng);
            case MEDIUM -> Schedule.medium(d, spec.threads(), rng);
            case FULL -> Schedule.full(d, spec.threads(), rng);
            default -> throw new AssertionError(spec.overlap());
        }
        d.crash(spec.crashed(), spec.threads(), rng);
        d.chooseLinearizationPoints(rng);
        ObjectSim sim = ObjectSim.of(spec.model(), d, rng, spec.distinct());
        for (int i : d.linearizationOrder()) {
            sim.step(i);
        }
        if (spec.violation()) {
            sim.inject();
        }
        return build(d);
    }

    private static History build(Draft d) {
        List<Operation> ops = new ArrayList<>(d.n);
        for (int i = 0; i < d.n; i++) {
            Map<String, Object> meta = i == d.injected ? Map.of(INJECTED, d.injectedWhy) : Map.of();
            ops.add(d.crashed[i]
                    ? new Operation(i, d.client[i], d.input[i], Operation.UNKNOWN, d.call[i], Operation.PENDING, meta)
                    : new Operation(i, d.client[i], d.input[i], d.output[i], d.call[i], d.ret[i], meta));
        }
        return History.of(ops);
    }
}
