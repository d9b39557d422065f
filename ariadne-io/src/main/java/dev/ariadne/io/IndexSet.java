package dev.ariadne.io;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The Jepsen {@code :index} values seen so far, to catch duplicates. Histories number their events 0, 1, 2, ... in
 * order, so indexes are kept as runs of consecutive values (one run for a well-formed history), and only values
 * that break the order are kept one by one.
 */
final class IndexSet {
    private long[] starts = new long[4];
    private long[] ends = new long[4];
    private int runs;
    private final Set<Long> others = new HashSet<>();

    /** Adds {@code index}; false when it was already there. */
    boolean add(long index) {
        if (runs > 0 && index == ends[runs - 1] + 1) {
            ends[runs - 1] = index; // values kept one by one are all below the last run, so not this one
            return true;
        }
        if (contains(index)) {
            return false;
        }
        if (runs == 0 || index > ends[runs - 1]) {
            if (runs == starts.length) {
                starts = Arrays.copyOf(starts, runs * 2);
                ends = Arrays.copyOf(ends, runs * 2);
            }
            starts[runs] = index;
            ends[runs] = index;
            runs++;
            return true;
        }
        return others.add(index);
    }

    private boolean contains(long index) {
        if (others.contains(index)) {
            return true;
        }
        int lo = 0;
        int hi = runs - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] < index) {
                lo = mid + 1;
            } else if (starts[mid] > index) {
                hi = mid - 1;
            } else {
                return true;
            }
        }
        return false;
    }
}
