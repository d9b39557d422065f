package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --engine} names every engine and decision procedure; {@code --max-memory} bounds the search. */
class EngineOptionsTest {
    @TempDir
    Path dir;

    private Path generate(String... options) {
        Path out = dir.resolve("h" + options.length + options.hashCode() + ".jsonl");
        String[] args = new String[options.length + 2];
        args[0] = "generate";
        System.arraycopy(options, 0, args, 1, options.length);
        args[args.length - 1] = out.toString();
        CliRunner r = CliRunner.run(args);
        assertEquals(0, r.status(), r.err());
        return out;
    }

    private static String engineOf(CliRunner r) throws IOException {
        JsonNode doc = new ObjectMapper().readTree(r.out());
        return doc.get("files").get(0).get("partitions").get(0).get("engine").asText();
    }

    @Test
    void everyEngineGivesTheSameVerdict() {
        Path ok = generate("--model", "register", "--threads", "6", "--ops", "300", "--distinct", "--seed", "3");
        Path bad = generate("--model", "register", "--threads", "6", "--ops", "300", "--distinct", "--seed", "3",
                "--violation");
        for (String engine : new String[] {"auto", "dfs", "frontier", "distinct-register", "distinct-queue",
                "matched-queue", "distinct-stack", "distinct-priority-queue"}) {
            assertEquals(0, CliRunner.run("check", "--engine", engine, "--model", "register", ok.toString()).status(),
                    engine);
            assertEquals(1, CliRunner.run("check", "--engine", engine, "--model", "register", bad.toString()).status(),
                    engine);
        }
    }

    @Test
    void autoUsesTheDecisionProcedureWhereAPartitionQualifies() throws IOException {
        Path ok = generate("--model", "register", "--threads", "50", "--ops", "5000", "--overlap", "full",
                "--distinct", "--seed", "5");
        CliRunner r = CliRunner.run("check", "--json", "--model", "register", ok.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("distinct-register", engineOf(r));
        CliRunner forbidden = CliRunner.run("check", "--json", "--engine", "frontier", "--timeout", "1s",
                "--model", "register", generate("--model", "register", "--threads", "4", "--ops", "200",
                        "--distinct", "--seed", "6").toString());
        assertEquals(0, forbidden.status(), forbidden.err());
        assertEquals("frontier", engineOf(forbidden));
    }

    /** Issue 12: a procedure named with --engine that does not apply no longer falls back silently. */
    @Test
    void aNamedProcedureThatDoesNotApplySaysSoInTheTextAndJsonReports() throws IOException {
        Path file = dir.resolve("repeated.jsonl");
        java.nio.file.Files.writeString(file, """
                {"client":0,"call":0,"return":1,"f":"write","value":1}
                {"client":1,"call":2,"return":3,"f":"write","value":1}
                {"client":0,"call":4,"return":5,"f":"read","output":1}
                """);
        String note = "distinct-register does not apply: #1 write(1): its value was written before, by #0; "
                + "checked with dfs";
        CliRunner text = CliRunner.run("check", "--engine", "distinct-register", "--model", "register",
                file.toString());
        assertEquals(0, text.status(), text.out() + text.err());
        assertTrue(text.out().contains("\n  Note: " + note + "\n"), text.out());
        CliRunner json = CliRunner.run("check", "--json", "--engine", "distinct-register", "--model", "register",
                file.toString());
        JsonNode partition = new ObjectMapper().readTree(json.out()).get("files").get(0).get("partitions").get(0);
        assertEquals("dfs", partition.get("engine").asText());
        assertEquals(note, partition.get("note").asText());
        CliRunner auto = CliRunner.run("check", "--json", "--model", "register", file.toString());
        assertTrue(new ObjectMapper().readTree(auto.out()).get("files").get(0).get("partitions").get(0).get("note")
                .isNull(), auto.out());
    }

    @Test
    void aTinyMemoryBudgetGivesUnknownAndTheProcessStaysHealthy() {
        Path h = generate("--model", "fifo-queue", "--threads", "8", "--ops", "3000", "--overlap", "full",
                "--seed", "7");
        CliRunner r = CliRunner.run("check", "--engine", "frontier", "--max-memory", "1k", "--model", "fifo-queue",
                h.toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("memory"), r.out());
        Path small = generate("--model", "register", "--threads", "2", "--ops", "50", "--seed", "8");
        assertEquals(0, CliRunner.run("check", "--model", "register", small.toString()).status());
    }

    @Test
    void badSizesAndEnginesAreUsageErrors() throws IOException {
        Path h = generate("--model", "register", "--threads", "2", "--ops", "10", "--seed", "9");
        assertEquals(64, CliRunner.run("check", "--max-memory", "lots", h.toString()).status());
        assertEquals(64, CliRunner.run("check", "--max-memory", "0", h.toString()).status());
        CliRunner r = CliRunner.run("check", "--engine", "magic", h.toString());
        assertEquals(64, r.status());
        assertTrue(r.err().contains("distinct-register"), r.err());
    }
}
