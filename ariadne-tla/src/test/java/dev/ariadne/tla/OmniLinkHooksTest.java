package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OmniLink's validation modules with their hooks (docs/tla.md, "OmniLink's validation modules"): a module shaped as
 * PGo's {@code MCStorageValidate} ({@code examples/tla-omnilink/store}) binds {@code _meta.result_code} through
 * {@code __Action_Write} and {@code __AbortBehavior}, and aborts a connection's transaction through
 * {@code __Action__TerminateThread}. Verdicts are confirmed by stock TLC on export-tla's module.
 */
class OmniLinkHooksTest {
    static final Path STORE = Path.of("..", "examples", "tla-omnilink", "store");
    static final Path MC = STORE.resolve("MCStoreValidate.tla");
    private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    @TempDir
    Path out;

    static History read(String name, String jsonLines) throws Exception {
        return HistoryReaders.load(new ByteArrayInputStream(jsonLines.getBytes(StandardCharsets.UTF_8)), name,
                ReadOptions.defaults().withFormat(Format.OMNILINK).withOmniLinkEvents(true)).history();
    }

    static History read(Path file) throws Exception {
        return read(file.toString(), Files.readString(file));
    }

    static Result check(Path module, Path cfg, History h) {
        try (TlaSpec spec = TlaSpec.loadFor(module, cfg, Map.of(), h)) {
            TlaModel model = spec.model();
            return Checker.check(model.withBegins(h), model, CheckOptions.defaults().withCoreTimeout(null));
        }
    }

    @Test
    void theHooksDecideTheExampleTraces() throws Exception {
        assertEquals(Verdict.LINEARIZABLE, check(MC, null, read(STORE.resolve("store-pass.json"))).verdict());
        Result fail = check(MC, null, read(STORE.resolve("store-fail.json")));
        assertEquals(Verdict.NOT_LINEARIZABLE, fail.verdict());
        // the rolled-back write, after the commit, conflicts with nothing: its error status cannot be explained
        String violation = fail.partitions().get(0).violation().toString();
        assertTrue(violation.contains("Write(tid = 2, k = \"a\", v = 7) aborted"), violation);
    }

    @Test
    void withOmniLinksDefaultHooksAnAbortedEventChangesNothing() throws Exception {
        // the same module without the overrides: __AbortBehavior is UNCHANGED, so the failing write is dropped
        Path cfg = out.resolve("defaults.cfg");
        Files.writeString(cfg, "INIT Init\nNEXT Next\nCONSTANTS\n    Keys <- KeysImpl\n    NoValue <- NoValueImpl\n");
        assertEquals(Verdict.LINEARIZABLE, check(MC, cfg, read(STORE.resolve("store-fail.json"))).verdict());
    }

    @Test
    void aTerminatedConnectionAbortsItsTransactionThroughItsHook() throws Exception {
        // thread 1 writes b in transaction 2 and its connection ends: only the hook's abort lets transaction 3
        // write b without a conflict
        String trace = """
                {"operation_name": "Begin", "operation": {"tid": 2, "_op_start": 0, "_op_end": 1, "_did_abort": false, "_meta": {"result_code": 0}}, "thread": 1}
                {"operation_name": "Write", "operation": {"tid": 2, "k": "b", "v": 1, "_op_start": 2, "_op_end": 3, "_did_abort": false, "_meta": {"result_code": 0}}, "thread": 1}
                {"operation_name": "__TerminateThread", "operation": {"_op_start": 4, "_op_end": 5, "_did_abort": false, "_meta": {"transactionId": %d}}, "thread": 1}
                {"operation_name": "Begin", "operation": {"tid": 3, "_op_start": 6, "_op_end": 7, "_did_abort": false, "_meta": {"result_code": 0}}, "thread": 0}
                {"operation_name": "Write", "operation": {"tid": 3, "k": "b", "v": 2, "_op_start": 8, "_op_end": 9, "_did_abort": false, "_meta": {"result_code": 0}}, "thread": 0}
                """;
        assertEquals(Verdict.LINEARIZABLE, check(MC, null, read("t", trace.formatted(2))).verdict());
        assertEquals(Verdict.NOT_LINEARIZABLE, check(MC, null, read("t", trace.formatted(-1))).verdict());
        // OmniLink's default __Action__AbortThread is FALSE: a thread abort is never accepted
        String abort = trace.formatted(2).replace("__TerminateThread", "__AbortThread");
        assertEquals(Verdict.NOT_LINEARIZABLE, check(MC, null, read("t", abort)).verdict());
    }

