package dev.ariadne.harness.jqwik;

import dev.ariadne.core.models.CounterModel;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** A correct counter passes every generated scenario. */
class AtomicCounterScenarioTest {
    private final ScenarioChecker<Counters.Counter> checker = ScenarioChecker.<Counters.Counter>of(Counters.Atomic::new, CounterModel::new)
            .withAttempts(3);

    @Provide
    Arbitrary<ConcurrentScenario<Call<Counters.Counter>>> scenarios() {
        return Scenarios.of(Counters.actions()).withMaxPrefix(4).withBranches(2, 4).withBranchLength(1, 5).build();
    }

    @Property(tries = 50)
    void anAtomicCounterIsLinearizable(@ForAll("scenarios") ConcurrentScenario<Call<Counters.Counter>> scenario) {
        checker.assertLinearizable(scenario);
    }
}
