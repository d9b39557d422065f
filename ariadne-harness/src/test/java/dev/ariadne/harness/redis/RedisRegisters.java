package dev.ariadne.harness.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Integer registers kept as string keys of a real Redis server, through Lettuce: read ({@code GET}), write
 * ({@code SET}) and compare-and-set (a Lua script run by {@code EVAL}, atomic on the server). Commands time out
 * after a short, fixed time, and a connection never reconnects by itself: Lettuce's automatic reconnect replays
 * commands that were in flight (at-least-once), which would let an operation the test recorded as crashed take
 * effect on a later server. A caller opens a {@link Connection} per client, drops it after any error and opens a new
 * one; each connection knows which server process (its {@code run_id}) it talks to.
 */
final class RedisRegisters implements AutoCloseable {
    /** Sets KEYS[1] to ARGV[2] when it holds ARGV[1]; 1 when it did. An absent key matches nothing. */
    private static final String CAS_SCRIPT = """
            if redis.call('GET', KEYS[1]) == ARGV[1] then
              redis.call('SET', KEYS[1], ARGV[2])
              return 1
            end
            return 0
            """;

    private final RedisClient client;
    private final Queue<Connection> opened = new ConcurrentLinkedQueue<>();

    /** A client of the server on 127.0.0.1:{@code port}; {@code timeout} bounds every connect and command. */
    RedisRegisters(int port, Duration timeout) {
        client = RedisClient.create(RedisURI.builder().withHost("127.0.0.1").withPort(port).withTimeout(timeout).build());
        client.setOptions(ClientOptions.builder()
                .autoReconnect(false)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(timeout))
                .socketOptions(SocketOptions.builder().connectTimeout(timeout).build())
                .build());
    }

    /**
     * A client of the server on 127.0.0.1:{@code port} whose first connection is already made: Lettuce's first
     * connection loads and starts its machinery, which can outlast a short timeout on a loaded machine, so it is
     * retried here, outside any recorded run, for up to a minute (only against a server that never answers).
     */
    static RedisRegisters warmedUp(int port, Duration timeout) throws InterruptedException {
        RedisRegisters redis = new RedisRegisters(port, timeout);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (true) {
            try {
                redis.connect().close();
                return redis;
            } catch (RuntimeException e) {
                if (System.nanoTime() > deadline) {
                    redis.close();
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }

    /**
     * Opens a connection and asks the server for its run id. Any exception here means no register command was
     * sent on it.
     */
    Connection connect() {
        StatefulRedisConnection<String, String> connection = client.connect();
        try {
            Connection c = new Connection(connection, runId(connection.sync().info("server")));
            opened.add(c);
            return c;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    private static String runId(String info) {
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("run_id:")) {
                return line.substring("run_id:".length()).trim();
            }
        }
        throw new IllegalStateException("INFO server has no run_id line");
    }

    @Override
    public void close() {
        for (Connection c : opened) {
            c.close();
        }
        client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    }

    /** One client's connection to one server process. Not thread-safe: one client uses it at a time. */
    static final class Connection implements AutoCloseable {
        private final StatefulRedisConnection<String, String> connection;
        private final RedisCommands<String, String> commands;
        private final String runId;

        private Connection(StatefulRedisConnection<String, String> connection, String runId) {
            this.connection = connection;
            this.commands = connection.sync();
            this.runId = runId;
        }

        /** The run id of the server process this connection reached: a restarted server has another one. */
        String runId() {
            return runId;
        }

        /** Whether the connection is still open (a killed server, a timeout and {@link #close()} end it). */
        boolean isOpen() {
            return connection.isOpen();
        }

        /** The register's value, or {@code null} when the key is absent. */
        Long read(String key) {
            String v = commands.get(key);
            return v == null ? null : Long.valueOf(v);
        }

        void write(String key, long value) {
            commands.set(key, Long.toString(value));
        }

        /** Sets the register to {@code value} when it holds {@code expected}; whether it did. */
        boolean cas(String key, long expected, long value) {
            Long swapped = commands.eval(CAS_SCRIPT, ScriptOutputType.INTEGER, new String[] {key},
                    Long.toString(expected), Long.toString(value));
            return swapped == 1L;
        }

        @Override
        public void close() {
            if (connection.isOpen()) { // Lettuce warns about closing a closed connection
                connection.close();
            }
        }
    }
}
