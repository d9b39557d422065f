package dev.ariadne.harness.jqwik;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** jqwik finds the check-then-act counter's lost increment in each seed and shrinks the scenario to a small one. */
class ScenarioShrinkingTest {

    @Test
    void aLostIncrementShrinksToAFewActionsInEachSeed() {
        // The test kit does not read junit-platform.properties: keep jqwik's record of failures under target/ here too.
        EngineExecutionResults results = EngineTestKit.engine("jqwik")
                .configurationParameter("jqwik.database", "target/jqwik-database")
                .selectors(selectClass(RacyCounterScenarios.class))
                .execute();
        List<Event> failed = results.testEvents().failed().list();
        assertEquals(3, failed.size(), "every seed's property fails");
        for (Event event : failed) {
            Throwable thrown = event.getPayload(org.junit.platform.engine.TestExecutionResult.class)
                    .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable).orElseThrow();
            ScenarioViolation violation = assertInstanceOf(ScenarioViolation.class, thrown, () -> "not a violation: "
                    + thrown);
            // The smallest failing scenario is two concurrent increments and a read after one of them: 3 actions.
            // Shrinking a flaky failure may stop one step short of it, so allow one more.
            int size = violation.scenario().size();
            System.out.println(event.getTestDescriptor().getDisplayName() + ": shrunk to " + size + " actions: "
                    + violation.scenario());
            assertTrue(size <= 4, () -> "shrunk only to " + size + " actions: " + violation.scenario());
            assertTrue(violation.getMessage().contains("NOT LINEARIZABLE") || violation.getMessage().contains("not linearizable"),
                    violation::getMessage);
        }
    }
}
