package dev.ariadne.workloads;

import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * When each operation is called and returns, and by which thread: one method per {@link Workloads.Overlap}.
 * Operations are created in call order, so their index is their id; a thread's operations never overlap.
 */
final class Schedule {
    private Schedule() {
    }

    /** Mostly sequential: nine operations in ten are called after every earlier one returned. */
    static void low(Draft d, int threads, SplittableRandom rng) {
        long[] busyUntil = new long[threads];
        java.util.Arrays.fill(busyUntil, -1);
        int[] free = new int[threads];
        long now = 0;
        long horizon = -1;
        for (int i = 0; i < d.n; i++) {
            int nFree = 0;
            long earliest = Long.MAX_VALUE;
            for (int t = 0; t < threads; t++) {
                if (busyUntil[t] < now) {
                    free[nFree++] = t;
                }
                earliest = Math.min(earliest, busyUntil[t]);
            }
            if (nFree == 0) {
                now = earliest + 1;
                for (int t = 0; t < threads; t++) {
                    if (busyUntil[t] < now) {
                        free[nFree++] = t;
                    }
                }
            }
            int t = free[rng.nextInt(nFree)];
            long duration = 1 + rng.nextInt(4);
            d.start(i, t, now);
            d.ret[i] = now + duration;
            busyUntil[t] = d.ret[i];
            horizon = Math.max(horizon, d.ret[i]);
            now = rng.nextInt(10) != 0
                    ? horizon + 1 + rng.nextInt(3)          // after everything returned
                    : now + 1 + rng.nextInt((int) duration); // while this operation is open
        }
    }

    /**
     * Independent threads: each alternates an operation lasting 1–20 ticks with 1–20 ticks of think time, so
     * about half of the threads are busy at any moment.
     */
    static void medium(Draft d, int threads, SplittableRandom rng) {
        PriorityQueue<Long> next = new PriorityQueue<>();
        for (int t = 0; t < threads; t++) {
            next.add((long) rng.nextInt(20) * threads + t);
        }
        for (int i = 0; i < d.n; i++) {
            long key = next.poll();
            int t = (int) (key % threads);
            long now = key / threads;
            d.start(i, t, now);
            d.ret[i] = now + 1 + rng.nextInt(20);
            next.add((d.ret[i] + 1 + rng.nextInt(20)) * threads + t);
        }
    }

    /**
     * Every thread always has an operation open: all threads call; then, round after round, the threads in a
     * random order each return and call again at once (at the next tick, with no other event in between). Every
     * operation therefore overlaps the open operation of every other thread at its call and at its return.
     * Threads get {@code n / threads} operations each, the first {@code n % threads} one more.
     */
    static void full(Draft d, int threads, SplittableRandom rng) {
        int[] quota = new int[threads];
        int[] open = new int[threads];
        for (int t = 0; t < threads; t++) {
            quota[t] = d.n / threads + (t < d.n % threads ? 1 : 0);
            open[t] = -1;
        }
        int[] order = new int[threads];
        for (int t = 0; t < threads; t++) {
            order[t] = t;
        }
        long tick = 0;
        int next = 0;
        shuffle(order, rng);
        for (int t : order) {
            if (quota[t] > 0) {
                d.start(next, t, tick++);
                open[t] = next++;
                quota[t]--;
            }
        }
        while (next < d.n || anyOpen(open)) {
            shuffle(order, rng);
            for (int t : order) {
                if (open[t] < 0) {
                    continue;
                }
                d.ret[open[t]] = tick++;
                open[t] = -1;
                if (quota[t] > 0) {
                    d.start(next, t, tick++);
                    open[t] = next++;
                    quota[t]--;
                }
            }
        }
    }

    private static boolean anyOpen(int[] open) {
        for (int o : open) {
            if (o >= 0) {
                return true;
            }
        }
        return false;
    }

    private static void shuffle(int[] a, SplittableRandom rng) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
    }
}
