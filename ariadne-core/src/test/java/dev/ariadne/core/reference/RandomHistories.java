package dev.ariadne.core.reference;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Seeded generators of small random histories for the built-in models, for differential testing against
 * {@link BruteForceChecker}. The same (model, seed) always gives the same history.
 *
 * <p>A history has 1–4 clients and 2–8 operations. Each client runs its operations one after another, with
 * small integer times so that intervals overlap and sometimes touch. Every operation that takes effect gets a
 * linearization point inside its interval and outputs come from running a plain sequential implementation in
 * that order, so the untouched history is linearizable. Then about 70% of the histories get one or two
 * observed outputs replaced by random ones (so many are not linearizable). About 15% of operations crash
 * (pending: no return, output unknown, and the client stops; half of them take effect), and about 10% of the
 * completed ones have an unknown output.
 */
public final class RandomHistories {
    /** The models this class can generate histories for. */
    public static final List<String> MODELS = List.of("register", "cas-register", "kv", "fifo-queue",
            "priority-queue");

    private RandomHistories() {
    }

    /** A random history for the named model (one of {@link #MODELS}), determined by {@code seed}. */
    public static History generate(String model, long seed) {
        return generate(model, seed, 4, 8);
    }

    /**
     * A random history with 1 to {@code maxClients} clients and 2 to {@code maxOperations} operations (fewer if
     * every client crashes). Keep {@code maxOperations} at 9 or less for {@link BruteForceChecker}.
     */
    public static History generate(String model, long seed, int maxClients, int maxOperations) {
        SplittableRandom r = new SplittableRandom(seed);
        Workload w = switch (model) {
            case "register" -> new RegisterWorkload(false);
            case "cas-register" -> new RegisterWorkload(true);
            case "kv" -> new KvWorkload(2 + r.nextInt(2));
            case "fifo-queue" -> new QueueWorkload(false);
            case "priority-queue" -> new QueueWorkload(true);
            default -> throw new IllegalArgumentException("no generator for model " + model);
        };
        return generate(w, r, maxClients, maxOperations);
    }

    /** A compact multi-line rendering, one operation a line: {@code #id c<client> [call,ret] input → output}. */
    public static String show(History history) {
        StringBuilder s = new StringBuilder();
        for (Operation op : history.operations()) {
            s.append("  #").append(op.id()).append(" c").append(op.client())
                    .append(" [").append(op.call()).append(',')
                    .append(op.isPending() ? "pending" : String.valueOf(op.ret())).append("] ")
                    .append(op.input()).append(" → ")
                    .append(op.outputKnown() ? Values.show(op.output()) : "?").append('\n');
        }
        return s.toString();
    }

    /** What an operation is before outputs are known. */
    private static final class Draft {
        final int client;
        final Invocation input;
        final long call;
        final long ret;
        final double point; // linearization point; NaN when the (pending) operation never takes effect
        Object output;

        Draft(int client, Invocation input, long call, long ret, double point) {
            this.client = client;
            this.input = input;
            this.call = call;
            this.ret = ret;
            this.point = point;
        }

        boolean pending() {
            return ret == Operation.PENDING;
        }
    }

    private static History generate(Workload w, SplittableRandom r, int maxClients, int maxOperations) {
        int clients = 1 + r.nextInt(maxClients);
        int n = 2 + r.nextInt(maxOperations - 1);
        long[] free = new long[clients]; // earliest time each client may call again
        boolean[] crashed = new boolean[clients];
        for (int c = 0; c < clients; c++) {
            free[c] = r.nextInt(4);
        }
        List<Draft> drafts = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int c = pickClient(free, crashed, r);
            if (c < 0) {
                break; // every client crashed
            }
            long call = free[c] + r.nextInt(4);
            Invocation input = w.randomInput(r);
            if (r.nextInt(100) < 15) {
                crashed[c] = true;
                double point = r.nextBoolean() ? call + r.nextDouble() * 12 : Double.NaN;
                drafts.add(new Draft(c, input, call, Operation.PENDING, point));
            } else {
                long ret = call + r.nextInt(7);
                free[c] = ret + 1;
                drafts.add(new Draft(c, input, call, ret, call + r.nextDouble() * (ret - call)));
            }
        }

        // A real execution: apply the operations that take effect in order of their linearization points.
        List<Draft> effective = new ArrayList<>();
        for (Draft d : drafts) {
            if (!Double.isNaN(d.point)) {
                effective.add(d);
            }
        }
        effective.sort(Comparator.comparingDouble(d -> d.point));
        w.reset();
        for (Draft d : effective) {
            d.output = w.apply(d.input);
        }

