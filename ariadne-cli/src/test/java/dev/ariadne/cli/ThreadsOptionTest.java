package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --threads N} bounds the search threads without changing a verdict; a count below 1 is a usage error. */
class ThreadsOptionTest {
    @TempDir
    Path dir;

    private Path generate(String... options) {
        Path out = dir.resolve("h" + options.length + ".jsonl");
        String[] args = new String[options.length + 2];
        args[0] = "generate";
        System.arraycopy(options, 0, args, 1, options.length);
        args[args.length - 1] = out.toString();
        CliRunner r = CliRunner.run(args);
        assertEquals(0, r.status(), r.err());
        return out;
    }

    @Test
    void everyThreadCountGivesTheSameVerdict() throws IOException {
        // Ten clients all overlapping, values from a small domain: one partition that dfs must search.
        Path ok = generate("--model", "register", "--threads", "10", "--ops", "400", "--overlap", "full",
                "--seed", "5");
        Path bad = generate("--model", "register", "--threads", "10", "--ops", "400", "--overlap", "full",
                "--seed", "5", "--violation");
        for (String threads : new String[]{"1", "2", "4"}) {
            CliRunner good = CliRunner.run("check", "--model", "register", "--engine", "dfs", "--threads", threads,
                    "--json", ok.toString());
            assertEquals(0, good.status(), threads + ": " + good.err());
            assertEquals("dfs", new ObjectMapper().readTree(good.out()).get("files").get(0).get("partitions")
                    .get(0).get("engine").asText());
            CliRunner violated = CliRunner.run("check", "--model", "register", "--threads", threads, bad.toString());
            assertEquals(1, violated.status(), threads + ": " + violated.out() + violated.err());
        }
    }

    @Test
    void fewerThanOneThreadIsAUsageError() {
        Path ok = generate("--model", "register", "--ops", "20", "--seed", "1");
        for (String threads : new String[]{"0", "-2"}) {
            CliRunner r = CliRunner.run("check", "--threads", threads, ok.toString());
            assertEquals(64, r.status(), r.out() + r.err());
            assertTrue(r.err().contains("--threads must be at least 1, not " + threads), r.err());
        }
        CliRunner word = CliRunner.run("check", "--threads", "many", ok.toString());
        assertEquals(64, word.status(), word.err());
    }
}
