package dev.ariadne.harness.jqwik;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.models.CounterModel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The jqwik property of docs/harness.md, compiled (ariadne-cli's HarnessGuideTest checks the page shows this code); a correct
 * counter here, so the property holds. Not a test class by name: surefire does not run it.
 */
final class GuideCounterProperties {
    private GuideCounterProperties() {
    }
}

/** A counter with a void add, as the guide's property tests it. */
final class Counter {
    private final AtomicLong value = new AtomicLong();

    void add(long d) {
        value.addAndGet(d);
    }

    long read() {
        return value.get();
    }
}

// guide:jqwik
class CounterProperties {
    // Each scenario runs up to 10 times, each on a new counter: a race shows in some interleavings only.
    private final ScenarioChecker<Counter> checker = ScenarioChecker.<Counter>of(Counter::new, CounterModel::new)
            .withAttempts(10);

    @Provide
    Arbitrary<ConcurrentScenario<Call<Counter>>> scenarios() {
        Arbitrary<Call<Counter>> increments = Arbitraries.longs().between(1, 5)
                .map(d -> Call.<Counter>command(Invocation.of("increment", d), c -> c.add(d)));   // void: nil
        Arbitrary<Call<Counter>> reads = Arbitraries.just(Call.of(Invocation.of("read"), Counter::read));
        return Scenarios.of(Arbitraries.oneOf(increments, reads))
                .withMaxPrefix(4).withBranches(2, 4).withBranchLength(1, 5).build();
    }

    @Property
    void linearizable(@ForAll("scenarios") ConcurrentScenario<Call<Counter>> scenario) {
        checker.assertLinearizable(scenario);
    }
}
// guide:end
