package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * OmniLink's semantics of X_Step/X_Done operations (their steps interleave with other operations' events between
 * their call and their X_Done) next to the atomic semantics: the repro of issue 25, agreement with an independent
 * brute-force explorer of OmniLink's validation (per-operation progress, as OmniLink's generated module keeps it
 * per thread) on seeded traces, and agreement with stock TLC on the modules export-tla writes in each semantics.
 */
class OmniLinkSemanticsTest {
    static final Path BATCH = ExamplesTest.EXAMPLES.resolve("batch-queue/BatchQueue.tla");
    private static final Path BULK = ExamplesTest.EXAMPLES.resolve("bulk-queue/BulkQueue.tla");
    private static TlaSpec batch;
    private static TlaSpec bulk;

    @TempDir
    Path out;

    @BeforeAll
    static void load() {
        batch = TlaSpec.load(BATCH, null, Map.of());
        bulk = TlaSpec.load(BULK, null, Map.of());
    }

    @AfterAll
    static void close() {
        batch.close();
        bulk.close();
    }

    static Verdict check(TlaSpec spec, History h, Semantics semantics, Engine engine) {
        TlaModel model = spec.model(semantics);
        return Checker.check(model.withBegins(h), model, CheckOptions.defaults().withCoreTimeout(null)
                .withEngine(engine)).verdict();
    }

    @Test
    void issueReproIsAcceptedByOmniLinkSemanticsAndRejectedByAtomic() throws Exception {
        History h = HistoryReaders.read(BATCH.resolveSibling("batch-pass.json"), Format.OMNILINK);
        for (Engine engine : List.of(Engine.DFS, Engine.FRONTIER, Engine.AUTO)) {
            assertEquals(Verdict.LINEARIZABLE, check(batch, h, Semantics.OMNILINK, engine), engine.toString());
            assertEquals(Verdict.NOT_LINEARIZABLE, check(batch, h, Semantics.ATOMIC, engine), engine.toString());
        }
        History fail = HistoryReaders.read(BATCH.resolveSibling("batch-fail.json"), Format.OMNILINK);
        assertEquals(Verdict.NOT_LINEARIZABLE, check(batch, fail, Semantics.OMNILINK, Engine.AUTO));
        assertEquals(Verdict.NOT_LINEARIZABLE, check(batch, fail, Semantics.ATOMIC, Engine.AUTO));
    }

    @Test
    void reportsNameTheSemanticsAndTheWitnessShowsWhereStepsBegin() throws Exception {
        History h = HistoryReaders.read(BATCH.resolveSibling("batch-pass.json"), Format.OMNILINK);
        TlaModel model = batch.model();
        History withBegins = model.withBegins(h);
        assertEquals(h.size() + 2, withBegins.size(), "one begin per DeqAll");
        Result r = Checker.check(withBegins, model, CheckOptions.defaults().withCoreTimeout(null));
        assertEquals("tla:BatchQueue.tla (OmniLink semantics)", r.model());
        assertEquals("tla:BatchQueue.tla (atomic semantics)", batch.model(Semantics.ATOMIC).name());
        assertEquals(h, batch.model(Semantics.ATOMIC).withBegins(h), "the atomic semantics adds nothing");
        Operation begin = withBegins.operations().stream().filter(o -> o.client() < 0).findFirst().orElseThrow();
        assertEquals("DeqAll(c = 1, elems = [1 3]) begins",
                model.describeOperation(model.prepare(begin).input(), null));
        assertEquals(5, begin.line(), "a begin keeps its operation's line");
    }

