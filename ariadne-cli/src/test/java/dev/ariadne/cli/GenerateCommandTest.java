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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GenerateCommandTest {
    @TempDir
    Path dir;

    @Test
    void generatedHistoryChecksLinearizable() throws IOException {
        for (String model : List.of("register", "cas-register", "fifo-queue", "kv", "set")) {
            Path file = dir.resolve(model + ".jsonl");
            CliRunner g = CliRunner.run("generate", "--model", model, "--threads", "4", "--ops", "300",
                    "--overlap", "low", "--crashed", "3", "--seed", "9", file.toString());
            assertEquals(0, g.status(), g.err());
            assertTrue(g.out().startsWith("wrote 300 operations to "), g.out());
            assertEquals(300, Files.readAllLines(file).size());
            CliRunner c = CliRunner.run("check", "--model", model, file.toString());
            assertEquals(0, c.status(), c.out() + c.err());
            assertTrue(c.out().contains("LINEARIZABLE"), c.out());
        }
    }

    @Test
    void injectedViolationIsFoundAndReported() throws IOException {
        Path file = dir.resolve("bad.jsonl");
        CliRunner g = CliRunner.run("generate", "--model", "register", "--threads", "5", "--ops", "2000",
                "--overlap", "full", "--distinct", "--violation", file.toString());
        assertEquals(0, g.status(), g.err());
        assertTrue(g.out().contains("injected violation at line "), g.out());
        String line = g.out().replaceAll("(?s).*injected violation at line (\\d+).*", "$1");
        String injected = Files.readAllLines(file).get(Integer.parseInt(line) - 1);
        assertTrue(injected.contains("\"meta\":{\"injected\":\"stale read"), injected);

        CliRunner c = CliRunner.run("check", "--model", "register", file.toString());
        assertEquals(1, c.status(), c.out() + c.err());
        assertTrue(c.out().contains("NOT LINEARIZABLE"), c.out());
    }

    @Test
    void writesToStandardOutputAndRepeatsWithTheSameSeed() throws IOException {
        CliRunner a = CliRunner.run("generate", "--model", "kv", "--ops", "50", "--seed", "3");
        CliRunner b = CliRunner.run("generate", "--model", "kv", "--ops", "50", "--seed", "3", "-");
        CliRunner other = CliRunner.run("generate", "--model", "kv", "--ops", "50", "--seed", "4");
        assertEquals(0, a.status(), a.err());
        assertEquals(50, a.out().lines().count());
        assertTrue(a.out().lines().allMatch(l -> l.startsWith("{\"client\":")), a.out());
        assertEquals(a.out(), b.out());
        assertNotEquals(a.out(), other.out());

        Path file = dir.resolve("kv.jsonl");
        Files.writeString(file, a.out(), StandardCharsets.UTF_8);
        CliRunner c = CliRunner.run("check", file.toString());
        assertEquals(0, c.status(), c.out() + c.err());
        assertTrue(c.out().contains("model kv"), c.out());
    }

    @Test
    void badOptionsAreUsageErrors() {
        String out = dir.resolve("x.jsonl").toString();
        List<String[]> bad = List.of(
                new String[]{"generate", out},
                new String[]{"generate", "--model", "stack", out},
                new String[]{"generate", "--model", "register", "--threads", "0", out},
                new String[]{"generate", "--model", "register", "--ops", "-5", out},
                new String[]{"generate", "--model", "register", "--ops", "many", out},
                new String[]{"generate", "--model", "register", "--overlap", "total", out},
                new String[]{"generate", "--model", "register", "--ops", "10", "--crashed", "11", out},
                new String[]{"generate", "--model", "register", "--ops", "3", "--crashed", "3", "--violation", out},
                new String[]{"generate", "--model", "register", "--frobnicate", out});
        for (String[] args : bad) {
            CliRunner r = CliRunner.run(args);
            assertEquals(64, r.status(), String.join(" ", args) + "\n" + r.err());
            assertTrue(r.err().startsWith("ariadne: "), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertFalse(Files.exists(dir.resolve("x.jsonl")));
    }

    @Test
    void unwritableOutputIsReported() {
        Path missing = dir.resolve("no/such/dir/out.jsonl");
        CliRunner r = CliRunner.run("generate", "--model", "register", missing.toString());
        assertEquals(GenerateCommand.CANNOT_WRITE, r.status(), r.err());
        assertTrue(r.err().startsWith("ariadne: cannot write "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }
}
