package dev.ariadne.testsummary;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Prints, for each module's tests, one summary line and every skipped test with its reason, on the test JVM's
 * real standard error. Surefire sends the tests' own output to report files (the build's {@code
 * redirectTestOutputToFile}) and under {@code mvn -q} prints neither its counts nor skip reasons; the process's
 * standard error still reaches the console, so a build without {@code ../shared} says which tests it skipped.
 * Registered through {@code META-INF/services}; a test can report a partial skip with a {@code TestReporter}
 * entry keyed {@value #SKIPPED_KEY}.
 */
public final class TestSummaryListener implements TestExecutionListener {
    /** The {@code TestReporter.publishEntry} key whose value this listener prints as a skip reason. */
    public static final String SKIPPED_KEY = "skipped";

    private final PrintStream console = new PrintStream(new FileOutputStream(FileDescriptor.err), true,
            StandardCharsets.UTF_8);
    private TestPlan plan;
    private long passed;
    private long failed;
    private long skipped;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        long tests = test.isTest() ? 1 : plan.getDescendants(test).stream().filter(TestIdentifier::isTest).count();
        skipped += tests;
        console.println("skipped " + name(test) + ": " + reason);
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            // an assumption failed; an aborted container (a test factory, a class) counts as one skipped test
            skipped++;
            console.println("skipped " + name(test) + ": "
                    + result.getThrowable().map(Throwable::getMessage).orElse("aborted"));
        } else if (test.isTest()) {
            if (result.getStatus() == TestExecutionResult.Status.SUCCESSFUL) {
                passed++;
            } else {
                failed++;
            }
        }
    }

    @Override
    public void reportingEntryPublished(TestIdentifier test, ReportEntry entry) {
        String reason = entry.getKeyValuePairs().get(SKIPPED_KEY);
        if (reason != null) {
            console.println("skipped in part, " + name(test) + ": " + reason);
        }
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        if (passed + failed + skipped > 0) {
            String module = Path.of(System.getProperty("basedir", System.getProperty("user.dir")))
                    .getFileName().toString();
            console.printf("%s: %d tests, %d passed, %d failed, %d skipped%n", module, passed + failed + skipped,
                    passed, failed, skipped);
        }
        passed = failed = skipped = 0;
    }

    private String name(TestIdentifier test) {
        String parent = plan.getParent(test).map(TestIdentifier::getDisplayName).orElse("");
        return parent.isEmpty() || parent.startsWith("JUnit") ? test.getDisplayName()
                : parent + "." + test.getDisplayName();
    }
}
