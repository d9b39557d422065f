package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The OmniLink-shaped corpus of {@code examples/tla-omnilink} beyond the store ({@link OmniLinkHooksTest}): a
 * concurrent queue with per-producer sub-queues and a non-atomic bulk enqueue ({@code ConcQueue.tla}), and an
 * ordered map with range queries checked through an OmniLink validation module ({@code MCTreeValidate.tla}, its
 * keys gathered from {@code __traces}). Seeded traces, simulated and then one in two corrupted, get the same
 * verdict, under OmniLink's semantics, from Ariadne and from stock TLC on export-tla's module.
 */
class OmniLinkCorpusTest {
    static final Path CORPUS = Path.of("..", "examples", "tla-omnilink");
    private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    @TempDir
    Path out;

    @Test
    void seededQueueTracesGetTheSameVerdictFromStockTlc() throws Exception {
        agree(CORPUS.resolve("conc-queue/ConcQueue.tla"), OmniLinkCorpusTest::queueTrace);
    }

    @Test
    void seededTreeTracesGetTheSameVerdictFromStockTlc() throws Exception {
        agree(CORPUS.resolve("tree/MCTreeValidate.tla"), OmniLinkCorpusTest::treeTrace);
    }

    /** Three traces of each verdict among the seeds, each checked by Ariadne and by stock TLC. */
    private void agree(Path module, LongFunction<String> traces) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Object[]> jobs = new ArrayList<>();
        int[] wanted = {3, 3};
        try {
            for (long seed = 1; wanted[0] + wanted[1] > 0 && seed < 60; seed++) {
                History h = OmniLinkHooksTest.read("seed " + seed, traces.apply(seed));
                try (TlaSpec spec = TlaSpec.loadFor(module, null, Map.of(), h)) {
                    TlaModel model = spec.model();
                    Verdict ours = Checker.check(model.withBegins(h), model,
                            CheckOptions.defaults().withCoreTimeout(null)).verdict();
                    int kind = ours == Verdict.LINEARIZABLE ? 0 : 1;
                    if (wanted[kind] == 0) {
                        continue;
                    }
                    wanted[kind]--;
                    TlaExport.Written w = TlaExport.write(spec, null, Map.of(), h, "seed " + seed,
                            Files.createTempDirectory(out, "s"));
                    jobs.add(new Object[]{module.getFileName() + " seed " + seed, ours,
                            pool.submit(() -> StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT, JVM))});
                }
            }
            assertEquals(0, wanted[0] + wanted[1], "three traces of each verdict among the seeds");
            for (Object[] j : jobs) {
                @SuppressWarnings("unchecked")
                StockTlc.Outcome tlc = ((Future<StockTlc.Outcome>) j[2]).get();
                assertEquals(j[1], tlc.verdict(), j[0] + ": TLC said\n" + tlc.output());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** One event of a simulated run: its thread, name and parameters (JSON), in the order they took effect. */
    private record Event(int thread, String name, String params) {
    }

    /** The events as an OmniLink JSON trace, each interval around its place in the run (seeded widths). */
    private static String omniLink(List<Event> events, Random r, int threads) {
        long[] free = new long[threads];
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            long at = i * 10L;
            long start = Math.max(free[e.thread], at - r.nextInt(14));
            long end = Math.max(start, at) + r.nextInt(14);
            free[e.thread] = end + 1;
            s.append("{\"operation_name\": \"").append(e.name).append("\", \"operation\": {").append(e.params)
                    .append(", \"_op_start\": ").append(start).append(", \"_op_end\": ").append(end)
                    .append(", \"_did_abort\": false, \"_meta\": {}}, \"thread\": ").append(e.thread).append("}\n");
        }
        return s.toString();
    }

