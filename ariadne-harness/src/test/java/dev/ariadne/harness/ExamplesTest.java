package dev.ariadne.harness;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The failing example of docs/harness.md (examples/harness, which the build runs like this module's tests, skipping
 * that one) fails as the walk-through shows: the message starts with the verdict and seed and names the report.
 */
class ExamplesTest {
    @TempDir
    Path reports;

    @AfterEach
    void clear() {
        System.clearProperty("ariadne.examples.failing");
        System.clearProperty(AriadneExtension.REPORTS_PROPERTY);
    }

    @Test
    void theCachedMapExampleFailsWithItsReport() throws Exception {
        System.setProperty("ariadne.examples.failing", "true");
        System.setProperty(AriadneExtension.REPORTS_PROPERTY, reports.toString());
        Events events = EngineTestKit.engine("junit-jupiter")
                .selectors(selectClass("dev.ariadne.examples.harness.CachedMapExample")).execute().testEvents();
        events.assertStatistics(s -> s.started(1).failed(1));
        Throwable t = events.failed().stream().findFirst().orElseThrow()
                .getPayload(TestExecutionResult.class).orElseThrow().getThrowable().orElseThrow();
        assertInstanceOf(AssertionError.class, t);
        assertTrue(t.getMessage().startsWith("Ariadne: not linearizable"), t.getMessage());
        assertTrue(t.getMessage().toLowerCase(java.util.Locale.ROOT).contains("failing core (key "), t.getMessage());
        // the report, once, as the error's cause
        assertTrue(t.getCause().getMessage().contains("Violation in key "), String.valueOf(t.getCause()));
        Path page = reports.resolve("CachedMapExample.cachedStoreIsLinearizable.html");
        assertTrue(t.getMessage().contains("HTML report: " + page.toAbsolutePath()), t.getMessage());
        assertTrue(Files.size(page) > 0);
    }
}
