package dev.ariadne.core.online;

import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;

import java.util.List;
import java.util.SplittableRandom;
import java.util.ArrayList;

/** Issue 26's histories where the online checker used to explode, as event lists (untimed: the n-th event at time n). */
final class DegradeRepros {
    /** One event: kind 0 call, 1 return, 2 crash, 3 discard. */
    record Ev(int kind, int client, Object value) {
        void to(OnlineChecker<?> online) {
            switch (kind) {
                case 0 -> online.call(client, value);
                case 1 -> online.ret(client, value);
                case 2 -> online.crash(client);
                default -> online.discard(client);
            }
        }

        void to(HistoryBuilder b) {
            switch (kind) {
                case 0 -> b.call(client, value);
                case 1 -> b.ret(client, value);
                case 2 -> b.crash(client, b.clock(), -1);
                default -> b.discard(client, b.clock(), -1);
            }
        }
    }

    static final Invocation READ = Invocation.of("read", null);

    private DegradeRepros() {
    }

    /** Each client in turn: add(1), read (the sum of the adds of 1 so far), then an add(3) that crashes. */
    static List<Ev> crashedAdds(int crashed) {
        List<Ev> evs = new ArrayList<>();
        for (int c = 0; c < crashed; c++) {
            evs.add(new Ev(0, c, Invocation.of("add", 1L)));
            evs.add(new Ev(1, c, null));
            evs.add(new Ev(0, c, READ));
            evs.add(new Ev(1, c, (long) c + 1));
            evs.add(new Ev(0, c, Invocation.of("add", 3L)));
            evs.add(new Ev(2, c, null));
        }
        return evs;
    }

    /**
     * 8 writes and 8 compare-and-sets that fail open together, one read of the last write's value, then all
     * return: 17 operations on a cas-register.
     */
    static List<Ev> writesAndFailedCas() {
        List<Ev> evs = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            evs.add(new Ev(0, i, Invocation.of("write", (long) i + 1)));
            evs.add(new Ev(0, 8 + i, Invocation.of("cas", List.of((long) i + 100, (long) i + 200))));
        }
        evs.add(new Ev(0, 16, READ));
        evs.add(new Ev(1, 16, 8L));
        for (int i = 0; i < 8; i++) {
            evs.add(new Ev(1, i, null));
            evs.add(new Ev(1, 8 + i, false));
        }
        return evs;
    }

    /**
     * A counter used by {@code clients} clients, {@code ops} operations each (add(1), add(3), read at random,
     * overlapping at random); an add(3) crashes with probability 1/4 (it took effect or not, at random), and the
     * client goes on under a new id. Linearizable by construction.
     */
    static List<Ev> counterWithCrashedAdds(int clients, int ops, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Ev> evs = new ArrayList<>();
        long value = 0;
        int[] id = new int[clients];
        for (int c = 0; c < clients; c++) {
            id[c] = c;
        }
        Invocation[] open = new Invocation[clients];
        boolean[] done = new boolean[clients];
        Object[] out = new Object[clients];
        int[] left = new int[clients];
        java.util.Arrays.fill(left, ops);
        int busy = clients;
        while (busy > 0) {
            int c = r.nextInt(clients);
            if (left[c] == 0 && open[c] == null) {
                continue;
            }
            if (open[c] == null) {
                int k = r.nextInt(3);
                open[c] = k == 0 ? READ : Invocation.of("add", k == 1 ? 1L : 3L);
                done[c] = false;
                evs.add(new Ev(0, id[c], open[c]));
                left[c]--;
            } else if (!done[c]) {
                if (open[c] == READ) {
                    out[c] = value;
                } else {
                    value += (Long) open[c].value();
                    out[c] = null;
                }
                done[c] = true;
            } else {
                if ((Long) 3L == open[c].value() && r.nextInt(4) == 0) {
                    evs.add(new Ev(2, id[c], null));
                    id[c] += clients;
                } else {
                    evs.add(new Ev(1, id[c], out[c]));
                }
                open[c] = null;
                if (left[c] == 0) {
                    busy--;
                }
            }
        }
        return evs;
    }
}
