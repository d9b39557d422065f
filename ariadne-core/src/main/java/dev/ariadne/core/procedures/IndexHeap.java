package dev.ariadne.core.procedures;

import java.util.Arrays;

/**
 * A binary min-heap of operation indices ordered by a {@code long} key per index (a call or return time), for the
 * queue simulations; it grows as needed. Keys must not change while their index is in the heap.
 */
final class IndexHeap {
    private int[] heap;
    private final long[] key;
    private int size;

    IndexHeap(int capacity, long[] key) {
        this.heap = new int[Math.max(4, capacity)];
        this.key = key;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The least index, which must exist. */
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
            if (key[heap[parent]] <= key[x]) {
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
            if (child + 1 < size && key[heap[child + 1]] < key[heap[child]]) {
                child++;
            }
            if (key[heap[child]] >= key[x]) {
                break;
            }
            heap[i] = heap[child];
            i = child;
        }
        heap[i] = x;
        return top;
    }
}
