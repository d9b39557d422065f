package dev.ariadne.spark;

import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spark-submit entry point as a user sees it: its output, the files it writes and its exit statuses. */
class SparkCheckTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("maven.multiModuleProjectDirectory",
            ".."), "examples");

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        SparkCheck.Command c = SparkCheck.parse(args);
        return SparkCheck.check(TestSpark.session(), c, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aViolationExitsOneAndWritesTheTableAndTheSummary() throws Exception {
        Path output = tmp.resolve("out");
        int status = run("--output", output.toString(), "--output-format", "json",
                EXAMPLES.resolve("kv-bad.edn").toString());
        assertEquals(1, status, err());
        assertEquals("2 keys, 5 operations: 1 LINEARIZABLE, 1 NOT_LINEARIZABLE\n"
                + "not linearizable: key \"y\"\n"
                + "per-key results: " + output + "/results (json), summary: " + output + "/summary.json\n", out());
        String summary = Files.readString(output.resolve("summary.json"));
        assertTrue(summary.contains("\"status\" : 1"), summary);
        assertTrue(summary.contains("\"violating\" : [ \"key \\\"y\\\"\" ]"), summary);
        List<Row> rows = TestSpark.session().read().json(output.resolve("results").toString())
                .select("key", "verdict", "operations").orderBy("key").collectAsList();
        assertEquals("[[key \"x\",LINEARIZABLE,2], [key \"y\",NOT_LINEARIZABLE,3]]", rows.toString());
    }

    @Test
    void existingResultsAreNotOverwrittenUnlessAsked() throws Exception {
        Path output = tmp.resolve("out");
        String file = EXAMPLES.resolve("register-ok.jsonl").toString();
        assertEquals(0, run("--output", output.toString(), "--model", "cas-register", file), err());
        assertEquals(74, run("--output", output.toString(), "--model", "cas-register", file));
        assertTrue(err().startsWith("ariadne-spark: cannot write " + output + ": "), err());
        assertEquals(0, run("--output", output.toString(), "--overwrite", "--model", "cas-register", file), err());
        assertEquals(1, TestSpark.session().read().parquet(output.resolve("results").toString()).count());
    }

    @Test
    void badInputExitsSixtyFiveNamingTheFileAndLine() throws Exception {
        Path bad = tmp.resolve("bad.jsonl");
        Files.writeString(bad, "{\"type\":\"call\",\"client\":0,\"f\":\"put\",\"key\":\"x\",\"value\":1}\n"
                + "{\"type\":\"return\",\"client\":0,\"output\":nul}\n");
        assertEquals(65, run("--model", "kv", bad.toString()));
        assertTrue(err().startsWith("ariadne-spark: " + bad + ":2: "), err());
        assertEquals("", out());
    }

    @Test
    void usageErrorsExitSixtyFour() {
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        assertEquals(64, SparkCheck.run(new String[]{"--timeout", "soon", "x"}, System.out,
                new PrintStream(e, true, StandardCharsets.UTF_8)));
        assertTrue(e.toString(StandardCharsets.UTF_8).startsWith("ariadne-spark: --timeout: 'soon' is not a positive "
                + "duration such as 500ms, 30s, 5m or 1h\nUsage: "), e.toString(StandardCharsets.UTF_8));
        assertEquals(64, run("--engine", "warp", EXAMPLES.resolve("kv-bad.edn").toString()));
        assertTrue(err().startsWith("ariadne-spark: "), err());
    }

    /**
     * The HTML page of a violating key, rendered on demand from the check's results: it names the key and holds its
     * operations, the core's among them, with every history value escaped (a value cannot end the page's script).
     */
    @Test
    void theReportCommandWritesTheHtmlPageOfAViolatingKey() throws Exception {
        Path in = tmp.resolve("in");
        Histories.write(in.resolve("a.jsonl"), List.of(
                "{\"type\":\"call\",\"client\":0,\"f\":\"put\",\"key\":\"<b>k&\",\"value\":\"1\"}",
                "{\"type\":\"return\",\"client\":0}",
                "{\"type\":\"call\",\"client\":1,\"f\":\"get\",\"key\":\"<b>k&\"}"), false);
        Histories.write(in.resolve("b.jsonl"), List.of(
                "{\"type\":\"return\",\"client\":1,\"output\":\"</script><i>\"}",
                "{\"type\":\"call\",\"client\":0,\"f\":\"put\",\"key\":\"y\",\"value\":\"2\"}",
                "{\"type\":\"return\",\"client\":0}"), false);
        Path output = tmp.resolve("out");
        assertEquals(1, run("--output", output.toString(), "--model", "kv", in.toString()), err());
        assertTrue(Files.readString(output.resolve("check.json")).contains("\"model\" : \"kv\""));
        Path page = tmp.resolve("page.html");
        out.reset();
        int status = SparkCheck.report(TestSpark.session(), output.toString(), "<b>k&", page.toString(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, status, err());
        assertEquals("key \"<b>k&\": NOT_LINEARIZABLE, 2 operations; page: " + page + "\n", out());
        String html = Files.readString(page);
        assertTrue(html.startsWith("<!DOCTYPE html>"), html.substring(0, 40));
        assertTrue(html.contains("\"source\":\"key \\\"\\u003Cb\\u003Ek\\u0026\\\"\""), "names the key");
        assertTrue(html.contains("\\u003C/script\\u003E\\u003Ci\\u003E"), "the core's get and its output");
        assertTrue(!html.contains("</script><i>") && !html.contains("<b>k&"), "values escaped");
        assertEquals(64, SparkCheck.report(TestSpark.session(), output.toString(), "nope", page.toString(),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(err().contains("have no key nope (nor key \"nope\")"), err());
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        assertEquals(64, SparkCheck.run(new String[]{"report", "--key", "x"}, System.out,
                new PrintStream(e, true, StandardCharsets.UTF_8)));
        assertTrue(e.toString(StandardCharsets.UTF_8).startsWith("ariadne-spark: report needs --results, --key "
                + "and --html\nUsage: "), e.toString(StandardCharsets.UTF_8));
    }
}
