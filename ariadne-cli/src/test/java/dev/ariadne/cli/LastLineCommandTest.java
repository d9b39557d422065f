package dev.ariadne.cli;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The repro: a jepsen.log copied while it was written ends in "... :ok :read 1" without a newline, the
 * read of 12 cut short. Neither a batch check nor --follow takes it as a read of 1 (a false NOT LINEARIZABLE).
 */
class LastLineCommandTest {
    private static final InputStream STDIN = System.in;
    private static final String LOG = "INFO  jepsen.util - 0\t:invoke\t:write\t12\n"
            + "INFO  jepsen.util - 0\t:ok\t:write\t12\n"
            + "INFO  jepsen.util - 1\t:invoke\t:read\tnil\n"
            + "INFO  jepsen.util - 1\t:ok\t:read\t12\n";
    private static final String CUT = LOG.substring(0, LOG.length() - 2);
    private static final String NO_NEWLINE = ":4: the last line has no newline: it may be incomplete (was the file "
            + "still being written?); if it is complete, end it with a newline";

    @TempDir
    Path dir;

    @AfterEach
    void restoreStdin() {
        System.setIn(STDIN);
    }

    @Test
    void aBatchCheckRefusesTheCutLine() throws Exception {
        Path file = Files.writeString(dir.resolve("jepsen.log"), CUT);
        CliRunner r = CliRunner.run("check", "--model", "register", file.toString());
        assertEquals(65, r.status(), r.out() + r.err());
        assertEquals("ariadne: " + file + NO_NEWLINE + "\n", r.err());
        Path whole = Files.writeString(dir.resolve("whole.log"), LOG);
        assertEquals(0, CliRunner.run("check", "--model", "register", whole.toString()).status());
    }

    @Test
    void followingStandardInputRefusesTheCutLine() {
        System.setIn(new ByteArrayInputStream(CUT.getBytes(StandardCharsets.UTF_8)));
        CliRunner r = CliRunner.run("check", "--follow", "--model", "register", "-");
        assertEquals(65, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("<stdin>" + NO_NEWLINE), r.err());
    }

    @Test
    void aFollowedFileThatStopsInsideALineIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("jepsen.log"), CUT);
        CliRunner r = CliRunner.run("check", "--follow", "--follow-idle", "300ms", "--model", "register",
                file.toString());
        assertEquals(65, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(file + NO_NEWLINE), r.err());
    }

    @Test
    void aFollowedLineIsReadOnlyOnceItsNewlineArrives() throws Exception {
        Path file = Files.writeString(dir.resolve("jepsen.log"), CUT);
        CompletableFuture<CliRunner> check = CompletableFuture.supplyAsync(() -> CliRunner.run("check", "--follow",
                "--follow-idle", "5s", "--model", "register", file.toString()));
        Thread.sleep(500);
        Files.writeString(file, "2\n", StandardOpenOption.APPEND);
        CliRunner r = check.get(30, TimeUnit.SECONDS);
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("LINEARIZABLE\n  model register, 2 operations"), r.out());
    }
}
