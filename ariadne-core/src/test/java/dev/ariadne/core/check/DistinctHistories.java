package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded random histories that meet the decision procedures' preconditions: registers whose writes store
 * distinct values, sets whose values are added at most once (no reads with a known output), FIFO queues,
 * stacks and priority queues whose inserted values are distinct (removals completed with known outputs). As in
 * {@link dev.ariadne.core.reference.RandomHistories}, each operation that takes effect gets a linearization point
 * inside its interval and outputs come from a sequential run in that order; then some outputs are corrupted, some
 * operations crash (pending, half of them taking effect; the client is replaced by a new one) and some outputs
 * are hidden (unknown), where the precondition allows.
 */
public final class DistinctHistories {
    static final List<String> MODELS = List.of("register", "set", "grow-only-set", "fifo-queue", "stack",
            "priority-queue");

    /** The built-in model a generator's histories are for. */
    public static String modelOf(String generator) {
        return generator.equals("grow-only-set") ? "set" : generator;
    }

    private DistinctHistories() {
    }

    /** A small history (1–{@code maxClients} clients, 2–{@code maxOperations} operations). */
    public static History generate(String model, long seed, int maxClients, int maxOperations) {
        SplittableRandom r = new SplittableRandom(seed);
        Workload w = switch (model) {
            case "register" -> new Register();
            case "set" -> new SetWorkload(2 + r.nextInt(2));
            case "grow-only-set" -> new GrowOnlySet(2 + r.nextInt(3));
            case "fifo-queue" -> new Queue(false);
            case "stack" -> new Queue(true);
            case "priority-queue" -> new Queue(r);
            default -> throw new IllegalArgumentException(model);
        };
        int clients = 1 + r.nextInt(maxClients);
        int n = 2 + r.nextInt(maxOperations - 1);
        return generate(w, r, clients, n, 4, 7, 70, 15);
    }

    /**
     * A history of exactly {@code clients} clients and up to {@code n} operations; gaps between a client's
     * operations up to {@code gap}, durations up to {@code duration}; {@code corruptPercent} of the histories get
     * one or two corrupted outputs; {@code crashPercent} of the operations crash.
     */
    public static History generate(String model, long seed, int clients, int n, int gap, int duration,
                            int corruptPercent, int crashPercent) {
        SplittableRandom r = new SplittableRandom(seed);
        Workload w = switch (model) {
            case "register" -> new Register();
            case "set" -> new SetWorkload(Math.max(2, n / 6));
            case "grow-only-set" -> new GrowOnlySet(Math.max(2, n / 3));
            case "fifo-queue" -> new Queue(false);
            case "stack" -> new Queue(true);
            case "priority-queue" -> new Queue(r);
            default -> throw new IllegalArgumentException(model);
        };
        return generate(w, r, clients, n, gap, duration, corruptPercent, crashPercent);
    }

    private static final class Draft {
        final int client;
        Invocation input;
        final long call;
        final long ret;
        final double point;
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

