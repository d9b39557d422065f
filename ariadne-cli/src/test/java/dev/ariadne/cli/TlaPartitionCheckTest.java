package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check --tla} with {@code AriadnePartition}: the example key-value spec is proven a product and keeps its
 * verdicts with a note; a spec that breaks the promise gets the whole spec's verdict (exit status) and says why.
 */
class TlaPartitionCheckTest {
    private static final Path KV = Path.of(System.getProperty("user.dir")).resolveSibling("examples")
            .resolve("tla").resolve("kv");

    @TempDir
    Path dir;

    @Test
    void theKeyValueExampleIsProvenAndKeepsItsVerdicts() {
        String spec = KV.resolve("KeyValue.tla").toString();
        CliRunner pass = CliRunner.run("check", "--tla", spec, KV.resolve("kv-pass.json").toString());
        assertEquals(0, pass.status(), pass.err());
        assertTrue(pass.out().contains("3 partitions") && pass.out().contains("Note (k = \"x\" and 2 more "
                + "partitions): independence proven from the spec"), pass.out());
        CliRunner fail = CliRunner.run("check", "--tla", spec, KV.resolve("kv-fail.json").toString());
        assertEquals(1, fail.status(), fail.err());
        assertTrue(fail.out().contains("independence proven from the spec"), fail.out());
    }

    @Test
    void aSpecThatBreaksThePromiseGetsTheWholeSpecsVerdict() throws Exception {
        Path spec = dir.resolve("Leaky.tla");
        Files.writeString(spec, """
                ---- MODULE Leaky ----
                EXTENDS Integers
                VARIABLE store
                AriadnePartition == "k"
                Init == store = [k \\in {"a", "b"} |-> 0]
                Put(k, v) == store' = IF k = "a" THEN [store EXCEPT !["a"] = v, !["b"] = v]
                                                 ELSE [store EXCEPT ![k] = v]
                Get(k, v) == v = store[k] /\\ UNCHANGED store
                ====
                """);
        Path stale = dir.resolve("stale.json"); // b cannot read 0 after Put(a, 1)
        Files.writeString(stale, """
                {"operation_name": "Put", "operation": {"k": "a", "v": 1, "_op_start": 0, "_op_end": 1}, "thread": 0}
                {"operation_name": "Get", "operation": {"k": "b", "v": 0, "_op_start": 2, "_op_end": 3}, "thread": 1}
                """);
        CliRunner r = CliRunner.run("check", "--tla", spec.toString(), stale.toString());
        assertEquals(1, r.status(), r.out());
        assertTrue(r.out().contains("the independence of AriadnePartition is not proven from the spec (Put gives "
                + "store' a value other than store changed at k only"), r.out());
        assertTrue(r.out().contains("the whole spec rejects the parts' merged order at step 2 of 2, so the whole "
                + "history was checked as one part"), r.out());
        assertTrue(r.out().contains("Minimal failing core: 2 operations"), "the core is searched whole: " + r.out());
        Path seen = dir.resolve("seen.json"); // b reads the 1 that Put(a, 1) wrote
        Files.writeString(seen, Files.readString(stale).replace("\"v\": 0", "\"v\": 1"));
        CliRunner ok = CliRunner.run("check", "--tla", spec.toString(), seen.toString());
        assertEquals(0, ok.status(), ok.out());
        assertTrue(ok.out().contains("a part is not linearizable on its own, which is evidence only under that "
                + "promise, so the whole history was checked as one part"), ok.out());
    }
}
