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

/** The minimal failing core in {@code ariadne check} (text and JSON), {@code --core-timeout} and {@code ariadne explain}. */
class ExplainCommandTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
    private static final String BAD = EXAMPLES.resolve("register-bad.jsonl").toString();

    @TempDir
    Path dir;

    @Test
    void checkShowsTheCoreAfterTheLongestLinearization() {
        CliRunner r = CliRunner.run("check", BAD);
        assertEquals(1, r.status(), r.err());
        String out = r.out();
        assertTrue(out.indexOf("Minimal failing core: 2 operations") > out.indexOf("Longest linearization"), out);
        assertTrue(out.contains("  (these operations cannot be ordered, whatever the other operations did; without "
                + "any one of them they could be)\n"), out);
        assertTrue(out.contains("    #1 client 1: cas(1, 2) → true [12, 20] line 2\n"
                + "    #3 client 0: read → 1 [25, 30] line 4\n"), out);
        assertTrue(out.contains("  Why: read by client 0 at [25, 30] returned 1, but cas(1, 2) → true (client 1) "
                + "returned at 20, before it was called, and nothing in the history could have written 1 after that "
                + "and before the read returned\n"), out);
        assertTrue(out.contains("    #1 cas(1, 2) → true returned at 20 before #3 read → 1 was called at 25\n"), out);
        // Replayed with write(1) relaxed: the core's operations alone would say "#1 cas(1, 2) → true first is
        // rejected in the initial state nil", which is no evidence (write(1) may have come first).
        assertTrue(out.contains("    #1 cas(1, 2) → true, then #3 read → 1 is rejected whatever the other operations "
                + "did: the state can only be 2\n"), out);
    }

    @Test
    void aZeroCoreTimeoutLeavesTheCoreOut() {
        CliRunner r = CliRunner.run("check", "--core-timeout", "0", BAD);
        assertEquals(1, r.status(), r.err());
        assertFalse(r.out().contains("Minimal failing core"), r.out());
        assertEquals(64, CliRunner.run("check", "--core-timeout", "soon", BAD).status());
    }

    @Test
    void jsonCarriesTheExplanation() throws IOException {
        CliRunner r = CliRunner.run("check", "--json", BAD);
        assertEquals(1, r.status(), r.err());
        JsonNode e = new ObjectMapper().readTree(r.out()).get("files").get(0).get("partitions").get(0)
                .get("violation").get("explanation");
        assertEquals(2, e.get("core").size());
        assertEquals(3, e.get("core").get(1).get("id").asInt());
        assertTrue(e.get("minimal").asBoolean());
        assertTrue(e.get("summary").asText().startsWith("read by client 0 at [25, 30] returned 1"));
        assertEquals(1, e.get("precedences").get(0).get("first").asInt());
        // cas(1, 2) first is not rejected (write(1), relaxed, may come before it); the read after it is.
        assertEquals(3, e.get("orders").get(0).get("rejected").asInt());
        assertEquals("2", e.get("orders").get(0).get("state").asText());
        assertTrue(e.get("ordersComplete").asBoolean());
    }

    @Test
    void explainPrintsTheCoreInFull() {
        CliRunner r = CliRunner.run("explain", BAD);
        assertEquals(1, r.status(), r.err());
        assertTrue(r.out().startsWith(BAD + ": NOT LINEARIZABLE\n"), r.out());
        assertTrue(r.out().contains("Minimal failing core: 2 operations"), r.out());
        assertFalse(r.out().contains("Longest linearization"), r.out());
        CliRunner ok = CliRunner.run("explain", EXAMPLES.resolve("register-ok.jsonl").toString());
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.out().contains("LINEARIZABLE (nothing to explain)"), ok.out());
    }

    @Test
    void valuesInTheCoreAreEscaped() throws IOException {
        Path f = Files.writeString(dir.resolve("evil.jsonl"),
                "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"write\",\"value\":\"\\u001b[31mred\"}\n"
                        + "{\"client\":0,\"call\":2,\"return\":3,\"f\":\"write\",\"value\":\"x\"}\n"
                        + "{\"client\":0,\"call\":4,\"return\":5,\"f\":\"read\",\"output\":\"\\u001b[31mred\"}\n",
                StandardCharsets.UTF_8);
        for (String command : new String[]{"check", "explain"}) {
            CliRunner r = CliRunner.run(command, "--model", "register", f.toString());
            assertEquals(1, r.status(), r.err());
            assertTrue(r.out().contains("Why: read by client 0 at [4, 5] returned \"\\u001b[31mred\""), r.out());
            assertFalse(r.out().contains("\u001b"), r.out());
        }
    }
}
