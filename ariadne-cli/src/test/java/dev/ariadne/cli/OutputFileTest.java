package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The files check --html and convert write (issue 22): never an input, never half written (a new file renamed
 * over the old one), with a shell redirection's mode; names that are no file are usage errors.
 */
class OutputFileTest {
    private static final Path OK = Path.of("..", "examples", "register-ok.jsonl");

    @TempDir
    Path dir;

    private Path copyOfOk() throws Exception {
        Path input = dir.resolve("history.jsonl");
        Files.copy(OK, input);
        return input;
    }

    @Test
    void htmlWithoutAFileNameIsAUsageError() {
        for (String name : new String[]{"", "-"}) {
            CliRunner r = CliRunner.run("check", "--html", name, OK.toString());
            assertEquals(64, r.status(), name + ": " + r.err());
            assertEquals("", r.out(), "refused before anything is checked");
        }
    }

    @Test
    void theHistoryIsNeverOverwritten() throws Exception {
        Path input = copyOfOk();
        byte[] before = Files.readAllBytes(input);
        CliRunner same = CliRunner.run("check", "--html", input.toString(), input.toString());
        assertEquals(64, same.status(), same.err());
        assertTrue(same.err().contains("--html " + input + " is the input " + input + ": refusing to overwrite it"),
                same.err());

        Path link = Files.createSymbolicLink(dir.resolve("link.html"), input.getFileName());
        CliRunner viaLink = CliRunner.run("check", "--html", link.toString(), input.toString());
        assertEquals(64, viaLink.status(), viaLink.err());

        CliRunner convert = CliRunner.run("convert", input.toString(), "--to", "json", link.toString());
        assertEquals(64, convert.status(), convert.err());
        CliRunner convertEmpty = CliRunner.run("convert", input.toString(), "--to", "json", "");
        assertEquals(64, convertEmpty.status(), convertEmpty.err());

        assertTrue(Files.isSymbolicLink(link));
        assertEquals(new String(before, StandardCharsets.UTF_8), Files.readString(input));
    }

    @Test
    void aPageReplacesTheOldFileByRenamingNeverWritesInIt() throws Exception {
        Path page = dir.resolve("page.html");
        Files.writeString(page, "old page");
        // A hard link shares the old file's content: writing in place would change it, renaming does not.
        Path other = Files.createLink(dir.resolve("other-name.html"), page);
        CliRunner r = CliRunner.run("check", "--html", page.toString(), OK.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.readString(page).contains("\"verdict\":\"LINEARIZABLE\""));
        assertEquals("old page", Files.readString(other));
        assertNoNewFilesLeft();
    }

    @Test
    void aSymbolicLinkIsFollowedAndKept() throws Exception {
        Path target = dir.resolve("reports").resolve("page.html");
        Files.createDirectories(target.getParent());
        Path link = Files.createSymbolicLink(dir.resolve("latest.html"), Path.of("reports", "page.html"));
        CliRunner r = CliRunner.run("check", "--html", link.toString(), OK.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertTrue(Files.readString(target).contains("\"verdict\":\"LINEARIZABLE\""));
    }

    @Test
    void newFilesGetTheUmasksModeAndReplacedOnesKeepTheirs() throws Exception {
        // what a shell redirection would create here: 0666 less the umask
        Path reference = Files.createFile(dir.resolve("reference"));
        String umaskMode = PosixFilePermissions.toString(Files.getPosixFilePermissions(reference));

        Path page = dir.resolve("new.html");
        assertEquals(0, CliRunner.run("check", "--html", page.toString(), OK.toString()).status());
        assertEquals(umaskMode, PosixFilePermissions.toString(Files.getPosixFilePermissions(page)));
        Path converted = dir.resolve("new.jsonl");
        assertEquals(0, CliRunner.run("convert", OK.toString(), "--to", "json", converted.toString()).status());
        assertEquals(umaskMode, PosixFilePermissions.toString(Files.getPosixFilePermissions(converted)));

        Files.setPosixFilePermissions(page, PosixFilePermissions.fromString("rw-r-----"));
        assertEquals(0, CliRunner.run("check", "--html", page.toString(), OK.toString()).status());
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(page)));
        assertNoNewFilesLeft();
    }

    @Test
    void aFifoIsWrittenInPlace() throws Exception {
        Path fifo = Fifos.make(dir.resolve("page.fifo"));
        CompletableFuture<String> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliRunner r = CliRunner.run("check", "--html", fifo.toString(), OK.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(reader.get(60, TimeUnit.SECONDS).contains("\"verdict\":\"LINEARIZABLE\""));
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo), "still a FIFO");
    }

    private void assertNoNewFilesLeft() throws Exception {
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".tmp")), "a new file left behind");
        }
    }
}