    @Test
    void anOperationOfStepsWithoutItsBeginIsRefusedUnderOmniLinkSemantics() throws Exception {
        History h = HistoryReaders.read(BATCH.resolveSibling("batch-pass.json"), Format.OMNILINK);
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> Checker.check(h, batch.model(), CheckOptions.defaults().withCoreTimeout(null)));
        assertTrue(e.getMessage().contains("needs its begin"), e.getMessage());
    }

    /**
     * OmniLink's current trace format reads as it is: a top-level should_succeed, _meta fields (kept in the
     * operation's metadata), a __TerminateThread event (a no-op, as OmniLink's default hook takes it), and an
     * __AbortThread event, which OmniLink's default hook never accepts: the trace is then not accepted either.
     */
    @Test
    void omniLinkEventsAndFieldsOfTheCurrentFormat() throws Exception {
        Path queue = ExamplesTest.EXAMPLES.resolve("queue/Queue.tla");
        Path trace = out.resolve("current.json");
        String ok = """
                {"operation_name": "Enq", "operation": {"v": 1, "_op_start": 0, "_op_end": 1, "_meta": {"result_code": 0, "transactionId": 7}}, "thread": 0, "should_succeed": true}
                {"operation_name": "__TerminateThread", "operation": {"_op_start": 2, "_op_end": 3, "_meta": {"transactionId": -1}}, "thread": 0}
                {"operation_name": "Deq", "operation": {"v": 1, "_op_start": 4, "_op_end": 5}, "thread": 1, "should_succeed": false}
                """;
        Files.writeString(trace, ok);
        History h = HistoryReaders.read(trace, Format.OMNILINK);
        assertEquals(2, h.size(), "the thread's termination changes nothing and is not an operation");
        assertEquals(Map.of("result_code", 0L, "transactionId", 7L), h.get(0).metadata().get("meta"));
        assertEquals(true, h.get(0).metadata().get("should_succeed"));
        try (TlaSpec spec = TlaSpec.load(queue, null, Map.of())) {
            assertEquals(Verdict.LINEARIZABLE, check(spec, h, Semantics.OMNILINK, Engine.AUTO));
            Files.writeString(trace, ok + """
                    {"operation_name": "__AbortThread", "operation": {"_op_start": 6, "_op_end": 7}, "thread": 2}
                    """);
            History aborted = HistoryReaders.read(trace, Format.OMNILINK);
            assertEquals(Verdict.NOT_LINEARIZABLE, check(spec, aborted, Semantics.OMNILINK, Engine.AUTO));
            assertEquals(Verdict.NOT_LINEARIZABLE, check(spec, aborted, Semantics.ATOMIC, Engine.AUTO));
        }
    }

    // ---- the reference: OmniLink's validation, explored state by state -------------------------------------

    /**
     * Whether OmniLink's validation accepts {@code h}: states are (operations done, spec state); a viable operation
     * (no operation not yet done returned before its call) may take its action, or, for an X_Step/X_Done pair, an
     * X_Step (staying open) or its X_Done. Accepts when every completed operation is done. Independent of the
     * engines and of the begins: breadth-first over every interleaving.
     */
    static boolean omniLinkAccepts(TlaSpec spec, History h) {
        TlaModel binder = spec.model(Semantics.ATOMIC, false);
        List<Operation> ops = h.operations();
        int n = ops.size();
        assertTrue(n < 63);
        TlaModel.Step[] steps = new TlaModel.Step[n];
        long completed = 0;
        for (int i = 0; i < n; i++) {
            steps[i] = (TlaModel.Step) binder.prepare(ops.get(i)).input();
            if (!ops.get(i).isPending()) {
                completed |= 1L << i;
            }
        }
        record Node(long done, TlaState state) {
        }
        Set<Node> seen = new HashSet<>();
        ArrayDeque<Node> todo = new ArrayDeque<>();
        for (TlaState s : spec.initial().states) {
            Node start = new Node(0, s);
            seen.add(start);
            todo.add(start);
        }
        while (!todo.isEmpty()) {
            Node at = todo.poll();
            if ((at.done & completed) == completed) {
                return true;
            }
            for (int j = 0; j < n; j++) {
                if ((at.done >> j & 1) != 0 || !viable(ops, at.done, j)) {
                    continue;
                }
                List<Node> next = new ArrayList<>();
                for (TlaState s : spec.successors(at.state, steps[j].action, steps[j].args)) {
                    next.add(new Node(at.done | 1L << j, s));
                }
                if (steps[j].internal != null) {
                    for (TlaState s : spec.successors(at.state, steps[j].internal, steps[j].args)) {
                        next.add(new Node(at.done, s));
                    }
                }
                for (Node x : next) {
                    if (seen.add(x)) {
                        todo.add(x);
                    }
                }
            }
        }
        return false;
    }

    private static boolean viable(List<Operation> ops, long done, int j) {
        for (int i = 0; i < ops.size(); i++) {
            if ((done >> i & 1) == 0 && i != j && ops.get(i).ret() < ops.get(j).call()) {
                return false;
            }
        }
        return true;
    }

    // ---- seeded traces --------------------------------------------------------------------------------------

    private static Operation op(int client, String f, Map<String, Object> values, long call, long ret) {
        return new Operation(0, client, Invocation.of(f, values), null, call, ret, Map.of("line", 1));
    }

    /**
     * A run of a batch queue as OmniLink's semantics allows it (clients enqueue fresh values, or take up to three
     * heads one step at a time, other clients' events coming between), then, in half of the seeds, one returned
     * value changed or two swapped; now and then a client's last operation never returns.
     */
    static History batchTrace(long seed, int clients, int opsPerClient) {
        Random r = new Random(seed);
        List<Long> q = new ArrayList<>();
        List<Operation> out = new ArrayList<>();
        long t = 0;
        long nextValue = 1;
        int[] left = new int[clients];
        java.util.Arrays.fill(left, opsPerClient);
        // per client: the operation under way, or null
        String[] kind = new String[clients];
        long[] call = new long[clients];
        int[] want = new int[clients];
        List<List<Long>> took = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            took.add(new ArrayList<>());
        }
        long[] value = new long[clients];
        while (true) {
            List<Integer> active = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                if (kind[c] != null || left[c] > 0) {
                    active.add(c);
                }
            }
            if (active.isEmpty()) {
                break;
            }
            int c = active.get(r.nextInt(active.size()));
            t++;
            if (kind[c] == null) {
                left[c]--;
                call[c] = t;
                if (r.nextInt(2) == 0) {
                    kind[c] = "Enq";
                    value[c] = nextValue++;
                } else {
                    kind[c] = "DeqAll";
                    want[c] = 1 + r.nextInt(3);
                    took.get(c).clear();
                }
            } else if (kind[c].equals("Enq")) {
                if (r.nextBoolean()) {
                    q.add(value[c]);
                    out.add(op(c, "Enq", Map.of("v", value[c]), call[c], t));
                    kind[c] = null;
                }
            } else if (!q.isEmpty() && took.get(c).size() < want[c] && r.nextInt(3) > 0) {
                took.get(c).add(q.remove(0));
            } else if (r.nextBoolean()) {
                out.add(op(c, "DeqAll", Map.of("c", (long) c, "elems", List.copyOf(took.get(c))), call[c], t));
                kind[c] = null;
            }
        }
        if (r.nextInt(4) == 0 && !out.isEmpty()) { // the last operation never returned
            Operation last = out.remove(out.size() - 1);
            out.add(new Operation(0, last.client(), last.input(), Operation.UNKNOWN, last.call(), Operation.PENDING,
                    last.metadata()));
        }
        if (seed % 2 == 0) {
            corrupt(out, r);
        }
        return History.of(out);
    }

    @SuppressWarnings("unchecked")
    private static void corrupt(List<Operation> ops, Random r) {
        List<Integer> batches = new ArrayList<>();
        for (int i = 0; i < ops.size(); i++) {
            Invocation inv = (Invocation) ops.get(i).input();
            if (inv.f().equals("DeqAll") && !((List<Object>) ((Map<String, Object>) inv.value()).get("elems"))
                    .isEmpty()) {
                batches.add(i);
            }
        }
        if (batches.isEmpty()) {
            return;
        }
        int i = batches.get(r.nextInt(batches.size()));
        Operation o = ops.get(i);
        Map<String, Object> values = new LinkedHashMap<>((Map<String, Object>) ((Invocation) o.input()).value());
        List<Object> elems = new ArrayList<>((List<Object>) values.get("elems"));
        if (elems.size() > 1 && r.nextBoolean()) {
            java.util.Collections.swap(elems, 0, elems.size() - 1);
        } else {
            elems.set(r.nextInt(elems.size()), (Long) elems.get(0) + 1);
        }
        values.put("elems", elems);
        ops.set(i, o.withInputOutput(Invocation.of("DeqAll", values), o.output()));
    }

    /** A bulk queue's trace: one producer of bulk enqueues (some failed), consumers dequeuing. */
    static History bulkTrace(long seed) {
        Random r = new Random(seed);
        List<Operation> out = new ArrayList<>();
        long t = 0;
        long v = 1;
        for (int i = 0; i < 3; i++) {
            List<Long> elems = new ArrayList<>();
            int k = 1 + r.nextInt(3);
            for (int e = 0; e < k; e++) {
                elems.add(v++);
            }
            long call = t + r.nextInt(3);
            t = call + 1 + r.nextInt(6);
            out.add(op(0, "EnqAll", Map.of("elems", elems, "ok", r.nextInt(4) > 0), call, t));
            t++;
        }
        long horizon = t;
        for (int c = 1; c <= 2; c++) {
            long at = r.nextInt(4);
            for (int i = 0; i < 2 && at < horizon + 6; i++) {
                long end = at + 1 + r.nextInt(8);
                out.add(op(c, "Deq", Map.of("v", (long) r.nextInt((int) v)), at, end));
                at = end + 1 + r.nextInt(3);
            }
        }
        return History.of(out);
    }

    @Test
    void bothSemanticsAgreeWithTheReferenceOnSeededTraces() {
        int[] accepted = new int[2];
        int differ = 0;
        for (long seed = 1; seed <= 150; seed++) {
            History h = seed % 3 == 0 ? bulkTrace(seed) : batchTrace(seed, 3, 3);
            TlaSpec spec = seed % 3 == 0 ? bulk : batch;
            boolean omni = omniLinkAccepts(spec, h);
            Verdict want = omni ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            Verdict atomic = check(spec, h, Semantics.ATOMIC, Engine.AUTO);
            for (Engine engine : List.of(Engine.DFS, Engine.FRONTIER, Engine.AUTO)) {
                assertEquals(want, check(spec, h, Semantics.OMNILINK, engine),
                        "seed " + seed + " " + engine + "\n" + h.operations());
                assertEquals(atomic, check(spec, h, Semantics.ATOMIC, engine), "seed " + seed + " " + engine);
            }
            // the atomic semantics is the stricter: it accepts a subset of what OmniLink's accepts
            assertTrue(!(atomic == Verdict.LINEARIZABLE) || omni, "seed " + seed);
            accepted[omni ? 0 : 1]++;
            differ += omni && atomic != Verdict.LINEARIZABLE ? 1 : 0;
        }
        assertTrue(accepted[0] >= 20 && accepted[1] >= 20, "both verdicts among the seeds: " + accepted[0] + "/"
                + accepted[1]);
        assertTrue(differ >= 2, "traces that only OmniLink's semantics accepts: " + differ);
    }

    /**
     * Dfs places a begin as soon as real time allows (TlaModel.onlyWidens, docs/engines.md): on seeded traces of
     * both example specs its verdicts are those of the same model without that hint, which tries every place of
     * every begin, with no more configurations on any trace and fewer over all of them.
     */
    @Test
    void dfsPlacesBeginsEagerlyWithTheSameVerdicts() {
        long eager = 0;
        long everyPlace = 0;
        for (long seed = 1; seed <= 60; seed++) {
            History h = seed % 2 == 0 ? bulkTrace(seed) : batchTrace(seed, 3, 3);
            TlaModel model = (seed % 2 == 0 ? bulk : batch).model(Semantics.OMNILINK);
            assertTrue(model.onlyWidens(model.prepare(model.withBegins(h).operations().stream()
                    .filter(o -> o.client() < 0).findFirst().orElseThrow()).input(), null), "seed " + seed);
            CheckOptions dfs = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS);
            Result hinted = Checker.check(model.withBegins(h), model, dfs);
            Result unhinted = Checker.check(model.withBegins(h), new EveryPlaceOfABegin(model), dfs);
            assertEquals(unhinted.verdict(), hinted.verdict(), "seed " + seed);
            long a = hinted.statistics().configurations();
            long b = unhinted.statistics().configurations();
            assertTrue(a <= b, "seed " + seed + ": " + a + " configurations with the hint, " + b + " without");
            eager += a;
            everyPlace += b;
        }
        assertTrue(eager < everyPlace, eager + " configurations with the hint, " + everyPlace + " without");
    }

    /** A TLA+ model without the begins' hint: every other answer is the model's. */
    private record EveryPlaceOfABegin(TlaModel model) implements dev.ariadne.core.model.Model<TlaStates> {
        @Override
        public String name() {
            return model.name();
        }

        @Override
        public TlaStates init() {
            return model.init();
        }

        @Override
        public TlaStates step(TlaStates state, Object input, Object output) {
            return model.step(state, input, output);
        }

        @Override
        public Operation prepare(Operation operation) {
            return model.prepare(operation);
        }

        @Override
        public boolean forgetsOutputs() {
            return model.forgetsOutputs();
        }

        @Override
        public String describeOperation(Object input, Object output) {
            return model.describeOperation(input, output);
        }

        @Override
        public String describeState(TlaStates state) {
            return model.describeState(state);
        }
    }

    // ---- stock TLC ----------------------------------------------------------------------------------------------

    /**
     * Stock TLC on export-tla's module, in each semantics, agrees with the in-process verdict: the repro and
     * a seeded trace both semantics accept, one only OmniLink's accepts and one neither accepts. Each TLC
     * run is a child JVM, two at a time; the count is kept small so that this stays within a minute.
     */
    @Test
    void stockTlcAgreesInBothSemantics() throws Exception {
        List<History> traces = new ArrayList<>();
        List<TlaSpec> specs = new ArrayList<>();
        traces.add(HistoryReaders.read(BATCH.resolveSibling("batch-pass.json"), Format.OMNILINK));
        specs.add(batch);
        int[] kinds = new int[3]; // both accept, only OmniLink's, neither
        for (long seed = 1; seed < 120 && kinds[0] + kinds[1] + kinds[2] < 3; seed++) {
            History h = seed % 3 == 0 ? bulkTrace(seed) : batchTrace(seed, 3, 3);
            TlaSpec spec = seed % 3 == 0 ? bulk : batch;
            boolean omni = check(spec, h, Semantics.OMNILINK, Engine.AUTO) == Verdict.LINEARIZABLE;
            boolean atomic = check(spec, h, Semantics.ATOMIC, Engine.AUTO) == Verdict.LINEARIZABLE;
            int kind = atomic ? 0 : omni ? 1 : 2;
            if (kinds[kind] < 1) {
                kinds[kind]++;
                traces.add(h);
                specs.add(spec);
            }
        }
        assertEquals(3, kinds[0] + kinds[1] + kinds[2], "a trace of each kind among the seeds");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Object[]> jobs = new ArrayList<>();
            for (int i = 0; i < traces.size(); i++) {
                for (Semantics semantics : Semantics.values()) {
                    Verdict ours = check(specs.get(i), traces.get(i), semantics, Engine.AUTO);
                    TlaExport.Written w = TlaExport.write(specs.get(i), null, Map.of(), traces.get(i),
                            "trace " + i, Files.createTempDirectory(out, "t"), semantics);
                    Future<StockTlc.Outcome> tlc = pool.submit(() -> StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT,
                            List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1")));
                    jobs.add(new Object[]{"trace " + i + " " + semantics, ours, tlc, traces.get(i)});
                }
            }
            for (Object[] j : jobs) {
                @SuppressWarnings("unchecked")
                StockTlc.Outcome tlc = ((Future<StockTlc.Outcome>) j[2]).get();
                assertEquals(j[1], tlc.verdict(), j[0] + ": " + j[3] + "\nTLC said\n" + tlc.output());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
