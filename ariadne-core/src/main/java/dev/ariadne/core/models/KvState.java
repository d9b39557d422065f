package dev.ariadne.core.models;

import java.util.Arrays;

/**
 * An immutable map from key ids to non-empty {@link KvText} values (absent means ""), sorted by key id, with a hash that
 * {@link #put} maintains incrementally, so hashing and comparing states costs no more than the values do.
 */
public final class KvState {
    static final KvState EMPTY = new KvState(new int[0], new KvText[0], 0);

    private final int[] keys;
    private final KvText[] values;
    private final int hash;

    private KvState(int[] keys, KvText[] values, int hash) {
        this.keys = keys;
        this.values = values;
        this.hash = hash;
    }

    KvText get(int key) {
        int i = Arrays.binarySearch(keys, key);
        return i >= 0 ? values[i] : KvText.EMPTY;
    }

    KvState put(int key, KvText value) {
        int i = Arrays.binarySearch(keys, key);
        if (i >= 0) {
            if (values[i].equals(value)) {
                return this;
            }
            int h = hash - contribution(key, values[i]);
            if (value.isEmpty()) {
                int[] k = new int[keys.length - 1];
                KvText[] v = new KvText[keys.length - 1];
                System.arraycopy(keys, 0, k, 0, i);
                System.arraycopy(keys, i + 1, k, i, k.length - i);
                System.arraycopy(values, 0, v, 0, i);
                System.arraycopy(values, i + 1, v, i, v.length - i);
                return new KvState(k, v, h);
            }
            KvText[] v = values.clone();
            v[i] = value;
            return new KvState(keys, v, h + contribution(key, value));
        }
        if (value.isEmpty()) {
            return this;
        }
        int at = -i - 1;
        int[] k = new int[keys.length + 1];
        KvText[] v = new KvText[keys.length + 1];
        System.arraycopy(keys, 0, k, 0, at);
        System.arraycopy(values, 0, v, 0, at);
        k[at] = key;
        v[at] = value;
        System.arraycopy(keys, at, k, at + 1, keys.length - at);
        System.arraycopy(values, at, v, at + 1, keys.length - at);
        return new KvState(k, v, hash + contribution(key, value));
    }

    int size() {
        return keys.length;
    }

    int keyAt(int i) {
        return keys[i];
    }

    KvText valueAt(int i) {
        return values[i];
    }

    private static int contribution(int key, KvText value) {
        return (key * 0x9E3779B9 + 1) * value.hashCode() + key;
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof KvState s && s.hash == hash && Arrays.equals(s.keys, keys)
                && Arrays.equals(s.values, values);
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("{");
        for (int i = 0; i < keys.length; i++) {
            s.append(i == 0 ? "" : ", ").append('#').append(keys[i]).append('=').append(values[i]);
        }
        return s.append('}').toString();
    }
}
