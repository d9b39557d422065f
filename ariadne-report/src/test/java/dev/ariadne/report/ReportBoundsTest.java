package dev.ariadne.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every report stays bounded whatever the history: a violation of 100,000 operations whose "core" is all of them (as
 * when the core search runs out of budget), with a precedence between each two and 64 orders of 100,000 steps, gives
 * a text report of a few dozen lines, a {@code --json} report well under a megabyte and a page whose evidence adds a
 * bounded amount to its operations. Counts left out are said ("… N more") and written ({@code omitted…}).
 */
class ReportBoundsTest {
    private static final int N = 100_000;
    private static Model<?> model;
    private static Result result;

    /**
     * N sequential writes of 0, 1, 2, … by client 0, then a read by client 1 of 0: not linearizable, with a longest
     * linearization of N steps; its explanation replaced by one with all N + 1 operations as the core.
     */
    @BeforeAll
    static void hugeViolation() {
        model = BuiltinModels.byName("register");
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < N; i++) {
            ops.add(Operation.of(i, 0, new dev.ariadne.core.history.Invocation("write", null, (long) i), null,
                    2L * i, 2L * i + 1));
        }
        ops.add(Operation.of(N, 1, new dev.ariadne.core.history.Invocation("read", null, null), 0L, 2L * N,
                2L * N + 1));
        History history = History.of(ops);
        Result checked = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(Duration.ZERO));
        assertEquals(Verdict.NOT_LINEARIZABLE, checked.verdict());
        PartitionResult p = checked.partitions().get(0);
        List<Operation> core = p.violation().longest().get(0).steps().stream().map(Step::operation).toList();
        List<Operation> all = new ArrayList<>(core);
        all.add(p.violation().longest().get(0).unplaced());
        List<Explanation.Precedence> precedences = new ArrayList<>();
        for (int i = 1; i < all.size(); i++) {
            precedences.add(new Explanation.Precedence(all.get(i - 1), all.get(i), "raw text " + i));
        }
        List<Explanation.RejectedOrder> orders = new ArrayList<>();
        for (int k = 0; k < Explanation.ORDERS_SHOWN; k++) {
            orders.add(new Explanation.RejectedOrder(p.violation().longest().get(0).steps(), all.get(N),
                    Long.toString(N - 1), "x".repeat(20 * N)));
        }
        Explanation x = new Explanation(all, false, "the core budget of 5s ran out", "the read of 0 was "
                + "overwritten ".repeat(10_000), "nil", precedences, orders, false, 1, 1, true);
        Violation v = new Violation(p.violation().initialState(), p.violation().longest(), x);
        PartitionResult bad = new PartitionResult(0, p.label(), p.operations(), p.verdict(), p.witness(), v,
                p.reason(), p.engine(), p.statistics());
        result = new Result(checked.verdict(), checked.reason(), checked.model(), checked.operations(), List.of(bad),
                checked.statistics());
    }

    @Test
    void theTextReportIsAFewDozenLines() {
        String text = TextReport.render("huge", result, model);
        assertTrue(text.lines().count() <= 70, text.lines().count() + " lines:\n" + text);
        assertTrue(text.length() <= 20_000, text.length() + " characters");
        assertTrue(text.contains("… 99,981 earlier operations of the core"), text);
        assertTrue(text.contains("(ariadne explain lists them all)"), text);
        assertTrue(text.contains("… 99,994 more"), "the precedences beyond the first 6: " + text);
        // the precedences are written from their operations, on the report's clock, not taken as given
        assertTrue(text.contains("#0 write(0) returned at 1 before #1 write(1) was called at 2"), text);
        // an order of 100,000 steps is a line: its first two and last ten steps, the others counted
        assertTrue(text.contains("#0 write(0), #1 write(1), … 99,988 more steps …, #99990 write(99990), "), text);
    }

    @Test
    void theFailureMessageLeadsWithTheExplanation() {
        String text = TextReport.renderExplanationFirst("huge", result, model);
        List<String> lines = text.lines().toList();
        assertTrue(lines.get(1).startsWith("Why: the read of 0 was overwritten"), text);
        assertTrue(lines.get(1).length() <= Bounds.SUMMARY_WIDTH + 10, "the sentence is cut");
        assertEquals(1, count(text, "Why: "), "the sentence is said once: " + text);
        assertTrue(text.indexOf("Minimal failing core") < text.indexOf("Violation: "), "the core, then the rest");
        assertTrue(lines.size() <= 70, lines.size() + " lines");
    }

    @Test
    void theJsonReportIsBoundedAndCountsWhatItLeftOut() throws Exception {
        String json = JsonReport.of("huge", result, model);
        assertTrue(json.length() < 1_000_000, json.length() + " characters");
        JsonNode v = new ObjectMapper().readTree(json).path("files").path(0).path("partitions").path(0)
                .path("violation");
        JsonNode longest = v.path("longest").path(0);
        assertEquals(Bounds.STEPS_KEPT, longest.path("steps").size());
        assertEquals(N - Bounds.STEPS_KEPT, longest.path("omittedSteps").asInt());
        assertEquals(N - 1, longest.path("steps").path(Bounds.STEPS_KEPT - 1).path("operation").path("id").asInt(),
                "the last steps are kept, nearest the failure");
        JsonNode x = v.path("explanation");
        assertEquals(N + 1, x.path("coreSize").asInt());
        assertEquals(Bounds.CORE_KEPT, x.path("core").size());
        assertEquals(N + 1 - Bounds.CORE_KEPT, x.path("omittedCore").asInt());
        assertEquals(N, x.path("core").path(Bounds.CORE_KEPT - 1).path("id").asInt(), "the core nearest the failure");
        assertEquals(Bounds.LIST_KEPT, x.path("precedences").size());
        assertEquals(N - Bounds.LIST_KEPT, x.path("omittedPrecedences").asInt());
        assertTrue(x.path("summary").asText().length() <= Bounds.SUMMARY_WIDTH + 1);
        assertEquals(Explanation.ORDERS_SHOWN, x.path("orders").size());
        assertTrue(x.path("orders").path(0).path("text").asText().length() < 2_000);
    }

    @Test
    void thePageCarriesItsOperationsAndABoundedExplanation() throws Exception {
        String page = HtmlReport.of("huge", History.of(result.partitions().get(0).violation().explanation().core()),
                model, result).render();
        Matcher data = Pattern.compile("<script type=\"application/json\" id=\"ariadne-data\">(.*?)</script>",
                Pattern.DOTALL).matcher(page);
        assertTrue(data.find());
        JsonNode part = new ObjectMapper().readTree(data.group(1)).path("partitions").path(0);
        assertEquals(N + 1, part.path("core").path("size").asInt());
        assertEquals(Bounds.CORE_KEPT, part.path("core").path("ids").size());
        assertTrue(part.path("explanation").size() <= Bounds.PAGE_LINES + 1, part.path("explanation").size() + " lines");
        int explanation = part.path("explanation").toString().getBytes(StandardCharsets.UTF_8).length;
        assertTrue(explanation < 200_000, "the explanation takes " + explanation + " bytes");
        // the rest is the operations and the longest linearization: under 100 bytes an operation
        assertTrue(page.length() < 100L * N + 500_000, page.length() + " characters");
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }
}
