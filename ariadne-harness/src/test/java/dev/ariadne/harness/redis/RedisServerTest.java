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
    private static final Duration TIMEOUT = Duration.ofMillis(300);

    @Test
    void readsWritesAndComparesAndSets() throws Exception {
        try (RedisServer server = RedisServer.start(); RedisRegisters redis = RedisRegisters.warmedUp(server.port(), TIMEOUT);
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
        try (RedisServer server = RedisServer.start(); RedisRegisters redis = RedisRegisters.warmedUp(server.port(), TIMEOUT)) {
            RedisRegisters.Connection before = redis.connect();
            before.write("k", 7);
            server.kill();
            assertThrows(RuntimeException.class, () -> before.read("k"));
            // the read can time out before the client has seen the socket close: give it a bounded while
            for (int i = 0; i < 200 && before.isOpen(); i++) {
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
            RedisRegisters.Connection c = redis.connect();
            RedisRegisters.Connection other = redis.connect();
            server.pause();
            assertThrows(RedisCommandTimeoutException.class, () -> c.read("k"));
            CompletableFuture<Long> inFlight = CompletableFuture.supplyAsync(() -> other.read("k"));
            Thread.sleep(50); // well within the command timeout: the GET is out, unanswered
            server.kill();
            ExecutionException e = assertThrows(ExecutionException.class, inFlight::get);
            assertTrue(e.getCause() instanceof RuntimeException, e.getCause()::toString);
        }
    }
}
