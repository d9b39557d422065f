package dev.ariadne.tla;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

/**
 * A set of states in the order they were added, for the sets a step builds (an action's successors from several
 * states, the closure under {@code X_Step}s): an array, searched by fingerprint while it is small and through an
 * index by fingerprint beyond, so that the few states of a typical step cost no hash table, entries or iterators
 * (the {@code LinkedHashSet} and {@code ArrayDeque} it replaces were a sixth of a violation's allocation under
 * OmniLink's semantics). Membership is {@link TlaState#equals}: the fingerprint, then TLC's equality.
 */
final class StateSet {
    /** Past this many states, membership goes through {@link #index}. */
    private static final int LINEAR = 16;

    private TlaState[] items;
    private int size;
    /** Open addressing by fingerprint: positions in {@link #items} plus one (0 is empty); null while small. */
    private int[] index;

    StateSet() {
        items = new TlaState[4];
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    TlaState get(int i) {
        return items[i];
    }

    /** Adds {@code s} unless an equal state is in; returns whether it was added. */
    boolean add(TlaState s) {
        if (index == null) {
            for (int i = 0; i < size; i++) {
                TlaState t = items[i];
                if (t == s || t.fingerprint == s.fingerprint && t.equals(s)) {
                    return false;
                }
            }
        } else {
            int mask = index.length - 1;
            for (int i = slot(s.fingerprint, mask); index[i] != 0; i = (i + 1) & mask) {
                TlaState t = items[index[i] - 1];
                if (t == s || t.fingerprint == s.fingerprint && t.equals(s)) {
                    return false;
                }
            }
        }
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = s;
        if (index != null) {
            if (size * 2 > index.length) {
                reindex(index.length * 2);
            } else {
                put(s, size);
            }
        } else if (size > LINEAR) {
            reindex(64);
        }
        return true;
    }

    /** Adds each of {@code states}. */
    void addAll(List<TlaState> states) {
        for (int i = 0, n = states.size(); i < n; i++) {
            add(states.get(i));
        }
    }

    private void reindex(int capacity) {
        index = new int[capacity];
        for (int i = 0; i < size; i++) {
            put(items[i], i + 1);
        }
    }

    private void put(TlaState s, int position) {
        int mask = index.length - 1;
        int i = slot(s.fingerprint, mask);
        while (index[i] != 0) {
            i = (i + 1) & mask;
        }
        index[i] = position;
    }

    private static int slot(long fingerprint, int mask) {
        long z = fingerprint * 0x9E3779B97F4A7C15L;
        return (int) (z ^ (z >>> 32)) & mask;
    }

    /** The states, distinct, in the order they were added (a new array). */
    TlaState[] toArray() {
        return Arrays.copyOf(items, size);
    }

    /** A view of the states (not a copy: the set must not change while it is used). */
    List<TlaState> asList() {
        return new View();
    }

    private final class View extends AbstractList<TlaState> implements RandomAccess {
        @Override
        public TlaState get(int i) {
            if (i >= size) {
                throw new IndexOutOfBoundsException(i);
            }
            return items[i];
        }

        @Override
        public int size() {
            return size;
        }
    }
}
