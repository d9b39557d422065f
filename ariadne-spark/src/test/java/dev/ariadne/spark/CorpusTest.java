package dev.ariadne.spark;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Porcupine's corpus (beside the repository; skipped where absent) on Spark: every file checked as a history of its
 * own gets the verdict EXPECTED.tsv lists (which {@code ariadne check} gives, PorcupineCorpusTest), and the kv
 * histories checked per key in the executors get the same overall verdicts. The two histories of 50 clients are left
 * out: they take minutes of CPU, too much for the module's test budget on a loaded 2-core machine.
 */
class CorpusTest {
    @TempDir
    Path tmp;

    private static Path corpus() {
        Path dir = Path.of(System.getProperty("ariadne.corpus", "../../shared/testdata/porcupine"));
        Assumptions.assumeTrue(Files.isRegularFile(dir.resolve("EXPECTED.tsv")),
                "porcupine corpus not found at " + dir.toAbsolutePath().normalize() + "; skipping corpus tests");
        return dir;
    }

    @Test
    void everyCorpusFileGetsItsExpectedVerdict() throws Exception {
        Path dir = corpus();
        Map<String, Map<String, String>> expectedByModel = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve("EXPECTED.tsv"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (f[0].startsWith("kv/c50")) {
                continue; // 50 clients: minutes of CPU for the test's loaded 2 cores (PorcupineCorpusTest has them)
            }
            expectedByModel.computeIfAbsent(f[1], m -> new TreeMap<>()).put(dir.resolve(f[0]).toString(),
                    f[2].equals("linearizable") ? "LINEARIZABLE" : "NOT_LINEARIZABLE");
        }
        int files = 0;
        for (Map.Entry<String, Map<String, String>> e : expectedByModel.entrySet()) {
            // one directory of links per model: a --per-file check of all its files at once
            Path links = Files.createDirectories(tmp.resolve(e.getKey()));
            Map<String, String> expected = new TreeMap<>();
            for (Map.Entry<String, String> f : e.getValue().entrySet()) {
                Path link = links.resolve(Path.of(f.getKey()).getParent().getFileName() + "-"
                        + Path.of(f.getKey()).getFileName());
                Files.createSymbolicLink(link, Path.of(f.getKey()).toAbsolutePath());
                expected.put(link.toString(), f.getValue());
            }
            List<KeyResult> rows = AriadneSpark.rows(TestSpark.session(),
                    CheckSpec.of(links.toString()).withPerFile(true).withModel(e.getKey())).collect();
            assertEquals(expected, rows.stream().collect(Collectors.toMap(KeyResult::getKey, KeyResult::getVerdict,
                    (a, b) -> a, TreeMap::new)));
            files += rows.size();
        }
        assertEquals(106, files, "EXPECTED.tsv lists 102 etcd logs and 6 kv histories, 2 of them left out");
    }

    @Test
    void theKvHistoriesCheckedPerKeyInTheExecutorsGetTheirExpectedVerdicts() {
        Path dir = corpus();
        List<String> got = new ArrayList<>();
        for (String name : List.of("c01-ok", "c01-bad", "c10-ok", "c10-bad")) {
            List<KeyResult> rows = AriadneSpark.rows(TestSpark.session(),
                    CheckSpec.of(dir.resolve("kv/" + name + ".txt").toString()).withModel("kv")).collect();
            boolean violated = rows.stream().anyMatch(r -> r.getVerdict().equals("NOT_LINEARIZABLE"));
            boolean unknown = rows.stream().anyMatch(r -> r.getVerdict().equals("UNKNOWN"));
            got.add(name + " " + (violated ? "NOT_LINEARIZABLE" : unknown ? "UNKNOWN" : "LINEARIZABLE"));
        }
        assertEquals(List.of("c01-ok LINEARIZABLE", "c01-bad NOT_LINEARIZABLE", "c10-ok LINEARIZABLE",
                "c10-bad NOT_LINEARIZABLE"), got);
    }
}
