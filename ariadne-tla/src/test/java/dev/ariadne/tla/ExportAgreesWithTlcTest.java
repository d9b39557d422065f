package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.testing.RandomHistories;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Stock TLC, on the module export-tla writes, agrees with the in-process verdict: on every example trace and on
 * seeded random histories. TLC runs in child JVMs, two at a time (each is mostly JVM start-up and parsing).
 */
class ExportAgreesWithTlcTest {
    /**
     * Only against a hang: a TLC stopped at its time limit answers UNKNOWN, which would fail the comparison, so the
     * limit must never be reached by a run that is merely slow (a module here takes TLC a few seconds, mostly JVM
     * start-up, and more on a loaded machine).
     */
    static final Duration LIMIT = Duration.ofMinutes(15);
    /** A small, quickly started child JVM: these modules have at most a few thousand states. */
    private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    @TempDir
    Path out;

    /** One export to cross-check: what Ariadne said, and TLC's answer once it comes. */
    private record Job(String what, History history, Verdict ours, Future<StockTlc.Outcome> tlc) {
    }

    @Test
    void everyExampleTraceGetsTheSameVerdictFromTlc() throws Exception {
        List<Path> dirs;
        try (Stream<Path> s = Files.list(ExamplesTest.EXAMPLES)) {
            dirs = s.filter(Files::isDirectory).sorted().toList();
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Job> jobs = new ArrayList<>();
        try {
            for (Path dir : dirs) {
                Path tla;
                List<Path> files;
                try (Stream<Path> s = Files.list(dir)) {
                    tla = s.filter(p -> p.toString().endsWith(".tla")).findFirst().orElseThrow();
                }
                try (Stream<Path> s = Files.list(dir)) {
                    files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
                }
                try (TlaSpec spec = TlaSpec.load(tla, null, Map.of())) {
                    for (Path trace : files) {
                        History history = HistoryReaders.read(trace, Format.OMNILINK);
                        jobs.add(submit(pool, spec, history, trace.toString()));
                    }
                }
            }
            assertAgree(jobs);
        } finally {
            pool.shutdownNow();
        }
        assertTrue(jobs.size() >= 6, "examples/tla holds at least six traces");
    }

    /**
     * Seeded random register and queue histories (crashed operations, unknown and corrupted outputs): the first
     * two linearizable and two not of each kind, among them histories with operations that never returned (which
     * may take effect or not), and one of 100 operations by 5 clients with crashes.
     */
    @Test
    void generatedTracesGetTheSameVerdictFromTlc() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Job> jobs = new ArrayList<>();
        try (TlaSpec register = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of());
             TlaSpec queue = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("queue/Queue.tla"), null, Map.of())) {
            for (String model : List.of("register", "fifo-queue")) {
                TlaSpec spec = model.equals("register") ? register : queue;
                int[] wanted = {2, 2};
                for (long seed = 1; wanted[0] + wanted[1] > 0 && seed < 200; seed++) {
                    History h = convert(model, RandomHistories.small(model, seed, 4, 9));
                    int kind = verdict(spec, h) == Verdict.LINEARIZABLE ? 0 : 1;
                    if (wanted[kind] > 0) {
                        wanted[kind]--;
                        jobs.add(submit(pool, spec, h, model + " small seed " + seed));
                    }
                }
                assertEquals(0, wanted[0] + wanted[1], "both verdicts among the seeds of " + model);
                jobs.add(submit(pool, spec, convert(model, RandomHistories.medium(model, 7, 5, 100, 3)),
                        model + " medium seed 7"));
            }
            assertAgree(jobs);
        } finally {
            pool.shutdownNow();
        }
        assertTrue(jobs.stream().anyMatch(j -> j.history.operations().stream().anyMatch(Operation::isPending)),
                "some histories have operations that never returned");
    }

    private static History convert(String model, History h) {
        return model.equals("register") ? SpecHistories.toRegisterSpec(h) : SpecHistories.toQueueSpec(h);
    }

    private static Verdict verdict(TlaSpec spec, History h) {
        TlaModel model = spec.model();
        return Checker.check(model.withBegins(h), model, CheckOptions.defaults().withCoreTimeout(null)).verdict();
    }

    /** Checks {@code history} in-process now, and exports it and starts TLC on it in {@code pool}. */
    private Job submit(ExecutorService pool, TlaSpec spec, History history, String what) throws Exception {
        Verdict ours = verdict(spec, history);
        TlaExport.Written w = TlaExport.write(spec, null, Map.of(), history, what, Files.createTempDirectory(out, "t"));
        return new Job(what, history, ours, pool.submit(() -> StockTlc.check(w, LIMIT, JVM)));
    }

    private static void assertAgree(List<Job> jobs) throws Exception {
        for (Job j : jobs) {
            StockTlc.Outcome tlc = j.tlc.get();
            assertEquals(j.ours, tlc.verdict(), j.what + ": " + RandomHistories.show(j.history) + "\nTLC said\n"
                    + tlc.output());
        }
    }
}
