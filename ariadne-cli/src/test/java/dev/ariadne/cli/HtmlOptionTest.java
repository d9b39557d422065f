package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ariadne check --html}: a page for every verdict, the usual exit statuses, and the cases it refuses. */
class HtmlOptionTest {
    private static final Path OK = Path.of("..", "examples", "register-ok.jsonl");
    private static final Path BAD = Path.of("..", "examples", "kv-bad.edn");

    @TempDir
    Path dir;

    @Test
    void writesAPageForEveryVerdictBesideTheTextReport() throws IOException {
        Path okPage = dir.resolve("ok.html");
        CliRunner ok = CliRunner.run("check", "--html", okPage.toString(), OK.toString());
        assertEquals(0, ok.status(), ok.err());
        assertTrue(ok.out().contains("LINEARIZABLE"), ok.out());
        assertTrue(Files.readString(okPage).contains("\"verdict\":\"LINEARIZABLE\""));

        Path badPage = dir.resolve("bad.html");
        CliRunner bad = CliRunner.run("check", "--json", "--html", badPage.toString(), BAD.toString());
        assertEquals(1, bad.status(), bad.err());
        assertTrue(bad.out().startsWith("{"), "--json still prints the JSON document");
        assertTrue(Files.readString(badPage).contains("\"verdict\":\"NOT_LINEARIZABLE\""));

        Path queue = dir.resolve("queue.jsonl");
        assertEquals(0, CliRunner.run("generate", "--model", "fifo-queue", "--threads", "8", "--ops", "3000",
                "--overlap", "full", "--seed", "7", queue.toString()).status());
        Path unknownPage = dir.resolve("unknown.html");
        CliRunner unknown = CliRunner.run("check", "--engine", "frontier", "--max-memory", "1k", "--model",
                "fifo-queue", "--html", unknownPage.toString(), queue.toString());
        assertEquals(2, unknown.status(), unknown.out() + unknown.err());
        assertTrue(Files.readString(unknownPage).contains("\"verdict\":\"UNKNOWN\""));
    }

    @Test
    void refusesSeveralFilesAndFollow() {
        Path page = dir.resolve("r.html");
        CliRunner two = CliRunner.run("check", "--html", page.toString(), OK.toString(), BAD.toString());
        assertEquals(64, two.status());
        assertTrue(two.err().contains("--html writes the report of one history"), two.err());
        CliRunner follow = CliRunner.run("check", "--follow", "--model", "register", "--html", page.toString(),
                OK.toString());
        assertEquals(64, follow.status());
        assertTrue(follow.err().contains("--html does not go with --follow"), follow.err());
        assertFalse(Files.exists(page));
    }

    @Test
    void invalidInputWritesNoPageAndAnUnwritablePageIsReported() throws IOException {
        Path input = dir.resolve("broken.jsonl");
        Files.writeString(input, "{\"client\": 0, \"f\": \n");
        Path page = dir.resolve("broken.html");
        CliRunner invalid = CliRunner.run("check", "--html", page.toString(), input.toString());
        assertEquals(65, invalid.status());
        assertFalse(Files.exists(page), "nothing to show for a file that could not be read");

        Path nowhere = dir.resolve("missing-dir").resolve("r.html");
        CliRunner unwritable = CliRunner.run("check", "--html", nowhere.toString(), OK.toString());
        assertEquals(74, unwritable.status());
        assertTrue(unwritable.err().contains("cannot write " + nowhere + ": no such directory"), unwritable.err());
        assertTrue(unwritable.out().contains("LINEARIZABLE"), "the verdict is still printed");
    }
}
