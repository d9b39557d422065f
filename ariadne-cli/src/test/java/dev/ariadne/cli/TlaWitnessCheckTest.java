package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check --tla} with a spec that names a built-in model ({@code AriadneModel}): the report says which path
 * decided, a hint that lies about the spec never gives a wrong verdict, and a malformed hint is the spec's error.
 */
class TlaWitnessCheckTest {
    private static final Path TLA = Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("tla");
    private static final String WITNESS = "Note: decided by witness validation: the order fifo-queue's check found";

    @TempDir
    Path dir;

    private static CliRunner check(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "check";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRunner.run(all);
    }

    @Test
    void theQueueExampleIsProvenByItsWitnessAndTheReportSaysSo() {
        String queue = TLA.resolve("queue/Queue.tla").toString();
        String pass = TLA.resolve("queue/queue-pass.json").toString();
        CliRunner r = check("--tla", queue, pass);
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains(WITNESS), r.out());
        CliRunner json = check("--tla", queue, "--json", pass);
        assertTrue(json.out().contains("witness:fifo-queue"), json.out());
        CliRunner fail = check("--tla", queue, TLA.resolve("queue/queue-fail.json").toString());
        assertEquals(1, fail.status(), fail.err());
        assertTrue(fail.out().contains("fifo-queue proposed no order (not linearizable); the general engine decides"),
                fail.out());
        // A named engine skips the witness, as it skips the decision procedures.
        CliRunner dfs = check("--tla", queue, "--engine", "dfs", pass);
        assertEquals(0, dfs.status(), dfs.err());
        assertFalse(dfs.out().contains("witness"), dfs.out());
    }

    @Test
    void aStackThatNamesFifoQueueGetsTheStacksVerdicts() throws Exception {
        Path stack = dir.resolve("Stack.tla");
        Files.writeString(stack, """
                ---- MODULE Stack ----
                EXTENDS Integers, Sequences
                VARIABLE s
                Init == s = <<>>
                Enq(v) == s' = <<v>> \\o s
                Deq(v) == IF s = <<>> THEN v = 0 /\\ UNCHANGED s ELSE v = Head(s) /\\ s' = Tail(s)
                AriadneModel == "fifo-queue"
                AriadneActions == "Enq=enqueue, Deq=dequeue"
                AriadneNil == "0"
                ====
                """);
        Path fifo = dir.resolve("fifo.json");
        Files.writeString(fifo, """
                {"operation_name": "Enq", "operation": {"v": 1, "_op_start": 0, "_op_end": 1}, "thread": 0}
                {"operation_name": "Enq", "operation": {"v": 2, "_op_start": 2, "_op_end": 3}, "thread": 0}
                {"operation_name": "Deq", "operation": {"v": 1, "_op_start": 4, "_op_end": 5}, "thread": 0}
                """);
        CliRunner notLifo = check("--tla", stack.toString(), fifo.toString());
        assertEquals(1, notLifo.status(), notLifo.out());
        assertTrue(notLifo.out().contains("the spec rejects the proposed order at step 3 of 3"), notLifo.out());
        Path lifo = dir.resolve("lifo.json");
        Files.writeString(lifo, Files.readString(fifo).replace("\"v\": 1, \"_op_start\": 4", "\"v\": 2, \"_op_start\": 4"));
        CliRunner isLifo = check("--tla", stack.toString(), lifo.toString());
        assertEquals(0, isLifo.status(), isLifo.out());
        assertTrue(isLifo.out().contains("fifo-queue proposed no order"), isLifo.out());
    }

    @Test
    void aHintNamingNoBuiltInModelIsTheSpecsError() throws Exception {
        Path spec = dir.resolve("Q.tla");
        Files.writeString(spec, Files.readString(TLA.resolve("queue/Queue.tla"))
                .replace("MODULE Queue", "MODULE Q").replace("\"fifo-queue\"", "\"fifo-quack\""));
        CliRunner r = check("--tla", spec.toString(), TLA.resolve("queue/queue-pass.json").toString());
        assertEquals(65, r.status(), r.err());
        assertTrue(r.err().startsWith("ariadne: " + spec + ": AriadneModel must name a built-in model"), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }
}
