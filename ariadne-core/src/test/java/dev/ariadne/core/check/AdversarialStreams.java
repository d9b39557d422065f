package dev.ariadne.core.check;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Seeded event streams aimed at the rules that prune or shortcut the search (read-only compare-and-sets, crashed
 * operations, failures after effect, operations held open): a simulated register, compare-and-set register or
 * counter whose clients call, take effect, return, crash ({@code :info}) or fail ({@code :fail}, usually without
 * effect, sometimes wrongly after it), with equal values, {@code cas(v, v)} and failing compare-and-sets common, a
 * few outputs hidden and a few corrupted. Also a memoised reference checker, obviously right like
 * {@link dev.ariadne.core.reference.BruteForceChecker} but fast enough for the long streams.
 */
public final class AdversarialStreams {
    private AdversarialStreams() {
    }

    /** One event: call (with input), return (with output), crash or failure of a client's open operation. */
    record Ev(int kind, int client, Object value) {
        static final int CALL = 0;
        static final int RETURN = 1;
        static final int CRASH = 2;
        static final int FAIL = 3;

        void feed(EventSink sink) {
            feed(sink, EventSink.UNTIMED);
        }

        /** Feeds the event at {@code time} ({@link EventSink#UNTIMED}: its place in the sequence). */
        void feed(EventSink sink, long time) {
            switch (kind) {
                case CALL -> sink.call(client, value, time, Map.of());
                case RETURN -> sink.ret(client, value, time, -1);
                case CRASH -> sink.crash(client, time, -1);
                default -> sink.discard(client, time, -1);
            }
        }

        @Override
        public String toString() {
            return switch (kind) {
                case CALL -> "call(" + client + ", " + value + ")";
                case RETURN -> "ret(" + client + ", " + (value == Operation.UNKNOWN ? "?" : value) + ")";
                case CRASH -> "crash(" + client + ")";
                default -> "fail(" + client + ")";
            };
        }
    }

    /** How a stream is drawn. */
    record Knobs(int clients, int operations, int values, int crashPercent, int failPercent, int corruptPercent,
                 int slowClientEvery, int keys) {
    }