    /**
     * Producers 0 and 1 (threads 0 and 1) enqueue distinct values, one or in bulk; a consumer (thread 2) dequeues
     * heads, one or a prefix of a sub-queue. Every other trace gets one dequeue's value changed.
     */
    static String queueTrace(long seed) {
        Random r = new Random(seed);
        List<List<Integer>> queues = List.of(new ArrayList<>(), new ArrayList<>());
        List<Event> events = new ArrayList<>();
        int next = 1;
        for (int step = 0; step < 10; step++) {
            int t = r.nextInt(3);
            if (t < 2) {
                if (r.nextBoolean()) {
                    queues.get(t).add(next);
                    events.add(new Event(t, "Enq", "\"producer\": " + t + ", \"v\": " + next++));
                } else {
                    List<Integer> vs = new ArrayList<>();
                    for (int k = 1 + r.nextInt(3); k > 0; k--) {
                        vs.add(next++);
                    }
                    queues.get(t).addAll(vs);
                    events.add(new Event(t, "EnqBulk", "\"producer\": " + t + ", \"vs\": " + vs));
                }
            } else {
                List<Integer> q = queues.get(queues.get(0).isEmpty() ? 1 : queues.get(1).isEmpty() ? 0
                        : r.nextInt(2));
                if (q.isEmpty()) {
                    continue;
                }
                if (r.nextBoolean()) {
                    events.add(new Event(t, "Deq", "\"v\": " + q.remove(0)));
                } else {
                    List<Integer> vs = new ArrayList<>();
                    for (int k = 1 + r.nextInt(Math.min(3, q.size())); k > 0; k--) {
                        vs.add(q.remove(0));
                    }
                    events.add(new Event(t, "DeqBulk", "\"vs\": " + vs));
                }
            }
        }
        if (seed % 2 == 0) {
            for (int i = events.size() - 1; i >= 0; i--) {
                if (events.get(i).name.equals("Deq")) {
                    events.set(i, new Event(events.get(i).thread, "Deq", "\"v\": " + (1 + r.nextInt(next))));
                    break;
                }
            }
        }
        return omniLink(events, r, 3);
    }

    /**
     * Three threads insert, erase, find and count keys 1 to 4 (values 1 to 9; 0 is none); every other trace gets one
     * range query's count, or else one find's result, off by one.
     */
    static String treeTrace(long seed) {
        Random r = new Random(seed);
        TreeMap<Integer, Integer> dict = new TreeMap<>();
        List<Event> events = new ArrayList<>();
        for (int step = 0; step < 10; step++) {
            int t = r.nextInt(3);
            int key = 1 + r.nextInt(4);
            int old = dict.getOrDefault(key, 0);
            switch (r.nextInt(4)) {
                case 0 -> {
                    int v = 1 + r.nextInt(9);
                    dict.put(key, v);
                    events.add(new Event(t, "Insert", "\"key\": " + key + ", \"value\": " + v + ", \"result\": "
                            + old));
                }
                case 1 -> {
                    dict.remove(key);
                    events.add(new Event(t, "Erase", "\"key\": " + key + ", \"result\": " + old));
                }
                case 2 -> events.add(new Event(t, "Find", "\"key\": " + key + ", \"result\": " + old));
                default -> {
                    int lo = 1 + r.nextInt(4);
                    int hi = lo + r.nextInt(5 - lo);
                    events.add(new Event(t, "RangeQuery", "\"lo\": " + lo + ", \"hi\": " + hi + ", \"count\": "
                            + dict.subMap(lo, true, hi, true).size()));
                }
            }
        }
        if (seed % 2 == 0) {
            for (int i = events.size() - 1; i >= 0; i--) {
                Event e = events.get(i);
                if (e.name.equals("RangeQuery") || e.name.equals("Find")) {
                    String field = e.name.equals("RangeQuery") ? "\"count\": " : "\"result\": ";
                    int at = e.params.indexOf(field) + field.length();
                    int v = Integer.parseInt(e.params.substring(at));
                    events.set(i, new Event(e.thread, e.name, e.params.substring(0, at) + (v + 1)));
                    break;
                }
            }
        }
        return omniLink(events, r, 3);
    }
}
