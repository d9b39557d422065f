package dev.ariadne.harness;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A failing run's message stays a few dozen lines whatever the history: 100,000 operations whose violation is at
 * the end, with whatever core the search finds in its budget (the whole history when it runs out), give a message
 * that starts with the seed, then the explanation, and says everything once.
 */
class FailureMessageBoundsTest {
    @Test
    void aHundredThousandOperationViolationGivesAShortMessage() {
        Model<?> model = BuiltinModels.byName("register");
        int n = 100_000;
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // two clients alternate, each write overlapping the next one a little
            ops.add(Operation.of(i, i % 2, new Invocation("write", null, (long) i), null, 2L * i, 2L * i + 3));
        }
        ops.add(Operation.of(n, 2, new Invocation("read", null, null), 0L, 2L * n + 10, 2L * n + 11));
        History history = History.of(ops);
        // Any budget: the message is bounded whatever the core search found in it.
        Result result = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ofSeconds(2)));
        assertEquals(Verdict.NOT_LINEARIZABLE, result.verdict());
        RunResult run = new RunResult(7, result, history, model, n + 1, false, null, 3, true, 1, n + 1);
        String message = run.failureMessage();
        List<String> lines = message.lines().toList();
        assertTrue(lines.size() <= 80, lines.size() + " lines:\n" + message);
        assertTrue(message.length() <= 20_000, message.length() + " characters");
        assertTrue(lines.get(0).startsWith("Ariadne: not linearizable after 100001 operations of 3 clients (seed 7"),
                lines.get(0));
        assertEquals(1, lines.stream().filter(l -> l.startsWith("Violation")).count(), message);
        assertTrue(lines.stream().filter(l -> l.contains("Why: ")).count() <= 1, message);
        if (!run.core().isEmpty()) {
            // the explanation comes before the longest linearization
            assertTrue(message.indexOf("failing core") < message.indexOf("Violation"), message);
        }
        // the test's error: a few lines, the report as its cause
        AssertionError error = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
                run::assertLinearizable);
        assertTrue(error.getMessage().lines().count() <= 6, error.getMessage());
        assertTrue(error.getMessage().length() <= 5_000, error.getMessage().length() + " characters");
        assertEquals(message.substring(message.indexOf('\n') + 1), error.getCause().getMessage());
    }
}
