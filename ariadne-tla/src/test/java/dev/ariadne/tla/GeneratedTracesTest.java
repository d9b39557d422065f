package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.OmniLinkWriter;
import dev.ariadne.workloads.TlaTraces;
import dev.ariadne.workloads.Workloads;
import dev.ariadne.workloads.Workloads.Overlap;
import dev.ariadne.workloads.Workloads.Spec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Traces that {@code ariadne generate --tla-example} writes (a generated history, {@link TlaTraces}, then
 * {@link OmniLinkWriter}), read back as OmniLink traces, pass their example spec, and fail it with an injected
 * violation; every generated example exists under examples/tla/.
 */
class GeneratedTracesTest {
    @TempDir
    Path dir;

    @Test
    void generatedTracesPassAndInjectedViolationsFail() throws Exception {
        for (String example : TlaTraces.examples()) {
            Path folder = ExamplesTest.EXAMPLES.resolve(example);
            Path tla;
            try (Stream<Path> s = Files.list(folder)) {
                tla = s.filter(p -> p.toString().endsWith(".tla")).findFirst().orElseThrow();
            }
            try (TlaSpec spec = TlaSpec.load(tla, null, Map.of())) {
                long seed = 1;
                for (Overlap overlap : Overlap.values()) {
                    for (boolean violation : new boolean[]{false, true}) {
                        for (int crashed : new int[]{0, 2}) {
                            // a violation among crashed queue operations takes the TLA+ queue seconds to refute
                            // (it has none of the built-in queue's shortcuts): kept to traces without crashes
                            Spec s = new Spec(TlaTraces.modelOf(example), 4, 60, overlap, seed % 2 == 0,
                                    violation ? 0 : crashed, seed++, violation);
                            History trace = roundTrip(TlaTraces.convert(example, Workloads.generate(s)));
                            Result r = Checker.check(spec.model().withBegins(trace), spec.model(),
                                    CheckOptions.defaults().withCoreTimeout(null));
                            assertEquals(violation ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE, r.verdict(),
                                    example + " " + s);
                        }
                    }
                }
            }
        }
    }

    @Test
    void producerQueueTracesAbortEmptyDequeues() throws Exception {
        History h = Workloads.generate(Spec.of("fifo-queue", 3, 200));
        History converted = TlaTraces.convert("producer-queue", h);
        long empty = h.operations().stream().filter(op -> op.outputKnown() && op.output() == null
                && op.input().toString().contains("dequeue")).count();
        assertTrue(empty > 0, "some dequeues found the queue empty");
        Path file = dir.resolve("trace.json");
        write(converted, file);
        String text = Files.readString(file);
        assertEquals(empty, text.lines().filter(l -> l.contains("\"_did_abort\":true")).count());
        assertEquals(h.size() - empty, HistoryReaders.read(file, Format.OMNILINK).size(), "aborted ones are dropped");
    }

    private History roundTrip(History h) throws Exception {
        Path file = dir.resolve("trace.json");
        write(h, file);
        return HistoryReaders.read(file, Format.OMNILINK);
    }

    private static void write(History h, Path file) throws Exception {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            OmniLinkWriter.write(h, w);
        }
    }
}
