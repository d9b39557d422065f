package dev.ariadne.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ariadne check} writes no progress bytes where it must not: when standard error is not a terminal (as
 * in every in-process run and in this build) and, on a terminal, with {@code --quiet}. The history is a FIFO
 * queue the frontier takes a while over, so that a progress line had a chance to appear.
 */
class ProgressOutputTest {
    @TempDir
    static Path dir;
    static Path history;

    @BeforeAll
    static void generate() {
        history = dir.resolve("queue.jsonl");
        CliRunner g = CliRunner.run("generate", "--model", "fifo-queue", "--threads", "5", "--ops", "3000",
                "--overlap", "medium", "--seed", "1", history.toString());
        assertEquals(0, g.status(), g.err());
    }

    private static CliRunner run(boolean terminal, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err), terminal);
        return new CliRunner(status, out.toString(), err.toString());
    }

    @Test
    void nothingOnStandardErrorWhenItIsNotATerminal() {
        CliRunner r = run(false, "check", "--engine", "frontier", history.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith(history + ": LINEARIZABLE"), r.out());
    }

    @Test
    void nothingOnStandardErrorWithQuietEvenOnATerminal() {
        CliRunner quiet = run(true, "check", "--quiet", "--engine", "frontier", history.toString());
        assertEquals(0, quiet.status(), quiet.err());
        assertEquals("", quiet.err());
        CliRunner json = run(true, "check", "--quiet", "--json", "--engine", "frontier", history.toString());
        assertEquals(0, json.status(), json.err());
        assertEquals("", json.err());
        assertTrue(json.out().startsWith("{"), json.out());
    }

    @Test
    void quietChangesNothingButProgress() {
        CliRunner loud = run(false, "check", history.toString(), "--engine", "dfs");
        CliRunner quiet = run(false, "check", "--quiet", history.toString(), "--engine", "dfs");
        assertEquals(0, loud.status(), loud.err());
        assertEquals(0, quiet.status(), quiet.err());
        // Times differ from run to run; everything else is the same.
        assertEquals(loud.out().replaceAll("[0-9.]+ ms", "T"), quiet.out().replaceAll("[0-9.]+ ms", "T"));
        CliRunner missing = run(true, "check", "--quiet", dir.resolve("absent.jsonl").toString());
        assertEquals(ExitStatus.INVALID_INPUT, missing.status());
        assertTrue(missing.err().contains("no such file"), "errors still print: " + missing.err());
    }
}
