package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check --follow} on a FIFO (as {@code <(…)} and {@code /dev/stdin} on a pipe are): read as a stream to its
 * end, not polled at a position ("Illegal seek"); one that no writer opens still ends at {@code --timeout}.
 */
class FollowFifoTest {
    @TempDir
    Path dir;

    @Test
    void aFifoIsFollowedToItsEnd() throws Exception {
        Path fifo = Fifos.make(dir.resolve("history.fifo"));
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(Files.readAllBytes(Path.of("..", "examples", "register-ok.jsonl")));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliRunner r = CliRunner.run("check", "--follow", "--model", "cas-register", fifo.toString());
        writer.get(60, TimeUnit.SECONDS);
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith(fifo + ": LINEARIZABLE"), r.out());
    }

    @Test
    void aFifoNobodyOpensEndsAtTheTimeout() throws Exception {
        Path fifo = Fifos.make(dir.resolve("nobody.fifo"));
        try {
            CliRunner r = CliRunner.run("check", "--follow", "--timeout", "300ms", "--model", "register",
                    fifo.toString());
            assertEquals(2, r.status(), r.out() + r.err());
            assertTrue(r.out().startsWith(fifo + ": UNKNOWN (time limit of 0.3s reached before the first event"),
                    r.out());
        } finally {
            Fifos.release(fifo);
        }
    }
}
