package dev.ariadne.core.models;

import java.util.Arrays;

/**
 * An immutable map from {@code int} keys to non-null values, sorted by key: the state of the models whose state is
 * a set of independent slots (the kv store's keys, the multi-register's registers, the independent model's
 * per-key states). Each change copies the two arrays, or only the values when the keys stay the same; the hash
 * is kept incrementally as a sum of one term per entry, so a change costs no hashing of the other entries.
 * Equal contents make equal maps with equal hashes; a change that changes nothing returns the map itself.
 *
 * <p>Public only as an opaque state type of the public models that use it: outside this package a user can compare,
 * hash and print it, nothing more (the models' {@code describeState} shows it in the history's terms).
 *
 * @param <V> the value type; its {@code equals} and {@code hashCode} decide the map's
 */
public final class IntSortedMap<V> {
    private static final IntSortedMap<?> EMPTY = new IntSortedMap<>(new int[0], new Object[0], 0);

    private final int[] keys;
    private final Object[] values;
    private final int hash;

    private IntSortedMap(int[] keys, Object[] values, int hash) {
        this.keys = keys;
        this.values = values;
        this.hash = hash;
    }

    /** The map with no entries. */
    @SuppressWarnings("unchecked")
    static <V> IntSortedMap<V> empty() {
        return (IntSortedMap<V>) EMPTY;
    }

    int size() {
        return keys.length;
    }

    /** The i-th smallest key. */
    int keyAt(int i) {
        return keys[i];
    }

    /** The value of the i-th smallest key. */
    @SuppressWarnings("unchecked")
    V valueAt(int i) {
        return (V) values[i];
    }

    /** The value of {@code key}, or {@code null} when it has none. */
    @SuppressWarnings("unchecked")
    V get(int key) {
        int i = Arrays.binarySearch(keys, key);
        return i >= 0 ? (V) values[i] : null;
    }

    /** This map with {@code key} holding {@code value} (not null). */
    IntSortedMap<V> put(int key, V value) {
        int i = Arrays.binarySearch(keys, key);
        if (i >= 0) {
            if (values[i].equals(value)) {
                return this;
            }
            Object[] v = values.clone();
            v[i] = value;
            return new IntSortedMap<>(keys, v, hash - term(key, values[i]) + term(key, value));
        }
        int at = -i - 1;
        int[] k = new int[keys.length + 1];
        Object[] v = new Object[keys.length + 1];
        System.arraycopy(keys, 0, k, 0, at);
        System.arraycopy(values, 0, v, 0, at);
        k[at] = key;
        v[at] = value;
        System.arraycopy(keys, at, k, at + 1, keys.length - at);
        System.arraycopy(values, at, v, at + 1, keys.length - at);
        return new IntSortedMap<>(k, v, hash + term(key, value));
    }

    /** This map without {@code key}. */
    IntSortedMap<V> remove(int key) {
        int i = Arrays.binarySearch(keys, key);
        if (i < 0) {
            return this;
        }
        if (keys.length == 1) {
            return empty();
        }
        int[] k = new int[keys.length - 1];
        Object[] v = new Object[keys.length - 1];
        System.arraycopy(keys, 0, k, 0, i);
        System.arraycopy(keys, i + 1, k, i, k.length - i);
        System.arraycopy(values, 0, v, 0, i);
        System.arraycopy(values, i + 1, v, i, v.length - i);
        return new IntSortedMap<>(k, v, hash - term(key, values[i]));
    }

    /**
     * This map with each of {@code newKeys} (sorted, distinct) holding the matching entry of {@code newValues}, a
     * {@code null} entry removing the key: one copy for a whole batch of changes, sharing the keys array when no
     * key comes or goes.
     */
    IntSortedMap<V> putAll(int[] newKeys, V[] newValues) {
        // First pass: what changes and the new hash, so that the result is allocated once, at its exact size. The
        // walk is linear, as the copy that follows is: the maps are small, and a walk beats binary searches there.
        int added = 0;
        int removed = 0;
        int changed = 0;
        int h = hash;
        int i = 0;
        for (int j = 0; j < newKeys.length; j++) {
            int key = newKeys[j];
            Object value = newValues[j];
            while (i < keys.length && keys[i] < key) {
                i++;
            }
            if (i < keys.length && keys[i] == key) {
                if (value == null) {
                    removed++;
                    h -= term(key, values[i]);
                } else if (!values[i].equals(value)) {
                    changed++;
                    h += term(key, value) - term(key, values[i]);
                }
                i++;
            } else if (value != null) {
                added++;
                h += term(key, value);
            }
        }
        if (added == 0 && removed == 0) {
            return changed == 0 ? this : new IntSortedMap<>(keys, replaced(newKeys, newValues), h);
        }
        int size = keys.length + added - removed;
        if (size == 0) {
            return empty();
        }
        int[] k = new int[size];
        Object[] v = new Object[size];
        i = 0;
        int n = 0;
        for (int j = 0; j < newKeys.length; j++) {
            while (i < keys.length && keys[i] < newKeys[j]) {
                k[n] = keys[i];
                v[n++] = values[i++];
            }
            if (i < keys.length && keys[i] == newKeys[j]) {
                i++;
            }
            if (newValues[j] != null) {
                k[n] = newKeys[j];
                v[n++] = newValues[j];
            }
        }
        System.arraycopy(keys, i, k, n, keys.length - i);
        System.arraycopy(values, i, v, n, keys.length - i);
        return new IntSortedMap<>(k, v, h);
    }

    /**
     * A copy of the values with those of {@code newKeys} replaced, when no key comes or goes: each non-null entry's
     * key is present already (a null entry's key is absent, and skipped).
     */
    private Object[] replaced(int[] newKeys, V[] newValues) {
        Object[] v = values.clone();
        int i = 0;
        for (int j = 0; j < newKeys.length; j++) {
            if (newValues[j] != null) {
                while (keys[i] < newKeys[j]) {
                    i++;
                }
                v[i++] = newValues[j];
            }
        }
        return v;
    }

    /** An entry's share of the hash: different keys holding the same value give unrelated terms. */
    private static int term(int key, Object value) {
        return (key * 0x9E3779B9 + 1) * value.hashCode() + key;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof IntSortedMap<?> m && m.hash == hash && Arrays.equals(m.keys, keys)
                && Arrays.equals(m.values, values);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < keys.length; i++) {
            s.append(i == 0 ? "#" : ", #").append(keys[i]).append('=').append(values[i]);
        }
        return s.append('}').toString();
    }
}
