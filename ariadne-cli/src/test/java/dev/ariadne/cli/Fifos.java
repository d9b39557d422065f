package dev.ariadne.cli;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Named pipes for tests of inputs that block: made with mkfifo (the test is skipped where there is none). */
final class Fifos {
    private Fifos() {
    }

    static Path make(Path file) throws Exception {
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", file.toString()).start();
        } catch (IOException e) {
            Assumptions.abort("mkfifo is not available: " + e.getMessage());
            return file;
        }
        Assumptions.assumeTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");
        return file;
    }

    /**
     * Opens {@code fifo} for writing and closes it at once, on a daemon thread: a reader a test left blocked in
     * opening it (or reading it) sees the end and returns, instead of staying blocked in the test JVM.
     */
    static void release(Path fifo) {
        Thread t = new Thread(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                out.flush();
            } catch (IOException e) {
                // nobody was waiting
            }
        }, "release-" + fifo.getFileName());
        t.setDaemon(true);
        t.start();
    }
}
