package dev.ariadne.core.procedures;

import java.util.Arrays;

/**
 * A binary heap of operation (or value) indices for the simulations of the decision procedures: least first by a
 * {@code long} key per index (a call or return time), or by the index itself when there is no key array, or
 * greatest first; it grows as needed. Keys must not change while their index is in the heap.
 */
final class IndexHeap {
    private int[] heap;
    private final long[] key;
    private final boolean max;
    private int size;

    /** A heap whose least {@code key[i]} comes first. */
    IndexHeap(int capacity, long[] key) {
        this(capacity, key, false);
    }

    /** A heap by {@code key[i]} (by {@code i} when {@code key} is null), greatest first when {@code max}. */
    IndexHeap(int capacity, long[] key, boolean max) {
        this.heap = new int[Math.max(4, capacity)];
        this.key = key;
        this.max = max;
    }

    private boolean before(int a, int b) {
        long ka = key == null ? a : key[a];
        long kb = key == null ? b : key[b];
        return max ? ka > kb : ka < kb;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The first index, which must exist. */
    int peek() {
        return heap[0];
    }

    void push(int x) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!before(x, heap[parent])) {
                break;
            }
            heap[i] = heap[parent];
            i = parent;
        }
        heap[i] = x;
    }

    int pop() {
        int top = heap[0];
        int x = heap[--size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && before(heap[child + 1], heap[child])) {
                child++;
            }
            if (!before(heap[child], x)) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = x;
        return top;
    }
}
