package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every trace under examples/tla/ passes or fails as its name says, with both general engines. */
class ExamplesTest {
    static final Path EXAMPLES = Path.of("..", "examples", "tla");

    @Test
    void tracesPassAndFailAsNamed() throws Exception {
        List<Path> dirs;
        try (Stream<Path> s = Files.list(EXAMPLES)) {
            dirs = s.filter(Files::isDirectory).sorted().toList();
        }
        assertTrue(dirs.size() >= 7, "examples/tla holds the example specs");
        int traces = 0;
        for (Path dir : dirs) {
            Path tla;
            try (Stream<Path> s = Files.list(dir)) {
                tla = s.filter(p -> p.toString().endsWith(".tla")).findFirst().orElseThrow();
            }
            try (TlaSpec spec = TlaSpec.load(tla, null, Map.of())) {
                List<Path> files;
                try (Stream<Path> s = Files.list(dir)) {
                    files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
                }
                assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().contains("pass"))
                        && files.stream().anyMatch(f -> f.getFileName().toString().contains("fail")),
                        dir + " has a passing and a failing trace");
                for (Path trace : files) {
                    String name = trace.getFileName().toString();
                    Verdict expected = name.contains("pass") ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
                    History history = HistoryReaders.read(trace, Format.OMNILINK);
                    for (Engine engine : List.of(Engine.DFS, Engine.FRONTIER)) {
                        TlaModel model = spec.model();
                        Verdict got = Checker.check(model.withBegins(history), model,
                                CheckOptions.defaults().withCoreTimeout(null).withEngine(engine))
                                .verdict();
                        assertEquals(expected, got, trace + " with " + engine);
                    }
                    traces++;
                }
            }
        }
        assertTrue(traces >= 14);
    }

    @Test
    void nondeterministicSpecKeepsSeveralStates() throws Exception {
        TlaSpec spec = TlaSpec.load(EXAMPLES.resolve("lossy-register/LossyRegister.tla"), null, Map.of());
        History history = HistoryReaders.read(EXAMPLES.resolve("lossy-register/lossy-pass.json"), Format.OMNILINK);
        TlaModel model = spec.model();
        TlaStates after = model.step(model.init(), model.prepare(history.operations().get(0)).input(), null);
        assertEquals(2, after.size(), "a write that may be lost leaves two possible states");
        assertTrue(model.describeState(after).startsWith("one of 2: "), model.describeState(after));
        assertEquals(Verdict.LINEARIZABLE, Checker.check(history, model.nondeterministic(),
                CheckOptions.defaults().withCoreTimeout(null))
                .verdict(), "the NondeterministicModel view agrees");
        History fail = HistoryReaders.read(EXAMPLES.resolve("lossy-register/lossy-fail.json"), Format.OMNILINK);
        assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(fail, model.nondeterministic(),
                CheckOptions.defaults().withCoreTimeout(null))
                .verdict());
    }
}
