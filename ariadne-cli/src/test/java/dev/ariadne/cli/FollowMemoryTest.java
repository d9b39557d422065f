package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26, "memory grows with overlap, not length": {@code check --follow} drops the records of old operations, so
 * a long history is followed in a heap far smaller than its records (about 60 bytes an operation before), a
 * violation at its end still gives its evidence (the end of the longest linearization, numbered from the start,
 * and the operation's line), and a check that degrades after dropping records ends with the batch verdict of the
 * file read again, or, on standard input, UNKNOWN with the reason. The heaps are far from where the outcome would
 * change; nothing depends on the machine's speed.
 */
class FollowMemoryTest {
    @TempDir
    Path dir;

    /**
     * A register history in the event form: {@code ops} operations of 4 clients, one after another (a write of
     * {@code i % 7}, then reads of it), then, if {@code badRead}, a read of a value never written.
     */
    private Path sequential(String name, int ops, boolean badRead) throws IOException {
        Path file = dir.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            long value = -1;
            for (int i = 0; i < ops; i++) {
                int client = i % 4;
                if (i % 3 == 0) {
                    value = i % 7;
                    w.write("{\"type\":\"call\",\"client\":" + client + ",\"f\":\"write\",\"value\":" + value + "}\n");
                    w.write("{\"type\":\"return\",\"client\":" + client + "}\n");
                } else {
                    w.write("{\"type\":\"call\",\"client\":" + client + ",\"f\":\"read\"}\n");
                    w.write("{\"type\":\"return\",\"client\":" + client + ",\"output\":" + value + "}\n");
                }
            }
            if (badRead) {
                w.write("{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n");
                w.write("{\"type\":\"return\",\"client\":0,\"output\":99}\n");
            }
        }
        return file;
    }

    @Test
    void aMillionOperationsAreFollowedIn32MiB() throws Exception {
        Path history = sequential("long.jsonl", 1_000_000, false); // 60 MB of records before (96 MiB of heap)
        Forked r = Forked.run(dir, new ProcessBuilder(Forked.command("32m", "check", "--follow", "--model",
                "register", "-")).redirectInput(history.toFile())).assertNoStackTrace().assertStatus(0);
        assertTrue(r.out().startsWith("<stdin>: LINEARIZABLE\n  model register, 1000000 operations"), r.out());
        assertTrue(r.out().contains("Note: no witness order: the online check kept the last operations only"),
                r.out());
    }

    @Test
    void aViolationAtTheEndOfALongHistoryKeepsItsEvidence() throws Exception {
        int ops = 300_000;
        Path history = sequential("bad.jsonl", ops, true);
        Forked r = Forked.run(dir, new ProcessBuilder(Forked.command("32m", "check", "--follow", "--model",
                "register", "-")).redirectInput(history.toFile())).assertNoStackTrace().assertStatus(1);
        String out = r.out();
        assertTrue(out.contains("Violation: #300000 client 0: read → 99 [600000, 600001] line 600001 could not be "
                + "placed."), out);
        assertTrue(out.contains("Longest linearization: 300000 of 300001 operations, from initial state nil"), out);
        assertTrue(out.contains("    … 299988 earlier steps\n"), out);
        // the last write was #299997 (of 299997 % 7 = 5), read twice after it
        assertTrue(out.contains("    299998. #299997 client 1: write(5) [599994, 599995] line 599995  state 5\n"), out);
        assertTrue(out.contains("    300000. #299999 client 3: read → 5 [599998, 599999] line 599999  state 5\n"), out);

        Forked json = Forked.run(dir, new ProcessBuilder(Forked.command("32m", "check", "--follow", "--json",
                "--model", "register", "-")).redirectInput(history.toFile())).assertNoStackTrace().assertStatus(1);
        JsonNode p = new ObjectMapper().readTree(json.out()).get("files").get(0).get("partitions").get(0);
        JsonNode longest = p.get("violation").get("longest").get(0);
        assertEquals(ops - 1000, longest.get("omittedSteps").asLong(), json.out().substring(0, 400));
        assertEquals(1000, longest.get("steps").size());
        assertEquals(ops - 1000, longest.get("steps").get(0).get("operation").get("id").asInt());
        assertEquals(ops, longest.get("unplaced").get("id").asInt());
        assertEquals(2 * ops + 1, longest.get("unplaced").get("line").asInt()); // the bad read's call
    }

    /**
     * After 200,000 operations, the 17-operation write/cas shape of the issue degrades the online check; its
     * records of old operations are gone, so the file is read again for the batch verdict. On standard input it
     * cannot be: UNKNOWN, saying why.
     */
    @Test
    void degradingAfterDroppingRecordsReadsTheFileAgain() throws Exception {
        for (boolean bad : new boolean[] {false, true}) {
            Path history = dir.resolve(bad ? "cas-bad.jsonl" : "cas-ok.jsonl");
            Files.copy(sequential("prefix.jsonl", 200_000, false), history,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < 8; i++) {
                s.append("{\"type\":\"call\",\"client\":").append(10 + i).append(",\"f\":\"write\",\"value\":")
                        .append(i + 1).append("}\n");
                s.append("{\"type\":\"call\",\"client\":").append(18 + i).append(",\"f\":\"cas\",\"value\":[")
                        .append(i + 100).append(',').append(i + 200).append("]}\n");
            }
            s.append("{\"type\":\"call\",\"client\":26,\"f\":\"read\"}\n");
            s.append("{\"type\":\"return\",\"client\":26,\"output\":").append(bad ? 99 : 8).append("}\n");
            for (int i = 0; i < 8; i++) {
                s.append("{\"type\":\"return\",\"client\":").append(10 + i).append("}\n");
                s.append("{\"type\":\"return\",\"client\":").append(18 + i).append(",\"output\":false}\n");
            }
            Files.writeString(history, s.toString(), java.nio.file.StandardOpenOption.APPEND);

            CliRunner file = CliRunner.run("check", "--follow", "--follow-idle", "500ms", "--model", "cas-register",
                    history.toString());
            assertEquals(bad ? 1 : 0, file.status(), file.out() + file.err());
            assertTrue(file.out().contains("online checking degraded at event "), file.out());
            assertTrue(file.out().contains("the verdict is a batch check's of the whole history, read again from "
                    + history), file.out());
            assertTrue(file.out().contains("200017 operations"), file.out());

            Forked stdin = Forked.run(dir, new ProcessBuilder(Forked.command("256m", "check", "--follow", "--model",
                    "cas-register", "-")).redirectInput(history.toFile())).assertNoStackTrace().assertStatus(2);
            assertTrue(stdin.out().startsWith("<stdin>: UNKNOWN (online checking degraded at event "), stdin.out());
            assertTrue(stdin.out().contains("the batch check of the whole history needs the records of the "),
                    stdin.out());
            assertTrue(stdin.out().contains("the input was a stream, which cannot be read again: save it and check "
                    + "the file without --follow)"), stdin.out());
        }
    }
}
