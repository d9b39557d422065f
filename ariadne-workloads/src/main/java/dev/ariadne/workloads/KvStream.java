package dev.ariadne.workloads;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Invocation;

import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded key-value histories of any size, pushed event by event into an {@link EventSink} in constant memory (a
 * value per key and a slot per client), for {@code ariadne generate --keys} and the scale benchmarks: half puts and
 * half gets by concurrent clients over keys {@code k0 …}, in the event form (calls and returns, untimed: the order is
 * the time). Each operation takes effect when it is called, so a get returns what its key holds at its call (the
 * empty string before the first put) and the history is linearizable by construction. On request one get at or
 * after the middle returns {@link #NEVER_WRITTEN}, a value no put wrote: that key is then not linearizable, the
 * others stay linearizable. Equal specs give equal event streams.
 */
public final class KvStream {
    /** The output of the get that carries the injected violation. */
    public static final String NEVER_WRITTEN = "never-written";

    private KvStream() {
    }

    /**
     * What to generate.
     *
     * @param ops       operations in all (1 … 2^62); every one is called and returns
     * @param keys      keys {@code k0 … k(keys-1)} (1 … 2^31-1)
     * @param clients   concurrent clients (1 … 100,000), about half of them busy at any time
     * @param seed      the seed
     * @param violation whether one get at or after the middle returns {@link #NEVER_WRITTEN}
     * @param hotShare  the share of operations on key {@code k0}, the hot key (0 for none: keys drawn uniformly;
     *                  otherwise the other operations are spread uniformly over the other keys)
     */
    public record Spec(long ops, int keys, int clients, long seed, boolean violation, double hotShare) {
        public Spec {
            if (ops < 1 || ops > (1L << 62)) {
                throw new IllegalArgumentException("operations must be at least 1, not " + ops);
            }
            if (keys < 1) {
                throw new IllegalArgumentException("keys must be at least 1, not " + keys);
            }
            if (clients < 1 || clients > 100_000) {
                throw new IllegalArgumentException("clients must be 1 to 100000, not " + clients);
            }
            if (!(hotShare >= 0 && hotShare <= 1)) {
                throw new IllegalArgumentException("the hot key's share must be between 0 and 1, not " + hotShare);
            }
            if (hotShare > 0 && hotShare < 1 && keys < 2) {
                throw new IllegalArgumentException("a hot key's share below 1 needs at least 2 keys");
            }
        }
    }

    /**
     * What was generated: operations and events written, the hot key's operations, and where the violation went
     * ({@code violatedKey} is null without one).
     */
    public record Written(long operations, long events, long hotOperations, String violatedKey, int violatedClient,
                          long violatedOperation) {
    }

    /** Pushes the history {@code spec} describes into {@code sink}, event by event. */
    public static Written generate(Spec spec, EventSink sink) {
        SplittableRandom rng = new SplittableRandom(spec.seed());
        int keys = spec.keys();
        int clients = spec.clients();
        long ops = spec.ops();
        // the value per key: the number of the put that wrote it, -1 for none (no strings kept per key)
        long[] values = new long[keys];
        java.util.Arrays.fill(values, -1);
        Object[] pendingOutput = new Object[clients];
        boolean[] open = new boolean[clients];
        int[] openClients = new int[clients];
        int openCount = 0;
        long called = 0;
        long events = 0;
        long hot = 0;
        String violatedKey = null;
        int violatedClient = -1;
        long violatedOp = -1;
        boolean violate = spec.violation();
        Map<String, Object> noMeta = Map.of();
        while (called < ops || openCount > 0) {
            // call when a client is idle and operations are left, with a chance that keeps about half busy
            boolean call = called < ops && openCount < clients && (openCount == 0 || rng.nextInt(2) == 0);
            if (call) {
                int c;
                do {
                    c = rng.nextInt(clients);
                } while (open[c]);
                int k;
                if (spec.hotShare() > 0 && rng.nextDouble() < spec.hotShare()) {
                    k = 0;
                } else {
                    k = spec.hotShare() > 0 ? 1 + rng.nextInt(keys - 1) : rng.nextInt(keys);
                }
                if (k == 0) {
                    hot++;
                }
                String key = "k" + k;
                boolean get = rng.nextBoolean();
                if (violate && violatedKey == null && called >= ops / 2 && !get && called == ops - 1) {
                    get = true; // the last chance for the violation: this operation is a get whatever the draw
                }
                if (!get) {
                    values[k] = called;
                    pendingOutput[c] = null;
                    sink.call(c, new Invocation("put", key, "v" + called), EventSink.UNTIMED, noMeta);
                } else {
                    String seen = values[k] < 0 ? "" : "v" + values[k];
                    if (violate && violatedKey == null && called >= ops / 2) {
                        seen = NEVER_WRITTEN;
                        violatedKey = key;
                        violatedClient = c;
                        violatedOp = called;
                    }
                    pendingOutput[c] = seen;
                    sink.call(c, new Invocation("get", key, null), EventSink.UNTIMED, noMeta);
                }
                open[c] = true;
                openClients[openCount++] = c;
                called++;
            } else {
                int i = rng.nextInt(openCount);
                int c = openClients[i];
                openClients[i] = openClients[--openCount];
                open[c] = false;
                sink.ret(c, pendingOutput[c], EventSink.UNTIMED, -1);
                pendingOutput[c] = null;
            }
            events++;
        }
        return new Written(called, events, spec.hotShare() > 0 ? hot : 0, violatedKey, violatedClient, violatedOp);
    }
}
