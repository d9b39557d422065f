package dev.ariadne.workloads;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;

/**
 * A history being generated, as parallel arrays indexed by operation id (operations are numbered in call order).
 * A crashed operation keeps its scheduled return time here, the moment its thread gave up on it; in the history it
 * is pending.
 */
final class Draft {
    final int n;
    final long[] call;
    final long[] ret;
    final int[] thread;
    final int[] client;
    final boolean[] crashed;
    /** Whether the operation takes effect (always, unless it crashed). */
    final boolean[] effective;
    final long[] lin;
    final Invocation[] input;
    final Object[] output;
    /** The longest duration of a completed operation. */
    long maxDuration;
    /** The crashed operations, in call order. */
    int[] pending = new int[0];
    int injected = -1;
    String injectedWhy;

    Draft(int n) {
        this.n = n;
        call = new long[n];
        ret = new long[n];
        thread = new int[n];
        client = new int[n];
        crashed = new boolean[n];
        effective = new boolean[n];
        lin = new long[n];
        input = new Invocation[n];
        output = new Object[n];
        Arrays.fill(output, Operation.UNKNOWN); // writes, enqueues, puts and appends report nothing
    }

    /** Records operation {@code i}, called by {@code t} at {@code time}; its return is set later. */
    void start(int i, int t, long time) {
        thread[i] = t;
        call[i] = time;
    }

    /**
     * Crashes {@code count} operations chosen uniformly, and numbers clients: thread t is client t until one of its
     * operations crashes, and then continues as a new client (Jepsen's convention).
     */
    void crash(int count, int threads, SplittableRandom rng) {
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = i;
        }
        for (int k = 0; k < count; k++) {
            int j = k + rng.nextInt(n - k);
            int tmp = ids[k];
            ids[k] = ids[j];
            ids[j] = tmp;
            crashed[ids[k]] = true;
        }
        pending = Arrays.copyOf(ids, count);
        Arrays.sort(pending);
        int[] current = new int[threads];
        boolean[] replace = new boolean[threads];
        for (int t = 0; t < threads; t++) {
            current[t] = t;
        }
        int nextClient = threads;
        for (int i = 0; i < n; i++) {
            int t = thread[i];
            if (replace[t]) {
                current[t] = nextClient++;
                replace[t] = false;
            }
            client[i] = current[t];
            replace[t] = crashed[i];
            if (!crashed[i]) {
                maxDuration = Math.max(maxDuration, ret[i] - call[i]);
            }
        }
    }

    /** Each operation takes effect at a random instant of its interval; a crashed one only half the time. */
    void chooseLinearizationPoints(SplittableRandom rng) {
        for (int i = 0; i < n; i++) {
            lin[i] = call[i] + rng.nextLong(ret[i] - call[i] + 1);
            effective[i] = !crashed[i] || rng.nextBoolean();
        }
    }

    /** Operation ids by linearization point (ties by id: such operations overlap, so either order is legal). */
    int[] linearizationOrder() {
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = Math.addExact(Math.multiplyExact(lin[i], (long) n), i);
        }
        Arrays.sort(keys);
        int[] order = new int[n];
        for (int k = 0; k < n; k++) {
            order[k] = (int) (keys[k] % n);
        }
        return order;
    }

    /** The return time in the history: {@link Long#MAX_VALUE} for a crashed operation. */
    long historyRet(int i) {
        return crashed[i] ? Long.MAX_VALUE : ret[i];
    }

    /**
     * The completed operation that returned last strictly before {@code before}, among operations called before
     * operation {@code from} and accepted by {@code p}; -1 if none.
     */
    int latestCompletedBefore(int from, long before, IntPredicate p) {
        int best = -1;
        long bestRet = Long.MIN_VALUE;
        for (int j = from - 1; j >= 0; j--) {
            if (best >= 0 && call[j] + maxDuration < bestRet) {
                break; // operations called earlier all returned before bestRet
            }
            if (!crashed[j] && ret[j] < before && ret[j] > bestRet && p.test(j)) {
                best = j;
                bestRet = ret[j];
            }
        }
        return best;
    }

    /**
     * Whether some operation accepted by {@code p} is neither entirely before {@code lo} nor entirely after
     * {@code hi} in the history: it returns at or after {@code lo} (or never) and is called at or before
     * {@code hi}. Such an operation may take effect between any point before lo and any point after hi.
     */
    boolean anyOverlapping(long lo, long hi, IntPredicate p) {
        for (int j = firstCalledAtOrAfter(lo - maxDuration); j < n && call[j] <= hi; j++) {
            if (!crashed[j] && ret[j] >= lo && p.test(j)) {
                return true;
            }
        }
        for (int j : pending) {
            if (call[j] <= hi && p.test(j)) {
                return true;
            }
        }
        return false;
    }

    private int firstCalledAtOrAfter(long time) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (call[mid] < time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
