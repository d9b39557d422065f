package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --timeout} bounds the reading too (issue 22): an input that never ends, or never opens, is UNKNOWN (2)
 * once the time is up, saying where the reading was. Every input here blocks or streams for ever, so the outcome
 * is the same however fast the machine is.
 */
class TimeoutReadingTest {
    private static final Path OK = Path.of("..", "examples", "register-ok.jsonl");

    @TempDir
    Path dir;

    @Test
    void aFifoNobodyOpensIsUnknownAtTheTimeout() throws Exception {
        Path fifo = Fifos.make(dir.resolve("nobody.fifo"));
        try {
            CliRunner r = CliRunner.run("check", "--timeout", "300ms", fifo.toString());
            assertEquals(2, r.status(), r.out() + r.err());
            assertEquals(fifo + ": UNKNOWN (time limit of 0.3s reached while opening the input)\n", r.out());
        } finally {
            Fifos.release(fifo);
        }
    }

    @Test
    void aWriterThatFallsSilentIsUnknownAtTheLineItReached() throws Exception {
        Path fifo = Fifos.make(dir.resolve("silent.fifo"));
        byte[] lines = Files.readAllBytes(OK); // 7 complete lines, then nothing more and no end
        long count = new String(lines, StandardCharsets.UTF_8).lines().count();
        CountDownLatch done = new CountDownLatch(1);
        Thread writer = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.write(lines);
                out.flush();
                done.await();
            } catch (IOException | InterruptedException e) {
                // the reader went away
            }
        });
        writer.setDaemon(true);
        writer.start();
        try {
            CliRunner r = CliRunner.run("check", "--timeout", "500ms", fifo.toString(), OK.toString());
            assertEquals(2, r.status(), r.out() + r.err());
            assertTrue(r.out().startsWith(fifo + ": UNKNOWN (time limit of 0.5s reached while reading line "
                    + (count + 1) + ")\n"), r.out());
            assertTrue(r.out().contains("register-ok.jsonl: "), "the next file is checked: " + r.out());
        } finally {
            done.countDown();
        }
    }

    @Test
    void anEndlessStreamOfBlankLinesIsUnknownAtTheTimeout() throws Exception {
        Path fifo = Fifos.make(dir.resolve("endless.fifo"));
        Thread writer = new Thread(() -> {
            byte[] blank = new byte[1 << 16];
            java.util.Arrays.fill(blank, (byte) '\n');
            try (OutputStream out = Files.newOutputStream(fifo)) {
                while (true) {
                    out.write(blank);
                }
            } catch (IOException e) {
                // the reader stopped: a broken pipe
            }
        });
        writer.setDaemon(true);
        writer.start();
        CliRunner r = CliRunner.run("check", "--format", "json", "--timeout", "300ms", fifo.toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith(fifo + ": UNKNOWN (time limit of 0.3s reached while reading line "), r.out());
    }
}
