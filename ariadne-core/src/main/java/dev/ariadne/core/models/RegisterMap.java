package dev.ariadne.core.models;

import java.util.Arrays;

/**
 * An immutable map from interned key ids to interned value ids, sorted by key, where an absent key holds nil
 * ({@link Interner#NIL}, never stored): the state of the multi-register model. The hash is cached, and equal
 * contents make equal maps.
 */
public final class RegisterMap {
    static final RegisterMap EMPTY = new RegisterMap(new int[0], new int[0]);

    private final int[] keys;
    private final int[] values;
    private final int hash;

    private RegisterMap(int[] keys, int[] values) {
        this.keys = keys;
        this.values = values;
        this.hash = 31 * Arrays.hashCode(keys) + Arrays.hashCode(values);
    }

    /** The value id of {@code key}, {@link Interner#NIL} when absent. */
    int get(int key) {
        int i = Arrays.binarySearch(keys, key);
        return i >= 0 ? values[i] : Interner.NIL;
    }

    /**
     * This map with each of {@code newKeys} (sorted, distinct) set to the matching {@code newValues} entry (nil
     * removes the key); this map itself when nothing changes.
     */
    RegisterMap putAll(int[] newKeys, int[] newValues) {
        if (newKeys.length == 0) {
            return this;
        }
        int[] k = new int[keys.length + newKeys.length];
        int[] v = new int[k.length];
        int n = 0;
        int i = 0;
        int j = 0;
        boolean changed = false;
        while (i < keys.length || j < newKeys.length) {
            if (j == newKeys.length || i < keys.length && keys[i] < newKeys[j]) {
                k[n] = keys[i];
                v[n++] = values[i++];
                continue;
            }
            boolean existed = i < keys.length && keys[i] == newKeys[j];
            int old = existed ? values[i++] : Interner.NIL;
            changed |= old != newValues[j];
            if (newValues[j] != Interner.NIL) {
                k[n] = newKeys[j];
                v[n++] = newValues[j];
            }
            j++;
        }
        return changed ? new RegisterMap(Arrays.copyOf(k, n), Arrays.copyOf(v, n)) : this;
    }

    int size() {
        return keys.length;
    }

    int keyAt(int i) {
        return keys[i];
    }

    int valueAt(int i) {
        return values[i];
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof RegisterMap m && m.hash == hash && Arrays.equals(m.keys, keys)
                && Arrays.equals(m.values, values);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < keys.length; i++) {
            s.append(i == 0 ? "#" : ", #").append(keys[i]).append("=#").append(values[i]);
        }
        return s.append('}').toString();
    }
}
