package dev.ariadne.report;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The text report stays readable on long states: one violation block, shortened states with their changes. */
class TextReportTest {
    private static final CheckOptions WHOLE = CheckOptions.defaults().withCoreTimeout(null).withPartition(false);

    /**
     * Appends to {@code key} by one client, one after another, each read back, then a read that misses the last
     * append: not linearizable, with a state that grows past any line. Values carry a terminal escape.
     */
    private static History appends(String key, int count) {
        List<Operation> ops = new ArrayList<>();
        StringBuilder value = new StringBuilder();
        String previous = "";
        long t = 0;
        for (int i = 0; i < count; i++) {
            String piece = "<" + key + i + "\u001b[31m>";
            previous = value.toString();
            value.append(piece);
            ops.add(Operation.of(ops.size(), 0, new Invocation("append", key, piece), null, t, t + 1));
            ops.add(Operation.of(ops.size(), 1, new Invocation("get", key, null), value.toString(), t + 2, t + 3));
            t += 4;
        }
        ops.add(Operation.of(ops.size(), 1, new Invocation("get", key, null), previous, t, t + 1));
        return History.of(ops);
    }

    private static Result twoViolatedKeys(Model<?> model) {
        PartitionResult x = Checker.check(appends("x", 12), model, WHOLE).partitions().get(0);
        PartitionResult y = Checker.check(appends("y", 3), model, WHOLE).partitions().get(0);
        List<PartitionResult> parts = List.of(
                new PartitionResult(0, "key \"x\"", x.operations(), x.verdict(), x.witness(), x.violation(), null,
                        x.engine(), x.statistics()),
                new PartitionResult(1, "key \"y\"", y.operations(), y.verdict(), y.witness(), y.violation(), null,
                        y.engine(), y.statistics()));
        return new Result(Verdict.NOT_LINEARIZABLE, null, "kv", x.operations() + y.operations(), parts,
                x.statistics());
    }

    @Test
    void oneViolationBlockWithLongStatesShortenedAndTheirChangesShown() {
        Model<?> model = BuiltinModels.byName("kv");
        Result result = twoViolatedKeys(model);
        String text = TextReport.render("h.edn", result, model);

        assertEquals(1, text.lines().filter(l -> l.startsWith("Violation")).count(), text);
        assertTrue(text.contains("\nAlso not linearizable: key \"y\" (the JSON report has the evidence of each)\n"),
                text);
        assertFalse(text.contains("\u001b"), "values stay escaped");
        List<String> steps = text.lines().filter(l -> l.matches("\\s+\\d+\\. #.*")).toList();
        assertFalse(steps.isEmpty(), text);
        for (String step : steps) {
            assertTrue(step.length() <= 170, "a step line too long to read: " + step);
        }
        assertTrue(text.contains("state unchanged"), "a read of a long state does not repeat it: " + text);
        assertTrue(text.contains("(+ <x11\\u001b[31m>)"), "an append names what it added: " + text);

        // The candidates' long state is shown once, in full here, and the JSON keeps every state in full.
        PartitionResult x = result.partitions().get(0);
        List<Step> evidence = x.violation().longest().get(0).steps();
        String last = evidence.get(evidence.size() - 1).stateDescription();
        assertTrue(last.length() > 100, last);
        assertTrue(text.contains("rejected in the state after step " + evidence.size() + "\n"), text);
        assertTrue(text.contains("\n  The state after step " + evidence.size() + ": " + last + "\n"), text);
        String json = JsonReport.of("h.edn", result, model);
        for (Step s : evidence) {
            assertTrue(json.contains("\"state\" : \"" + s.stateDescription().replace("\\", "\\\\")
                    .replace("\"", "\\\"") + "\""), "the JSON keeps the full state " + s.stateDescription());
        }
    }

    @Test
    void aSetOfPossibleStatesIsShownAsSuch() {
        Model<?> model = BuiltinModels.byName("unordered-queue");
        History h = History.of(
                Operation.of(0, 0, Invocation.of("enqueue", 1L), null, 0, 1),
                Operation.of(1, 0, Invocation.of("enqueue", 2L), null, 2, 3),
                Operation.of(2, 0, Invocation.of("dequeue", null), Operation.UNKNOWN, 4, 5),
                Operation.of(3, 0, Invocation.of("dequeue", null), 3L, 6, 7));
        String text = TextReport.render("q.jsonl", Checker.check(h, model, WHOLE), model);
        assertTrue(text.contains("state one of 2: #{1} | #{2}\n"), text);
        assertTrue(text.contains("rejected in state one of 2: #{1} | #{2}\n"), text);
    }

    /**
     * One clock in a text report: where Jepsen's :time is known, operations are shown in ms and so are the
     * precedences of the core (written from their operations) and the model's own sentence.
     */
    @Test
    void oneClockInTheTextReport() {
        Model<?> model = BuiltinModels.byName("register");
        History h = History.of(
                new Operation(0, 0, new Invocation("write", null, 1L), null, 0, 1,
                        java.util.Map.of("time-ns", 1_000_000L, "return-time-ns", 2_500_000L)),
                new Operation(1, 0, new Invocation("write", null, 2L), null, 2, 3,
                        java.util.Map.of("time-ns", 3_000_000L, "return-time-ns", 3_250_000L)),
                new Operation(2, 1, new Invocation("read", null, null), 1L, 4, 5,
                        java.util.Map.of("time-ns", 4_000_000L, "return-time-ns", 4_500_000L)));
        Result result = Checker.check(h, model, WHOLE.withCoreTimeout(java.time.Duration.ofMinutes(1)));
        String text = TextReport.render("timed.edn", result, model);
        assertTrue(text.contains("Real time orders them"), text);
        assertTrue(text.contains("#1 write(2) returned at 3.250 ms before #2 read → 1 was called at 4.000 ms"), text);
        assertTrue(text.contains("#2 client 1: read → 1 [4.000 ms, 4.500 ms]"), text);
        assertFalse(text.contains("returned at 1 "), "no position where ms are shown: " + text);
        assertEquals(1, text.lines().filter(l -> l.startsWith("  Why: ")).count(), text);
        assertTrue(text.contains("  Why: read by client 1 at [4.000 ms, 4.500 ms] returned 1, but write(2) (client 0)"
                + " returned at 3.250 ms, before it was called, and nothing in the history could have written 1 after"
                + " that and before the read returned\n"), text);
        assertFalse(text.contains("event positions"), text);
    }
}