        // Break it (about 70% of the histories), then hide some outcomes.
        List<Draft> observing = new ArrayList<>();
        for (Draft d : drafts) {
            if (!d.pending() && w.observes(d.input)) {
                observing.add(d);
            }
        }
        if (!observing.isEmpty() && r.nextInt(100) < 70) {
            int corruptions = 1 + r.nextInt(2);
            for (int i = 0; i < corruptions; i++) {
                Draft d = observing.get(r.nextInt(observing.size()));
                d.output = w.randomOutput(d.input, r);
            }
        }
        List<Operation> ops = new ArrayList<>();
        for (Draft d : drafts) {
            if (d.pending()) {
                ops.add(Operation.pending(ops.size(), d.client, d.input, d.call));
            } else {
                Object output = r.nextInt(100) < 10 ? Operation.UNKNOWN : d.output;
                ops.add(Operation.of(ops.size(), d.client, d.input, output, d.call, d.ret));
            }
        }
        return History.of(ops);
    }

    /** Usually the live client that is free first (so clients interleave), sometimes any live client. */
    private static int pickClient(long[] free, boolean[] crashed, SplittableRandom r) {
        List<Integer> live = new ArrayList<>();
        for (int c = 0; c < free.length; c++) {
            if (!crashed[c]) {
                live.add(c);
            }
        }
        if (live.isEmpty()) {
            return -1;
        }
        if (r.nextInt(10) < 3) {
            return live.get(r.nextInt(live.size()));
        }
        int best = live.get(0);
        for (int c : live) {
            if (free[c] < free[best]) {
                best = c;
            }
        }
        return best;
    }

    /** A sequential implementation of a model plus its random inputs and outputs. */
    private interface Workload {
        Invocation randomInput(SplittableRandom r);

        /** Back to the initial state. */
        void reset();

        /** Runs {@code input} on the sequential object; returns its output (null when there is none). */
        Object apply(Invocation input);

        /** Whether the output of {@code input} says something about the state. */
        boolean observes(Invocation input);

        /** A random plausible output for {@code input}. */
        Object randomOutput(Invocation input, SplittableRandom r);
    }

    /** Values 1–3; nil is {@code null}. */
    private static Long smallValue(SplittableRandom r) {
        return 1L + r.nextInt(3);
    }

    private static final class RegisterWorkload implements Workload {
        private final boolean cas;
        private Object value;

        RegisterWorkload(boolean cas) {
            this.cas = cas;
        }

        @Override
        public Invocation randomInput(SplittableRandom r) {
            int kind = r.nextInt(cas ? 3 : 2);
            return switch (kind) {
                case 0 -> Invocation.of("read", null);
                case 1 -> Invocation.of("write", smallValue(r));
                default -> Invocation.of("cas", List.of(smallValue(r), smallValue(r)));
            };
        }

        @Override
        public void reset() {
            value = null;
        }

        @Override
        public Object apply(Invocation input) {
            switch (input.f()) {
                case "read":
                    return value;
                case "write":
                    value = input.value();
                    return null;
                default:
                    List<?> pair = (List<?>) input.value();
                    if (Objects.equals(value, pair.get(0))) {
                        value = pair.get(1);
                        return true;
                    }
                    return false;
            }
        }

        @Override
        public boolean observes(Invocation input) {
            return !input.f().equals("write");
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            if (input.f().equals("cas")) {
                return r.nextBoolean();
            }
            return r.nextInt(4) == 0 ? null : smallValue(r);
        }
    }

    private static final class KvWorkload implements Workload {
        private static final String[] KEYS = {"x", "y", "z"};
        private static final String[] VALUES = {"a", "b", "c"};
        private static final String[] READS = {"", "a", "b", "c", "ab", "ba", "aa"};
        private final int keys;
        private final Map<String, String> map = new HashMap<>();

        KvWorkload(int keys) {
            this.keys = keys;
        }

        @Override
        public Invocation randomInput(SplittableRandom r) {
            String key = KEYS[r.nextInt(keys)];
            return switch (r.nextInt(3)) {
                case 0 -> new Invocation("get", key, null);
                case 1 -> new Invocation("put", key, VALUES[r.nextInt(VALUES.length)]);
                default -> new Invocation("append", key, VALUES[r.nextInt(VALUES.length)]);
            };
        }

        @Override
        public void reset() {
            map.clear();
        }

        @Override
        public Object apply(Invocation input) {
            String key = (String) input.key();
            String old = map.getOrDefault(key, "");
            switch (input.f()) {
                case "get":
                    return old.isEmpty() && key.equals("x") ? null : old; // nil and "" both mean empty: use both
                case "put":
                    map.put(key, (String) input.value());
                    return null;
                default:
                    map.put(key, old + input.value());
                    return null;
            }
        }

        @Override
        public boolean observes(Invocation input) {
            return input.f().equals("get");
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            return READS[r.nextInt(READS.length)];
        }
    }

    /**
     * {@code enqueue v}, and {@code dequeue} → the head, or nil when empty; or, for the priority queue,
     * {@code insert v} and {@code extract-min} → the least value, or nil. Values repeat, so equal values meet.
     */
    private static final class QueueWorkload implements Workload {
        private final java.util.Queue<Object> queue;
        private final String insert;
        private final String remove;

        QueueWorkload(boolean priority) {
            // Values are Longs, so the natural order is the model's order.
            this.queue = priority ? new java.util.PriorityQueue<>() : new ArrayDeque<>();
            this.insert = priority ? "insert" : "enqueue";
            this.remove = priority ? "extract-min" : "dequeue";
        }

        @Override
        public Invocation randomInput(SplittableRandom r) {
            return r.nextBoolean() ? Invocation.of(insert, smallValue(r)) : Invocation.of(remove, null);
        }

        @Override
        public void reset() {
            queue.clear();
        }

        @Override
        public Object apply(Invocation input) {
            if (input.f().equals(insert)) {
                queue.add(input.value());
                return null;
            }
            return queue.poll();
        }

        @Override
        public boolean observes(Invocation input) {
            return input.f().equals(remove);
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            return r.nextInt(4) == 0 ? null : smallValue(r);
        }
    }
}
