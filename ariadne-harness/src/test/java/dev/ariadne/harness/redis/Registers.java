package dev.ariadne.harness.redis;

/**
 * Integer registers named by string keys, as the Redis tests use them: read (null when never written), write and
 * compare-and-set. Implemented by Redis itself ({@link ThreadConnections}) and by a broken cache in front of it
 * ({@link StaleCache}).
 */
interface Registers {
    /** The value of {@code key}, or {@code null} when it holds none. */
    Long read(String key);

    /** Sets {@code key} to {@code value}. */
    void write(String key, long value);

    /** Sets {@code key} to {@code value} when it holds {@code expected}; whether it did. */
    boolean cas(String key, long expected, long value);
}