    @Test
    void splitOperationsTakeTheirStepHooks() throws Exception {
        // ConcQueue's EnqBulk is EnqBulk_Step… EnqBulk_Done: through a validation module, each step takes its hook
        Path d = Files.createDirectory(out.resolve("cq"));
        Files.copy(OmniLinkCorpusTest.CORPUS.resolve("conc-queue/ConcQueue.tla"), d.resolve("ConcQueue.tla"));
        Files.writeString(d.resolve("MCConcQueueValidate.tla"), """
                ---- MODULE MCConcQueueValidate ----
                EXTENDS ConcQueueValidate, TLC
                ProducersImpl == UNION UNION { { IF "producer" \\in DOMAIN __traces[t][i].operation
                                                 THEN {__traces[t][i].operation.producer} ELSE {}
                                               : i \\in DOMAIN __traces[t] } : t \\in DOMAIN __traces }
                NoStep == FALSE
                NamedStep == __action'.operation_name = "EnqBulk_Step" /\\ __action'.pid = 0
                ====
                """);
        History h = read(OmniLinkCorpusTest.CORPUS.resolve("conc-queue/conc-queue-pass.json"));
        Path plain = d.resolve("plain.cfg");
        Files.writeString(plain, "INIT Init\nCONSTANT Producers <- ProducersImpl\n");
        assertEquals(Verdict.LINEARIZABLE, check(d.resolve("MCConcQueueValidate.tla"), plain, h).verdict());
        Path named = d.resolve("named.cfg");
        Files.writeString(named, "INIT Init\nCONSTANT Producers <- ProducersImpl\nCONSTANT __Action_EnqBulk_Step <- NamedStep\n");
        assertEquals(Verdict.LINEARIZABLE, check(d.resolve("MCConcQueueValidate.tla"), named, h).verdict());
        Path none = d.resolve("none.cfg");
        Files.writeString(none, "INIT Init\nCONSTANT Producers <- ProducersImpl\nCONSTANT __Action_EnqBulk_Step <- NoStep\n");
        assertEquals(Verdict.NOT_LINEARIZABLE, check(d.resolve("MCConcQueueValidate.tla"), none, h).verdict());
    }

    @Test
    void aBrokenValidatedSpecOrAnUnknownEventIsNamed() throws Exception {
        Path d = Files.createDirectory(out.resolve("bad"));
        for (String f : List.of("Store.tla", "MCStoreValidate.tla", "MCStoreValidate.cfg")) {
            Files.copy(STORE.resolve(f), d.resolve(f));
        }
        History h = read(STORE.resolve("store-pass.json"));
        String unknown = Files.readString(STORE.resolve("store-pass.json")).replace("\"Commit\"", "\"Comit\"");
        dev.ariadne.core.model.InvalidOperationException e = org.junit.jupiter.api.Assertions.assertThrows(
                dev.ariadne.core.model.InvalidOperationException.class,
                () -> check(d.resolve("MCStoreValidate.tla"), null, read("t", unknown)));
        assertTrue(e.getMessage().contains("the validated spec defines no action Comit ("), e.getMessage());
        Files.writeString(d.resolve("Store.tla"), Files.readString(d.resolve("Store.tla"))
                .replace("Read(tid, k, v) ==", "Read(tid, k, v) == =="));
        TlaException t = org.junit.jupiter.api.Assertions.assertThrows(TlaException.class,
                () -> check(d.resolve("MCStoreValidate.tla"), null, h));
        assertTrue(t.getMessage().startsWith("Store.tla:38:20: parse error"), t.getMessage());
    }

