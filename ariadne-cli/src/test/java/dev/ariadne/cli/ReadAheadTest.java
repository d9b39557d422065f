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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A batch {@code check} reads the next file while it checks the current one (issue 23); what it prints and its exit
 * status are those of checking each file alone, in order, whatever each reading gives: a history, bad input, a
 * missing file, compressed data. Nothing depends on which thread finishes first.
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
