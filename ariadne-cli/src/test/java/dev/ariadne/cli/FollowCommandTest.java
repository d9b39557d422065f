package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check --follow}: the verdict comes at the event that makes it certain, while the writer may still be
 * writing; the end of the input gives the final verdict; bad input and bad options get their usual statuses.
 */
class FollowCommandTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
    private static final InputStream STDIN = System.in;

    /** A register history in the native event form: a write of 1 returns, then a read sees 0. */
    private static final String VIOLATION = """
            {"type":"call","client":0,"f":"write","value":1}
            {"type":"return","client":0}
            {"type":"call","client":1,"f":"read"}
            {"type":"return","client":1,"output":0}
            """;

    @TempDir
    Path dir;

    @AfterEach
    void restoreStdin() {
        System.setIn(STDIN);
    }

    /** Lines of linearizable writes and reads by two clients, from value {@code from}. */
    private static String writesAndReads(int from, int count) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < from + count; i++) {
            s.append("{\"type\":\"call\",\"client\":0,\"f\":\"write\",\"value\":").append(i).append("}\n")
                    .append("{\"type\":\"return\",\"client\":0}\n")
                    .append("{\"type\":\"call\",\"client\":1,\"f\":\"read\"}\n")
                    .append("{\"type\":\"return\",\"client\":1,\"output\":").append(i).append("}\n");
        }
        return s.toString();
    }

    private static CompletableFuture<CliRunner> start(String... args) {
        return CompletableFuture.supplyAsync(() -> CliRunner.run(args));
    }

    private static void assertNoStackTrace(CliRunner r) {
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    @Test
    void anEarlyViolationIsReportedWhileTheWriterHasNotWrittenTheRest() throws Exception {
        PipedOutputStream writer = new PipedOutputStream();
        System.setIn(new PipedInputStream(writer, 1 << 16));
        CompletableFuture<CliRunner> check = start("check", "--follow", "--model", "register", "-");
        writer.write((writesAndReads(1, 50) + VIOLATION).getBytes(StandardCharsets.UTF_8));
        writer.flush(); // the writer stays open: the rest of the stream is never written
        CliRunner r = check.get(20, TimeUnit.SECONDS);
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith("<stdin>: NOT LINEARIZABLE"), r.out());
        assertTrue(r.out().contains("Violation: #101 client 1: read → 0"), r.out());
        assertTrue(r.out().contains("line 203 could not be placed"), "names the line of the read's call: " + r.out());
        writer.close();
    }

    @Test
    void theEndOfStandardInputGivesTheFinalVerdict() throws IOException {
        System.setIn(new ByteArrayInputStream(Files.readAllBytes(EXAMPLES.resolve("register-ok.jsonl"))));
        CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("check", "--follow", "--model", "cas-register", "-"));
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith("<stdin>: LINEARIZABLE\n  model cas-register, 7 operations"), r.out());
    }

    @Test
    void aFileThatGrowsWhileFollowedGetsTheVerdictOfTheWhole() throws Exception {
        Path file = dir.resolve("growing.jsonl");
        String all = writesAndReads(1, 20);
        int half = all.length() / 2 + 7; // in the middle of a line
        Files.writeString(file, all.substring(0, half));
        CompletableFuture<CliRunner> check = start("check", "--follow", "--follow-idle", "3s", "--model", "register",
                file.toString());
        Thread.sleep(500);
        assertFalse(check.isDone(), "the file has not stopped growing");
        Files.writeString(file, all.substring(half), StandardOpenOption.APPEND);
        CliRunner r = check.get(20, TimeUnit.SECONDS);
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("LINEARIZABLE\n  model register, 40 operations"), r.out());
    }

    @Test
    void aViolationAppendedToAFollowedFileEndsTheFollow() throws Exception {
        Path file = dir.resolve("growing.jsonl");
        Files.writeString(file, writesAndReads(1, 5));
        CompletableFuture<CliRunner> check = start("check", "--follow", "--json", "--model", "register",
                file.toString());
        Thread.sleep(500);
        assertFalse(check.isDone(), "no idle time: a FILE is followed until something ends it");
        Files.writeString(file, VIOLATION, StandardOpenOption.APPEND);
        CliRunner r = check.get(20, TimeUnit.SECONDS);
        assertEquals(1, r.status(), r.out() + r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertEquals("NOT_LINEARIZABLE", doc.get("verdict").asText());
        assertEquals(file.toString(), doc.get("files").get(0).get("file").asText());
    }

    @Test
    void aBadLineWhileFollowingExits65WithFileAndLine() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, writesAndReads(1, 2) + "{\"type\":\"return\",\"client\":7}\n");
        CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("check", "--follow", "--model", "register", file.toString()));
        assertEquals(65, r.status(), r.out() + r.err());
        assertEquals("ariadne: " + file + ":9: client 7 returns but has no open operation (a completion without "
                + "its invocation)", r.err().strip());
        assertEquals("", r.out());

        System.setIn(new ByteArrayInputStream("{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0\n"
                .getBytes(StandardCharsets.UTF_8)));
        CliRunner stdin = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("check", "--follow", "--model", "register", "-"));
        assertEquals(65, stdin.status(), stdin.out() + stdin.err());
        assertTrue(stdin.err().startsWith("ariadne: <stdin>:2: invalid EDN"), stdin.err());
        assertNoStackTrace(stdin);

        Path unknown = dir.resolve("unknown-f.jsonl");
        Files.writeString(unknown, writesAndReads(1, 1) + "{\"type\":\"call\",\"client\":0,\"f\":\"enqueue\"}\n");
        CliRunner model = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("check", "--follow", "--model", "register", unknown.toString()));
        assertEquals(65, model.status(), model.out() + model.err());
        assertTrue(model.err().startsWith("ariadne: " + unknown + ":5: "), model.err());
        assertNoStackTrace(model);
    }

    @Test
    void theTimeLimitEndsTheFollowWithWhatIsCertain() throws IOException {
        Path file = dir.resolve("ok.jsonl");
        Files.writeString(file, writesAndReads(1, 3));
        CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("check", "--follow", "--timeout", "500ms", "--model", "register", file.toString()));
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith(file + ": UNKNOWN (time limit of 0.5s reached after line 12: no violation among "
                + "the 12 events read: the 6 operations read so far, none of them open, are linearizable)"), r.out());
    }

    /**
     * Issue 12's repro: the first 100 lines of a generated history are not linearizable, and the last returns of the
     * operation form wait in the reader for a later call (one at their time would overlap them). A follow stopped
     * there may not call the lines read linearizable: it says where it got to and which operations are undecided.
     */
    @Test
    void anInterruptedFollowNamesTheUndecidedOperationsInsteadOfAVerdict() throws IOException {
        CliRunner generated = CliRunner.run("generate", "--model", "register", "--ops", "3000", "--seed", "5");
        assertEquals(0, generated.status(), generated.err());
        Path file = dir.resolve("g.jsonl");
        Files.writeString(file, generated.out().lines().limit(100).map(l -> l + "\n").reduce("", String::concat));
        CliRunner batch = CliRunner.run("check", "--model", "register", file.toString());
        assertEquals(1, batch.status(), batch.out() + batch.err());

        CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                () -> CliRunner.run("check", "--follow", "--timeout", "500ms", "--model", "register", file.toString()));
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith(file + ": UNKNOWN (time limit of 0.5s reached after line 100: no violation among "
                + "the events read up to time 424; 2 of the 100 operations read are open at that point and "
                + "undecided)"), r.out());
        assertFalse(r.out().contains("are linearizable"), r.out());
    }

    @Test
    void optionsThatMakeNoSenseWithFollowAreUsageErrors() throws IOException {
        Path file = dir.resolve("h.jsonl");
        Files.writeString(file, VIOLATION);
        String f = file.toString();
        List<List<String>> cases = List.of(
                List.of("--follow", "--model", "register", f, f),
                List.of("--follow", f),
                List.of("--follow", "--model", "register", "--engine", "dfs", f),
                List.of("--follow", "--model", "register", "--engine", "distinct-register", f),
                List.of("--follow", "--model", "register", "--new-client-after-info", f),
                List.of("--follow", "--model", "register", "--format", "omnilink", f),
                List.of("--follow", "--model", "register", dir.toString()),
                List.of("--follow-idle", "1s", "--model", "register", f),
                List.of("--follow", "--follow-idle", "0s", "--model", "register", f));
        for (List<String> args : cases) {
            List<String> all = new ArrayList<>(List.of("check"));
            all.addAll(args);
            CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(120),
                    () -> CliRunner.run(all.toArray(String[]::new)));
            assertEquals(64, r.status(), args + ": " + r.out() + r.err());
            assertTrue(r.err().startsWith("ariadne: "), r.err());
            assertNoStackTrace(r);
        }
        Path trace = dir.resolve("trace.log");
        Files.writeString(trace, "{\"operation_name\":\"read\",\"operation\":{\"value\":1,\"_op_start\":1}}\n");
        CliRunner omnilink = CliRunner.run("check", "--follow", "--model", "register", trace.toString());
        assertEquals(64, omnilink.status(), omnilink.err());
        assertTrue(omnilink.err().contains("OmniLink"), omnilink.err());
    }

    @TestFactory
    List<DynamicTest> followGivesTheBatchVerdicts(TestReporter reporter) throws IOException {
        List<String[]> inputs = new ArrayList<>(List.of(
                new String[]{EXAMPLES.resolve("register-ok.jsonl").toString(), "cas-register"},
                new String[]{EXAMPLES.resolve("register-bad.jsonl").toString(), "cas-register"},
                new String[]{EXAMPLES.resolve("kv-bad.edn").toString(), "kv"}));
        Path corpus = dir.resolve("none");
        try {
            corpus = PorcupineCorpusTest.corpus();
        } catch (org.opentest4j.TestAbortedException absent) {
            // printed by build-support's TestSummaryListener, also under mvn -q
            reporter.publishEntry("skipped", absent.getMessage() + " (only the examples are followed)");
        }
        if (Files.isDirectory(corpus)) {
            for (String line : Files.readAllLines(corpus.resolve("EXPECTED.tsv"))) {
                String[] f = line.split("\t");
                // the online checker does not partition: only kv's small histories fit it (docs/semantics.md)
                if (!line.startsWith("#") && f.length > 2 && (f[0].startsWith("jepsen/") || f[0].startsWith("kv/c01"))) {
                    inputs.add(new String[]{corpus.resolve(f[0]).toString(), f[1]});
                }
            }
        }
        return inputs.stream().map(in -> DynamicTest.dynamicTest(Path.of(in[0]).getFileName().toString(), () -> {
            CliRunner batch = CliRunner.run("check", "--model", in[1], in[0]);
            CliRunner follow = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> CliRunner.run("check",
                    "--follow", "--follow-idle", "200ms", "--model", in[1], in[0]));
            assertEquals(batch.status(), follow.status(), follow.out() + follow.err());
            assertTrue(follow.status() == 0 || follow.status() == 1, follow.out() + follow.err());
        })).toList();
    }
}
