package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The kv history through {@code ariadne check} with default settings: eleven crashed appends and a get of
 * "" (issue 17: it used to end UNKNOWN after 14 s and 21.5 million configurations), with every engine, and with a
 * violation injected.
 */
class CrashedOperationsCommandTest {
    @TempDir
    Path dir;

    /** The lines: appends of "a"…"k" by clients 0–10, called at 0…10, never returning, then the get. */
    private static String history(String getOutput) {
        StringBuilder s = new StringBuilder();
        for (int c = 0; c <= 10; c++) {
            s.append("{\"client\":").append(c).append(",\"call\":").append(c)
                    .append(",\"f\":\"append\",\"key\":\"x\",\"value\":\"").append((char) ('a' + c)).append("\"}\n");
        }
        s.append("{\"client\":31,\"call\":40,\"return\":41,\"f\":\"get\",\"key\":\"x\",\"output\":\"")
                .append(getOutput).append("\"}\n");
        return s.toString();
    }

    @Test
    void elevenCrashedAppendsThenAGetAreDecided() throws IOException {
        Path ok = Files.writeString(dir.resolve("crashed-ok.jsonl"), history(""));
        Path bad = Files.writeString(dir.resolve("crashed-bad.jsonl"), history("zz"));
        assertTrue(Files.readAllLines(ok).get(0).equals("{\"client\":0,\"call\":0,\"f\":\"append\",\"key\":\"x\",\"value\":\"a\"}"));
        for (String engine : new String[] {"auto", "dfs", "frontier"}) {
            CliRunner r = CliRunner.run("check", "--model", "kv", "--engine", engine, ok.toString());
            assertEquals(0, r.status(), engine + ": " + r.out() + r.err());
            assertTrue(r.out().contains("LINEARIZABLE"), r.out());
            CliRunner v = CliRunner.run("check", "--model", "kv", "--engine", engine, bad.toString());
            assertEquals(1, v.status(), engine + ": " + v.out() + v.err());
            assertTrue(v.out().contains("get(\"x\") → \"zz\""), v.out());
        }
    }
}
