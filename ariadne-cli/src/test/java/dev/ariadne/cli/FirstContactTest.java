package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a new user meets first: usage errors, durations, the overall JSON verdict, memory, closed pipes. */
class FirstContactTest {
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");
    private static final String OK = EXAMPLES.resolve("register-ok.jsonl").toString();
    private static final String BAD = EXAMPLES.resolve("register-bad.jsonl").toString();

    @TempDir
    Path dir;

    @Test
    void aUsageErrorPrintsItsCauseAndAHintNotTheHelp() {
        CliRunner unknownOption = CliRunner.run("check", "--frobnicate", OK);
        assertEquals(64, unknownOption.status());
        assertEquals(List.of("ariadne: Unknown option: '--frobnicate'",
                "Try 'ariadne check --help' for more information."), unknownOption.err().lines().toList());
        assertEquals("", unknownOption.out());

        CliRunner badValue = CliRunner.run("check", "--model", "nosuchmodel", OK);
        assertEquals(64, badValue.status());
        List<String> lines = badValue.err().lines().toList();
        assertEquals(2, lines.size(), badValue.err());
        assertTrue(lines.get(0).startsWith("ariadne: unknown model 'nosuchmodel'"), badValue.err());
        assertEquals("Try 'ariadne check --help' for more information.", lines.get(1));

        CliRunner noCommand = CliRunner.run();
        assertEquals(64, noCommand.status());
        assertEquals(List.of("ariadne: missing command: check, convert or generate",
                "Try 'ariadne --help' for more information."), noCommand.err().lines().toList());

        CliRunner generate = CliRunner.run("generate", "--ops", "many", "--model", "register");
        assertEquals(64, generate.status());
        assertTrue(generate.err().endsWith("Try 'ariadne generate --help' for more information.\n"), generate.err());
        assertFalse(generate.err().contains("Usage:"), generate.err());
    }

    @Test
    void helpStillPrintsTheWholeHelp() {
        CliRunner help = CliRunner.run("check", "--help");
        assertEquals(0, help.status());
        assertTrue(help.out().startsWith("Usage: ariadne check"), help.out());
    }

    @Test
    void durationsMayHaveFractions() {
        DurationConverter c = new DurationConverter();
        assertEquals(Duration.ofMillis(1500), c.convert("1.5s"));
        assertEquals(Duration.ofSeconds(30), c.convert("0.5m"));
        assertEquals(Duration.ofMillis(250), c.convert("250ms"));
        assertEquals(Duration.ofNanos(250_500), c.convert("0.2505ms"));
        assertEquals(Duration.ofMinutes(90), c.convert("1.5h"));
        assertEquals(Duration.ofSeconds(2), c.convert("2"));
        assertEquals(Duration.ofMillis(100), c.convert("0.1"));
        for (String bad : List.of("0", "0.0s", "0ms", "1.5.2s", "-1s", "1e3s", ".5s", "5.s", "1.5 d", "soon",
                "0.0000000001s")) {
            assertThrows(CommandLine.TypeConversionException.class, () -> c.convert(bad), bad);
        }
        CliRunner r = CliRunner.run("check", "--model", "cas-register", "--timeout", "1.5s", OK);
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void theOverallJsonVerdictFollowsTheExitStatus() throws IOException {
        Path invalid = dir.resolve("invalid.jsonl");
        Files.writeString(invalid, "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"fly\"}\n", StandardCharsets.UTF_8);
        ObjectMapper mapper = new ObjectMapper();

        CliRunner withInvalid = CliRunner.run("check", "--json", "--model", "cas-register", OK, invalid.toString(), BAD);
        assertEquals(65, withInvalid.status());
        JsonNode doc = mapper.readTree(withInvalid.out());
        assertEquals("INVALID_INPUT", doc.get("verdict").asText());
        assertEquals("INVALID_INPUT", doc.get("files").get(1).get("verdict").asText());

        CliRunner violation = CliRunner.run("check", "--json", "--model", "cas-register", OK, BAD);
        assertEquals(1, violation.status());
        assertEquals("NOT_LINEARIZABLE", mapper.readTree(violation.out()).get("verdict").asText());

        CliRunner ok = CliRunner.run("check", "--json", "--model", "cas-register", OK, OK);
        assertEquals(0, ok.status());
        assertEquals("LINEARIZABLE", mapper.readTree(ok.out()).get("verdict").asText());
    }

    @Test
    void aMemoryBudgetLargerThanTheHeapIsCappedWithAWarning() {
        long heap = Runtime.getRuntime().maxMemory();
        String tooMuch = ((heap >> 20) * 2 + 1) + "m";
        CliRunner r = CliRunner.run("check", "--model", "cas-register", "--max-memory", tooMuch, OK);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.err().startsWith("ariadne: warning: --max-memory "), r.err());
        assertTrue(r.err().contains("is more than the Java heap"), r.err());
        assertTrue(r.err().contains("ARIADNE_JAVA_OPTS=-Xmx"), r.err());
        assertTrue(r.out().contains("LINEARIZABLE"), r.out());

        CliRunner fits = CliRunner.run("check", "--model", "cas-register", "--max-memory", "16m", OK);
        assertEquals(0, fits.status());
        assertEquals("", fits.err());
    }