    private static History generate(Workload w, SplittableRandom r, int clients, int n, int gap, int duration,
                                     int corruptPercent, int crashPercent) {
        long[] free = new long[clients];
        int[] id = new int[clients]; // a crashed client is replaced by a new one (as Jepsen does)
        for (int c = 0; c < clients; c++) {
            free[c] = r.nextInt(gap);
            id[c] = c;
        }
        int nextId = clients;
        List<Draft> drafts = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int c = pickClient(free, r);
            long call = free[c] + r.nextInt(gap);
            Invocation input = w.randomInput(r);
            if (r.nextInt(100) < crashPercent && w.mayCrash(input)) {
                double point = r.nextBoolean() ? call + r.nextDouble() * 2 * duration : Double.NaN;
                drafts.add(new Draft(id[c], input, call, Operation.PENDING, point));
                id[c] = nextId++;
                free[c] = call + 1;
            } else {
                long ret = call + r.nextInt(duration);
                free[c] = ret + 1;
                drafts.add(new Draft(id[c], input, call, ret, call + r.nextDouble() * (ret - call)));
            }
        }
        List<Draft> effective = new ArrayList<>();
        for (Draft d : drafts) {
            if (!Double.isNaN(d.point)) {
                effective.add(d);
            }
        }
        effective.sort(Comparator.comparingDouble(d -> d.point));
        for (Draft d : effective) {
            d.output = w.apply(d.input);
        }
        List<Draft> observing = new ArrayList<>();
        for (Draft d : drafts) {
            if (!d.pending() && w.observes(d.input)) {
                observing.add(d);
            }
        }
        if (!observing.isEmpty() && r.nextInt(100) < corruptPercent) {
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
                Object output = w.mayHide(d.input) && r.nextInt(100) < 10 ? Operation.UNKNOWN : d.output;
                ops.add(Operation.of(ops.size(), d.client, d.input, output, d.call, d.ret));
            }
        }
        return History.of(ops);
    }

    /** Usually the client that is free first (so clients interleave), sometimes any. */
    private static int pickClient(long[] free, SplittableRandom r) {
        if (r.nextInt(10) < 3) {
            return r.nextInt(free.length);
        }
        int best = 0;
        for (int c = 1; c < free.length; c++) {
            if (free[c] < free[best]) {
                best = c;
            }
        }
        return best;
    }

    private interface Workload {
        Invocation randomInput(SplittableRandom r);

        Object apply(Invocation input);

        boolean observes(Invocation input);

        Object randomOutput(Invocation input, SplittableRandom r);

        /** Whether the operation may crash (be pending) without leaving the precondition. */
        default boolean mayCrash(Invocation input) {
            return true;
        }

        /** Whether the output may be hidden (unknown) without leaving the precondition. */
        default boolean mayHide(Invocation input) {
            return observes(input);
        }
    }

    /** Writes of 1, 2, 3... in the order drafted (so distinct); reads see the value or nil. */
    private static final class Register implements Workload {
        private long nextValue = 1;
        private Object value;

        @Override
        public Invocation randomInput(SplittableRandom r) {
            return r.nextInt(5) < 2 ? Invocation.of("write", nextValue++) : Invocation.of("read", null);
        }

        @Override
        public Object apply(Invocation input) {
            if (input.f().equals("write")) {
                value = input.value();
                return null;
            }
            return value;
        }

        @Override
        public boolean observes(Invocation input) {
            return input.f().equals("read");
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            int k = r.nextInt(6);
            return k == 0 ? null : k == 1 ? 99L : (long) (1 + r.nextInt((int) Math.max(1, nextValue - 1)));
        }
    }

    /** Values 1..k, each added at most once; remove and contains of any; reads only with unknown output. */
    private static final class SetWorkload implements Workload {
        private final int values;
        private final Set<Long> drafted = new HashSet<>();
        private final Set<Long> set = new HashSet<>();

        SetWorkload(int values) {
            this.values = values;
        }

        @Override
        public Invocation randomInput(SplittableRandom r) {
            long v = 1 + r.nextInt(values);
            int k = r.nextInt(10);
            if (k < 4 && drafted.add(v)) {
                return Invocation.of("add", v);
            }
            if (k < 6) {
                return Invocation.of("remove", v);
            }
            if (k < 9) {
                return Invocation.of("contains", v);
            }
            return Invocation.of("read", null);
        }

        @Override
        public Object apply(Invocation input) {
            Long v = (Long) input.value();
            return switch (input.f()) {
                case "add" -> set.add(v);
                case "remove" -> set.remove(v);
                case "contains" -> set.contains(v);
                default -> Operation.UNKNOWN;
            };
        }

        @Override
        public boolean observes(Invocation input) {
            return !input.f().equals("read");
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            return r.nextBoolean();
        }

        @Override
        public boolean mayHide(Invocation input) {
            return true;
        }
    }

    /** Values 1..k, each added at most once, never removed; contains of any; reads list the set. */
    private static final class GrowOnlySet implements Workload {
        private final int values;
        private final Set<Long> drafted = new HashSet<>();
        private final java.util.TreeSet<Long> set = new java.util.TreeSet<>();

        GrowOnlySet(int values) {
            this.values = values;
        }

        @Override
        public Invocation randomInput(SplittableRandom r) {
            long v = 1 + r.nextInt(values);
            int k = r.nextInt(10);
            if (k < 4 && drafted.add(v)) {
                return Invocation.of("add", v);
            }
            return k < 7 ? Invocation.of("contains", v) : Invocation.of("read", null);
        }

        @Override
        public Object apply(Invocation input) {
            return switch (input.f()) {
                case "add" -> set.add((Long) input.value());
                case "contains" -> set.contains((Long) input.value());
                default -> new ArrayList<>(set);
            };
        }

        @Override
        public boolean observes(Invocation input) {
            return !input.f().equals("add");
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            if (input.f().equals("contains")) {
                return r.nextBoolean();
            }
            // The current set with one value toggled.
            java.util.TreeSet<Long> out = new java.util.TreeSet<>(set);
            long v = 1 + r.nextInt(values);
            if (!out.remove(v)) {
                out.add(v);
            }
            return new ArrayList<>(out);
        }

        @Override
        public boolean mayHide(Invocation input) {
            return true;
        }
    }

    /**
     * Enqueues (or pushes) of 1, 2, 3... (distinct); dequeues (pops) see the head (top) or nil. For the priority
     * queue, inserts of distinct values in random order (so that the least value is not simply the oldest) and
     * extract-min. Only inserts crash.
     */
    private static final class Queue implements Workload {
        private final java.util.Deque<Long> queue = new ArrayDeque<>();
        private final java.util.PriorityQueue<Long> priority = new java.util.PriorityQueue<>();
        private final String insert;
        private final String remove;
        private final boolean lifo;
        /** The priority queue's values: a random permutation of 1..2^20, drawn in order; null for the others. */
        private final SplittableRandom values;
        private final Set<Long> drafted = new HashSet<>();
        private long nextValue = 1;

        Queue(boolean lifo) {
            this.lifo = lifo;
            this.values = null;
            this.insert = lifo ? "push" : "enqueue";
            this.remove = lifo ? "pop" : "dequeue";
        }

        /** A priority queue whose values come from {@code r}. */
        Queue(SplittableRandom r) {
            this.lifo = false;
            this.values = r.split();
            this.insert = "insert";
            this.remove = "extract-min";
        }

        @Override
        public Invocation randomInput(SplittableRandom r) {
            if (r.nextInt(2) != 0) {
                return Invocation.of(remove, null);
            }
            if (values == null) {
                return Invocation.of(insert, nextValue++);
            }
            // Small values make collisions with corrupted outputs (below) likely; distinct by redrawing.
            long v;
            do {
                v = 1 + values.nextInt(Math.max(8, 3 * drafted.size()));
            } while (!drafted.add(v));
            nextValue = Math.max(nextValue, v + 1);
            return Invocation.of(insert, v);
        }

        @Override
        public Object apply(Invocation input) {
            if (input.f().equals(insert)) {
                if (values != null) {
                    priority.add((Long) input.value());
                } else {
                    queue.addLast((Long) input.value());
                }
                return null;
            }
            return values != null ? priority.poll() : lifo ? queue.pollLast() : queue.pollFirst();
        }

        @Override
        public boolean observes(Invocation input) {
            return input.f().equals(remove);
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            int k = r.nextInt(6);
            return k == 0 ? null : k == 1 ? 99L : (long) (1 + r.nextInt((int) Math.max(1, nextValue - 1)));
        }

        @Override
        public boolean mayCrash(Invocation input) {
            return input.f().equals(insert);
        }

        @Override
        public boolean mayHide(Invocation input) {
            return false;
        }
    }
}
