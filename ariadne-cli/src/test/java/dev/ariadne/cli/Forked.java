package dev.ariadne.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The command run in a JVM of its own, for what an in-process run cannot show: a small heap ({@code -Xmx}), a
 * signal, a real standard input. It runs on the test's own class path with the java of {@code java.home}, the
 * serial collector as {@code ./ariadne} uses.
 */
record Forked(int status, String out, String err) {
    /** How long a run may take before the test gives up on it: generous, a loaded machine is slow. */
    static final long LIMIT_SECONDS = 300;

    static List<String> command(String heap, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx" + heap, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Runs {@code ariadne args} with a heap of {@code heap} (such as {@code 32m}), standard input empty. */
    static Forked run(Path dir, String heap, String... args) throws Exception {
        return run(dir, new ProcessBuilder(command(heap, args)).redirectInput(ProcessBuilder.Redirect.from(
                Path.of("/dev/null").toFile())));
    }

    /** Runs {@code builder} to its end, its output captured in files under {@code dir}. */
    static Forked run(Path dir, ProcessBuilder builder) throws Exception {
        Path out = Files.createTempFile(dir, "forked", ".out");
        Path err = Files.createTempFile(dir, "forked", ".err");
        Process p = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return finish(p, out, err);
    }

    /** Waits for {@code p}; its output is in {@code out} (read as empty when absent) and {@code err}. */
    static Forked finish(Process p, Path out, Path err) throws InterruptedException, IOException {
        if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("still running after " + LIMIT_SECONDS + " s: " + Files.readString(err));
        }
        return new Forked(p.exitValue(), Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "",
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** No Java stack trace, in either stream: a user sees messages, not frames. */
    Forked assertNoStackTrace() {
        for (String s : List.of(out, err)) {
            assertFalse(s.contains("\tat ") || s.contains("Exception in thread") || s.contains("OutOfMemoryError"),
                    "a stack trace or a Java exception name:\n" + s);
        }
        return this;
    }

    Forked assertStatus(int expected) {
        assertTrue(status == expected, "exit status " + status + ", expected " + expected + "\n" + out + err);
        return this;
    }
}
