package dev.ariadne.io;

import java.util.AbstractSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The metadata of an operation read from a Jepsen history: {@code line}, and Jepsen's {@code :time}s of its
 * invocation ({@link JepsenOps#CALL_TIME}) and completion ({@link JepsenOps#RETURN_TIME}) when known, in that
 * order. An unmodifiable map equal to the {@link java.util.LinkedHashMap} it stands for, in a few fields instead
 * of a table and boxed entries (a 500,000-operation history keeps one per operation). The return time is set once
 * while reading, before the history is built.
 */
final class JepsenMetadata implements Map<String, Object> {
    // Not an AbstractMap: its two cached views are two fields more on each of a history's operations (40 bytes
    // an instance instead of 32); the few views asked for (reports) are made each time.
    private static final long NONE = -1;

    private final int line;
    private final long callTime;
    private long returnTime = NONE;

    JepsenMetadata(int line, long callTime) {
        this.line = line;
        this.callTime = callTime;
    }

    /** Metadata of just {@code line}. */
    JepsenMetadata(int line) {
        this(line, NONE);
    }

    boolean hasCallTime() {
        return callTime != NONE;
    }

    long callTime() {
        return callTime;
    }

    void returnTime(long time) {
        returnTime = time;
    }

    @Override
    public int size() {
        return 1 + (callTime != NONE ? 1 : 0) + (returnTime != NONE ? 1 : 0);
    }

    @Override
    public boolean containsKey(Object key) {
        return "line".equals(key) || (JepsenOps.CALL_TIME.equals(key) && callTime != NONE)
                || (JepsenOps.RETURN_TIME.equals(key) && returnTime != NONE);
    }

    @Override
    public Object get(Object key) {
        if ("line".equals(key)) {
            return line;
        }
        if (JepsenOps.CALL_TIME.equals(key)) {
            return callTime != NONE ? (Object) callTime : null;
        }
        if (JepsenOps.RETURN_TIME.equals(key)) {
            return returnTime != NONE ? (Object) returnTime : null;
        }
        return null;
    }

    @Override
    public boolean isEmpty() {
        return false;
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
        return java.util.Collections.unmodifiableMap(copy()).keySet();
    }

    @Override
    public Collection<Object> values() {
        return java.util.Collections.unmodifiableMap(copy()).values();
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
                return JepsenMetadata.this.size();
            }

            @Override
            public Iterator<Entry<String, Object>> iterator() {
                return new Iterator<>() {
                    private int next = 0;

                    @Override
                    public boolean hasNext() {
                        return next < size();
                    }

                    @Override
                    public Entry<String, Object> next() {
                        if (!hasNext()) {
                            throw new NoSuchElementException();
                        }
                        int k = next++;
                        if (k == 0) {
                            return Map.entry("line", line);
                        }
                        if (k == 1 && callTime != NONE) {
                            return Map.entry(JepsenOps.CALL_TIME, callTime);
                        }
                        return Map.entry(JepsenOps.RETURN_TIME, returnTime);
                    }
                };
            }
        };
    }
}
