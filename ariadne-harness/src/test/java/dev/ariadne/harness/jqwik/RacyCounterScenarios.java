package dev.ariadne.harness.jqwik;

import dev.ariadne.core.models.CounterModel;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties that must fail: a check-then-act counter checked through scenarios. Not a test class by name, so
 * surefire does not run it; {@link ScenarioShrinkingTest} runs it through jqwik's engine and looks at the shrunk
 * scenario of each seed.
 */
class RacyCounterScenarios {
    private final ScenarioChecker<Counters.Counter> checker = ScenarioChecker.<Counters.Counter>of(Counters.Racy::new, CounterModel::new)
            .withAttempts(10);

    @Provide
    Arbitrary<ConcurrentScenario<Call<Counters.Counter>>> scenarios() {
        return Scenarios.of(Counters.actions()).withMaxPrefix(4).withBranches(2, 4).withBranchLength(1, 5).build();
    }

    @Property(tries = 100, seed = "1")
    void seed1(@ForAll("scenarios") ConcurrentScenario<Call<Counters.Counter>> scenario) {
        checker.assertLinearizable(scenario);
    }

    @Property(tries = 100, seed = "2")
    void seed2(@ForAll("scenarios") ConcurrentScenario<Call<Counters.Counter>> scenario) {
        checker.assertLinearizable(scenario);
    }

    @Property(tries = 100, seed = "3")
    void seed3(@ForAll("scenarios") ConcurrentScenario<Call<Counters.Counter>> scenario) {
        checker.assertLinearizable(scenario);
    }
}
