package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The launcher's training run (for its class-data-sharing archive) ends with status 0 and leaves nothing in the
 * temporary folder: it used to exit from inside its try block, which skipped the deletion of its files.
 */
class TrainingTest {
    @Test
    void aTrainingRunLeavesNothingInTheTemporaryFolder(@TempDir Path tmp) throws Exception {
        Path log = Files.createTempFile("ariadne-training-test", ".log");
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djava.io.tmpdir=" + tmp, "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                    "-cp", System.getProperty("java.class.path"), Training.class.getName())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            p.getOutputStream().close();
            assertEquals(0, p.waitFor(), Files.readString(log));
            assertEquals("", Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
