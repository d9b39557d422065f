package dev.ariadne.cli;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import dev.ariadne.report.HtmlReport;
import dev.ariadne.workloads.Workloads;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report in a real browser: Debian's chromium, driven headless through its chromedriver by Selenium. It
 * opens pages that {@code ariadne check --html} and {@link HtmlReport} wrote and uses them as a person would (hover,
 * buttons, the partition list), and checks that hostile history values stay text and that no request leaves the
 * page. Skipped, with the reason, only where chromium or chromedriver is not installed.
 */
class HtmlReportBrowserTest {
    private static final String SCRIPT_VALUE = "</script><img src=x onerror=alert(1)>";
    private static final String COMMENT_VALUE = "\"--><svg onload=alert(1)>";

    private static WebDriver driver;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startBrowser() {
        driver = Chromium.start(900);
    }

    @AfterAll
    static void stopBrowser() {
        if (driver != null) {
            driver.quit();
        }
    }

    /**
     * Key {@link #SCRIPT_VALUE}: a put and a get, linearizable (ops #0, #1, checked first); key "x": two concurrent
     * puts (#2 writes {@link #COMMENT_VALUE}), a nemesis event, then two concurrent gets that saw the puts in
     * opposite orders (two longest partial linearizations, failing on different gets).
     */
    private static Path kvHistory() throws IOException {
        String a = edn(COMMENT_VALUE);
        String k = edn(SCRIPT_VALUE);
        String text = String.join("\n",
                "{:process 4, :type :invoke, :f :put, :key " + k + ", :value \"v\"}",
                "{:process 4, :type :ok, :f :put, :key " + k + ", :value \"v\"}",
                "{:process 4, :type :invoke, :f :get, :key " + k + ", :value nil}",
                "{:process 4, :type :ok, :f :get, :key " + k + ", :value \"v\"}",
                "{:process 0, :type :invoke, :f :put, :key \"x\", :value " + a + "}",
                "{:process 1, :type :invoke, :f :put, :key \"x\", :value \"b\"}",
                "{:process 0, :type :ok, :f :put, :key \"x\", :value " + a + "}",
                "{:process 1, :type :ok, :f :put, :key \"x\", :value \"b\"}",
                "{:process :nemesis, :type :info, :f :start, :value " + k + "}",
                "{:process 2, :type :invoke, :f :get, :key \"x\", :value nil}",
                "{:process 3, :type :invoke, :f :get, :key \"x\", :value nil}",
                "{:process 2, :type :ok, :f :get, :key \"x\", :value " + a + "}",
                "{:process 3, :type :ok, :f :get, :key \"x\", :value \"b\"}",
                "");
        Path file = dir.resolve("kv-hostile.edn");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static String edn(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private static void open(Path page) {
        driver.get(page.toUri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(20))
                .until(d -> js("return document.body.dataset.ready || null") != null);
    }

    private static long selected() {
        return ((Number) js("return window.ariadne.selected()")).longValue();
    }

    private static String text(String id) {
        return driver.findElement(By.id(id)).getText();
    }

    /** Moves the mouse over operation {@code id} and returns the tooltip's text. */
    private static String hover(long id) {
        return hoverAt("return window.ariadne.locate(arguments[0])", id);
    }

    /** Moves the mouse to where {@code locator} (a script given {@code arg}) says, and returns the tooltip's text. */
    private static String hoverAt(String locator, long arg) {
        @SuppressWarnings("unchecked")
        Map<String, Number> at = (Map<String, Number>) js(locator, arg);
        WebElement canvas = driver.findElement(By.id("timeline"));
        int x = (int) Math.round(at.get("x").doubleValue() - canvas.getRect().getWidth() / 2.0);
        int y = (int) Math.round(at.get("y").doubleValue() - canvas.getRect().getHeight() / 2.0);
        new Actions(driver).moveToElement(canvas, x, y).perform();
        WebElement tip = driver.findElement(By.id("tip"));
        new WebDriverWait(driver, Duration.ofSeconds(5)).until(d -> tip.isDisplayed());
        return tip.getText();
    }

    /** Nothing the page should not have done: no alert, no element from a value, no request, no script error. */
    private static void assertPageStayedClean() {
        assertThrows(NoAlertPresentException.class, () -> driver.switchTo().alert());
        assertEquals(0L, js("return document.querySelectorAll('img, svg, iframe, object, embed').length"));
        assertEquals(0L, js("return performance.getEntriesByType('resource').length"),
                "the page requested something");
        assertTrue(((String) js("return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')"
                + ".content")).startsWith("default-src 'none';"));
        List<LogEntry> severe = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertTrue(severe.isEmpty(), "browser errors: " + severe);
    }

    @Test
    void violatingKvHistory() throws IOException {
        Path page = dir.resolve("kv.html");
        CliRunner run = CliRunner.run("check", "--html", page.toString(), kvHistory().toString());
        assertEquals(1, run.status(), run.out() + run.err());
        open(page);

        // hostile values are text: in the title, the partition list, and the operations' descriptions
        assertEquals(dir.resolve("kv-hostile.edn").toString(), text("title"));
        List<WebElement> items = driver.findElements(By.cssSelector("#partitions .part"));
        assertEquals(2, items.size());
        assertTrue(items.get(0).getText().startsWith("key \"x\"\nnot linearizable"), items.get(0).getText());
        assertTrue(items.get(1).getText().contains("key \"" + SCRIPT_VALUE + "\""), items.get(1).getText());
        assertTrue(text("summary").endsWith("1 annotation"), text("summary"));

        // the violation is shown first, with its two longest partial linearizations
        assertEquals(1L, js("return window.ariadne.partition()"));
        List<WebElement> orders = driver.findElements(By.cssSelector("#order option"));
        assertEquals(2, orders.size());
        assertTrue(text("failure").contains("could not be placed"), text("failure"));

        // jump to the first error selects the operation that could not be placed, and the walk starts there
        driver.findElement(By.id("jump")).click();
        long unplaced = ((Number) js("var p = JSON.parse(document.getElementById('ariadne-data').textContent)"
                + ".partitions[1]; return p.orders[0].unplaced")).longValue();
        assertEquals(unplaced, selected());
        assertTrue(text("detail").contains("could not be placed after step 3"), text("detail"));
        assertTrue(text("walk").startsWith("The failure: #" + unplaced), text("walk"));

        // the backward walk steps through the states that led there
        driver.findElement(By.id("back")).click();
        assertEquals(2L, js("return window.ariadne.walk()"));
        assertTrue(text("walk").startsWith("Step 3 of 3"), text("walk"));
        driver.findElement(By.id("back")).click();
        driver.findElement(By.id("back")).click();
        assertEquals(0L, js("return window.ariadne.walk()"));
        assertTrue(text("walk").startsWith("Step 1 of 3: #"), text("walk"));
        assertTrue(text("walk").contains("{}  →  {\"x\""), text("walk"));
        assertFalse(driver.findElement(By.id("back")).isEnabled(), "no step before the first");
        driver.findElement(By.id("fwd")).click();
        assertEquals(1L, js("return window.ariadne.walk()"));

        // hovering an operation shows its times, line, input, output and the states before and after it
        String tip = hover(2);
        assertTrue(tip.contains("#2 by client 0"), tip);
        assertTrue(tip.contains("source line 5"), tip);
        assertTrue(tip.contains("input put[\"x\"]("), tip);
        assertTrue(tip.contains("state before"), tip);
        assertTrue(tip.contains("state after"), tip);
        assertTrue(tip.contains("--><svg onload=alert(1)>"), tip);

        // the nemesis event has a row of its own, and its value stays text there too
        String marker = hoverAt("return window.ariadne.locateMarker(arguments[0])", 0);
        assertTrue(marker.contains("annotation nemesis"), marker);
        assertTrue(marker.contains("event info start \"" + SCRIPT_VALUE + "\""), marker);
        assertTrue(marker.contains("source line 9"), marker);

        // the other longest linearization fails on the other get
        new Select(driver.findElement(By.id("order"))).selectByIndex(1);
        assertEquals(1L, js("return window.ariadne.order()"));
        driver.findElement(By.id("jump")).click();
        assertNotEquals(unplaced, selected(), "the second linearization fails on the other get");

        // the partition list switches to the other key (linearizable, or cancelled when checked second)
        items.get(1).click();
        assertEquals(0L, js("return window.ariadne.partition()"));
        assertTrue(text("ptitle").startsWith("key \"" + SCRIPT_VALUE + "\": "), text("ptitle"));
        assertFalse(text("failure").contains("could not be placed"), text("failure"));
        assertTrue(hover(0).contains("#0 by client 4"));
        assertPageStayedClean();
    }

    @Test
    void linearizableHistoryShowsTheWitness() throws IOException {
        Path history = dir.resolve("ok.edn");
        List<String> lines = Files.readAllLines(kvHistory());
        Files.write(history, lines.subList(0, 9)); // the hostile key, the puts on "x" and the nemesis event
        Path page = dir.resolve("ok.html");
        CliRunner run = CliRunner.run("check", "--html", page.toString(), history.toString());
        assertEquals(0, run.status(), run.out() + run.err());
        open(page);
        assertEquals("linearizable", text("verdict"));
        assertTrue(text("summary").endsWith("1 annotation"), text("summary"));
        assertFalse(driver.findElement(By.id("jump")).isEnabled(), "no error to jump to");
        assertFalse(driver.findElement(By.id("failure")).isDisplayed());
        assertEquals("witness (2 operations)", driver.findElement(By.cssSelector("#order option")).getText());
        String tip = hover(1);
        assertTrue(tip.contains("step 2 of 2 in the witness"), tip);
        assertTrue(tip.contains("state before {\"" + SCRIPT_VALUE + "\" \"v\"}"), tip);
        assertTrue(tip.contains("output \"v\""), tip);
        assertPageStayedClean();

        // Defence in depth: markup that did reach the document could still neither run a script nor load anything.
        js("document.body.insertAdjacentHTML('beforeend', '<img id=\"probe\" src=\"x.png\" "
                + "onerror=\"document.title = \\'pwned\\'\">')");
        new WebDriverWait(driver, Duration.ofSeconds(5)).until(d -> Boolean.TRUE.equals(
                js("return document.getElementById('probe').complete")));
        assertFalse(driver.getTitle().contains("pwned"), "an inline handler ran");
        List<String> refused = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage).filter(m -> m.contains("Content Security Policy")).toList();
        assertEquals(2, refused.size(), "the image and its handler are both refused: " + refused);
    }

    /**
     * A :fail leaves the check but not the page: a grey, hatched bar from its call to its :fail in its client's row
     * (no row of its own), explained in the legend, its value shown as text.
     */
    @Test
    void failedOperationsAreDrawnButNotChecked() throws IOException {
        Path history = dir.resolve("failed.edn");
        String injected = SCRIPT_VALUE.replace("\"", "\\\"");
        Files.write(history, List.of(
                "{:process 0, :type :invoke, :f :write, :value 1, :time 1000000}",
                "{:process 0, :type :ok, :f :write, :value 1, :time 2000000}",
                "{:process 1, :type :invoke, :f :write, :value 2, :time 3000000}",
                "{:process 1, :type :fail, :f :write, :value 2, :time 5500000}",
                "{:process 0, :type :invoke, :f :read, :value nil, :time 6000000}",
                "{:process 0, :type :ok, :f :read, :value 1, :time 7000000}",
                "{:process 2, :type :invoke, :f :write, :value \"" + injected + "\", :time 8000000}",
                "{:process 2, :type :fail, :f :write, :value \"" + injected + "\", :time 9000000}",
                "{:process 0, :type :invoke, :f :read, :value nil, :time 10000000}",
                "{:process 0, :type :ok, :f :read, :value 1, :time 11000000}"));
        Path page = dir.resolve("failed.html");
        CliRunner run = CliRunner.run("check", "--model", "cas-register", "--html", page.toString(),
                history.toString());
        // Had write(2) been checked, the read of 1 after it returned would be a violation.
        assertEquals(0, run.status(), run.out() + run.err());
        open(page);
        assertEquals("linearizable", text("verdict"));
        assertTrue(text("summary").endsWith("2 failed operations"), text("summary"));
        // Clients 1 and 2 did nothing but fail: they still have their rows, and there is no row "failed".
        assertEquals(List.of("client 0", "client 1", "client 2"), js("return window.ariadne.rows()"));
        @SuppressWarnings("unchecked")
        Map<String, Object> at = (Map<String, Object>) js("return window.ariadne.locateMarker(0)");
        assertEquals("client 1", at.get("row"));
        assertEquals("client 1", js("return window.ariadne.rowAt(arguments[0])", at.get("y")));
        String tip = hoverAt("return window.ariadne.locateMarker(arguments[0])", 0);
        assertTrue(tip.contains("operation by client 1"), tip);
        assertTrue(tip.contains("status failed: not checked"), tip);
        assertTrue(tip.contains("event fail write 2"), tip);
        assertTrue(tip.contains("(Jepsen :time 3 ms)") && tip.contains("(Jepsen :time 5.5 ms)"), tip); // call, :fail
        assertTrue(tip.contains("source lines 3 (call), 4 (:fail)"), tip);
        String second = hoverAt("return window.ariadne.locateMarker(arguments[0])", 1);
        assertTrue(second.contains("operation by client 2"), second);
        assertTrue(second.contains(SCRIPT_VALUE), second);
        assertTrue(text("legend").contains("failed (:fail): did not happen, not checked"), text("legend"));
        assertFalse(text("legend").contains("diamond"), text("legend"));
        assertPageStayedClean();
    }

    @Test
    void failureAtTheFirstOperation() throws IOException {
        Path history = dir.resolve("first.jsonl");
        Files.writeString(history, "{\"client\": 0, \"call\": 0, \"return\": 1, \"f\": \"read\", \"output\": 5}\n");
        Path page = dir.resolve("first.html");
        CliRunner run = CliRunner.run("check", "--model", "register", "--html", page.toString(), history.toString());
        assertEquals(1, run.status(), run.out() + run.err());
        open(page);
        driver.findElement(By.id("jump")).click();
        assertEquals(0L, selected());
        assertTrue(text("walk").startsWith("The failure: #0 read → 5 could not be placed after step 0."),
                text("walk"));
        assertFalse(driver.findElement(By.id("back")).isEnabled(), "nothing led there");
        assertTrue(hover(0).contains("state before nil"));
        assertPageStayedClean();
    }

    @Test
    void aCoreNotFoundInBudgetIsSaidAsSuch() throws Exception {
        History history = HistoryReaders.load(kvHistory(), ReadOptions.defaults()).history();
        Model<?> model = BuiltinModels.byName("kv");
        Result result = Checker.check(history, model, CheckOptions.defaults());
        PartitionResult bad = result.violations().get(0);
        Path page = dir.resolve("not-found.html");
        HtmlReport.of("not found", history, model, result)
                .withEvidence(bad.index(), new HtmlReport.Evidence(List.of(2, 3), false, List.of(), 2, false))
                .write(page);
        open(page);
        assertEquals("No failing core found within the core budget; the 2 operations around the failing one are "
                + "outlined in red: #2, #3.", text("core"));
    }

    @Test
    void coreAndExplanationWhenGiven() throws Exception {
        History history = HistoryReaders.load(kvHistory(), ReadOptions.defaults()).history();
        Model<?> model = BuiltinModels.byName("kv");
        Result result = Checker.check(history, model, CheckOptions.defaults());
        PartitionResult bad = result.violations().get(0);
        List<String> lines = List.of("#2 read " + SCRIPT_VALUE + " after " + COMMENT_VALUE, "second line");
        Path page = dir.resolve("evidence.html");
        HtmlReport.of("evidence", history, model, result)
                .withEvidence(bad.index(), new HtmlReport.Evidence(List.of(2, 3, 4, 5), true, lines)).write(page);
        open(page);
        assertTrue(driver.findElement(By.id("why")).isDisplayed());
        assertEquals("Minimal failing core, 4 operations, outlined in red: #2, #3, #4, #5. These operations cannot "
                + "be ordered, whatever the other operations did; without any one of them they could be.", text("core"));
        List<WebElement> items = driver.findElements(By.cssSelector("#explanation li"));
        assertEquals(lines, items.stream().map(WebElement::getText).toList());
        assertTrue(hover(4).contains("in the minimal failing core"));
        assertPageStayedClean();
    }

    /**
     * Not a test: takes the README's screenshots, {@code docs/images/report-*.png}, when run with
     * {@code -Dariadne.screenshots=DIR} (see docs/report.md).
     */
    @Test
    @EnabledIfSystemProperty(named = "ariadne.screenshots", matches = ".+")
    void screenshotsForTheDocs() throws Exception {
        Path out = Path.of(System.getProperty("ariadne.screenshots"));
        Path bad = dir.resolve("bad.html");
        reportOf(Path.of("..", "examples", "cas-register-nemesis-bad.edn"), "examples/cas-register-nemesis-bad.edn")
                .write(bad);
        open(bad);
        driver.findElement(By.id("jump")).click();
        driver.findElement(By.id("back")).click();
        driver.findElement(By.id("back")).click();
        Files.write(out.resolve("report-violation.png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));

        Path history = dir.resolve("ok.jsonl");
        CliRunner.run("generate", "--model", "cas-register", "--ops", "48", "--threads", "5", "--crashed", "1",
                "--seed", "7", history.toString());
        Path ok = dir.resolve("ok.html");
        reportOf(history, "cas-register-48.jsonl (ariadne generate --seed 7)").write(ok);
        open(ok);
        hover(20);
        Files.write(out.resolve("report-linearizable.png"), ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
    }

    /** The report {@code ariadne check --html} writes for {@code file}, under the name {@code name}. */
    private static HtmlReport reportOf(Path file, String name) throws Exception {
        ReadResult read = HistoryReaders.load(file, ReadOptions.defaults());
        Model<?> model = BuiltinModels.byName("cas-register", ModelOptions.defaults().withNilRead(read.nilRead()));
        // with the core and its explanation, as ariadne check searches them by default
        Result result = Checker.check(read.history(), model, CheckOptions.defaults()
                .withCoreTimeout(Duration.ofSeconds(30)));
        return CheckCommand.htmlReport(new CheckCommand.Outcome(name, result, model, null,
                ExitStatus.of(result.verdict()), read.annotations(), read.history()));
    }

    @Test
    void hundredThousandOperations() throws IOException {
        History history = Workloads.generate(Workloads.Spec.of("kv", 8, 100_000).withCrashed(20)
                .withViolation(true));
        Model<?> model = BuiltinModels.byName("kv");
        Result result = Checker.check(history, model, CheckOptions.defaults());
        assertEquals(Verdict.NOT_LINEARIZABLE, result.verdict());
        Path page = dir.resolve("big.html");
        long start = System.nanoTime();
        HtmlReport.of("generated kv", history, model, result).write(page);
        double writeMs = (System.nanoTime() - start) / 1e6;
        open(page);
        double readyMs = ((Number) js("return performance.getEntriesByName('ariadne-ready')[0].startTime"))
                .doubleValue();

        PartitionResult bad = result.violations().get(0);
        driver.findElement(By.id("jump")).click();
        assertEquals(bad.violation().longest().get(0).unplaced().id(), selected());
        assertEquals((long) bad.index(), js("return window.ariadne.partition()"));
        driver.findElement(By.id("back")).click();
        int steps = bad.violation().longest().get(0).steps().size();
        assertTrue(text("walk").startsWith("Step " + steps + " of " + steps), text("walk"));

        long middle = bad.violation().longest().get(0).steps().get(steps / 2).operation().id();
        String tip = hover(middle);
        assertTrue(tip.contains("#" + middle + " by client"), tip);
        assertTrue(tip.contains("step " + (steps / 2 + 1) + " of " + steps), tip);

        List<WebElement> items = driver.findElements(By.cssSelector("#partitions .part"));
        assertEquals(result.partitions().size(), items.size());
        items.get(items.size() - 1).click();
        assertNotEquals((long) bad.index(), js("return window.ariadne.partition()"));
        double frameMs = ((Number) js("return window.ariadne.frameMillis(40)")).doubleValue();
        assertPageStayedClean();
        System.out.printf("HTML report of 100,000 operations: written in %.0f ms, %.1f MB; ready in the browser "
                        + "after %.0f ms; %.1f ms a frame while zooming%n", writeMs, Files.size(page) / 1e6, readyMs,
                frameMs);
    }
}
