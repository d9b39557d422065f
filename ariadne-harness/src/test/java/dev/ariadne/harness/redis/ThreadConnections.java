package dev.ariadne.harness.redis;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Redis registers through one connection per calling thread (a client of the workload runs on one thread), opened
 * when first needed and dropped after any error, so that the next operation reconnects. The exceptions say what an
 * operation did: {@link NotSent} when no command was sent (the connection could not be opened, or it no longer
 * reaches the server the key belongs to), so the operation certainly had no effect; any other exception (a timeout,
 * a connection lost while the command was out) leaves the outcome unknown.
 *
 * <p>Keys may be bound to a server process: {@link #incarnationKey} prefixes a key with the run id of the server the
 * calling thread's connection reaches, and an operation on such a key is only sent over a connection to that same
 * process. A restarted server (which starts empty, persistence being off) then never serves a key of the process
 * before it.
 */
final class ThreadConnections implements Registers {
    private final RedisRegisters redis;
    /** How long a client waits after a failed connect before it reports the failure: a reconnect backoff. */
    private static final long RECONNECT_BACKOFF_MILLIS = 10;

    private final ThreadLocal<RedisRegisters.Connection> connections = new ThreadLocal<>();
    private final AtomicLong answered = new AtomicLong();
    /**
     * Once this many commands were answered, commands wait before they are sent until {@link #holdAt} moves the
     * mark on: a nemesis that strikes at a count of answers then strikes there however slowly it is scheduled.
     */
    private volatile long holdAt = Long.MAX_VALUE;
    /** The longest a command is held: a nemesis that never releases it fails its test, it does not hang it. */
    private static final long HOLD_LIMIT_MILLIS = 60_000;

    ThreadConnections(RedisRegisters redis) {
        this.redis = redis;
    }

    /** No command was sent for this operation: it certainly had no effect. */
    static final class NotSent extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotSent(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** How many commands the server has answered so far, over all threads. */
    long answered() {
        return answered.get();
    }

    /**
     * Holds every command not yet sent once {@code answers} commands were answered, until the next call moves the
     * mark ({@code Long.MAX_VALUE}: no hold).
     */
    void holdAt(long answers) {
        holdAt = answers;
    }

    /** Waits while the hold mark is reached (bounded by {@link #HOLD_LIMIT_MILLIS}). */
    private void awaitRelease() {
        long giveUp = System.nanoTime() + HOLD_LIMIT_MILLIS * 1_000_000;
        while (answered.get() >= holdAt && System.nanoTime() < giveUp) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * {@code key} in the key space of the server process the calling thread reaches now ({@code <run id>:key}),
     * connecting if needed; when no server answers, a key no server will be asked about ({@code down:key}).
     */
    String incarnationKey(String key) {
        try {
            return connection().runId() + ":" + key;
        } catch (NotSent e) {
            return "down:" + key;
        }
    }

    @Override
    public Long read(String key) {
        return run(key, c -> c.read(key));
    }

    @Override
    public void write(String key, long value) {
        run(key, c -> {
            c.write(key, value);
            return null;
        });
    }

    @Override
    public boolean cas(String key, long expected, long value) {
        return run(key, c -> c.cas(key, expected, value));
    }

    private <T> T run(String key, Function<RedisRegisters.Connection, T> command) {
        awaitRelease();
        RedisRegisters.Connection c = connection();
        int colon = key.indexOf(':');
        if (colon >= 0 && !key.startsWith(c.runId() + ":")) {
            throw new NotSent("key " + key + " belongs to another server process than " + c.runId(), null);
        }
        try {
            T result = command.apply(c);
            answered.incrementAndGet();
            return result;
        } catch (RuntimeException e) {
            connections.remove();
            c.close();
            throw e;
        }
    }

    /** The calling thread's open connection, opened now if it has none. */
    private RedisRegisters.Connection connection() {
        RedisRegisters.Connection c = connections.get();
        if (c != null && c.isOpen()) {
            return c;
        }
        if (c != null) {
            c.close();
            connections.remove();
        }
        try {
            c = redis.connect();
        } catch (RuntimeException e) {
            try {
                Thread.sleep(RECONNECT_BACKOFF_MILLIS); // while the server is down, clients do not spin on refusals
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            throw new NotSent("cannot connect: " + e.getMessage(), e);
        }
        connections.set(c);
        return c;
    }
}
