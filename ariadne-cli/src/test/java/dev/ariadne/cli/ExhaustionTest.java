package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exhaustion never looks like a verdict (issue 22): in a JVM of its own with a small heap, whatever runs out —
 * reading, the search, the core, the page, {@code --follow} — the exit status is the proven verdict's or UNKNOWN
 * (2), never 1 without a violation, and no stack trace is printed. Also what only a process of its own shows: a
 * batch stopped by SIGTERM, and {@code --follow /dev/stdin} on a pipe. The heaps are far from the sizes where the
 * outcome would change, and nothing depends on the machine's speed.
 */
class ExhaustionTest {
    @TempDir
    Path dir;

    private Path generate(String name, int ops, boolean violation) {
        Path file = dir.resolve(name);
        List<String> args = new java.util.ArrayList<>(List.of("generate", "--model", "register", "--threads", "5",
                "--ops", String.valueOf(ops), "--seed", "1"));
        if (violation) {
            args.add("--violation");
        }
        args.add(file.toString());
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertEquals(0, r.status(), r.err());
        return file;
    }

    @Test
    void aHeapTooSmallToReadIsUnknownWithTheReason() throws Exception {
        Path history = generate("h.jsonl", 100_000, false); // about 6 MB, over 20 MB in memory
        Forked r = Forked.run(dir, "16m", "check", history.toString()).assertNoStackTrace();
        r.assertStatus(2);
        assertTrue(r.out().contains("h.jsonl: UNKNOWN (memory: the Java heap ran out while"), r.out() + r.err());
    }

