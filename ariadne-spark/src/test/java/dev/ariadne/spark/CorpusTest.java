package dev.ariadne.spark;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Porcupine's corpus (beside the repository; skipped where absent) on Spark: every file checked as a history of its
 * own gets the verdict EXPECTED.tsv lists (which {@code ariadne check} gives, PorcupineCorpusTest), and the kv
 * histories checked per key in the executors get the same overall verdicts: all 108 files, those of 50 clients too.
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
            expectedByModel.computeIfAbsent(f[1], m -> new TreeMap<>()).put(dir.resolve(f[0]).toString(),
                    f[2].equals("linearizable") ? "LINEARIZABLE" : "NOT_LINEARIZABLE");
        }
        int files = 0;
        List<String> undecided = new ArrayList<>();
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
            CheckSpec spec = CheckSpec.of(links.toString()).withPerFile(true).withModel(e.getKey());
            List<KeyResult> rows = AriadneSpark.rows(TestSpark.session(), spec).collect();
            Map<String, String> got = new TreeMap<>();
            for (KeyResult r : rows) {
                got.put(r.getKey(), r.getVerdict());
                if (r.getVerdict().equals("UNKNOWN")) {
                    // a budget ran out in the task: ariadne check with the task's budgets (one thread, the
                    // task's memory share) says the same, with the same reason
                    ReadResult read = HistoryReaders.load(Path.of(r.getKey()), ReadOptions.defaults());
                    Result inProcess = Checker.check(read.history(), BuiltinModels.byName(e.getKey(),
                                    ModelOptions.defaults().withNilRead(read.nilRead())),
                            new KeyCheck(e.getKey(), spec, read.nilRead(), List.of()).options());
                    assertEquals("UNKNOWN " + r.getReason(), inProcess.verdict() + " " + inProcess.reason(),
                            r.getKey());
                    got.put(r.getKey(), expected.get(r.getKey()));
                    undecided.add(Path.of(r.getKey()).getFileName() + ": " + r.getReason());
                }
            }
            assertEquals(expected, got);
            files += rows.size();
        }
        assertEquals(108, files, "EXPECTED.tsv lists 102 etcd logs and 6 kv histories");
        // even porcupine's hardest history, checked whole on one thread in its task's memory share, is decided: its
        // keys are searched in rounds of equal work, and a violated key is found before the hard ones fill memory
        assertEquals(List.of(), undecided);
    }

    @Test
    void theKvHistoriesCheckedPerKeyInTheExecutorsGetTheirExpectedVerdicts() throws Exception {
        Path dir = corpus();
        List<String> got = new ArrayList<>();
        for (String name : List.of("c01-ok", "c01-bad", "c10-ok", "c10-bad", "c50-ok", "c50-bad")) {
            Path file = dir.resolve("kv/" + name + ".txt");
            List<KeyResult> rows = AriadneSpark.rows(TestSpark.session(),
                    CheckSpec.of(file.toString()).withModel("kv")).collect();
            // every key the in-process check decides gets its verdict (keys it cancelled after a violation, or that
            // ran out of its budget, left out)
            Map<String, String> reference = AriadneSparkTest.reference(file, "kv");
            for (KeyResult r : rows) {
                String v = reference.get(r.getKey());
                if (v != null && !v.equals("UNKNOWN")) {
                    assertEquals(v, r.getVerdict(), name + " " + r.getKey());
                }
            }
            boolean violated = rows.stream().anyMatch(r -> r.getVerdict().equals("NOT_LINEARIZABLE"));
            boolean unknown = rows.stream().anyMatch(r -> r.getVerdict().equals("UNKNOWN"));
            got.add(name + " " + (violated ? "NOT_LINEARIZABLE" : unknown ? "UNKNOWN" : "LINEARIZABLE"));
        }
        assertEquals(List.of("c01-ok LINEARIZABLE", "c01-bad NOT_LINEARIZABLE", "c10-ok LINEARIZABLE",
                "c10-bad NOT_LINEARIZABLE", "c50-ok LINEARIZABLE", "c50-bad NOT_LINEARIZABLE"), got);
    }
}
