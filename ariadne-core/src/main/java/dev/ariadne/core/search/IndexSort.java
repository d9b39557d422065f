package dev.ariadne.core.search;

/**
 * Stable sorts of operation indices by {@code long} keys without boxing, for the decision procedures, which sort
 * hundreds of thousands of operations by call or return time.
 */
public final class IndexSort {
    private IndexSort() {
    }

    /** Sorts {@code idx[0..n)} so that {@code key[idx[i]]} ascends; equal keys keep their order. */
    public static void sort(int[] idx, int n, long[] key) {
        if (n < 2) {
            return;
        }
        int[] src = idx;
        int[] dst = new int[n];
        // Insertion-sorted runs of 16, then bottom-up merges.
        final int run = 16;
        for (int lo = 0; lo < n; lo += run) {
            int hi = Math.min(lo + run, n);
            for (int i = lo + 1; i < hi; i++) {
                int x = src[i];
                long k = key[x];
                int j = i - 1;
                while (j >= lo && key[src[j]] > k) {
                    src[j + 1] = src[j];
                    j--;
                }
                src[j + 1] = x;
            }
        }
        for (int width = run; width < n; width <<= 1) {
            for (int lo = 0; lo < n; lo += width << 1) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + (width << 1), n);
                int a = lo;
                int b = mid;
                int o = lo;
                while (a < mid && b < hi) {
                    dst[o++] = key[src[b]] < key[src[a]] ? src[b++] : src[a++];
                }
                while (a < mid) {
                    dst[o++] = src[a++];
                }
                while (b < hi) {
                    dst[o++] = src[b++];
                }
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        if (src != idx) {
            System.arraycopy(src, 0, idx, 0, n);
        }
    }

    /** The indices {@code 0..n-1} sorted by {@code key}. */
    static int[] sorted(int n, long[] key) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        sort(idx, n, key);
        return idx;
    }
}