    /**
     * A stream of {@code model} (register, cas-register or counter) events: {@code knobs.operations()} calls among
     * {@code knobs.clients()} clients (a crashed client is replaced by a new one). With {@code slowClientEvery} above
     * 0, client 0 acts only once in that many events, so its operations stay open across many others. With
     * {@code keys} above 0, every value and output is a pair {@code [key value]} on one of that many keys, each an
     * independent object (Jepsen's independent tuples, {@code --independent}).
     */
    static List<Ev> stream(String model, long seed, Knobs knobs) {
        SplittableRandom r = new SplittableRandom(seed);
        Object[] states = new Object[Math.max(1, knobs.keys())];
        Arrays.fill(states, model.equals("counter") ? (Object) 0L : null);
        int clients = knobs.clients();
        Invocation[] open = new Invocation[clients];
        int[] keyOf = new int[clients];
        boolean[] effect = new boolean[clients];
        Object[] output = new Object[clients];
        int[] id = new int[clients];
        for (int c = 0; c < clients; c++) {
            id[c] = c;
        }
        int nextId = clients;
        List<Invocation> lateEffects = new ArrayList<>(); // crashed operations that may still take effect
        List<Integer> lateKeys = new ArrayList<>();
        List<Ev> events = new ArrayList<>();
        int calls = 0;
        int guard = 0;
        while (guard++ < 100_000) {
            boolean anyOpen = false;
            for (Invocation o : open) {
                anyOpen |= o != null;
            }
            if (calls >= knobs.operations() && !anyOpen) {
                break;
            }
            if (!lateEffects.isEmpty() && r.nextInt(8) == 0) {
                int i = r.nextInt(lateEffects.size());
                int k = lateKeys.remove(i);
                states[k] = apply(model, states[k], lateEffects.remove(i))[0];
                continue;
            }
            int c = knobs.slowClientEvery() > 0 && r.nextInt(knobs.slowClientEvery()) != 0 ? 1 + r.nextInt(clients - 1)
                    : r.nextInt(clients);
            if (open[c] == null) {
                if (calls >= knobs.operations()) {
                    continue;
                }
                keyOf[c] = r.nextInt(states.length);
                boolean slow = knobs.slowClientEvery() > 0 && c == 0;
                open[c] = slow && r.nextInt(4) == 0 ? Invocation.of("read", null) // long-open reads are the point
                        : input(model, r, knobs.values(), states[keyOf[c]]);
                effect[c] = false;
                calls++;
                events.add(new Ev(Ev.CALL, id[c], knobs.keys() == 0 ? open[c]
                        : Invocation.of(open[c].f(), Arrays.asList(key(keyOf[c]), open[c].value()))));
                continue;
            }
            int dice = r.nextInt(100);
            int k = keyOf[c];
            if (!effect[c] && dice < 45) {
                Object[] after = apply(model, states[k], open[c]);
                states[k] = after[0];
                output[c] = after[1];
                effect[c] = true; // taking effect is no event
                continue;
            }
            if (dice < knobs.crashPercent()) {
                if (!effect[c] && r.nextBoolean()) {
                    lateEffects.add(open[c]);
                    lateKeys.add(k);
                }
                events.add(new Ev(Ev.CRASH, id[c], null));
                id[c] = nextId++;
            } else if (dice < knobs.crashPercent() + knobs.failPercent()) {
                if (effect[c] && r.nextInt(3) != 0) {
                    continue; // most failures are of operations that took no effect
                }
                events.add(new Ev(Ev.FAIL, id[c], effect[c])); // (the value says whether it took effect)
            } else {
                if (!effect[c]) {
                    Object[] after = apply(model, states[k], open[c]);
                    states[k] = after[0];
                    output[c] = after[1];
                }
                Object out = output[c];
                if (r.nextInt(100) < knobs.corruptPercent()) {
                    out = corrupt(open[c], out, r, knobs.values());
                }
                if (r.nextInt(100) < 6) {
                    out = Operation.UNKNOWN;
                } else if (knobs.keys() > 0) {
                    out = Arrays.asList(key(k), out);
                }
                events.add(new Ev(Ev.RETURN, id[c], out));
            }
            open[c] = null;
        }
        return events;
    }

    private static String key(int k) {
        return "k" + k;
    }

    private static Invocation input(String model, SplittableRandom r, int values, Object state) {
        int dice = r.nextInt(100);
        if (dice < 25) {
            return Invocation.of("read", null);
        }
        long v = r.nextInt(values);
        return switch (model) {
            case "counter" -> dice < 70 ? Invocation.of("increment", dice < 45 ? null : (long) r.nextInt(3))
                    : Invocation.of("decrement", null);
            case "cas-register" -> {
                if (dice < 45) {
                    yield Invocation.of("write", v);
                }
                // often cas(v, v), often one expecting what is there (so that it succeeds), often one that fails
                long expected = r.nextInt(3) == 0 && state instanceof Long s ? s : r.nextInt(values);
                long next = r.nextInt(3) == 0 ? expected : r.nextInt(values);
                yield Invocation.of("cas", List.of(expected, next));
            }
            default -> Invocation.of("write", v);
        };
    }

    /**
     * The state after {@code input} (a read, increment, decrement, write or cas of register, cas-register or counter)
     * takes effect in {@code state}, and its output: the simulated system these tests' streams come from.
     */
    public static Object[] apply(String model, Object state, Invocation input) {
        switch (input.f()) {
            case "read" -> {
                return new Object[] {state, state};
            }
            case "increment" -> {
                return new Object[] {(Long) state + (input.value() == null ? 1 : (Long) input.value()), null};
            }
            case "decrement" -> {
                return new Object[] {(Long) state - 1, null};
            }
            case "write" -> {
                return new Object[] {input.value(), null};
            }
            default -> {
                List<?> pair = (List<?>) input.value();
                boolean ok = Objects.equals(pair.get(0), state);
                return new Object[] {ok ? pair.get(1) : state, ok};
            }
        }
    }

