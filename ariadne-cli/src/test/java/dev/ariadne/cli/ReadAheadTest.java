package dev.ariadne.cli;

import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A batch {@code check} reads the next file while it checks the current one (issue 23); what it prints and its exit
 * status are those of checking each file alone, in order, whatever each reading gives: a history, bad input, a
 * missing file, compressed data; and so when files are read on one thread and checked on another ({@link
 * CheckAhead}, files of a megabyte or more), mixed with files read and checked in one go. Nothing depends on which
 * thread finishes first.
 */
class ReadAheadTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");

    @TempDir
    Path dir;

    private List<String> mixedFiles() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.edn"), "{:process 0, :type :invoke, :f :write, :value 1}\n"
                + "{:process 0, :type :ok, :f :write :value}\n", StandardCharsets.UTF_8);
        Path empty = Files.writeString(dir.resolve("empty.jsonl"), "", StandardCharsets.UTF_8);
        Path gz = dir.resolve("ok.jsonl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(EXAMPLES.resolve("register-ok.jsonl")));
        }
        return List.of(EXAMPLES.resolve("register-ok.jsonl").toString(), bad.toString(),
                EXAMPLES.resolve("register-bad.jsonl").toString(), dir.resolve("missing.edn").toString(),
                gz.toString(), empty.toString(), EXAMPLES.resolve("cas-register-nemesis-bad.edn").toString(),
                EXAMPLES.resolve("register-ok.jsonl").toString());
    }

    private static String timeless(String s) {
        return s.replaceAll("[0-9][0-9,.]* ms", "T");
    }

    @Test
    void aBatchPrintsWhatEachFileAloneWouldInOrder() throws IOException {
        List<String> files = mixedFiles();
        for (List<String> options : List.of(List.of("--model", "register"), List.of("--json"))) {
            StringBuilder out = new StringBuilder();
            StringBuilder err = new StringBuilder();
            int worst = ExitStatus.LINEARIZABLE;
            for (String f : files) {
                List<String> args = new ArrayList<>(List.of("check"));
                args.addAll(options);
                args.add(f);
                CliRunner one = CliRunner.run(args.toArray(String[]::new));
                out.append(one.out());
                err.append(one.err());
                worst = ExitStatus.worst(worst, one.status());
            }
            List<String> args = new ArrayList<>(List.of("check"));
            args.addAll(options);
            args.addAll(files);
            CliRunner batch = CliRunner.run(args.toArray(String[]::new));
            assertEquals(ExitStatus.INVALID_INPUT, batch.status(), batch.err());
            assertEquals(worst, batch.status());
            assertEquals(timeless(err.toString()), timeless(batch.err()));
            if (options.contains("--json")) {
                // one document for the batch: each file's report appears in it, in order
                int at = 0;
                for (String f : files) {
                    int next = batch.out().indexOf(Path.of(f).getFileName() + "\"", at);
                    assertTrue(next >= at, f + " in order in " + batch.out());
                    at = next;
                }
            } else {
                assertEquals(timeless(out.toString()), timeless(batch.out()));
            }
        }
    }

    @Test
    void filesReadApartFromTheirChecksPrintWhatEachFileAloneWouldInOrder() throws IOException {
        // Two generated histories of over a megabyte (read apart at the default size), one linearizable and one
        // not, around the mixed small files; the small files are read apart too when the size is lowered.
        String big = dir.resolve("big-ok.jsonl").toString();
        String bigBad = dir.resolve("big-bad.jsonl").toString();
        assertEquals(0, CliRunner.run("generate", "--model", "register", "--ops", "20000", "--seed", "5", big)
                .status());
        assertEquals(0, CliRunner.run("generate", "--model", "register", "--ops", "20000", "--seed", "6",
                "--violation", bigBad).status());
        assertTrue(Files.size(Path.of(big)) >= ReadAhead.APART_BYTES, "over a megabyte");
        assertTrue(Files.size(Path.of(bigBad)) >= ReadAhead.APART_BYTES, "over a megabyte");
        List<String> files = new ArrayList<>(List.of(big));
        files.addAll(mixedFiles());
        files.add(bigBad);
        files.add(big);
        StringBuilder out = new StringBuilder();
        StringBuilder err = new StringBuilder();
        int worst = ExitStatus.LINEARIZABLE;
        for (String f : files) {
            CliRunner one = CliRunner.run("check", "--model", "register", f);
            out.append(one.out());
            err.append(one.err());
            worst = ExitStatus.worst(worst, one.status());
        }
        List<String> text = new ArrayList<>(List.of("check", "--model", "register"));
        text.addAll(files);
        List<String> json = new ArrayList<>(List.of("check", "--json", "--model", "register"));
        json.addAll(files);
        String wholeJson = CliRunner.run(json.toArray(String[]::new)).out();
        for (long apartBytes : new long[]{ReadAhead.APART_BYTES, 200, 0}) {
            ReadAhead.apartBytes = apartBytes;
            try {
                CliRunner batch = CliRunner.run(text.toArray(String[]::new));
                assertEquals(worst, batch.status(), batch.err());
                assertEquals(timeless(out.toString()), timeless(batch.out()), "read apart from " + apartBytes);
                assertEquals(timeless(err.toString()), timeless(batch.err()));
                CliRunner batchJson = CliRunner.run(json.toArray(String[]::new));
                assertEquals(worst, batchJson.status());
                assertEquals(timelessJson(wholeJson), timelessJson(batchJson.out()), "read apart from " + apartBytes);
            } finally {
                ReadAhead.apartBytes = ReadAhead.APART_BYTES;
            }
        }
        ReadAhead.apartBytes = Long.MAX_VALUE; // every file read and checked in one go: the JSON above is theirs
        try {
            assertEquals(timelessJson(wholeJson), timelessJson(CliRunner.run(json.toArray(String[]::new)).out()));
        } finally {
            ReadAhead.apartBytes = ReadAhead.APART_BYTES;
        }
    }

    /** A JSON report without its times (milliseconds and nanoseconds). */
    private static String timelessJson(String s) {
        return s.replaceAll("\"(\\w*(?:[mM]illis|[nN]anos|[mM]s))\" *: *[0-9.]+", "\"$1\": T");
    }

    @Test
    void eachFileIsReadAheadOnceAndGivesWhatReadingItInTurnGives() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String f : mixedFiles()) {
            files.add(Path.of(f));
        }
        ReadOptions options = ReadOptions.defaults();
        try (ReadAhead ahead = new ReadAhead(files, options)) {
            for (int i = 0; i < files.size(); i++) {
                int k = i;
                String mine = outcome(() -> ahead.load(k));
                if (i + 1 < files.size() && !files.get(i + 1).toString().endsWith("missing.edn")) {
                    assertEquals(i + 1, ahead.aheadIndex(), "file " + (i + 1) + " is being read ahead");
                } else {
                    assertNotEquals(i + 1, ahead.aheadIndex());
                }
                assertEquals(outcome(() -> CheckCommand.load(files.get(k), options)), mine, files.get(i).toString());
            }
        }
    }

    @Test
    void aFileCountsAtWhatItsHistoryMayTakeAsFirstLookedAt() throws IOException {
        Path plain = EXAMPLES.resolve("register-ok.jsonl");
        Path gz = dir.resolve("noise.jsonl.gz");
        byte[] noise = new byte[100_000];
        new java.util.Random(23).nextBytes(noise);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(noise); // incompressible: about as large on disk
        }
        long onDisk = Files.size(gz);
        Path missing = dir.resolve("missing.edn");
        try (ReadAhead ahead = new ReadAhead(List.of(plain, gz, missing), ReadOptions.defaults())) {
            assertEquals(Files.size(plain), ahead.historyBytes(plain));
            assertEquals(12 * onDisk, ahead.historyBytes(gz), "a compressed file expands");
            assertTrue(onDisk < ReadAhead.APART_BYTES && ahead.apart(gz),
                    "read apart by what its history takes, not by its size on disk");
            assertEquals(Long.MAX_VALUE, ahead.historyBytes(missing));
            assertFalse(ahead.apart(missing) || ahead.fits(missing));
            Files.write(gz, noise); // the same path, now larger and plain: the batch keeps its first answer
            assertEquals(12 * onDisk, ahead.historyBytes(gz));
            assertEquals(Files.size(gz), ReadAhead.estimate(gz));
        }
    }

    private interface Load {
        ReadResult get() throws IOException, InvalidInputException;
    }

    /** What a reading gives, as text: the history and annotations, or the error's kind and message. */
    private static String outcome(Load load) {
        try {
            ReadResult r = load.get();
            return r.format() + " " + r.history() + " " + r.annotations() + " " + r.nilRead();
        } catch (IOException | InvalidInputException | RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }
}
