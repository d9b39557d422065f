package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.report.HtmlReport;
import dev.ariadne.workloads.Workloads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What a person sees of the timeline, in a real browser (Debian's chromium, headless, through Selenium): after the
 * page loads and after Fit, the time range the page shows under the timeline covers every operation of the
 * partition; after "Jump to first error" the failing operation's bar lies within that range, its client's row is
 * drawn in the canvas and the canvas is in the window; and the Why box stays a few lines tall until asked to show
 * all. The times are read from the page's range line (what it prints) and compared with the operations' times in
 * the page's data, on the history's own clock. Run on porcupine's {@code etcd_000.log} and {@code kv/c10-bad.txt}
 * (skipped with a message when the corpus is absent), a generated 100,000-operation history and a report on a
 * nanosecond clock as the harness records. No wait depends on speed: conditions are polled, within bounds.
 */
class HtmlReportViewBrowserTest {
    private static final Path CORPUS = Path.of("..", "..", "shared", "testdata", "porcupine");
    private static final Pattern RANGE = Pattern.compile(
            "Visible: (-?[0-9.]+) to (-?[0-9.]+)\\. The partition: (-?[0-9.]+) to (-?[0-9.]+)\\. Times: .+");
    private static final int WINDOW_HEIGHT = 900;

    private static WebDriver driver;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBrowser() {
        driver = Chromium.start(WINDOW_HEIGHT);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    @Test
    void porcupineEtcd000() throws IOException {
        Path log = corpusFile("jepsen/etcd_000.log");
        Path page = dir.resolve("etcd_000.html");
        CliRunner run = CliRunner.run("check", "--html", page.toString(), log.toString());
        assertEquals(1, run.status(), run.out() + run.err());
        checkTheView(page);
    }

    @Test
    void porcupineKvC10Bad() throws IOException {
        Path log = corpusFile("kv/c10-bad.txt");
        Path page = dir.resolve("c10-bad.html");
        CliRunner run = CliRunner.run("check", "--html", page.toString(), log.toString());
        assertEquals(1, run.status(), run.out() + run.err());
        checkTheView(page);

        // "show all" is offered exactly when the collapsed box hides part of the explanation.
        WebElement why = driver.findElement(By.id("why"));
        assertTrue(why.isDisplayed());
        WebElement body = driver.findElement(By.id("whybody"));
        List<WebElement> lines = driver.findElements(By.cssSelector("#explanation li"));
        boolean hidden = !inside(lines.get(lines.size() - 1), body);
        assertEquals(hidden, driver.findElement(By.id("whymore")).isDisplayed(),
                hidden ? "part of the explanation is hidden, so show all is offered" : "nothing is hidden");
    }

    @Test
    void aLongExplanationIsCollapsedUntilAskedFor() throws IOException {
        // Long values make every line of the explanation wrap over several lines of the box.
        String a = "x 0 1 y ".repeat(90);
        String b = "x 1 1 y ".repeat(90);
        Path edn = dir.resolve("long.edn");
        Files.writeString(edn, String.join("\n",
                "{:process 0, :type :invoke, :f :append, :key \"y\", :value \"" + a + "\"}",
                "{:process 0, :type :ok, :f :append, :key \"y\", :value \"" + a + "\"}",
                "{:process 1, :type :invoke, :f :append, :key \"y\", :value \"" + b + "\"}",
                "{:process 1, :type :ok, :f :append, :key \"y\", :value \"" + b + "\"}",
                "{:process 1, :type :invoke, :f :get, :key \"y\", :value nil}",
                "{:process 1, :type :ok, :f :get, :key \"y\", :value \"" + b + a + "\"}") + "\n");
        Path page = dir.resolve("long.html");
        CliRunner run = CliRunner.run("check", "--html", page.toString(), edn.toString());
        assertEquals(1, run.status(), run.out() + run.err());
        checkTheView(page);

        // The Why box is a few lines tall, so that the timeline stays in the window; "show all" shows every line.
        WebElement why = driver.findElement(By.id("why"));
        assertTrue(why.isDisplayed());
        int collapsed = why.getRect().getHeight();
        assertTrue(collapsed <= 260, "the Why box is " + collapsed + " px tall");
        WebElement more = driver.findElement(By.id("whymore"));
        WebElement body = driver.findElement(By.id("whybody"));
        List<WebElement> lines = driver.findElements(By.cssSelector("#explanation li"));
        WebElement last = lines.get(lines.size() - 1);
        assertTrue(more.isDisplayed(), "a collapsed Why box offers to show all");
        assertTrue(more.getText().startsWith("show all"), more.getText());
        assertFalse(inside(last, body), "the last line is hidden while collapsed");
        more.click();
        poll("the Why box to expand", () -> inside(last, body));
        assertTrue(why.getRect().getHeight() > collapsed, "expanded: " + why.getRect().getHeight() + " px, collapsed: "
                + collapsed + " px");
        assertTrue(more.getText().startsWith("show less"), more.getText());
        more.click();
        poll("the Why box to collapse", () -> why.getRect().getHeight() <= 260);
    }

    @Test
    void hundredThousandGeneratedOperations() throws IOException {
        History history = Workloads.generate(Workloads.Spec.of("cas-register", 8, 100_000).withCrashed(20)
                .withViolation(true));
        Model<?> model = BuiltinModels.byName("cas-register");
        Result result = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(null));
        assertEquals(Verdict.NOT_LINEARIZABLE, result.verdict());
        Path page = dir.resolve("generated.html");
        HtmlReport.of("generated cas-register", history, model, result).write(page);
        checkTheView(page);
    }

    /**
     * A report on a nanosecond clock, as the harness records: times near 1.7e18 (beyond what a JavaScript number
     * holds exactly), operations microseconds long.
     */
    @Test
    void nanosecondClock() throws IOException {
        History generated = Workloads.generate(Workloads.Spec.of("cas-register", 5, 3_000).withCrashed(3)
                .withViolation(true).withSeed(11));
        long base = 1_732_812_345_678_901_234L;
        List<Operation> ops = new ArrayList<>();
        for (Operation op : generated.operations()) {
            ops.add(new Operation(op.id(), op.client(), op.input(), op.output(), base + op.call() * 1_337,
                    op.isPending() ? Operation.PENDING : base + op.ret() * 1_337, op.metadata()));
        }
        History history = History.of(ops);
        Model<?> model = BuiltinModels.byName("cas-register");
        Result result = Checker.check(history, model, CheckOptions.defaults().withCoreTimeout(null));
        assertEquals(Verdict.NOT_LINEARIZABLE, result.verdict());
        Path page = dir.resolve("nanos.html");
        HtmlReport.of("harness run", history, model, result).withClock("nanoseconds since the recorder started")
                .write(page);
        checkTheView(page);
        assertTrue(driver.findElement(By.id("range")).getText().endsWith(
                "Times: nanoseconds since the recorder started."), driver.findElement(By.id("range")).getText());
        // the detail panel shows the failing operation's call exactly as recorded
        JsonNode data = data();
        JsonNode part = shownPartition(data);
        long unplaced = part.path("orders").path(0).path("unplaced").asLong();
        Operation failing = history.get((int) unplaced);
        String detail = driver.findElement(By.id("detail")).getText();
        assertTrue(detail.contains("call " + failing.call()), detail);
        assertTrue(detail.contains("return " + failing.ret()), detail);
    }

    // ---- what the tests look at

    /**
     * Loads the page and checks the view: at load and after zooming, panning and Fit the range covers the shown
     * partition; after Jump to first error the failing operation is in the range, its row in the canvas and the
     * canvas in the window.
     */
    private static void checkTheView(Path page) throws IOException {
        open(page);
        JsonNode data = data();
        assertCovers("after load", data);
        for (int i = 0; i < 4; i++) {
            driver.findElement(By.id("zin")).click();
        }
        driver.findElement(By.tagName("body")).sendKeys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT);
        driver.findElement(By.id("fit")).click();
        assertCovers("after Fit", data);

        driver.findElement(By.id("jump")).click();
        JsonNode part = shownPartition(data);
        JsonNode order = part.path("orders").path(0);
        long unplaced = order.path("unplaced").asLong();
        assertEquals(unplaced, ((Number) js("return window.ariadne.selected()")).longValue());
        int i = indexOf(part, unplaced);
        BigDecimal origin = new BigDecimal(data.path("originText").asText());
        BigDecimal call = origin.add(BigDecimal.valueOf(part.path("ops").path("call").path(i).asLong()));
        BigDecimal ret = origin.add(BigDecimal.valueOf(part.path("ops").path("ret").path(i).asLong()));
        eventually(() -> {
            BigDecimal[] range = range();
            return range[0].compareTo(call) <= 0 && ret.compareTo(range[1]) <= 0 ? null : "after Jump the failing "
                    + "operation [" + call + ", " + ret + "] is not in the visible range " + range[0] + " to " + range[1];
        });

        // its client's row is drawn in the canvas, and that part of the canvas is in the window
        String row = "client " + part.path("clients").path(part.path("ops").path("row").path(i).asInt()).asText();
        WebElement canvas = driver.findElement(By.id("timeline"));
        int height = canvas.getRect().getHeight();
        Integer rowY = (Integer) eventually(() -> {
            for (int y = 0; y < height; y += 2) {
                if (row.equals(js("return window.ariadne.rowAt(arguments[0])", y))) {
                    return y;
                }
            }
            return row + " is not drawn in the canvas";
        }, Integer.class);
        @SuppressWarnings("unchecked")
        Map<String, Number> box = (Map<String, Number>) js(
                "var r = document.getElementById('timeline').getBoundingClientRect();"
                        + "return {top: r.top, bottom: r.bottom, inner: window.innerHeight};");
        double top = box.get("top").doubleValue();
        double inner = box.get("inner").doubleValue();
        assertTrue(top >= 0 && top + rowY + 14 <= inner, "after Jump the failing operation's row is at "
                + (top + rowY) + " px of a window " + inner + " px tall (canvas top " + top + ")");
        assertTrue(box.get("bottom").doubleValue() <= inner + 1, "the canvas is not wholly in the window: " + box);
    }

    /** The shown partition's operations, every one, lie in the range the page shows, which is not much wider. */
    private static void assertCovers(String when, JsonNode data) {
        JsonNode part = shownPartition(data);
        JsonNode ops = part.path("ops");
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (int i = 0; i < ops.path("id").size(); i++) {
            long call = ops.path("call").path(i).asLong();
            long ret = ops.path("ret").path(i).asLong();
            lo = Math.min(lo, call);
            hi = Math.max(hi, ret < 0 ? call : ret);
        }
        BigDecimal origin = new BigDecimal(data.path("originText").asText());
        BigDecimal first = origin.add(BigDecimal.valueOf(lo));
        BigDecimal last = origin.add(BigDecimal.valueOf(hi));
        BigDecimal wide = last.subtract(first).max(BigDecimal.ONE).multiply(BigDecimal.valueOf(2)).add(BigDecimal.TEN);
        eventually(() -> {
            BigDecimal[] range = range();
            if (range[0].compareTo(first) > 0 || last.compareTo(range[1]) > 0) {
                return when + ": the visible range " + range[0] + " to " + range[1] + " does not cover the "
                        + "partition's operations, " + first + " to " + last;
            }
            return range[1].subtract(range[0]).compareTo(wide) > 0 ? when + ": the visible range " + range[0] + " to "
                    + range[1] + " is far wider than the partition, " + first + " to " + last : null;
        });
    }

    /** Polls {@code check} (a problem, or null when none) until it finds none; fails with the last problem. */
    private static void eventually(java.util.function.Supplier<String> check) {
        eventually(() -> {
            String problem = check.get();
            return problem == null ? Boolean.TRUE : problem;
        }, Boolean.class);
    }

    /**
     * Polls {@code check} until it returns a {@code T} rather than a problem (a String), within a bound that does
     * not depend on speed being met: the page draws on animation frames.
     */
    private static <T> T eventually(java.util.function.Supplier<Object> check, Class<T> type) {
        Object[] last = new Object[1];
        try {
            new WebDriverWait(driver, Duration.ofSeconds(20)).until(d -> {
                last[0] = check.get();
                return type.isInstance(last[0]);
            });
        } catch (org.openqa.selenium.TimeoutException e) {
            fail(String.valueOf(last[0]));
        }
        return type.cast(last[0]);
    }

    /** The visible range as the page prints it under the timeline. */
    private static BigDecimal[] range() {
        String text = driver.findElement(By.id("range")).getText();
        Matcher m = RANGE.matcher(text);
        assertTrue(m.matches(), "the range line: " + text);
        return new BigDecimal[] {new BigDecimal(m.group(1)), new BigDecimal(m.group(2))};
    }

    private static JsonNode shownPartition(JsonNode data) {
        long index = ((Number) js("return window.ariadne.partition()")).longValue();
        for (JsonNode p : data.path("partitions")) {
            if (p.path("index").asLong() == index) {
                return p;
            }
        }
        throw new AssertionError("no partition " + index);
    }

    private static int indexOf(JsonNode part, long id) {
        JsonNode ids = part.path("ops").path("id");
        for (int i = 0; i < ids.size(); i++) {
            if (ids.path(i).asLong() == id) {
                return i;
            }
        }
        throw new AssertionError("no operation #" + id + " in the partition");
    }

    private static JsonNode data() throws IOException {
        return new ObjectMapper().readTree((String) js("return document.getElementById('ariadne-data').textContent"));
    }

    /** Whether {@code inner}'s bottom edge is within {@code outer} (the element that clips it). */
    private static boolean inside(WebElement inner, WebElement outer) {
        Number bottom = (Number) js("return arguments[0].getBoundingClientRect().bottom", inner);
        Number outerBottom = (Number) js("return arguments[0].getBoundingClientRect().bottom", outer);
        return bottom.doubleValue() <= outerBottom.doubleValue() + 0.5;
    }

    private static Path corpusFile(String name) {
        Path file = CORPUS.resolve(name);
        assumeTrue(Files.isRegularFile(file), "porcupine's corpus is not at " + file.toAbsolutePath().normalize()
                + ": test skipped");
        return file;
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private static void open(Path page) {
        driver.get(page.toUri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(60))
                .until(d -> js("return document.body.dataset.ready || null") != null);
    }

    /** Polls {@code condition} (bounded: a page that never gets there fails, whatever the machine's speed). */
    private static void poll(String what, java.util.function.BooleanSupplier condition) {
        try {
            new WebDriverWait(driver, Duration.ofSeconds(20)).until(d -> condition.getAsBoolean());
        } catch (org.openqa.selenium.TimeoutException e) {
            fail("waited in vain for " + what);
        }
    }
}
