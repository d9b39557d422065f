package dev.ariadne.core.search;

import dev.ariadne.core.history.Operation;

/**
 * The order of the call and return events of a dfs search's list: entry {@code 2i} is operation {@code i}'s call,
 * {@code 2i+1} its return; by time, at equal times calls first (so closed intervals that touch overlap), then by
 * entry. Sorted on primitive arrays: a boxed sort with a comparator lambda cost a small check's first run more than
 * its search (interpreted comparisons, and the lambda's call site linked on first use).
 */
final class EventOrder {
    private EventOrder() {
    }

    /** The entries of {@code ops}' events, {@code 0 .. 2 * ops.length - 1}, in event order. */
    static int[] sorted(Operation[] ops) {
        int m = 2 * ops.length;
        long[] time = new long[m];
        for (int i = 0; i < ops.length; i++) {
            time[2 * i] = ops[i].call();
            time[2 * i + 1] = ops[i].ret();
        }
        return sorted(time);
    }

    /** The entries {@code 0 .. time.length - 1} in event order, entry {@code e} happening at {@code time[e]}. */
    static int[] sorted(long[] time) {
        int[] order = new int[time.length];
        return packed(time, order) ? order : merged(time);
    }

    /** {@link #sorted(long[])} by comparisons: for times too far apart to pack. */
    static int[] merged(long[] time) {
        int m = time.length;
        int[] order = new int[m];
        for (int e = 0; e < m; e++) {
            order[e] = e;
        }
        int[] buffer = new int[m];
        // Bottom-up merge sort; runs of the input that are already in order (calls in call order) merge cheaply.
        for (int width = 1; width < m; width *= 2) {
            for (int lo = 0; lo < m - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, m);
                if (!before(order[mid], order[mid - 1], time)) {
                    continue; // already in order
                }
                System.arraycopy(order, lo, buffer, lo, hi - lo);
                int a = lo;
                int b = mid;
                for (int k = lo; k < hi; k++) {
                    if (a < mid && (b >= hi || !before(buffer[b], buffer[a], time))) {
                        order[k] = buffer[a++];
                    } else {
                        order[k] = buffer[b++];
                    }
                }
            }
        }
        return order;
    }

    /**
     * Sorts by keys that pack (time, call or return, entry) into one long each, when the times' range leaves room
     * (it does for every history but those with times near both ends of the long range): {@code Arrays.sort} of
     * longs, which other code of a run has warmed up, instead of the merge sort's comparisons. False when it does
     * not fit, {@code order} then untouched.
     */
    private static boolean packed(long[] time, int[] order) {
        int m = time.length;
        if (m == 0) {
            return true;
        }
        // A pending operation returns at Long.MAX_VALUE, after everything else: packed just past the latest other time
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        boolean pending = false;
        for (long t : time) {
            if (t == Long.MAX_VALUE) {
                pending = true;
            } else {
                min = Math.min(min, t);
                max = Math.max(max, t);
            }
        }
        if (max == Long.MIN_VALUE) { // every time is Long.MAX_VALUE (cannot happen: calls are earlier)
            return false;
        }
        if (pending) {
            max++;
        }
        int entryBits = 32 - Integer.numberOfLeadingZeros(m); // the entry with its call-or-return bit
        long range = max - min; // may overflow: then negative
        if (range < 0 || range >= 1L << (62 - entryBits)) {
            return false;
        }
        long[] keys = new long[m];
        for (int e = 0; e < m; e++) {
            // calls (even entries) before returns at equal times, then by entry; (e & 1) leads the entry's bits
            long kindAndEntry = ((long) (e & 1) << (entryBits - 1)) | (e >>> 1);
            long t = time[e] == Long.MAX_VALUE ? max : time[e];
            keys[e] = ((t - min) << entryBits) | kindAndEntry;
        }
        java.util.Arrays.sort(keys);
        long mask = (1L << (entryBits - 1)) - 1;
        for (int k = 0; k < m; k++) {
            long low = keys[k] & ((1L << entryBits) - 1);
            int op = (int) (low & mask);
            order[k] = 2 * op + (int) (low >>> (entryBits - 1));
        }
        return true;
    }

    /** Whether entry {@code x} comes before entry {@code y}. */
    private static boolean before(int x, int y, long[] time) {
        if (time[x] != time[y]) {
            return time[x] < time[y];
        }
        if ((x & 1) != (y & 1)) {
            return (x & 1) == 0;
        }
        return x < y;
    }
}
