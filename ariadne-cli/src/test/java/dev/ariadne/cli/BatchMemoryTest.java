package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A batch {@code check} holds one history at a time (issue 23): in a JVM of its own with a 64 MiB heap, twelve
 * files of 50,000 operations, each of which fits alone, are all decided. A batch that kept every file's history
 * until the end ran out of heap from the fourth or fifth file on (UNKNOWN, "memory: the Java heap ran out").
 * Nothing depends on the machine's speed.
 */
class BatchMemoryTest {
    @TempDir
    Path dir;

    @Test
    void manyLargeFilesInOneBatchAreAllDecidedInASmallHeap() throws Exception {
        Path file = dir.resolve("h.jsonl");
        CliRunner g = CliRunner.run("generate", "--model", "register", "--threads", "5", "--ops", "50000",
                "--seed", "3", file.toString());
        assertEquals(0, g.status(), g.err());
        List<String> args = new ArrayList<>(List.of("check", "--model", "register"));
        for (int i = 0; i < 12; i++) {
            args.add(file.toString());
        }
        Forked r = Forked.run(dir, "64m", args.toArray(String[]::new)).assertNoStackTrace();
        r.assertStatus(0);
        assertEquals(12, r.out().split(": LINEARIZABLE\n", -1).length - 1, r.out() + r.err());
    }
}
