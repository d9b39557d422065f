package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a new user meets first, through the command line: no false pass from a file read in the wrong format,
 * Knossos' multi-register histories, inputs from pipes, FIFOs, standard input and gzip files, and Jepsen's
 * {@code :time} in reports.
 */
class ReaderTrustTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
    private static final Path JEPSEN = Path.of(System.getProperty("user.dir"), "src", "test", "resources", "jepsen");
    private static final InputStream STDIN = System.in;

    @TempDir
    Path dir;

    @AfterEach
    void restoreStandardInput() {
        System.setIn(STDIN);
    }

    @Test
    void anEdnFileReadAsAJepsenLogIsInvalidInputNotAPass() {
        CliRunner r = CliRunner.run("check", "--format", "jepsen-log", EXAMPLES.resolve("kv-bad.edn").toString());
        assertEquals(65, r.status(), r.out() + r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("ariadne: " + EXAMPLES.resolve("kv-bad.edn") + ": no operation found: expected "
                + "Jepsen log lines"), r.err());
        assertTrue(r.err().contains("none of its 10 lines is one"), r.err());
    }

    @Test
    void knossosMultiRegisterHistoriesWithKeywordMicroOps() {
        CliRunner ok = CliRunner.run("check", JEPSEN.resolve("multi-register-knossos-ok.edn").toString());
        assertEquals(0, ok.status(), ok.out() + ok.err());
        assertTrue(ok.out().contains("model multi-register"), ok.out());
        CliRunner bad = CliRunner.run("check", "--model", "multi-register",
                JEPSEN.resolve("multi-register-knossos-bad.edn").toString());
        assertEquals(1, bad.status(), bad.out() + bad.err());
        assertTrue(bad.out().contains("txn [[r \"x\" 1] [r \"y\" 2]]"), bad.out());
    }

    @Test
    void aBadMicroOpIsNamedInOneLine() throws IOException {
        Path f = write("bad-mop.edn", "{:process 0, :type :invoke, :f :txn, :value [[:append :x 1]]}\n"
                + "{:process 0, :type :ok, :f :txn, :value [[:append :x 1]]}\n");
        CliRunner r = CliRunner.run("check", "--model", "multi-register", f.toString());
        assertEquals(65, r.status());
        assertTrue(r.err().contains(":1: model multi-register: operation 'txn' expects a list of micro-ops [f k v] "
                + "with f r or read, w or write"), r.err());
        assertTrue(r.err().contains("; a micro-op, got [\"append\" \"x\" 1]"), r.err());
    }

    @Test
    void aGzipFileIsReadWhateverItsName() throws IOException {
        byte[] gz = gzip(Files.readAllBytes(EXAMPLES.resolve("kv-bad.edn")));
        Path named = dir.resolve("kv-bad.edn.gz");
        Files.write(named, gz);
        Path unnamed = dir.resolve("history");
        Files.write(unnamed, gz);
        for (Path f : new Path[]{named, unnamed}) {
            CliRunner r = CliRunner.run("check", f.toString());
            assertEquals(1, r.status(), r.out() + r.err());
            assertTrue(r.out().contains("NOT LINEARIZABLE"), r.out());
            assertTrue(r.out().contains("5 operations"), r.out());
        }
        Path corrupt = dir.resolve("corrupt.edn.gz");
        Files.write(corrupt, java.util.Arrays.copyOf(gz, gz.length / 2));
        CliRunner r = CliRunner.run("check", corrupt.toString());
        assertEquals(65, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("corrupt gzip data"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void standardInputIsReadWithDash() throws IOException {
        System.setIn(new ByteArrayInputStream(Files.readAllBytes(EXAMPLES.resolve("register-bad.jsonl"))));
        CliRunner r = CliRunner.run("check", "--model", "cas-register", "-");
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.out().startsWith("-: NOT LINEARIZABLE"), r.out());

        System.setIn(new ByteArrayInputStream(gzip(Files.readAllBytes(EXAMPLES.resolve("kv-bad.edn")))));
        CliRunner converted = CliRunner.run("convert", "-", "--to", "json", "-");
        assertEquals(0, converted.status(), converted.err());
        assertEquals(6, converted.out().lines().count(), "the conventions line and 5 operations");
    }

    @Test
    void aFifoIsReadLikeAFile() throws Exception {
        Path fifo = dir.resolve("history.fifo");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException e) {
            Assumptions.abort("mkfifo is not available: " + e.getMessage());
            return;
        }
        Assumptions.assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");
        byte[] content = Files.readAllBytes(EXAMPLES.resolve("kv-bad.edn"));
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (OutputStream out = Files.newOutputStream(fifo)) {
                // in pieces, as a process writing a pipe would: detection must not need the whole input at once
                out.write(content, 0, 40);
                out.flush();
                out.write(content, 40, content.length - 40);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        CliRunner r = CliRunner.run("check", fifo.toString());
        writer.get(30, TimeUnit.SECONDS);
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("NOT LINEARIZABLE"), r.out());
    }

    @Test
    void reportsShowJepsensTimeInMilliseconds() throws IOException {
        Path timed = write("timed.edn", """
                {:process 0, :type :invoke, :f :write, :value 1, :time 1000000}
                {:process 0, :type :ok, :f :write, :value 1, :time 2500000}
                {:process 1, :type :invoke, :f :read, :value nil, :time 3000000}
                {:process 1, :type :ok, :f :read, :value 2, :time 3250000}
                """);
        CliRunner r = CliRunner.run("check", "--model", "register", timed.toString());
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("read → 2 [3.000 ms, 3.250 ms] line 3"), r.out());
        assertTrue(r.out().contains("write(1) [1.000 ms, 2.500 ms] line 1"), r.out());

        CliRunner json = CliRunner.run("check", "--json", "--model", "register", timed.toString());
        JsonNode unplaced = new ObjectMapper().readTree(json.out()).path("files").path(0).path("partitions").path(0)
                .path("violation").path("longest").path(0).path("unplaced");
        assertEquals(3.0, unplaced.path("callMs").asDouble(), json.out());
        assertEquals(3.25, unplaced.path("returnMs").asDouble(), json.out());
        assertEquals(2, unplaced.path("call").asLong(), "the checker's times stay the positions: " + json.out());

        Path partly = write("partly-timed.edn", Files.readString(timed).replace(", :time 3000000", ""));
        CliRunner positions = CliRunner.run("check", "--model", "register", partly.toString());
        assertEquals(1, positions.status());
        assertTrue(positions.out().contains("read → 2 [2, 3] line 3"), "one event without :time: positions for "
                + "the whole file\n" + positions.out());
        assertFalse(positions.out().contains(" ms]"), positions.out());
    }

    private Path write(String name, String content) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, content, StandardCharsets.UTF_8);
        return f;
    }

    private static byte[] gzip(byte[] content) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
            gz.write(content);
        }
        return bytes.toByteArray();
    }
}
