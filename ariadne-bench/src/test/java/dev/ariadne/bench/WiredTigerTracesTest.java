package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.tla.TlaModel;
import dev.ariadne.tla.TlaSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The generator's traces, in the example store's vocabulary, checked against that spec as a user would
 * ({@code check --tla MCStoreValidate.tla}): what it writes without a violation is linearizable, and the one wrong
 * read it adds with one is not.
 */
class WiredTigerTracesTest {
    private static final Path STORE = Path.of("..", "examples", "tla-omnilink", "store", "MCStoreValidate.tla");

    @TempDir
    Path dir;

    private Verdict check(boolean violation, long seed) throws Exception {
        Path trace = dir.resolve("t" + seed + violation + ".json");
        try (Writer w = Files.newBufferedWriter(trace, StandardCharsets.UTF_8)) {
            WiredTigerTraces.Summary s = WiredTigerTraces.write(w, 300, seed, 0.3, violation, true);
            // whole transactions only: up to a start, three operations and an end fewer than asked
            assertTrue(s.events() <= 300 && s.events() >= 295, s.toString());
            assertTrue(s.keys() > 10 && s.transactions() > 50, s.toString());
        }
        History h = HistoryReaders.load(trace, ReadOptions.defaults().withOmniLinkEvents(true)).history();
        try (TlaSpec spec = TlaSpec.loadFor(STORE, null, Map.of(), h)) {
            TlaModel model = spec.model();
            return Checker.check(model.withBegins(h), model, CheckOptions.defaults().withCoreTimeout(null))
                    .verdict();
        }
    }

    @Test
    void correctStoreTracesAreLinearizableAndTheWrongReadIsNot() throws Exception {
        for (long seed = 1; seed <= 3; seed++) {
            assertEquals(Verdict.LINEARIZABLE, check(false, seed), "seed " + seed);
            assertEquals(Verdict.NOT_LINEARIZABLE, check(true, seed), "seed " + seed + " with a violation");
        }
    }
}
