package dev.ariadne.io;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
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
final class JepsenMetadata extends AbstractMap<String, Object> {
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
