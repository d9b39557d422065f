package dev.ariadne.core.models;

import java.util.Arrays;

/**
 * An immutable sequence of interned value ids with a cached hash: the state of the queue, stack, unordered
 * queue and set models. Each change copies the array (copy on write). Two sequences are equal exactly when
 * they hold the same ids in the same order, so the models keep bags and sets sorted to make equal contents
 * equal states.
 *
 * <p>Public only as an opaque state type of the public models that use it: outside this package a user can compare,
 * hash and print it, nothing more (the models' {@code describeState} shows it in the history's terms).
 */
public final class IntSeq {
    static final IntSeq EMPTY = new IntSeq(new int[0]);

    private final int[] ids;
    private final int hash;

    private IntSeq(int[] ids) {
        this.ids = ids;
        this.hash = Arrays.hashCode(ids);
    }

    /** The sequence of these ids, in this order. */
    static IntSeq of(int... ids) {
        return ids.length == 0 ? EMPTY : new IntSeq(ids.clone());
    }

    /** The distinct ids among these, sorted. */
    static IntSeq sortedDistinct(int... ids) {
        int[] s = ids.clone();
        Arrays.sort(s);
        int n = 0;
        for (int i = 0; i < s.length; i++) {
            if (i == 0 || s[i] != s[i - 1]) {
                s[n++] = s[i];
            }
        }
        return n == 0 ? EMPTY : new IntSeq(Arrays.copyOf(s, n));
    }

    int size() {
        return ids.length;
    }

    boolean isEmpty() {
        return ids.length == 0;
    }

    int get(int i) {
        return ids[i];
    }

    int first() {
        return ids[0];
    }

    int last() {
        return ids[ids.length - 1];
    }

    /** This sequence with {@code id} added at the end. */
    IntSeq append(int id) {
        int[] a = Arrays.copyOf(ids, ids.length + 1);
        a[ids.length] = id;
        return new IntSeq(a);
    }

    /** This sequence without its element at {@code i}. */
    IntSeq removeAt(int i) {
        if (ids.length == 1) {
            return EMPTY;
        }
        int[] a = new int[ids.length - 1];
        System.arraycopy(ids, 0, a, 0, i);
        System.arraycopy(ids, i + 1, a, i, a.length - i);
        return new IntSeq(a);
    }

    /** This sequence with {@code id} inserted at index {@code i} (0 to size). */
    IntSeq insertAt(int i, int id) {
        int[] a = new int[ids.length + 1];
        System.arraycopy(ids, 0, a, 0, i);
        a[i] = id;
        System.arraycopy(ids, i, a, i + 1, ids.length - i);
        return new IntSeq(a);
    }

    /** In a sorted sequence: an index holding {@code id}, or a negative number if there is none. */
    int indexOfSorted(int id) {
        return Arrays.binarySearch(ids, id);
    }

    /** A sorted sequence with one more {@code id}, still sorted (duplicates are kept). */
    IntSeq insertSorted(int id) {
        int i = Arrays.binarySearch(ids, id);
        int at = i >= 0 ? i : -i - 1;
        int[] a = new int[ids.length + 1];
        System.arraycopy(ids, 0, a, 0, at);
        a[at] = id;
        System.arraycopy(ids, at, a, at + 1, ids.length - at);
        return new IntSeq(a);
    }

    /** The elements shown by {@code names}, space-separated between {@code open} and {@code close}. */
    String show(Interner names, String open, String close) {
        StringBuilder s = new StringBuilder(open);
        for (int i = 0; i < ids.length; i++) {
            s.append(i == 0 ? "" : " ").append(names.show(ids[i]));
        }
        return s.append(close).toString();
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof IntSeq s && s.hash == hash && Arrays.equals(s.ids, ids);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < ids.length; i++) {
            s.append(i == 0 ? "#" : " #").append(ids[i]);
        }
        return s.append(']').toString();
    }
}
