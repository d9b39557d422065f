package dev.ariadne.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The page as text: one document whose data cannot end its script element whatever the history holds, that names
 * nothing outside itself, and whose data (operations, orders, states, evidence, markers) is what the checker found.
 * {@code HtmlReportBrowserTest} in ariadne-cli tests the page in a browser.
 */
class HtmlReportTest {
    private static final String OPEN_DATA = "<script type=\"application/json\" id=\"ariadne-data\">";
    private static final Model<?> KV = BuiltinModels.byName("kv");
    private static final Model<?> REGISTER = BuiltinModels.byName("register");
    private static final List<String> HOSTILE = List.of("</script><img src=x onerror=alert(1)>",
            "\"--><svg onload=alert(1)>", "<!-- a & b -->", "line\u2028separator\u2029end", "</SCRIPT >");

    /** Puts each hostile value under its own key and reads it back wrong once, on the last key. */
    private static History hostileKv() {
        HistoryBuilder b = new HistoryBuilder();
        for (String v : HOSTILE) {
            b.call(0, new Invocation("put", v, v)).ret(0, v);
            b.call(1, new Invocation("get", v, null)).ret(1, v);
        }
        String last = HOSTILE.get(HOSTILE.size() - 1);
        b.call(1, new Invocation("get", last, null)).ret(1, "not " + last);
        return b.build();
    }

