package dev.ariadne.harness.redis;

import io.lettuce.core.RedisCommandTimeoutException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real server fixture and the Lettuce registers behave as the Redis harness tests rely on. */
class RedisServerTest {
    /**
     * For a healthy server: only against a hang, never reached by a command that is merely slow (a 300 ms timeout
     * timed a SET out on the 2-core machine at load 23).
     */
    private static final Duration HEALTHY = Duration.ofSeconds(60);
    /** For the paused server, whose command must time out (at any value); connections are made with retries. */
    private static final Duration TIMEOUT = Duration.ofMillis(300);

    @Test
    void readsWritesAndComparesAndSets() throws Exception {
        try (RedisServer server = RedisServer.start(); RedisRegisters redis = RedisRegisters.warmedUp(server.port(), HEALTHY);
             RedisRegisters.Connection c = redis.connect()) {
            assertNull(c.read("k"));
            assertFalse(c.cas("k", 1, 2), "an absent key matches no expected value");
            c.write("k", 1);
            assertTrue(c.cas("k", 1, 2));
            assertFalse(c.cas("k", 1, 3));
            assertEquals(2L, c.read("k"));
        }
    }

    @Test
    void aKilledServerRestartsEmptyAsAnotherProcess() throws Exception {
        try (RedisServer server = RedisServer.start(); RedisRegisters redis = RedisRegisters.warmedUp(server.port(), HEALTHY)) {
            RedisRegisters.Connection before = redis.connect();
            before.write("k", 7);
            server.kill();
            assertThrows(RuntimeException.class, () -> before.read("k"));
            // the read can fail before the client has seen the socket close, which it sees when its event loop runs;
            // the bound is only against a hang
            for (int i = 0; i < 6000 && before.isOpen(); i++) {
                Thread.sleep(10);
            }
            assertFalse(before.isOpen(), "the connection sees the server go");
            assertThrows(RuntimeException.class, redis::connect, "nothing listens while the server is down");
            server.restart();
            RedisRegisters.Connection after = redis.connect();
            assertFalse(before.isOpen(), "a connection never reconnects by itself");
            assertNotEquals(before.runId(), after.runId());
            assertNull(after.read("k"), "without persistence a restart loses every write");
        }
    }

    @Test
    void aPausedServerTimesCommandsOutAndAKillEndsTheOnesInFlight() throws Exception {
        try (RedisServer server = RedisServer.start(); RedisRegisters redis = RedisRegisters.warmedUp(server.port(), TIMEOUT)) {
            RedisRegisters.Connection c = connected(redis);
            RedisRegisters.Connection other = connected(redis);
            server.pause();
            assertThrows(RedisCommandTimeoutException.class, () -> c.read("k"));
            CompletableFuture<Long> inFlight = CompletableFuture.supplyAsync(() -> other.read("k"));
            Thread.sleep(50); // well within the command timeout: the GET is out, unanswered
            server.kill();
            ExecutionException e = assertThrows(ExecutionException.class, inFlight::get);
            assertTrue(e.getCause() instanceof RuntimeException, e.getCause()::toString);
        }
    }

    /**
     * A connection to the healthy server, tried again when it times out (at {@link #TIMEOUT} it may, on a loaded
     * machine); the bound is only against a server that never answers.
     */
    private static RedisRegisters.Connection connected(RedisRegisters redis) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                return redis.connect();
            } catch (RuntimeException e) {
                if (attempt == 200) {
                    throw e;
                }
                Thread.sleep(50);
            }
        }
    }
}
