package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code ariadne check --tla}: verdicts of the shipped examples, and broken specs and traces as exit 65 or 64. */
class TlaCheckTest {
    private static final Path TLA = Path.of(System.getProperty("user.dir")).resolveSibling("examples").resolve("tla");

    @TempDir
    Path dir;

    private static CliRunner check(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "check";
        System.arraycopy(args, 0, all, 1, args.length);
        return CliRunner.run(all);
    }

    private static void assertOneLineError(CliRunner r, String start) {
        assertTrue(r.err().startsWith("ariadne: " + start), r.err());
        assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), r.err());
    }

    @Test
    void examplesPassAndFail() {
        String queue = TLA.resolve("queue/Queue.tla").toString();
        CliRunner pass = check("--tla", queue, TLA.resolve("queue/queue-pass.json").toString());
        assertEquals(0, pass.status(), pass.err());
        assertTrue(pass.out().contains("model tla:Queue.tla"), pass.out());
        CliRunner fail = check("--tla", queue, TLA.resolve("queue/queue-fail.json").toString());
        assertEquals(1, fail.status(), fail.err());
        assertTrue(fail.out().contains("Deq(v = 2)") && fail.out().contains("rejected in state q = <<1, 2>>"),
                fail.out());
    }

    /**
     * Issue 25's repro: a batch dequeue's steps interleave with another's under OmniLink's semantics (the default),
     * not under the atomic one; every report names the semantics it used.
     */
    @Test
    void omniLinkSemanticsByDefaultAndAtomicOnRequest() throws Exception {
        String spec = TLA.resolve("batch-queue/BatchQueue.tla").toString();
        String trace = TLA.resolve("batch-queue/batch-pass.json").toString();
        CliRunner omni = check("--tla", spec, trace);
        assertEquals(0, omni.status(), omni.err());
        assertTrue(omni.out().contains("model tla:BatchQueue.tla (OmniLink semantics), 8 operations"), omni.out());
        CliRunner atomic = check("--tla", spec, "--semantics", "atomic", trace);
        assertEquals(1, atomic.status(), atomic.err());
        assertTrue(atomic.out().contains("model tla:BatchQueue.tla (atomic semantics), 6 operations"), atomic.out());
        CliRunner json = check("--tla", spec, "--json", trace);
        assertTrue(json.out().contains("\"model\" : \"tla:BatchQueue.tla (OmniLink semantics)\""), json.out());
        Path html = dir.resolve("r.html");
        CliRunner h = check("--tla", spec, "--semantics", "atomic", "--html", html.toString(), trace);
        assertEquals(1, h.status(), h.err());
        assertTrue(Files.readString(html).contains("tla:BatchQueue.tla (atomic semantics)"));
        CliRunner bad = check("--tla", spec, "--semantics", "eventual", trace);
        assertEquals(64, bad.status(), bad.err());
        CliRunner without = check("--semantics", "atomic", trace);
        assertEquals(64, without.status(), without.err());
        assertTrue(without.err().contains("--semantics needs --tla"), without.err());
    }

    @Test
    void omniLinkTraceFieldsOfTheWrongTypeAreInvalidInputNamingTheLine() throws Exception {
        Path trace = dir.resolve("bad.json");
        Files.writeString(trace, """
                {"operation_name": "Enq", "operation": {"v": 1, "_op_start": 0, "_op_end": 1}, "thread": 0}
                {"operation_name": "Deq", "operation": {"v": 1, "_op_start": 2, "_op_end": 3}, "thread": 0, "should_succeed": "yes"}
                """);
        CliRunner r = check("--tla", TLA.resolve("queue/Queue.tla").toString(), trace.toString());
        assertEquals(65, r.status(), r.err());
        assertOneLineError(r, trace + ":2: expected \"should_succeed\" to be true or false");
    }

    @Test
    void coresOfSpecViolationsClaimNoMoreThanLinearizability() throws Exception {
        // return values are action parameters: the core search cannot ask what could produce the second Deq(1)
        Path trace = dir.resolve("twice.json");
        Files.writeString(trace, """
                {"operation_name": "Enq", "operation": {"v": 1, "_op_start": 0, "_op_end": 10}, "thread": 0}
                {"operation_name": "Deq", "operation": {"v": 1, "_op_start": 20, "_op_end": 30}, "thread": 0}
                {"operation_name": "Deq", "operation": {"v": 1, "_op_start": 40, "_op_end": 50}, "thread": 1}
                """);
        CliRunner fail = check("--tla", TLA.resolve("queue/Queue.tla").toString(), trace.toString());
        assertEquals(1, fail.status(), fail.err());
        assertTrue(fail.out().contains("(these operations cannot be ordered, whatever the other operations did; "
                + "without any one of them they could be)\n"), fail.out());
        assertFalse(fail.out().contains("could produce") || fail.out().contains("could not produce"), fail.out());
    }

    @Test
    void constAndCfg() throws Exception {
        Path spec = dir.resolve("Start.tla");
        Files.writeString(spec, "---- MODULE Start ----\nCONSTANT S\nVARIABLE x\nInit == x = S\n"
                + "Get(v) == v = x /\\ UNCHANGED x\n====\n");
        Path trace = dir.resolve("t.json");
        Files.writeString(trace, "{\"operation_name\": \"Get\", \"operation\": {\"v\": 5, \"_op_start\": 0, "
                + "\"_op_end\": 1}}\n");
        assertEquals(0, check("--tla", spec.toString(), "--const", "S=5", trace.toString()).status());
        assertEquals(1, check("--tla", spec.toString(), "--const", "S=4", trace.toString()).status());
        Path cfg = dir.resolve("other.cfg");
        Files.writeString(cfg, "INIT Init\nCONSTANT S = 5\n");
        assertEquals(0, check("--tla", spec.toString(), "--cfg", cfg.toString(), trace.toString()).status());
        CliRunner missing = check("--tla", spec.toString(), trace.toString());
        assertEquals(65, missing.status());
        assertOneLineError(missing, spec + ":");
    }

    @Test
    void nativeHistoriesNameValuesByMapAndFollowWorks() throws Exception {
        Path history = dir.resolve("native.jsonl");
        Files.writeString(history, "{\"client\":0,\"call\":0,\"return\":10,\"f\":\"Write\",\"value\":{\"v\":1}}\n"
                + "{\"client\":1,\"call\":11,\"return\":20,\"f\":\"Read\",\"value\":1}\n"
                + "{\"client\":1,\"call\":21,\"return\":30,\"f\":\"Read\",\"value\":{\"v\":2}}\n");
        String register = TLA.resolve("register/Register.tla").toString();
        CliRunner batch = check("--tla", register, history.toString());
        assertEquals(1, batch.status(), batch.err());
        assertTrue(batch.out().contains("#2 client 1: Read(v = 2)"), batch.out());
        CliRunner followed = check("--follow", "--follow-idle", "200ms", "--tla", register, history.toString());
        assertEquals(1, followed.status(), followed.err());
        assertTrue(followed.out().contains("Read(v = 2)"), followed.out());
    }

    @Test
    void brokenSpecsAndTraces() throws Exception {
        Path broken = dir.resolve("Broken.tla");
        Files.writeString(broken, "---- MODULE Broken ----\nVARIABLE x\nInit == x = 0\nInc == x' = x + + 1\n====\n");
        CliRunner parse = check("--tla", broken.toString(), TLA.resolve("queue/queue-pass.json").toString());
        assertEquals(65, parse.status());
        assertOneLineError(parse, broken + ":4:");

        String register = TLA.resolve("register/Register.tla").toString();
        CliRunner unknown = check("--tla", register, TLA.resolve("queue/queue-pass.json").toString());
        assertEquals(65, unknown.status());
        assertOneLineError(unknown, TLA.resolve("queue/queue-pass.json") + ":1: " + register + " defines no action Enq");

        Path wrong = dir.resolve("wrong.json");
        Files.writeString(wrong, "{\"operation_name\": \"Write\", \"operation\": {\"value\": 5, \"_op_start\": 0, "
                + "\"_op_end\": 1}}\n");
        CliRunner param = check("--tla", register, wrong.toString());
        assertEquals(65, param.status());
        assertOneLineError(param, wrong + ":1: " + register + ":11:1: Write has no parameter value");

        assertEquals(64, check("--tla", register, "--model", "register", wrong.toString()).status());
        assertEquals(64, check("--const", "N=1", wrong.toString()).status());
    }
}