    @Test
    void convertingPastTheHeapIsOneLineAndStatus70() throws Exception {
        Path history = generate("c.jsonl", 100_000, false);
        Path out = dir.resolve("converted.jsonl");
        Forked r = Forked.run(dir, "16m", "convert", history.toString(), "--to", "json", out.toString())
                .assertNoStackTrace();
        r.assertStatus(70);
        assertEquals("ariadne: the Java heap ran out; give Java more with ARIADNE_JAVA_OPTS=-Xmx<size>\n", r.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aCoreThatDoesNotFitLeavesTheVerdict() throws Exception {
        // The check of 30,000 operations fits in 28 MB; with today's core search, the core does not.
        Path history = generate("b.jsonl", 30_000, true);
        Forked r = Forked.run(dir, "28m", "check", history.toString()).assertNoStackTrace();
        r.assertStatus(1);
        assertTrue(r.out().contains("b.jsonl: NOT LINEARIZABLE"), r.out());
        assertTrue(r.out().contains("Violation: "), "the violation's evidence is printed: " + r.out());
    }

    @Test
    void aPageThatDoesNotFitIsSkippedNeverHalfWritten() throws Exception {
        Path history = generate("ok.jsonl", 100_000, false);
        Path page = dir.resolve("page.html");
        Forked r = Forked.run(dir, "52m", "check", "--html", page.toString(), history.toString())
                .assertNoStackTrace();
        assertTrue(r.status() == 0 || r.status() == 2, "LINEARIZABLE, or UNKNOWN if the check ran out: "
                + r.status() + r.out() + r.err());
        if (Files.exists(page)) {
            assertTrue(Files.readString(page).stripTrailing().endsWith("</html>"), "a whole page or none");
        } else {
            assertTrue(r.err().contains("the page " + page + " was skipped: the Java heap ran out"), r.err());
        }
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().startsWith(".page.html.")),
                    "no half-written page left beside it");
        }
    }

    /**
     * {@code --follow} keeps what the overlap needs (issue 26): here a read called first and never returned overlaps
     * every later operation, so the online checker must hold them all, and 400,000 of them do not fit in 24 MiB.
     */
    @Test
    void followingPastTheHeapIsUnknownAfterTheLastLineRead() throws Exception {
        Path history = dir.resolve("long.jsonl");
        try (java.io.BufferedWriter w = Files.newBufferedWriter(history, StandardCharsets.UTF_8)) {
            w.write("{\"type\":\"call\",\"client\":9,\"f\":\"read\"}\n");
            for (int i = 0; i < 400_000; i++) {
                w.write("{\"type\":\"call\",\"client\":" + i % 4 + ",\"f\":\"write\",\"value\":" + i % 7 + "}\n");
                w.write("{\"type\":\"return\",\"client\":" + i % 4 + "}\n");
            }
        }
        Forked r = Forked.run(dir, new ProcessBuilder(Forked.command("24m", "check", "--follow", "--model",
                "register", "-")).redirectInput(history.toFile())).assertNoStackTrace();
        r.assertStatus(2);
        assertTrue(r.out().matches("(?s)<stdin>: UNKNOWN \\(memory: the Java heap ran out after line \\d+; .*"),
                r.out() + r.err());
    }

    @Test
    void anEndlessGzipLineIsRefusedOrUnknownNeverAStackTrace() throws Exception {
        Path gz = dir.resolve("endless.jsonl.gz");
        byte[] chunk = new byte[1 << 20];
        Arrays.fill(chunk, (byte) 'a');
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz), 1 << 16)) {
            out.write("{\"client\": 0, \"f\": \"write\", \"value\": \"".getBytes(StandardCharsets.UTF_8));
            for (int i = 0; i < 256; i++) { // 256 MiB in one line, 256 KiB compressed
                out.write(chunk);
            }
        }
        Forked r = Forked.run(dir, "64m", "check", gz.toString()).assertNoStackTrace();
        assertTrue(r.status() == 65 || r.status() == 2, "refused as invalid, or UNKNOWN for memory: " + r.status()
                + r.out() + r.err());
    }

    @Test
    void aBatchStoppedBySigtermSaysWhichFilesWereDecided() throws Exception {
        Path ok = Path.of("..", "examples", "register-ok.jsonl");
        Path fifo = Fifos.make(dir.resolve("never-written.fifo"));
        Path err = dir.resolve("sigterm.err");
        Process p = new ProcessBuilder(Forked.command("64m", "check", ok.toString(), fifo.toString(),
                "../examples/kv-bad.edn")).redirectError(err.toFile()).start();
        StringBuilder out = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            String first = lines.readLine(); // the first file is decided: the second, a FIFO, blocks for ever
            assertTrue(first != null && first.endsWith("register-ok.jsonl: LINEARIZABLE"), first);
            // SIGTERM, sent with kill: Process.destroy would close this end of the pipes too
            assertEquals(0, new ProcessBuilder("kill", "-TERM", String.valueOf(p.pid())).start().waitFor());
            for (String line; (line = lines.readLine()) != null; ) {
                out.append(line).append('\n');
            }
        }
        Forked r = Forked.finish(p, dir.resolve("none"), err);
        r.assertNoStackTrace().assertStatus(2);
        assertTrue(out.toString().contains(fifo + ": UNKNOWN (interrupted before it was decided)"), out.toString());
        assertTrue(out.toString().contains("kv-bad.edn: UNKNOWN (interrupted before it was decided)"),
                out.toString());
        assertTrue(r.err().contains("ariadne: interrupted: 1 of 3 files decided; not decided: " + fifo
                + ", ../examples/kv-bad.edn"), r.err());
    }

    @Test
    void followsDevStdinOnAPipe() throws Exception {
        Path err = dir.resolve("stdin.err");
        Path outFile = dir.resolve("stdin.out");
        Process p = new ProcessBuilder(Forked.command("64m", "check", "--follow", "--model", "cas-register",
                "/dev/stdin")).redirectOutput(outFile.toFile()).redirectError(err.toFile()).start();
        try (OutputStream in = p.getOutputStream()) { // a pipe: no position to poll from
            in.write(Files.readAllBytes(Path.of("..", "examples", "register-ok.jsonl")));
        }
        Forked r = Forked.finish(p, outFile, err).assertNoStackTrace();
        r.assertStatus(0);
        assertTrue(r.out().startsWith("/dev/stdin: LINEARIZABLE"), r.out() + r.err());
    }
}
