package dev.ariadne.harness;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The JUnit 5 extension, run through JUnit's own engine on the nested test classes below (surefire does not run
 * nested classes itself): passing and failing workloads, the failure's message and files, and misdeclared classes.
 */
class AriadneExtensionTest {
    @TempDir
    Path reports;
    private String previous;

    @BeforeEach
    void reportsGoToATemporaryDirectory() {
        previous = System.setProperty(AriadneExtension.REPORTS_PROPERTY, reports.toString());
    }

    @AfterEach
    void restore() {
        if (previous == null) {
            System.clearProperty(AriadneExtension.REPORTS_PROPERTY);
        } else {
            System.setProperty(AriadneExtension.REPORTS_PROPERTY, previous);
        }
    }

    static class QueueTest {
        @SystemUnderTest
        ConcurrentLinkedQueue<Long> queue() {
            return new ConcurrentLinkedQueue<>();
        }

        @Op("enqueue")
        void enqueue(ConcurrentLinkedQueue<Long> q, @Arg(distinct = true) long v) {
            q.offer(v);
        }

        @Op(value = "dequeue", weight = 2)
        Long dequeue(ConcurrentLinkedQueue<Long> q) {
            return q.poll();
        }

        @LinearizabilityTest(model = "fifo-queue", clients = 3, operations = 500, seed = 7)
        void linearizable(RunResult result) {
            assertTrue(result.isLinearizable());
            assertEquals(7, result.seed());
            assertEquals(1500, result.history().size());
        }
    }

    static class CounterTest {
        @SystemUnderTest
        BrokenStructures.CheckThenActCounter counter() {
            return new BrokenStructures.CheckThenActCounter();
        }

        @Op("increment")
        void increment(BrokenStructures.CheckThenActCounter c) {
            c.increment();
        }

        @Op("read")
        long read(BrokenStructures.CheckThenActCounter c) {
            return c.read();
        }

        @LinearizabilityTest(model = "counter", clients = 4, operations = 10, rounds = 2000, seed = 11)
        void linearizable() {
        }
    }

    static class MapTest {
        @SystemUnderTest
        ConcurrentHashMap<String, String> map() {
            return new ConcurrentHashMap<>();
        }

        @Op("put")
        String put(ConcurrentHashMap<String, String> m, @Arg(key = true, oneOf = {"x", "y"}) String k,
                   @Arg(letters = 2) String v) {
            return m.put(k, v);
        }

        @Op("get")
        String get(ConcurrentHashMap<String, String> m, @Arg(key = true, oneOf = {"x", "y"}) String k) {
            return m.getOrDefault(k, "");
        }

        @LinearizabilityTest(model = "kv", operations = 200, expectViolation = true)
        void brokenIsExpected() {
        }
    }

    static class NoSystemTest {
        @Op("read")
        long read(Object o) {
            return 0;
        }

        @LinearizabilityTest(model = "counter")
        void linearizable() {
        }
    }

    /**
     * A user's counter model: it compares outputs with {@code Long}s, as a model written for history files does, so
     * an {@code int} recorded as it is would never match.
     */
    static final class LongCounter implements dev.ariadne.core.model.Model<Long> {
        @Override
        public String name() {
            return "long-counter";
        }

        @Override
        public Long init() {
            return 0L;
        }

        @Override
        public Long step(Long state, Object input, Object output) {
            dev.ariadne.core.history.Invocation inv = (dev.ariadne.core.history.Invocation) input;
            if (inv.f().equals("add")) {
                return state + (Long) inv.value();
            }
            return output == dev.ariadne.core.history.Operation.UNKNOWN || state.equals(output) ? state : null;
        }
    }

    /** A model class that cannot be made: no constructor without parameters. */
    static final class NeedsAnArgument implements dev.ariadne.core.model.Model<Long> {
        private final long start;

        NeedsAnArgument(long start) {
            this.start = start;
        }

        @Override
        public String name() {
            return "needs-an-argument";
        }

        @Override
        public Long init() {
            return start;
        }

        @Override
        public Long step(Long state, Object input, Object output) {
            return state;
        }
    }

    /** A counter behind a void add and an int read, checked against the user's model class. */
    static class UserModelTest {
        @SystemUnderTest
        java.util.concurrent.atomic.AtomicInteger counter() {
            return new java.util.concurrent.atomic.AtomicInteger();
        }

        @Op("add")
        void add(java.util.concurrent.atomic.AtomicInteger c, @Arg(min = 1, max = 3) int d) {
            c.addAndGet(d);
        }

        @Op("read")
        int read(java.util.concurrent.atomic.AtomicInteger c) {
            return c.get();
        }

        @LinearizabilityTest(modelClass = LongCounter.class, clients = 3, operations = 200, seed = 5)
        void linearizable(RunResult result) {
            assertTrue(result.isLinearizable());
            assertEquals("long-counter", result.result().model());
        }