    @Test
    void seededStoreTracesGetTheSameVerdictFromStockTlc() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Object[]> jobs = new ArrayList<>();
        int[] wanted = {4, 4};
        try {
            for (long seed = 1; wanted[0] + wanted[1] > 0 && seed < 80; seed++) {
                History h = read("seed " + seed, storeTrace(seed));
                Verdict ours;
                TlaExport.Written w;
                try (TlaSpec spec = TlaSpec.loadFor(MC, null, Map.of(), h)) {
                    TlaModel model = spec.model();
                    ours = Checker.check(model.withBegins(h), model, CheckOptions.defaults().withCoreTimeout(null))
                            .verdict();
                    int kind = ours == Verdict.LINEARIZABLE ? 0 : 1;
                    if (wanted[kind] == 0) {
                        continue;
                    }
                    wanted[kind]--;
                    w = TlaExport.write(spec, null, Map.of(), h, "seed " + seed,
                            Files.createTempDirectory(out, "s"));
                }
                Future<StockTlc.Outcome> tlc = pool.submit(() -> StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT,
                        JVM));
                jobs.add(new Object[]{"seed " + seed, ours, tlc});
            }
            assertEquals(0, wanted[0] + wanted[1], "four traces of each verdict among the seeds");
            for (Object[] j : jobs) {
                @SuppressWarnings("unchecked")
                StockTlc.Outcome tlc = ((Future<StockTlc.Outcome>) j[2]).get();
                assertEquals(j[1], tlc.verdict(), j[0] + ": TLC said\n" + tlc.output());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * An OmniLink trace of the store: 3 connections run transactions (writes may fail with a rollback, which
     * aborts the transaction; a connection may end with its transaction open), simulated one step at a time,
     * each step's interval around its place in the simulation; one result in three is then corrupted.
     */
    static String storeTrace(long seed) {
        Random r = new Random(seed);
        Map<String, Integer> data = new HashMap<>();
        Map<Integer, Map<String, Integer>> writes = new HashMap<>();
        Set<Integer> active = new HashSet<>();
        int[] open = {-1, -1, -1};
        long[] free = new long[3];
        int nextTid = 1;
        List<String> lines = new ArrayList<>();
        for (int step = 0; step < 14; step++) {
            int t = r.nextInt(3);
            long at = step * 10L;
            long start = Math.max(free[t], at - r.nextInt(12));
            long end = Math.max(start, at) + r.nextInt(12);
            free[t] = end + 1;
            int tid = open[t];
            String name;
            String params;
            int code = 0;
            boolean aborted = false;
            String meta;
            if (tid >= 0 && !active.contains(tid)) {
                open[t] = tid = -1; // rolled back by a failed write
            }
            if (tid < 0) {
                tid = open[t] = nextTid++;
                active.add(tid);
                writes.put(tid, new HashMap<>());
                name = "Begin";
                params = "\"tid\": " + tid;
            } else {
                int choice = r.nextInt(10);
                String k = r.nextBoolean() ? "a" : "b";
                if (choice < 4) {
                    int v = 1 + r.nextInt(9);
                    name = "Write";
                    params = "\"tid\": " + tid + ", \"k\": \"" + k + "\", \"v\": " + v;
                    final int self = tid;
                    boolean conflict = active.stream().anyMatch(o -> o != self && writes.get(o).containsKey(k));
                    if (conflict) {
                        code = -31800;
                        aborted = true;
                        active.remove(tid);
                    } else {
                        writes.get(tid).put(k, v);
                    }
                } else if (choice < 7) {
                    int v = writes.get(tid).getOrDefault(k, data.getOrDefault(k, -1));
                    name = "Read";
                    params = "\"tid\": " + tid + ", \"k\": \"" + k + "\", \"v\": " + v;
                } else if (choice < 9) {
                    name = "Commit";
                    params = "\"tid\": " + tid;
                    data.putAll(writes.get(tid));
                    active.remove(tid);
                    open[t] = -1;
                } else {
                    name = "__TerminateThread";
                    params = null;
                    active.remove(tid);
                    open[t] = -1;
                }
            }
            if (r.nextInt(3) == 0 && name.equals("Write")) { // a corrupted result: the other status
                code = code == 0 ? -31800 : 0;
                aborted = !aborted;
            }
            meta = name.equals("__TerminateThread") ? "{\"transactionId\": " + tid + "}"
                    : "{\"result_code\": " + code + "}";
            lines.add("{\"operation_name\": \"" + name + "\", \"operation\": {" + (params == null ? "" : params + ", ")
                    + "\"_op_start\": " + start + ", \"_op_end\": " + end + ", \"_did_abort\": " + aborted
                    + ", \"_meta\": " + meta + "}, \"thread\": " + t + "}");
        }
        return String.join("\n", lines) + "\n";
    }
}