    @Test
    void sizesForPeople() {
        assertEquals("100 bytes", SizeConverter.format(100));
        assertEquals("512 MiB", SizeConverter.format(512L << 20));
        assertEquals("1.5 GiB", SizeConverter.format(3L << 29));
        assertEquals("64 GiB", SizeConverter.format(64L << 30));
    }

    /** A stream whose reader went away after {@code limit} bytes, as a pipe into {@code head -c} does. */
    private static final class PipeClosedAfter extends OutputStream {
        private final StringBuilder written = new StringBuilder();
        private final int limit;

        PipeClosedAfter(int limit) {
            this.limit = limit;
        }

        @Override
        public void write(int b) throws IOException {
            if (written.length() >= limit) {
                throw new IOException("Broken pipe");
            }
            written.append((char) b);
        }
    }

    @Test
    void aClosedOutputEndsTheCommandQuietly() {
        List<String> args = new ArrayList<>(List.of("check", "--model", "cas-register"));
        for (int i = 0; i < 200; i++) {
            args.add(i % 2 == 0 ? OK : BAD);
        }
        for (boolean json : List.of(false, true)) {
            List<String> a = new ArrayList<>(args);
            if (json) {
                a.add(1, "--json");
            }
            PipeClosedAfter pipe = new PipeClosedAfter(10);
            StringWriter err = new StringWriter();
            int status = Main.run(a.toArray(String[]::new), new PrintWriter(new ClosedOutput(pipe), true),
                    new PrintWriter(err));
            assertEquals(ClosedOutput.EXIT_STATUS, status, err.toString());
            assertEquals("", err.toString());
        }
    }

    /**
     * The real thing: a separate JVM writes into a pipe whose reader closes after the first line. It must end with
     * status 141 and nothing on standard error (no stack trace, no message), for check and for generate.
     */
    @Test
    void aClosedPipeEndsAProcessQuietly() throws Exception {
        List<String> check = new ArrayList<>(List.of("check", "--model", "cas-register"));
        for (int i = 0; i < 2000; i++) {
            check.add(OK);
        }
        assertQuietAfterFirstLine(check);
        assertQuietAfterFirstLine(List.of("generate", "--model", "register", "--ops", "100000"));
    }

    private static void assertQuietAfterFirstLine(List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(args);
        Path errFile = Files.createTempFile("ariadne-pipe", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectError(errFile.toFile()).start();
            p.getOutputStream().close();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                assertNotNull(out.readLine());
            } // closing the read end: the next write fails with EPIPE
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "still running: " + args.get(0));
            assertEquals(ClosedOutput.EXIT_STATUS, p.exitValue(), Files.readString(errFile));
            assertEquals("", Files.readString(errFile));
        } finally {
            Files.deleteIfExists(errFile);
        }
    }
}
