package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ariadne export-tla}: the files it writes, TLC's verdict with --run-tlc, and bad input as 65 or 64. */
class ExportTlaCommandTest {
    private static final Path TLA = Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("tla");

    @TempDir
    Path dir;

    @Test
    void writesTheModuleAndSaysHowToRunTlc() throws Exception {
        Path out = dir.resolve("out");
        CliRunner r = CliRunner.run("export-tla", TLA.resolve("queue/queue-pass.json").toString(),
                "--tla", TLA.resolve("queue/Queue.tla").toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.readString(out.resolve("QueueTrace.tla")).contains("EXTENDS Queue, Integers"));
        assertTrue(Files.readString(out.resolve("QueueTrace.cfg")).contains("INVARIANT NoLinearization"));
        assertTrue(Files.isRegularFile(out.resolve("Queue.tla")), "the spec is copied beside the module");
        assertTrue(r.out().contains("(5 operations; copied Queue.tla; OmniLink semantics)"), r.out());
        assertTrue(r.out().contains("tlc2.TLC -workers 1 -config QueueTrace.cfg QueueTrace"), r.out());
    }

    @Test
    void runTlcExitsWithTlcsVerdict() {
        String spec = TLA.resolve("queue/Queue.tla").toString();
        CliRunner fail = CliRunner.run("export-tla", TLA.resolve("queue/queue-fail.json").toString(), "--tla", spec,
                "--out", dir.resolve("f").toString(), "--run-tlc");
        assertEquals(1, fail.status(), fail.out() + fail.err());
        assertTrue(fail.out().contains("TLC: NOT LINEARIZABLE in "), fail.out());
        CliRunner pass = CliRunner.run("export-tla", TLA.resolve("queue/queue-pass.json").toString(), "--tla", spec,
                "--out", dir.resolve("p").toString(), "--run-tlc");
        assertEquals(0, pass.status(), pass.out() + pass.err());
        assertTrue(pass.out().contains("TLC: LINEARIZABLE in "), pass.out());
    }

    @Test
    void badSpecsAndTracesAreInvalidInputOnOneLine() throws Exception {
        CliRunner unknown = CliRunner.run("export-tla", TLA.resolve("queue/queue-pass.json").toString(),
                "--tla", TLA.resolve("register/Register.tla").toString(), "--out", dir.resolve("o").toString());
        assertEquals(65, unknown.status());
        assertTrue(unknown.err().startsWith("ariadne: " + TLA.resolve("queue/queue-pass.json") + ":1: ")
                && unknown.err().contains("defines no action Enq"), unknown.err());
        Path broken = dir.resolve("Broken.tla");
        Files.writeString(broken, "---- MODULE Broken ----\nVARIABLE x\nInit == x = \n====\n");
        CliRunner parse = CliRunner.run("export-tla", TLA.resolve("queue/queue-pass.json").toString(),
                "--tla", broken.toString(), "--out", dir.resolve("o").toString());
        assertEquals(65, parse.status());
        assertTrue(parse.err().startsWith("ariadne: " + broken + ":"), parse.err());
        CliRunner missing = CliRunner.run("export-tla", dir.resolve("none.json").toString(),
                "--tla", TLA.resolve("queue/Queue.tla").toString(), "--out", dir.resolve("o").toString());
        assertEquals(65, missing.status());
        assertTrue(missing.err().contains("no such file"), missing.err());
        for (CliRunner r : new CliRunner[]{unknown, parse, missing}) {
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        assertFalse(Files.exists(dir.resolve("o").resolve("QueueTrace.tla")), "nothing written for bad input");
    }

    @Test
    void outIsRequired() {
        CliRunner r = CliRunner.run("export-tla", TLA.resolve("queue/queue-pass.json").toString(),
                "--tla", TLA.resolve("queue/Queue.tla").toString());
        assertEquals(64, r.status());
        assertTrue(r.err().contains("--out"), r.err());
    }
}
