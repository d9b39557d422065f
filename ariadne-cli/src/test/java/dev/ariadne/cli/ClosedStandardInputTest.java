package dev.ariadne.cli;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code ariadne check - <&-}: descriptor 0 closed at start-up becomes one of the JVM's own files, which must not be
 * read as a history. Run in a forked JVM, the only way to start one with descriptor 0 closed.
 */
class ClosedStandardInputTest {
    private static final String EXPECTED = "standard input is closed (descriptor 0 was closed when ariadne started, "
            + "as by <&-); give a file, or redirect standard input";

    private static String[] run(String args) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String command = "exec '" + java + "' -XX:TieredStopAtLevel=1 -cp \"$CP\" dev.ariadne.cli.Main " + args
                + " <&-";
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", command);
        pb.environment().put("CP", System.getProperty("java.class.path"));
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "no answer");
        return new String[]{String.valueOf(p.exitValue()),
                new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)};
    }

    @Test
    void checkAndConvertOfAClosedStandardInputExit65() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")) && new File("/bin/bash").canExecute(),
                "needs Linux's /proc and bash");
        String[] check = run("check -");
        assertEquals("65", check[0], check[1] + check[2]);
        assertEquals("ariadne: cannot read -: " + EXPECTED + "\n", check[2]);
        String[] follow = run("check --follow --model register -");
        assertEquals("65", follow[0], follow[1] + follow[2]);
        assertTrue(follow[2].contains(EXPECTED), follow[2]);
        String[] convert = run("convert - --to json -");
        assertEquals("65", convert[0], convert[2]);
        assertEquals("", convert[1]);
    }

    @Test
    void theJvmsOwnFilesAreRecognised() {
        assertTrue(StandardInput.isJvmFile(Path.of(System.getProperty("java.home"), "lib", "modules")));
        for (String entry : List.of(System.getProperty("java.class.path").split(File.pathSeparator))) {
            if (entry.endsWith(".jar")) {
                assertTrue(StandardInput.isJvmFile(Path.of(entry).toAbsolutePath()), entry);
            }
        }
        assertFalse(StandardInput.isJvmFile(Path.of("/dev/null")));
        assertFalse(StandardInput.isJvmFile(Path.of("/tmp/history.jsonl")));
    }
}