    private static String dataText(String page) {
        int from = page.indexOf(OPEN_DATA) + OPEN_DATA.length();
        return page.substring(from, page.indexOf("</script>", from));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(String page) throws IOException {
        try (JsonParser p = new JsonFactory().createParser(dataText(page))) {
            p.nextToken();
            return (Map<String, Object>) tree(p);
        }
    }

    private static Object tree(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t == JsonToken.START_OBJECT) {
            Map<String, Object> m = new LinkedHashMap<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                m.put(name, tree(p));
            }
            return m;
        }
        if (t == JsonToken.START_ARRAY) {
            List<Object> l = new ArrayList<>();
            while (p.nextToken() != JsonToken.END_ARRAY) {
                l.add(tree(p));
            }
            return l;
        }
        return switch (t) {
            case VALUE_STRING -> p.getText();
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_TRUE -> true;
            case VALUE_FALSE -> false;
            default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static <T> T at(Object tree, Object... path) {
        Object o = tree;
        for (Object step : path) {
            o = step instanceof Integer i ? ((List<Object>) o).get(i) : ((Map<String, Object>) o).get(step);
        }
        return (T) o;
    }

    @Test
    void hostileValuesCannotLeaveTheDataElement() throws IOException {
        History history = hostileKv();
        Result result = Checker.check(history, KV, CheckOptions.defaults());
        String page = HtmlReport.of("</script><b>file</b>", history, KV, result)
                .withMarkers(HOSTILE.stream().map(v -> new HtmlReport.Marker(3, "nemesis", v, 7)).toList()).render();
        String template = page.replace(dataText(page), "");
        // the only script ends are the page's own two, and nothing opens a comment or separates lines
        assertEquals(2, page.split("(?i)</script", -1).length - 1);
        assertFalse(page.contains("<!--"));
        assertFalse(page.contains("\u2028") || page.contains("\u2029"));
        assertTrue(dataText(page).contains("\\u003C/script\\u003E\\u003Cimg src=x onerror=alert(1)\\u003E"));
        assertTrue(dataText(page).contains("line\\u2028separator\\u2029end"));
        // the values come back intact where the page reads them
        Map<String, Object> data = data(page);
        assertEquals("</script><b>file</b>", data.get("source"));
        for (int i = 0; i < HOSTILE.size(); i++) {
            assertEquals(HOSTILE.get(i), at(data, "markers", i, "text"));
        }
        List<String> labels = new ArrayList<>();
        for (Object p : (List<?>) data.get("partitions")) {
            labels.add(at(p, "label"));
        }
        for (String v : HOSTILE) {
            assertTrue(labels.contains("key " + Values.show(v)), v + " in " + labels);
        }
        // the page names nothing to fetch, and forbids fetching
        assertTrue(template.matches("(?s).*<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
                + "'none'; script-src 'sha256-[A-Za-z0-9+/]{43}='; style-src 'unsafe-inline'; img-src data:;.*"), template);
        assertFalse(template.matches("(?is).*\\b(src|href|action)\\s*=.*"), "an attribute that loads something");
        assertFalse(template.matches("(?is).*(https?:|//[a-z]|url\\(|@import|fetch\\(|XMLHttpRequest|WebSocket).*"));
        assertFalse(template.contains("innerHTML") || template.contains("insertAdjacentHTML")
                || template.contains("document.write") || template.contains("eval("));
    }

    @Test
    void operationsOrdersAndStates() throws IOException {
        HistoryBuilder b = new HistoryBuilder();
        b.call(0, new Invocation("write", null, 1L));
        b.call(1, new Invocation("read", null, null));
        b.ret(0, null).ret(1, 1L);
        b.call(0, new Invocation("write", null, 2L));
        b.call(2, new Invocation("read", null, null)).ret(2, 1L); // reads 1 while 2 may be written: fine
        b.call(1, new Invocation("read", null, null)); // never returns
        History ok = b.build();
        Result result = Checker.check(ok, REGISTER, CheckOptions.defaults());
        assertTrue(result.isLinearizable());
        Map<String, Object> data = data(HtmlReport.of("ok", ok, REGISTER, result).render());
        Map<String, Object> p = at(data, "partitions", 0);
        assertEquals("LINEARIZABLE", p.get("verdict"));
        assertEquals(List.of(0L, 1L, 2L), p.get("clients"));
        assertEquals("oopop", at(p, "ops", "kind"));
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), at(p, "ops", "id"));
        assertEquals(-1L, (long) at(p, "ops", "ret", 2), "a write still open when the history ends is pending");
        assertEquals("write(1)", at(p, "ops", "input", 0));
        assertEquals("never returned", at(p, "ops", "output", 2));
        List<Long> witness = at(p, "orders", 0, "ids");
        List<String> states = at(p, "orders", 0, "states");
        assertEquals(witness.size(), states.size());
        assertEquals(initialState(REGISTER), at(p, "orders", 0, "initial"));
        assertEquals("1", states.get(0), "the state after write(1)");
        assertNull(p.get("core"), "no evidence given, none shown");
    }

    /**
     * Issue 26: a client that goes on under a new history client after a crash (the harness, Jepsen's
     * --new-client-after-info) names its own in metadata {@code process}; its operations share its row.
     */
    @Test
    void operationsAfterACrashAreOnTheirProcesssRow() throws IOException {
        HistoryBuilder b = new HistoryBuilder();
        b.call(0, new Invocation("write", null, 1L), 0, Map.of());
        b.crash(0, 1, -1);
        b.call(1, new Invocation("read", null, null), 2, Map.of()).ret(1, 1L, 3, -1);
        b.call(2, new Invocation("read", null, null), 4, Map.of("process", 0L)).ret(2, 1L, 5, -1);
        History h = b.build();
        Result result = Checker.check(h, REGISTER, CheckOptions.defaults());
        Map<String, Object> p = at(data(HtmlReport.of("rows", h, REGISTER, result).render()), "partitions", 0);
        assertEquals(List.of(0L, 1L), p.get("clients"), "two rows, not three");
        assertEquals(List.of(0L, 1L, 0L), at(p, "ops", "row"), "the read after the crash is on client 0's row");
    }

    private static <S> String initialState(Model<S> model) {
        return model.describeState(model.init());
    }

    /**
     * A failed operation is written with its client, call and partition: a kv failure goes to its key's partition,
     * where its client gets a row even with nothing else there; one the model rejects has no known partition, and
     * one on a key no checked operation has is in none.
     */
    @Test
    void failedOperationsGoToTheirClientsRowInTheirPartition() throws IOException {
        History history = new HistoryBuilder()
                .call(0, new Invocation("put", "a", "1")).ret(0, null)
                .call(1, new Invocation("put", "b", "2")).ret(1, null)
                .call(0, new Invocation("get", "a", null)).ret(0, "1")
                .build();
        Result result = Checker.check(history, KV, CheckOptions.defaults());
        assertEquals(2, result.partitions().size());
        int partB = result.partitions().stream().filter(p -> p.label().contains("b")).findFirst().orElseThrow().index();
        List<HtmlReport.Marker> failed = List.of(
                new HtmlReport.Marker(7, "failed", "process 3 fail put [b 9]", 12,
                        new HtmlReport.Failure(3, new Invocation("put", "b", "9"), 5, 11, null, null)),
                new HtmlReport.Marker(8, "failed", "process 4 fail frob", 14,
                        new HtmlReport.Failure(4, new Invocation("frob", "a", null), 6, 13, 6_000_000L, 8_500_000L)),
                new HtmlReport.Marker(9, "failed", "process 5 fail put [c 1]", 16,
                        new HtmlReport.Failure(5, new Invocation("put", "c", "1"), 8, 15, null, null)));
        Map<String, Object> data = data(HtmlReport.of("f", history, KV, result).withMarkers(failed).render());
        Map<String, Object> first = at(data, "markers", 0);
        assertEquals(3L, first.get("client"));
        assertEquals((long) partB, first.get("part"));
        assertEquals(11L, first.get("callLine"));
        assertEquals(7L - 0, first.get("t")); // origin 0: the first call
        assertEquals(5L, first.get("call"));
        Map<String, Object> second = at(data, "markers", 1);
        assertEquals(-1L, second.get("part"));
        assertEquals(6.0, second.get("callMs"));
        assertEquals(8.5, second.get("retMs"));
        assertEquals((Object) (-2L), at(data, "markers", 2, "part")); // key c: no partition was checked
        for (int k = 0; k < 2; k++) {
            Map<String, Object> p = at(data, "partitions", k);
            List<Object> clients = at(p, "clients");
            assertEquals(((Long) p.get("index")).intValue() == partB, clients.contains(3L), clients.toString());
            assertFalse(clients.contains(4L) || clients.contains(5L), clients.toString());
        }
    }

    @Test
    void violationOrdersAndEvidence() throws IOException {
        History history = hostileKv();
        Result result = Checker.check(history, KV, CheckOptions.defaults().withPartition(false));
        int bad = result.violations().get(0).index();
        Map<String, Object> data = data(HtmlReport.of("bad", history, KV, result)
                .withEvidence(bad, new HtmlReport.Evidence(List.of(8, 10), false, List.of("because", "of this")))
                .render());
        Map<String, Object> p = at(data, "partitions", 0);
        assertEquals("NOT_LINEARIZABLE", p.get("verdict"));
        Map<String, Object> longest = at(p, "orders", 0);
        assertEquals((long) result.violations().get(0).violation().longest().get(0).unplaced().id(),
                longest.get("unplaced"));
        assertEquals(((List<?>) longest.get("ids")).size(), ((List<?>) longest.get("states")).size());
        List<Object> candidates = at(longest, "candidates");
        assertTrue(candidates.contains(longest.get("unplaced")));
        assertEquals(List.of(8L, 10L), at(p, "core", "ids"));
        assertEquals(false, at(p, "core", "minimal"));
        assertEquals(List.of("because", "of this"), p.get("explanation"));
    }

    @Test
    void theCoreAndExplanationOfACheckAreShownWithoutBeingGiven() throws IOException {
        History history = History.of(
                Operation.of(0, 0, Invocation.of("write", 1L), null, 0, 10),
                Operation.of(1, 1, Invocation.of("write", 2L), null, 1, 2),
                Operation.of(2, 1, Invocation.of("read", null), 0L, 12, 20));
        Result result = Checker.check(history, REGISTER,
                CheckOptions.defaults().withCoreTimeout(java.time.Duration.ofSeconds(5)));
        Explanation x = result.violations().get(0).violation().explanation();
        Map<String, Object> p = at(data(HtmlReport.of("bad", history, REGISTER, result).render()), "partitions", 0);
        assertEquals(x.core().stream().map(o -> (long) o.id()).toList(), at(p, "core", "ids"));
        assertEquals(x.minimal(), at(p, "core", "minimal"));
        List<Object> lines = at(p, "explanation");
        assertEquals(x.summary(), lines.get(0));
        assertTrue(lines.containsAll(x.precedences().stream().map(Explanation.Precedence::text).toList()), lines.toString());
        Result without = Checker.check(history, REGISTER, CheckOptions.defaults().withCoreTimeout(null));
        Map<String, Object> plain = at(data(HtmlReport.of("bad", history, REGISTER, without).render()), "partitions", 0);
        assertEquals(null, plain.get("core"), "no core was searched, so none is shown");
    }

    @Test
    void longStatesAreShortenedSoTheFileGrowsLinearly() throws IOException {
        Model<?> set = BuiltinModels.byName("set");
        int[] sizes = {1000, 2000};
        long[] lengths = new long[2];
        for (int k = 0; k < 2; k++) {
            List<Operation> ops = new ArrayList<>();
            for (int i = 0; i < sizes[k]; i++) {
                ops.add(Operation.of(i, i % 3, new Invocation("add", null, (long) i), true, 2L * i, 2L * i + 1));
            }
            History h = History.of(ops);
            Result r = Checker.check(h, set, CheckOptions.defaults());
            String page = HtmlReport.of("set", h, set, r).render();
            List<String> states = at(data(page), "partitions", 0, "orders", 0, "states");
            assertTrue(states.stream().allMatch(s -> s.length() <= HtmlReport.STATE_WIDTH + 1), "shortened");
            assertTrue(states.get(states.size() - 1).contains("…"));
            lengths[k] = dataText(page).length();
        }
        assertTrue(lengths[1] < 2.1 * lengths[0], "twice the operations, about twice the data: " + lengths[0]
                + " then " + lengths[1]);
    }

    @Test
    void jepsenTimesAndAnEmptyHistory() throws IOException {
        List<Operation> ops = List.of(
                new Operation(0, 0, new Invocation("write", null, 1L), null, 0, 1,
                        Map.of("line", 1, "time-ns", 2_000_000L, "return-time-ns", 3_500_000L)),
                new Operation(1, 1, new Invocation("read", null, null), Operation.UNKNOWN, 2, Operation.PENDING,
                        Map.of("line", 3, "time-ns", 4_000_000L)));
        History timed = History.of(ops);
        Map<String, Object> p = at(data(HtmlReport.of("t", timed, REGISTER,
                Checker.check(timed, REGISTER, CheckOptions.defaults())).render()), "partitions", 0);
        assertEquals(List.of(2.0, 4.0), at(p, "ops", "callMs"));
        assertEquals(Arrays.asList(3.5, null), at(p, "ops", "retMs"));

        Result empty = Checker.check(History.empty(), REGISTER, CheckOptions.defaults());
        Map<String, Object> data = data(HtmlReport.of("empty", History.empty(), REGISTER, empty).render());
        assertEquals("LINEARIZABLE", data.get("verdict"));
        assertEquals(0L, data.get("operations"));
    }

    /**
     * The page shows every time on the history's own clock: it needs the origin exactly (a nanosecond clock exceeds
     * what a JavaScript number holds) and the clock's name, given or the default.
     */
    @Test
    void theOriginExactlyAndTheClock() throws IOException {
        long base = 1_732_812_345_678_901_235L;
        History h = History.of(Operation.of(0, 0, new Invocation("write", null, 1L), null, base, base + 7),
                Operation.of(1, 1, new Invocation("read", null, null), 1L, base + 3, base + 9));
        Result r = Checker.check(h, REGISTER, CheckOptions.defaults());
        Map<String, Object> data = data(HtmlReport.of("ns", h, REGISTER, r).withClock("nanoseconds").render());
        assertEquals(Long.toString(base), data.get("originText"));
        assertEquals("nanoseconds", data.get("clock"));
        assertEquals(List.of(0L, 3L), at(data, "partitions", 0, "ops", "call"));
        assertEquals(HtmlReport.DEFAULT_CLOCK, data(HtmlReport.of("ns", h, REGISTER, r).render()).get("clock"));
    }

    @Test
    void refusesTheResultOfAnotherHistory() {
        History history = hostileKv();
        Result result = Checker.check(history, KV, CheckOptions.defaults());
        History other = History.of(Operation.of(0, 0, new Invocation("put", "k", "v"), "v", 0, 1));
        assertThrows(IllegalArgumentException.class, () -> HtmlReport.of("x", other, KV, result).render());
    }

    @Test
    void lineClockPlacesEventsBetweenTheCallsAroundThem() {
        List<Operation> ops = List.of(
                new Operation(0, 0, new Invocation("write", null, 1L), null, 0, 4, Map.of("line", 2)),
                new Operation(1, 1, new Invocation("read", null, null), 1L, 10, 12, Map.of("line", 12)));
        HtmlReport.LineClock clock = HtmlReport.LineClock.of(History.of(ops));
        assertEquals(0, clock.timeOf(2));
        assertEquals(5, clock.timeOf(7), "half way in lines, half way in time");
        assertEquals(10, clock.timeOf(12));
        assertEquals(13, clock.timeOf(15), "after the last call: one time unit a line");
        assertEquals(0, clock.timeOf(1), "never before the clock starts");
        assertEquals(0, HtmlReport.LineClock.of(History.empty()).timeOf(5));
    }
}
