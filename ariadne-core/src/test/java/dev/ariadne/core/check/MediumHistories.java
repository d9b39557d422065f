package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded generators of medium histories (tens to hundreds of operations) with a bounded number of clients, for
 * comparing engines where the brute-force reference is far too slow. Each client runs operations one after
 * another with random durations and pauses; every operation that takes effect gets a point inside its interval
 * and outputs come from a sequential implementation run in that order, so the history is linearizable before
 * about half of the histories get one observed output replaced. A few operations crash (pending, output unknown;
 * half of them take effect) and their client is replaced by a new one, as Jepsen does; a few completed ones have
 * an unknown output.
 */
public final class MediumHistories {
    static final List<String> MODELS = List.of("register", "cas-register", "kv", "fifo-queue", "set", "counter",
            "priority-queue");

    private MediumHistories() {
    }

    /** A history of {@code ops} operations by at most {@code clients} concurrent clients. */
    public static History generate(String model, long seed, int clients, int ops, int crashPercent) {
        SplittableRandom r = new SplittableRandom(seed);
        Sim sim = switch (model) {
            case "register" -> new RegisterSim(false);
            case "cas-register" -> new RegisterSim(true);
            case "kv" -> new KvSim();
            case "fifo-queue" -> new QueueSim(false);
            case "priority-queue" -> new QueueSim(true);
            case "set" -> new SetSim();
            case "counter" -> new CounterSim();
            default -> throw new IllegalArgumentException(model);
        };
        record Draft(int client, Invocation input, long call, long ret, double point) {
        }
        long[] free = new long[clients];
        int[] id = new int[clients];
        int nextClient = clients;
        for (int c = 0; c < clients; c++) {
            free[c] = r.nextInt(5);
            id[c] = c;
        }
        List<Draft> drafts = new ArrayList<>();
        for (int k = 0; k < ops; k++) {
            int c = 0;
            for (int i = 1; i < clients; i++) {
                if (free[i] < free[c]) {
                    c = i;
                }
            }
            long call = free[c] + r.nextInt(3);
            Invocation input = sim.input(r);
            if (r.nextInt(100) < crashPercent) {
                double point = r.nextBoolean() ? call + r.nextDouble() * 20 : Double.NaN;
                drafts.add(new Draft(id[c], input, call, Operation.PENDING, point));
                id[c] = nextClient++;
                free[c] = call + 1 + r.nextInt(3);
            } else {
                long ret = call + r.nextInt(8);
                drafts.add(new Draft(id[c], input, call, ret, call + r.nextDouble() * (ret - call)));
                free[c] = ret + 1;
            }
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            if (!Double.isNaN(drafts.get(i).point())) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble(i -> drafts.get(i).point()));
        Object[] outputs = new Object[drafts.size()];
        for (int i : order) {
            outputs[i] = sim.apply(drafts.get(i).input());
        }
        List<Integer> observing = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            if (drafts.get(i).ret() != Operation.PENDING && sim.observes(drafts.get(i).input())) {
                observing.add(i);
            }
        }
        if (!observing.isEmpty() && r.nextBoolean()) {
            int i = observing.get(r.nextInt(observing.size()));
            outputs[i] = sim.randomOutput(drafts.get(i).input(), r);
        }
        List<Operation> result = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            Draft d = drafts.get(i);
            if (d.ret() == Operation.PENDING) {
                result.add(Operation.pending(i, d.client(), d.input(), d.call()));
            } else {
                Object out = r.nextInt(100) < 3 ? Operation.UNKNOWN : outputs[i];
                result.add(Operation.of(i, d.client(), d.input(), out, d.call(), d.ret()));
            }
        }
        return History.of(result);
    }

    private interface Sim {
        Invocation input(SplittableRandom r);

        Object apply(Invocation input);

        boolean observes(Invocation input);

        Object randomOutput(Invocation input, SplittableRandom r);
    }

    private static long value(SplittableRandom r) {
        return 1 + r.nextInt(4);
    }

    private static final class RegisterSim implements Sim {
        private final boolean cas;
        private Object value;

        RegisterSim(boolean cas) {
            this.cas = cas;
        }

        @Override
        public Invocation input(SplittableRandom r) {
            int kind = r.nextInt(cas ? 3 : 2);
            return kind == 0 ? Invocation.of("read", null) : kind == 1 ? Invocation.of("write", value(r))
                    : Invocation.of("cas", List.of(value(r), value(r)));
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
            return input.f().equals("cas") ? r.nextBoolean() : r.nextInt(5) == 0 ? null : value(r);
        }
    }

    private static final class KvSim implements Sim {
        private static final String[] KEYS = {"x", "y"};
        private final Map<String, String> map = new HashMap<>();

        @Override
        public Invocation input(SplittableRandom r) {
            String key = KEYS[r.nextInt(KEYS.length)];
            String v = String.valueOf((char) ('a' + r.nextInt(3)));
            return switch (r.nextInt(3)) {
                case 0 -> new Invocation("get", key, null);
                case 1 -> new Invocation("put", key, v);
                default -> new Invocation("append", key, v);
            };
        }

        @Override
        public Object apply(Invocation input) {
            String key = (String) input.key();
            String old = map.getOrDefault(key, "");
            switch (input.f()) {
                case "get":
                    return old;
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
            return List.of("", "a", "b", "ab", "ba", "c").get(r.nextInt(6));
        }
    }

    /** A FIFO queue ({@code enqueue}, {@code dequeue}) or a min-priority queue ({@code insert}, {@code extract-min}). */
    private static final class QueueSim implements Sim {
        private final java.util.Queue<Object> queue;
        private final String insert;

        QueueSim(boolean priority) {
            // Values are Longs, so the natural order is the model's order.
            this.queue = priority ? new java.util.PriorityQueue<>() : new ArrayDeque<>();
            this.insert = priority ? "insert" : "enqueue";
        }

        @Override
        public Invocation input(SplittableRandom r) {
            return r.nextInt(10) < 5 ? Invocation.of(insert, value(r))
                    : Invocation.of(insert.equals("insert") ? "extract-min" : "dequeue", null);
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
            return !input.f().equals(insert);
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            return r.nextInt(4) == 0 ? null : value(r);
        }
    }

    private static final class SetSim implements Sim {
        private final Set<Object> set = new HashSet<>();

        @Override
        public Invocation input(SplittableRandom r) {
            return switch (r.nextInt(4)) {
                case 0 -> Invocation.of("add", value(r));
                case 1 -> Invocation.of("remove", value(r));
                case 2 -> Invocation.of("contains", value(r));
                default -> Invocation.of("read", null);
            };
        }

        @Override
        public Object apply(Invocation input) {
            return switch (input.f()) {
                case "add" -> set.add(input.value());
                case "remove" -> set.remove(input.value());
                case "contains" -> set.contains(input.value());
                default -> List.copyOf(set);
            };
        }

        @Override
        public boolean observes(Invocation input) {
            return true;
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            return input.f().equals("read") ? List.of(value(r)) : (Object) r.nextBoolean();
        }
    }

    private static final class CounterSim implements Sim {
        private long value;

        @Override
        public Invocation input(SplittableRandom r) {
            return r.nextInt(3) == 0 ? Invocation.of("read", null) : Invocation.of("add", value(r));
        }

        @Override
        public Object apply(Invocation input) {
            if (input.f().equals("read")) {
                return value;
            }
            value += (Long) input.value();
            return null;
        }

        @Override
        public boolean observes(Invocation input) {
            return input.f().equals("read");
        }

        @Override
        public Object randomOutput(Invocation input, SplittableRandom r) {
            return value + r.nextInt(3) - 1;
        }
    }
}
