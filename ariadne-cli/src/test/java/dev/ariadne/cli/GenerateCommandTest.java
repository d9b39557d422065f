package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GenerateCommandTest {
    @TempDir
    Path dir;

    @Test
    void generatedHistoryChecksLinearizable() throws IOException {
        for (String model : List.of("register", "cas-register", "fifo-queue", "kv", "set", "counter")) {
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

    /** Every --tla-example trace passes its spec with ariadne check --tla, and fails it with --violation. */
    @Test
    void tlaExampleTracesCheckAgainstTheirSpecs() throws IOException {
        Path examples = Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("tla");
        Map<String, String> specs = Map.of("register", "register/Register.tla", "queue", "queue/Queue.tla",
                "producer-queue", "producer-queue/ProducerQueue.tla", "bulk-queue", "bulk-queue/BulkQueue.tla",
                "kv", "kv/KeyValue.tla", "counter", "counter/Counter.tla");
        for (Map.Entry<String, String> e : specs.entrySet()) {
            for (boolean violation : new boolean[]{false, true}) {
                Path file = dir.resolve(e.getKey() + violation + ".json");
                List<String> args = new ArrayList<>(List.of("generate", "--tla-example", e.getKey(), "--threads",
                        "4", "--ops", "150", "--seed", "5", file.toString()));
                // crashed operations only where linearizable: refuting a queue among them is slow in TLA+
                args.addAll(violation ? List.of("--violation") : List.of("--crashed", "2"));
                CliRunner g = CliRunner.run(args.toArray(new String[0]));
                assertEquals(0, g.status(), g.err());
                assertTrue(g.out().contains(" operations to ") && g.out().contains("(an OmniLink trace of "
                        + "examples/tla/" + e.getKey() + "/)"), g.out());
                assertTrue(Files.readString(file).startsWith("{\"operation_name\":"), e.getKey());
                CliRunner c = CliRunner.run("check", "--tla", examples.resolve(e.getValue()).toString(),
                        file.toString());
                assertEquals(violation ? 1 : 0, c.status(), e.getKey() + "\n" + c.out() + c.err());
            }
        }
        CliRunner mismatch = CliRunner.run("generate", "--tla-example", "kv", "--model", "register");
        assertEquals(64, mismatch.status());
        assertTrue(mismatch.err().contains("--tla-example kv generates kv histories, not register"), mismatch.err());
        CliRunner neither = CliRunner.run("generate", "--ops", "5");
        assertEquals(64, neither.status());
        assertTrue(neither.err().contains("Missing required option: '--model=NAME'"), neither.err());
        CliRunner unknown = CliRunner.run("generate", "--tla-example", "stack");
        assertEquals(64, unknown.status());
        assertTrue(unknown.err().contains("cannot write traces for the TLA+ example 'stack'"), unknown.err());
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
        assertEquals(ExitStatus.CANNOT_WRITE, r.status(), r.err());
        assertTrue(r.err().startsWith("ariadne: cannot write "), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    /** --keys streams a kv history to disk, split over --files files; --violation makes exactly one key fail. */
    @Test
    void keysStreamAKvHistorySplitIntoFiles() throws IOException {
        Path parts = dir.resolve("parts");
        CliRunner g = CliRunner.run("generate", "--model", "kv", "--ops", "2000", "--keys", "50", "--threads", "8",
                "--files", "3", "--hot-key-share", "0.1", "--violation", "--seed", "4", parts.toString());
        assertEquals(0, g.status(), g.err());
        assertTrue(g.out().startsWith("wrote 2000 operations over 50 keys to " + parts
                + " (3 files part-00000.jsonl…)\nhot key \"k0\": "), g.out());
        assertTrue(g.out().contains("injected violation: operation #"), g.out());
        List<String> lines = new ArrayList<>();
        for (String f : List.of("part-00000.jsonl", "part-00001.jsonl", "part-00002.jsonl")) {
            lines.addAll(Files.readAllLines(parts.resolve(f)));
        }
        assertEquals(4000, lines.size(), "a call and a return per operation");
        Path whole = dir.resolve("whole.jsonl");
        Files.write(whole, lines);
        CliRunner c = CliRunner.run("check", "--model", "kv", whole.toString());
        assertEquals(1, c.status(), c.out() + c.err());
        CliRunner ok = CliRunner.run("generate", "--model", "kv", "--ops", "2000", "--keys", "50",
                "--seed", "4", dir.resolve("ok.jsonl").toString());
        assertEquals(0, ok.status(), ok.err());
        assertEquals(0, CliRunner.run("check", "--model", "kv", dir.resolve("ok.jsonl").toString()).status());
        CliRunner bad = CliRunner.run("generate", "--model", "register", "--keys", "5", dir.resolve("r").toString());
        assertEquals(64, bad.status());
        assertTrue(bad.err().contains("--keys generates kv histories"), bad.err());
    }
}
