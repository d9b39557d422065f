package dev.ariadne.core.history;

import java.util.AbstractSet;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An operation's metadata as readers keep it for large histories: a source {@code line} and up to two named
 * non-negative numbers (Jepsen's times), without a table or boxed entries. It is an unmodifiable map equal to the
 * {@link LinkedHashMap} it stands for, {@code line} first, then each number present; subclasses say where the three
 * values live ({@link #NONE}: a number absent) and under which names.
 */
public abstract class CompactMetadata implements Map<String, Object> {
    // Not an AbstractMap: its two cached views would be two fields more on each of a history's operations (a
    // 500,000-operation history keeps one per operation); the few views asked for (reports) are made each time.

    /** A number absent from the map. */
    public static final long NONE = -1;

    /** For subclasses. */
    protected CompactMetadata() {
    }

    /** The source line. */
    protected abstract int line();

    /** The first number, or {@link #NONE}. */
    protected abstract long first();

    /** The second number, or {@link #NONE}. */
    protected abstract long second();

    /** The first number's name, not {@code line}. */
    protected abstract String firstName();

    /** The second number's name, neither {@code line} nor the first's. */
    protected abstract String secondName();

    @Override
    public int size() {
        return 1 + (first() != NONE ? 1 : 0) + (second() != NONE ? 1 : 0);
    }

    @Override
    public boolean isEmpty() {
        return false;
    }

    @Override
    public boolean containsKey(Object key) {
        return get(key) != null;
    }

    @Override
    public Object get(Object key) {
        if ("line".equals(key)) {
            return line();
        }
        long v = firstName().equals(key) ? first() : secondName().equals(key) ? second() : NONE;
        return v == NONE ? null : (Object) v;
    }

    @Override
    public boolean containsValue(Object value) {
        return values().contains(value);
    }

    @Override
    public Object put(String key, Object value) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Object remove(Object key) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void putAll(Map<? extends String, ?> m) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void clear() {
        throw new UnsupportedOperationException();
    }

    /** The same map as a {@link LinkedHashMap}, for the views (reports only). */
    private Map<String, Object> copy() {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Entry<String, Object> e : entrySet()) {
            m.put(e.getKey(), e.getValue());
        }
        return m;
    }

    @Override
    public Set<String> keySet() {
        return Collections.unmodifiableMap(copy()).keySet();
    }

    @Override
    public Collection<Object> values() {
        return Collections.unmodifiableMap(copy()).values();
    }

    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Map<?, ?> m && m.size() == size() && entrySet().equals(m.entrySet());
    }

    @Override
    public int hashCode() {
        return entrySet().hashCode();
    }

    @Override
    public String toString() {
        return copy().toString();
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return CompactMetadata.this.size();
            }

            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next = skip(0); // 0 line, 1 first, 2 second, 3 done

                    private int skip(int k) {
                        while (k == 1 && first() == NONE || k == 2 && second() == NONE) {
                            k++;
                        }
                        return k;
                    }

                    @Override
                    public boolean hasNext() {
                        return next < 3;
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        int k = next;
                        next = skip(k + 1);
                        return k == 0 ? Map.entry("line", line())
                                : k == 1 ? Map.entry(firstName(), first()) : Map.entry(secondName(), second());
                    }
                };
            }
        };
    }
}