    private static Object corrupt(Invocation input, Object out, SplittableRandom r, int values) {
        return switch (input.f()) {
            case "read" -> out instanceof Long v && r.nextBoolean() ? (Object) (v + 1) : (Object) (long) r.nextInt(values);
            case "cas" -> !(Boolean) out;
            default -> out;
        };
    }

    /** The events as a history (failed operations left out, open ones pending). */
    static History history(List<Ev> events) {
        HistoryBuilder b = new HistoryBuilder();
        for (Ev e : events) {
            e.feed(b);
        }
        return b.build();
    }

    /** One event a line, for failure messages. */
    static String show(List<Ev> events) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < events.size(); i++) {
            s.append("  ").append(i).append(": ").append(events.get(i)).append('\n');
        }
        return s.toString();
    }

    /**
     * Whether {@code history} is linearizable: the brute-force reference's definition (every completed operation
     * once, pending ones at most once, each after every completed one that returned before its call), searched
     * depth first with a memo of (placed operations, state) pairs that failed. No other pruning: read-only and
     * pending operations are tried like any other.
     */
    static <S> boolean isLinearizable(History history, Model<S> model) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : history.operations()) {
            ops.add(model.prepare(op));
        }
        return new Memo<>(ops, model).search(new long[(ops.size() + 63) / 64], model.init());
    }

    private static final class Memo<S> {
        private final List<Operation> ops;
        private final Model<S> model;
        private final Set<Key> failed = new HashSet<>();

        private record Key(List<Long> placed, Object state) {
        }

        Memo(List<Operation> ops, Model<S> model) {
            this.ops = ops;
            this.model = model;
        }

        boolean search(long[] placed, S state) {
            long firstReturn = Long.MAX_VALUE; // the earliest return of an unplaced completed operation
            for (int i = 0; i < ops.size(); i++) {
                Operation op = ops.get(i);
                if ((placed[i >>> 6] & (1L << i)) == 0 && !op.isPending()) {
                    firstReturn = Math.min(firstReturn, op.ret());
                }
            }
            if (firstReturn == Long.MAX_VALUE) {
                return true;
            }
            Key key = new Key(Arrays.stream(placed).boxed().toList(), state);
            if (failed.contains(key)) {
                return false;
            }
            for (int i = 0; i < ops.size(); i++) {
                Operation op = ops.get(i);
                if ((placed[i >>> 6] & (1L << i)) != 0 || op.call() > firstReturn) {
                    continue;
                }
                S next = model.step(state, op.input(), op.output());
                if (next == null) {
                    continue;
                }
                placed[i >>> 6] |= 1L << i;
                boolean ok = search(placed, next);
                placed[i >>> 6] &= ~(1L << i);
                if (ok) {
                    return true;
                }
            }
            failed.add(key);
            return false;
        }
    }

    /**
     * What a stream holds that the online checker's rules for long-open operations act on: operations open across
     * more than {@code span} events, by function (read, cas, write, increment...), and failures after effect.
     */
    static Map<String, Integer> longOpen(List<Ev> events, int span) {
        Map<String, Integer> m = new HashMap<>();
        Map<Integer, Integer> calledAt = new HashMap<>();
        Map<Integer, String> function = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            Ev e = events.get(i);
            if (e.kind() == Ev.CALL) {
                calledAt.put(e.client(), i);
                function.put(e.client(), ((Invocation) e.value()).f());
                continue;
            }
            if (e.kind() == Ev.FAIL && Boolean.TRUE.equals(e.value())) {
                m.merge("failures after effect", 1, Integer::sum);
            }
            if (i - calledAt.get(e.client()) > span) {
                m.merge("long " + function.get(e.client()), 1, Integer::sum);
            }
        }
        return m;
    }

    /** For messages: how many of each kind of event a list of streams held. */
    static Map<String, Integer> census(List<Ev> events) {
        Map<String, Integer> m = new HashMap<>();
        for (Ev e : events) {
            m.merge(switch (e.kind()) {
                case Ev.CALL -> "calls";
                case Ev.RETURN -> "returns";
                case Ev.CRASH -> "crashes";
                default -> "failures";
            }, 1, Integer::sum);
        }
        return m;
    }
}
