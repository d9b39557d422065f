package dev.ariadne.io;

import dev.ariadne.core.history.History;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every history of porcupine's corpus parses with auto-detection. */
class CorpusTest {
    @Test
    void everyCorpusFileParses() throws Exception {
        Path corpus = Path.of(System.getProperty("ariadne.corpus", "../../shared/testdata/porcupine"));
        Assumptions.assumeTrue(Files.isDirectory(corpus), "porcupine corpus not found at " + corpus + "; skipping");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(corpus)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().matches("(?i)readme.*|.*\\.(md|tsv)"))
                    .sorted()
                    .toList();
        }
        assertFalse(files.isEmpty(), "no history files in " + corpus);
        int histories = 0;
        for (Path file : files) {
            History h = HistoryReaders.read(file, Format.AUTO);
            if (Files.size(file) == 0) {
                assertTrue(h.isEmpty(), file.toString()); // jepsen/etcd_095.log is empty in porcupine too
                continue;
            }
            Format expected = file.toString().endsWith(".log") ? Format.JEPSEN_LOG : Format.EDN;
            assertEquals(expected, HistoryReaders.detect(file), file.toString());
            assertTrue(h.size() > 0, file + " has no operations");
            histories++;
        }
        assertTrue(histories >= files.size() - 1, histories + " histories among " + files.size() + " files");
    }
}
