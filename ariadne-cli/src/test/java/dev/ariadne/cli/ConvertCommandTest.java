package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ariadne convert}: every format to native JSON lines, which checks the same and converts to itself. */
class ConvertCommandTest {
    private static final Path JEPSEN = Path.of(System.getProperty("user.dir"), "src", "test", "resources", "jepsen");
    private static final Path EXAMPLES = Path.of(System.getProperty("user.dir")).resolveSibling("examples");

    @TempDir
    Path dir;

    private Path write(String name, byte[] content) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, content);
        return file;
    }

    /** Converts {@code in}, checks that the native file gives the same verdict, and converts it again unchanged. */
    private void assertRoundTrip(Path in, String... checkOptions) throws IOException {
        Path out = dir.resolve(in.getFileName() + ".jsonl");
        CliRunner c = CliRunner.run("convert", in.toString(), "--to", "json", out.toString());
        assertEquals(0, c.status(), c.err());
        String first = Files.readString(out, StandardCharsets.UTF_8);
        CliRunner again = CliRunner.run("convert", out.toString(), "--to", "json", "-");
        assertEquals(0, again.status(), again.err());
        assertEquals(first, again.out(), "the native format converts to itself");

        String[] original = new String[checkOptions.length + 2];
        String[] converted = new String[checkOptions.length + 2];
        original[0] = converted[0] = "check";
        System.arraycopy(checkOptions, 0, original, 1, checkOptions.length);
        System.arraycopy(checkOptions, 0, converted, 1, checkOptions.length);
        original[original.length - 1] = in.toString();
        converted[converted.length - 1] = out.toString();
        CliRunner a = CliRunner.run(original);
        CliRunner b = CliRunner.run(converted);
        assertEquals(a.status(), b.status(), a.out() + b.out());
        String ops = a.out().lines().filter(l -> l.startsWith("  model ")).findFirst().orElse("")
                .replaceAll(", [0-9.]+ ms.*", "");
        assertTrue(b.out().contains(ops), "expected '" + ops + "' in\n" + b.out());
    }

    @Test
    void everyFormatConvertsToNativeJsonLines() throws IOException {
        // Jepsen EDN (the nil-read convention must be given: the native format's default is "absent")
        assertRoundTrip(JEPSEN.resolve("info-may-have-happened.edn"), "--model", "cas-register");
        assertRoundTrip(JEPSEN.resolve("independent.edn"), "--model", "cas-register", "--independent",
                "--initial", "0");
        assertRoundTrip(JEPSEN.resolve("set-ok.edn"), "--model", "set");
        assertRoundTrip(JEPSEN.resolve("nil-read.edn"), "--model", "register", "--nil-read", "unknown");
        assertRoundTrip(EXAMPLES.resolve("kv-bad.edn"));
        // Jepsen JSON
        assertRoundTrip(JEPSEN.resolve("rw-register.json"), "--model", "multi-register");
        // Jepsen text logs
        assertRoundTrip(write("etcd.log", ("INFO  jepsen.util - 0\t:invoke\t:read\tnil\n"
                + "INFO  jepsen.util - 1\t:invoke\t:cas\t[3 0]\n"
                + "INFO  jepsen.util - 0\t:fail\t:read\tnil\n"
                + "INFO  jepsen.util - 1\t:fail\t:cas\t[3 0]\n"
                + "INFO  jepsen.util - :nemesis\t:info\t:start\tnil\n").getBytes(StandardCharsets.UTF_8)),
                "--model", "cas-register");
        // native
        assertRoundTrip(EXAMPLES.resolve("register-bad.jsonl"), "--model", "cas-register");
        // OmniLink JSON and MessagePack
        assertRoundTrip(write("trace.json", ("{\"operation_name\":\"write\",\"operation\":{\"v\":1,\"_op_start\":1,"
                + "\"_op_end\":5}}\n{\"thread\":1,\"operation_name\":\"read\",\"operation\":{\"v\":1,"
                + "\"_op_start\":2,\"_op_end\":9}}\n").getBytes(StandardCharsets.UTF_8)), "--model", "register");
        assertRoundTrip(write("trace.log", OmniLinkTraces.queue()), "--model", "fifo-queue");
    }

    @Test
    void anOmniLinkDirectoryConverts() throws IOException {
        Path traces = Files.createDirectory(dir.resolve("traces"));
        Files.write(traces.resolve("tracing-Q-1.log"), OmniLinkTraces.queue());
        Files.write(traces.resolve("tracing-Q-2.log"), OmniLinkTraces.laterDequeue());
        CliRunner c = CliRunner.run("convert", traces.toString(), "--to", "json", "-");
        assertEquals(0, c.status(), c.err());
        assertEquals(4, c.out().lines().count(), c.out());
        assertTrue(c.out().contains("\"file\":\"tracing-Q-2.log\""), c.out());
        CliRunner check = CliRunner.run("check", "--model", "fifo-queue", traces.toString());
        assertEquals(1, check.status(), check.out() + check.err()); // the later dequeue finds the queue empty
    }

    @Test
    void badInputLeavesNoOutputAndBadUsageIs64() throws IOException {
        Path bad = write("bad.edn", "{:process 0, :type :invok}\n".getBytes(StandardCharsets.UTF_8));
        Path out = dir.resolve("out.jsonl");
        CliRunner r = CliRunner.run("convert", bad.toString(), "--to", "json", out.toString());
        assertEquals(65, r.status());
        assertTrue(r.err().startsWith("ariadne: " + bad + ":1: unknown :type :invok"), r.err());
        assertFalse(Files.exists(out));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
        assertEquals(65, CliRunner.run("convert", dir.resolve("missing.edn").toString(), "--to", "json", "-")
                .status());
        Path good = EXAMPLES.resolve("register-ok.jsonl");
        assertEquals(64, CliRunner.run("convert", good.toString(), "--to", "edn", "-").status());
        assertEquals(64, CliRunner.run("convert", good.toString(), "-").status());
        assertEquals(64, CliRunner.run("convert", "--format", "yaml", good.toString(), "--to", "json", "-").status());
        assertEquals(74, CliRunner.run("convert", good.toString(), "--to", "json",
                dir.resolve("no/such/dir/out.jsonl").toString()).status());
    }

    /** Issue 27: convert reads a failed cas as check does: dropped by default, false with --failed-cas mismatch. */
    @Test
    void aFailedCasConvertsAsCheckReadsIt() {
        String log = JEPSEN.resolve("failed-cas.log").toString();
        CliRunner absent = CliRunner.run("convert", log, "--to", "json", "-");
        assertEquals(0, absent.status(), absent.err());
        assertFalse(absent.out().contains("\"cas\""), absent.out());
        CliRunner mismatch = CliRunner.run("convert", "--failed-cas", "mismatch", log, "--to", "json", "-");
        assertEquals(0, mismatch.status(), mismatch.err());
        assertTrue(mismatch.out().lines().anyMatch(l -> l.contains("\"f\":\"cas\"") && l.contains("\"output\":false")),
                mismatch.out());
        assertEquals(64, CliRunner.run("convert", "--failed-cas", "no", log, "--to", "json", "-").status());
    }

    @Test
    void nemesisEventsAreNotedOnStandardError() {
        CliRunner r = CliRunner.run("convert", JEPSEN.resolve("nemesis-is-not-a-client.edn").toString(), "--to",
                "json", "-");
        assertEquals(0, r.status(), r.err());
        assertEquals(5, r.out().lines().count(), "the conventions line and 4 operations");
        assertEquals("{\"conventions\":{\"nil-read\":\"unknown\"}}", r.out().lines().findFirst().orElseThrow());
        assertTrue(r.err().contains("3 events of non-client processes (such as :nemesis) are not an operation"),
                r.err());
    }

    @Test
    void aReusedProcessConvertsWithTheOption() {
        String in = JEPSEN.resolve("reused-process.edn").toString();
        assertEquals(65, CliRunner.run("convert", in, "--to", "json", "-").status());
        CliRunner r = CliRunner.run("convert", "--new-client-after-info", in, "--to", "json", "-");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"client\":2") && r.out().contains("\"meta\":{\"process\":0}"), r.out());
    }
}
