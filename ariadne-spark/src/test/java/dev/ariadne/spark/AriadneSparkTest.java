package dev.ariadne.spark;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import dev.ariadne.workloads.Workloads;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The verdicts of the Spark check against those of the in-process check ({@code ariadne check}'s
 * {@link Checker}) on the same input: the project's examples, seeded multi-key kv histories split across many
 * (partly gzipped) files, and a directory of many small histories; and what a user sees for bad input and a key
 * that is too big.
 */
class AriadneSparkTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("maven.multiModuleProjectDirectory",
            ".."), "examples");

    @TempDir
    Path tmp;

    private static SparkSession spark() {
        return TestSpark.session();
    }

    /** Per key, the in-process verdicts of {@code file} checked whole (keys cancelled after a violation left out). */
    static Map<String, String> reference(Path file, String model) throws Exception {
        ReadResult read = HistoryReaders.load(file, ReadOptions.defaults().withFormat(Format.AUTO));
        History h = read.history();
        ModelOptions mo = ModelOptions.defaults().withNilRead(read.nilRead());
        Result r = Checker.check(h, BuiltinModels.byName(model, mo),
                CheckOptions.defaults().withCoreTimeout(null).withParallelism(1));
        Map<String, String> verdicts = new TreeMap<>();
        for (PartitionResult p : r.partitions()) {
            if (p.reason() == null || !p.reason().startsWith("cancelled")) {
                verdicts.put(p.label(), p.verdict().name());
            }
        }
        verdicts.put("(overall)", r.verdict().name());
        return verdicts;
    }

    private static Map<String, String> verdicts(List<KeyResult> rows) {
        return rows.stream().collect(Collectors.toMap(KeyResult::getKey, KeyResult::getVerdict, (a, b) -> a,
                TreeMap::new));
    }

    private static String overall(List<KeyResult> rows) {
        return rows.stream().anyMatch(r -> r.getVerdict().equals("NOT_LINEARIZABLE")) ? "NOT_LINEARIZABLE"
                : rows.stream().anyMatch(r -> r.getVerdict().equals("UNKNOWN")) ? "UNKNOWN" : "LINEARIZABLE";
    }

    static void assertSameVerdicts(Map<String, String> expected, List<KeyResult> rows) {
        Map<String, String> got = verdicts(rows);
        assertEquals(expected.get("(overall)"), overall(rows), "overall verdict");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            if (!e.getKey().equals("(overall)")) {
                assertEquals(e.getValue(), got.get(e.getKey()), "verdict of " + e.getKey());
            }
        }
    }

    @Test
    void examplesGetTheVerdictsOfTheInProcessCheck() throws Exception {
        Map<String, String> models = Map.of("register-ok.jsonl", "cas-register", "register-bad.jsonl", "cas-register",
                "kv-bad.edn", "kv", "cas-register-nemesis-bad.edn", "cas-register");
        for (Map.Entry<String, String> e : models.entrySet()) {
            Path file = EXAMPLES.resolve(e.getKey());
            List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(file.toString()).withModel(e.getValue()))
                    .collect();
            assertSameVerdicts(reference(file, e.getValue()), rows);
        }
    }

    @Test
    void theModelIsInferredAsAriadneCheckInfersIt() {
        Path file = EXAMPLES.resolve("kv-bad.edn");
        List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(file.toString())).collect();
        KeyResult bad = rows.stream().filter(r -> r.getVerdict().equals("NOT_LINEARIZABLE")).findFirst().orElseThrow();
        assertEquals("key \"y\"", bad.getKey());
        assertTrue(bad.getText().contains("NOT LINEARIZABLE") || bad.getText().contains("not linearizable"),
                bad.getText());
        assertTrue(bad.getJson().startsWith("{"), bad.getJson());
        assertNotNull(bad.getCoreLines());
        assertTrue(bad.getCoreLines().startsWith("key \"y\":") || bad.getCoreLines().contains("kv-bad.edn:"),
                bad.getCoreLines());
    }

    @Test
    void aMultiKeyHistorySplitAcrossGzippedFilesGetsTheVerdictsOfTheWholeFile() throws Exception {
        for (List<Integer> violated : List.of(List.<Integer>of(), List.of(1, 4))) {
            List<String> lines = Histories.kvEvents(6, 300, violated, 7);
            Path whole = tmp.resolve("whole-" + violated.size() + ".jsonl");
            Histories.write(whole, lines, false);
            Path dir = tmp.resolve("parts-" + violated.size());
            Histories.split(dir, lines, 7);
            Files.writeString(dir.resolve("_SUCCESS"), "");
            Map<String, String> expected = reference(whole, "kv");
            List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(dir.toString()).withModel("kv"))
                    .collect();
            assertEquals(30, rows.size(), "6 groups of 5 keys");
            assertSameVerdicts(expected, rows);
            assertEquals(violated.isEmpty() ? "LINEARIZABLE" : "NOT_LINEARIZABLE", overall(rows));
            for (KeyResult r : rows) {
                if (r.getVerdict().equals("NOT_LINEARIZABLE")) {
                    assertTrue(r.getKey().startsWith("key \"g1/") || r.getKey().startsWith("key \"g4/"), r.getKey());
                    assertTrue(r.getCoreLines().matches("(.*part-0000\\d\\.jsonl(\\.gz)?:\\d+,?)+"), r.getCoreLines());
                }
            }
        }
    }

    @Test
    void aDirectoryOfSmallHistoriesIsCheckedFileByFile() throws Exception {
        Path dir = tmp.resolve("many");
        Map<String, String> expected = new TreeMap<>();
        for (int i = 0; i < 24; i++) {
            History h = Workloads.generate(Workloads.Spec.of("register", 3, 40).withSeed(i).withViolation(i % 5 == 2));
            Path f = dir.resolve("run-" + i + (i % 4 == 0 ? ".jsonl.gz" : ".jsonl"));
            Files.createDirectories(dir);
            java.io.StringWriter text = new java.io.StringWriter();
            dev.ariadne.io.JsonLinesWriter.write(h, text);
            Histories.write(f, List.of(text.toString().strip()), i % 4 == 0);
            expected.put(f.toString(), Checker.check(HistoryReaders.read(f, Format.AUTO),
                    BuiltinModels.byName("register"), CheckOptions.defaults().withCoreTimeout(null)).verdict().name());
        }
        List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(dir.toString()).withPerFile(true)).collect();
        assertEquals(expected, verdicts(rows));
        assertTrue(expected.containsValue("NOT_LINEARIZABLE"));
    }

    @Test
    void aReturnWithoutItsCallIsBadInputNamingTheFileAndLine() throws Exception {
        Path dir = tmp.resolve("bad");
        Histories.write(dir.resolve("a.jsonl"), List.of(
                "{\"type\":\"call\",\"client\":0,\"f\":\"put\",\"key\":\"x\",\"value\":\"1\"}",
                "{\"type\":\"return\",\"client\":0}"), false);
        Histories.write(dir.resolve("b.jsonl"), List.of(
                "{\"type\":\"call\",\"client\":1,\"f\":\"get\",\"key\":\"x\"}",
                "{\"type\":\"return\",\"client\":2,\"output\":\"1\"}"), false);
        SparkCheckException e = assertThrows(SparkCheckException.class,
                () -> AriadneSpark.rows(spark(), CheckSpec.of(dir.toString()).withModel("kv")));
        assertEquals(65, e.status());
        assertEquals(dir.resolve("b.jsonl") + ":2: client 2 returns but has no open operation (a completion "
                + "without its invocation)", e.getMessage());
    }

    @Test
    void aJepsenHistorySplitBetweenAnInvocationAndItsCompletionGetsTheVerdictsOfTheWholeFile() throws Exception {
        Path whole = EXAMPLES.resolve("kv-bad.edn");
        List<String> lines = Files.readAllLines(whole);
        Path dir = tmp.resolve("edn");
        // a.edn ends with two invocations whose completions open b.edn
        Histories.write(dir.resolve("a.edn"), lines.subList(0, 3), false);
        Histories.write(dir.resolve("b.edn"), lines.subList(3, lines.size()), false);
        List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(dir.toString()).withModel("kv")).collect();
        assertSameVerdicts(reference(whole, "kv"), rows);
        assertEquals("NOT_LINEARIZABLE", overall(rows));
    }

    @Test
    void aKeyTooBigIsUnknownWithTheReasonNeverAGuess() throws Exception {
        Path file = tmp.resolve("kv.jsonl");
        Histories.write(file, Histories.kvEvents(1, 200, List.of(), 3), false);
        List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(file.toString()).withModel("kv")
                .withMaxKeyOperations(30)).collect();
        assertTrue(rows.stream().allMatch(r -> r.getVerdict().equals("UNKNOWN")), rows.toString());
        assertTrue(rows.get(0).getReason().startsWith("key too big: "), rows.get(0).getReason());
        assertTrue(rows.get(0).getReason().endsWith(" operations, more than the per-key limit of 30 "
                + "(--max-key-operations); it was not checked"), rows.get(0).getReason());
    }

    /**
     * A hot key (10% of a generated history, scaled down: 326 of 3,000 operations, over the hot-key threshold of
     * 200) is checked in a stage of its own, alone in its executor with the memory budget of the whole executor, and
     * reported with its own time and memory; its verdict and every other key's are those of the in-process check.
     */
    @Test
    void aHotKeyIsCheckedAloneAndReportedWithItsOwnTimeAndMemory() throws Exception {
        for (boolean violation : new boolean[]{true, false}) {
            dev.ariadne.workloads.KvStream.Written[] w = new dev.ariadne.workloads.KvStream.Written[1];
            List<String> lines = Histories.kvStream(new dev.ariadne.workloads.KvStream.Spec(3000, 40, 8, 1,
                    violation, 0.1), w);
            assertEquals(326, w[0].hotOperations());
            assertEquals(violation ? "k0" : null, w[0].violatedKey(), "seed 1 puts the violation on the hot key");
            Path whole = tmp.resolve("hot-" + violation + ".jsonl");
            Histories.write(whole, lines, false);
            Path dir = tmp.resolve("hot-parts-" + violation);
            Histories.split(dir, lines, 3);
            List<KeyResult> rows = AriadneSpark.rows(spark(), CheckSpec.of(dir.toString()).withModel("kv")
                    .withHotKeyOperations(200)).collect();
            assertSameVerdicts(reference(whole, "kv"), rows);
            assertEquals(40, rows.size());
            KeyResult hot = rows.stream().filter(r -> r.getKey().equals("key \"k0\"")).findFirst().orElseThrow();
            assertEquals(violation ? "NOT_LINEARIZABLE" : "LINEARIZABLE", hot.getVerdict());
            assertEquals(326, hot.getOperations());
            assertEquals("hot", hot.getStage());
            assertTrue(hot.getMillis() > 0, "its own time");
            assertEquals(Runtime.getRuntime().maxMemory() / 2, hot.getMemoryBudget(), "half the executor's heap");
            assertNotNull(hot.getHeapPeak(), "its own measured memory");
            assertTrue(hot.getHeapPeak() > 0);
            for (KeyResult r : rows) {
                if (r != hot) {
                    assertEquals("key", r.getStage(), r.getKey());
                    assertEquals(null, r.getHeapPeak(), r.getKey());
                    assertTrue(r.getMemoryBudget() < hot.getMemoryBudget(), "a share of the executor: " + r);
                }
            }
            Summary summary = Summary.of(AriadneSpark.rows(spark(), CheckSpec.of(dir.toString()).withModel("kv")
                    .withHotKeyOperations(200)));
            assertEquals(List.of("key \"k0\""), summary.hot().stream().map(KeyResult::getKey).toList());
            assertTrue(summary.toJson().contains("\"hot\" : [ {\n    \"key\" : \"key \\\"k0\\\"\",\n    \"verdict\" : \""
                    + hot.getVerdict() + "\",\n    \"operations\" : 326,"), summary.toJson());
        }
    }
}
