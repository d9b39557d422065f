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
