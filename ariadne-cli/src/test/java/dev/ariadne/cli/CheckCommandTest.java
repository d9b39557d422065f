package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckCommandTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");

    @TempDir
    Path dir;

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file;
    }

    private static void assertNoStackTrace(CliRunner r) {
        assertFalse(r.err().contains("\tat "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void shippedExamplesGiveTheirVerdicts() {
        CliRunner ok = CliRunner.run("check", "--model", "cas-register", EXAMPLES.resolve("register-ok.jsonl").toString());
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.out().contains("LINEARIZABLE"), ok.out());

        CliRunner bad = CliRunner.run("check", "--model", "cas-register", EXAMPLES.resolve("register-bad.jsonl").toString());
        assertEquals(1, bad.status(), bad.err());
        assertTrue(bad.out().contains("NOT LINEARIZABLE"), bad.out());
        assertTrue(bad.out().contains("could not be placed"), bad.out());
        assertTrue(bad.out().contains("read → 1"), bad.out());

        CliRunner kv = CliRunner.run("check", EXAMPLES.resolve("kv-bad.edn").toString());
        assertEquals(1, kv.status(), kv.err());
        assertTrue(kv.out().contains("key \"y\""), kv.out());
    }

    @Test
    void modelIsInferredWhenNotGiven() {
        CliRunner r = CliRunner.run("check", EXAMPLES.resolve("register-ok.jsonl").toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("model cas-register"), r.out());
    }

    @Test
    void jsonOutputIsOneDocumentWithEvidence() throws IOException {
        CliRunner r = CliRunner.run("check", "--json", "--model", "cas-register",
                EXAMPLES.resolve("register-bad.jsonl").toString(), EXAMPLES.resolve("register-ok.jsonl").toString());
        assertEquals(1, r.status(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertEquals("NOT_LINEARIZABLE", doc.get("verdict").asText());
        assertEquals(2, doc.get("files").size());
        JsonNode bad = doc.get("files").get(0);
        assertEquals("NOT_LINEARIZABLE", bad.get("verdict").asText());
        JsonNode violation = bad.get("partitions").get(0).get("violation");
        assertEquals("nil", violation.get("initialState").asText());
        JsonNode longest = violation.get("longest").get(0);
        assertEquals(3, longest.get("unplaced").get("id").asInt());
        assertEquals(4, longest.get("unplaced").get("line").asInt());
        JsonNode ok = doc.get("files").get(1);
        assertEquals("LINEARIZABLE", ok.get("verdict").asText());
        assertEquals(7, ok.get("partitions").get(0).get("witness").size());
    }

    @Test
    void emptyHistoryIsLinearizable() throws IOException {
        CliRunner r = CliRunner.run("check", "--model", "register", write("empty.jsonl", "\n").toString());
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void unmatchedReturnIsInvalidInputWithLine() throws IOException {
        Path f = write("bad.jsonl", "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n"
                + "{\"type\":\"return\",\"client\":1,\"output\":3}\n");
        CliRunner r = CliRunner.run("check", "--model", "register", f.toString());
        assertEquals(65, r.status());
        assertTrue(r.err().contains("bad.jsonl:2"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void unknownOperationForModelNamesTheLine() throws IOException {
        Path f = write("ops.jsonl", "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"write\",\"value\":1}\n"
                + "{\"client\":0,\"call\":2,\"return\":3,\"f\":\"frobnicate\"}\n");
        CliRunner r = CliRunner.run("check", "--model", "register", f.toString());
        assertEquals(65, r.status());
        assertTrue(r.err().contains("ops.jsonl:2"), r.err());
        assertTrue(r.err().contains("frobnicate"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void secondCallOnBusyClientIsInvalidInput() throws IOException {
        Path f = write("busy.edn", "{:process 0, :type :invoke, :f :read, :value nil}\n"
                + "{:process 0, :type :invoke, :f :read, :value nil}\n");
        CliRunner r = CliRunner.run("check", "--model", "register", f.toString());
        assertEquals(65, r.status());
        assertTrue(r.err().contains("busy.edn:2"), r.err());
        assertNoStackTrace(r);
    }

    @Test
    void missingFileIsInvalidInput() {
        CliRunner r = CliRunner.run("check", "--model", "register", dir.resolve("nope.jsonl").toString());
        assertEquals(65, r.status());
        assertTrue(r.err().contains("no such file"), r.err());
    }

    @Test
    void usageErrorsExit64() throws IOException {
        Path f = write("h.jsonl", "");
        assertEquals(64, CliRunner.run("check", "--model", "nosuchmodel", f.toString()).status());
        assertEquals(64, CliRunner.run("check", "--format", "yaml", f.toString()).status());
        assertEquals(64, CliRunner.run("check", "--engine", "magic", f.toString()).status());
        assertEquals(64, CliRunner.run("check", "--timeout", "soon", f.toString()).status());
        assertEquals(64, CliRunner.run("check").status());
        assertEquals(64, CliRunner.run("frobnicate").status());
        CliRunner r = CliRunner.run("check", "--model", "nosuchmodel", f.toString());
        assertTrue(r.err().contains("unknown model 'nosuchmodel'"), r.err());
    }

    @Test
    void untrustedValuesAreEscapedInTheReport() throws IOException {
        Path f = write("evil.jsonl", "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"write\",\"value\":\"\\u001b[31mred\"}\n"
                + "{\"client\":0,\"call\":2,\"return\":3,\"f\":\"read\",\"output\":\"\\u001b[2Jgone\"}\n");
        CliRunner r = CliRunner.run("check", "--model", "register", f.toString());
        assertEquals(1, r.status(), r.err());
        assertFalse(r.out().contains("\u001b"), r.out());
        assertTrue(r.out().contains("\\u001b[2Jgone"), r.out());
    }

    @Test
    void noPartitionChecksKvAsOneObject() {
        CliRunner r = CliRunner.run("check", "--no-partition", EXAMPLES.resolve("kv-bad.edn").toString());
        assertEquals(1, r.status(), r.err());
        assertTrue(r.out().contains("1 partition,"), r.out());
    }
}