        @LinearizabilityTest(modelClass = NeedsAnArgument.class)
        void unmakeable() {
        }

        @LinearizabilityTest(model = "counter", modelClass = LongCounter.class)
        void both() {
        }

        @LinearizabilityTest(clients = 2)
        void neither() {
        }

        @LinearizabilityTest(modelClass = String.class)
        void notAModel() {
        }
    }

    private static Events run(Class<?> testClass) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(testClass)).execute().testEvents();
    }

    private static Throwable failure(Events events) {
        Event failed = events.failed().stream().findFirst().orElseThrow(() -> new AssertionError("no test failed"));
        return failed.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                .getThrowable().orElseThrow();
    }

    @Test
    void aLinearizableWorkloadPassesAndItsBodyGetsTheResult() {
        Events events = run(QueueTest.class);
        events.assertStatistics(s -> s.started(1).succeeded(1).failed(0));
        assertTrue(Files.exists(reports.resolve("QueueTest.linearizable.jsonl")), "the history is kept");
    }

    @Test
    void aViolationFailsWithTheSeedTheExplanationTheCoreAndTheReportsPath() throws Exception {
        Throwable t = failure(run(CounterTest.class));
        assertInstanceOf(AssertionError.class, t);
        String message = t.getMessage();
        assertTrue(message.startsWith("Ariadne: not linearizable after "), message);
        Matcher seed = Pattern.compile("seed (-?\\d+), replay with -Dariadne.seed=(-?\\d+)").matcher(message);
        assertTrue(seed.find(), message);
        assertEquals(seed.group(1), seed.group(2));
        // a few lines; the report, led by the explanation, once, as the cause
        assertTrue(message.lines().count() <= 12, message);
        assertTrue(message.toLowerCase(java.util.Locale.ROOT).contains("failing core"), message);
        assertInstanceOf(RunReport.class, t.getCause());
        String report = t.getCause().getMessage();
        assertTrue(report.contains("Violation: "), report);
        assertTrue(report.contains("Minimal failing core: "), report);
        assertTrue(report.indexOf("Minimal failing core: ") < report.indexOf("Violation: "), "explanation first");
        assertTrue(t.getCause().toString().startsWith("Ariadne's report of this run:\n"), t.getCause().toString());
        assertEquals(0, t.getCause().getStackTrace().length, "the report has no stack of its own");
        Matcher html = Pattern.compile("HTML report: (.*\\.html)").matcher(message);
        assertTrue(html.find(), message);
        Path page = Path.of(html.group(1));
        assertEquals(reports.resolve("CounterTest.linearizable.html").toAbsolutePath(), page);
        assertTrue(Files.readString(page).contains("<html"), "an HTML page");
        assertTrue(message.contains("History: " + reports.resolve("CounterTest.linearizable.jsonl").toAbsolutePath()),
                message);
    }

    @Test
    void expectingAViolationFailsWhenThereIsNone() {
        Throwable t = failure(run(MapTest.class));
        assertInstanceOf(AssertionError.class, t);
        assertTrue(t.getMessage().startsWith("Ariadne: expected a violation, but the history of 800 operations is "
                + "linearizable"), t.getMessage());
    }

    /** Issue 26: a model class of the user's in the annotation, and clear errors when it cannot be used. */
    @Test
    void aUserModelClassIsMadeAndUsedAndAMistakeIsExplained() {
        Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(UserModelTest.class)).execute()
                .testEvents();
        events.assertStatistics(s -> s.started(5).succeeded(1).failed(4));
        java.util.Map<String, String> messages = new java.util.HashMap<>();
        for (Event e : events.failed().list()) {
            messages.put(e.getTestDescriptor().getDisplayName(), e.getPayload(
                    org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow()
                    .getMessage());
        }
        assertEquals("modelClass " + NeedsAnArgument.class.getName() + " cannot be made: it needs a constructor "
                + "without parameters", messages.get("unmakeable()"));
        assertEquals("@LinearizabilityTest gives both model = \"counter\" and modelClass = "
                + LongCounter.class.getName() + ".class: give one", messages.get("both()"));
        assertEquals("@LinearizabilityTest needs a model: model = \"kv\" (a built-in model's name) or modelClass = "
                + "YourModel.class", messages.get("neither()"));
        assertEquals("modelClass java.lang.String is not a Model (implement dev.ariadne.core.model.Model or "
                + "NondeterministicModel)", messages.get("notAModel()"));
    }

    @Test
    void aClassWithoutSystemUnderTestIsExplained() {
        Throwable t = failure(run(NoSystemTest.class));
        assertTrue(t.getMessage().contains("has no @SystemUnderTest method"), t.getMessage());
    }
}
