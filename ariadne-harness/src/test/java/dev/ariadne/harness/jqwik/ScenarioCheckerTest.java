package dev.ariadne.harness.jqwik;

import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.CounterModel;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.harness.Generator;
import dev.ariadne.harness.Workload;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How the scenario checker runs, records and judges one scenario, and the bounds of the scenario arbitraries. */
class ScenarioCheckerTest {
    private static final Call<AtomicLong> READ = Call.of(Invocation.of("read", null), AtomicLong::get);
    private static final Call<AtomicLong> INCREMENT = Call.of(Invocation.of("increment", 1L), c -> {
        c.incrementAndGet();
        return null;
    });

    private static Call<AtomicLong> throwing(RuntimeException e) {
        return Call.of(Invocation.of("increment", 1L), c -> {
            throw e;
        });
    }

    @Test
    void runsThePrefixThenEachBranchAsItsOwnClient() throws Exception {
        ScenarioChecker<AtomicLong> checker = ScenarioChecker.of(AtomicLong::new, CounterModel::new);
        History h = checker.run(new ConcurrentScenario<>(List.of(INCREMENT, READ), List.of(List.of(READ), List.of(INCREMENT))));
        assertEquals(4, h.operations().size());
        assertEquals(Set.of(0, 1, 2), h.operations().stream().map(Operation::client).collect(Collectors.toSet()));
        List<Operation> prefix = h.operations().stream().filter(op -> op.client() == 0).toList();
        assertEquals(1L, prefix.get(1).output(), "the prefix ran in order on one client");
    }

    @Test
    void aThrowingCallIsCrashedAndItsBranchGoesOnAsANewClient() throws Exception {
        ScenarioChecker<AtomicLong> checker = ScenarioChecker.of(AtomicLong::new, CounterModel::new);
        History h = checker.run(new ConcurrentScenario<>(List.of(),
                List.of(List.of(throwing(new IllegalStateException("lost")), READ), List.of(READ))));
        List<Operation> pending = h.operations().stream().filter(Operation::isPending).toList();
        assertEquals(1, pending.size(), "the throwing increment is pending: it may have taken effect");
        assertEquals(3, h.operations().stream().map(Operation::client).distinct().count(),
                "its branch's read runs under a new client id");
    }

    @Test
    void aCallThatFailedIsLeftOut() throws Exception {
        ScenarioChecker<AtomicLong> checker = ScenarioChecker.<AtomicLong>of(AtomicLong::new, CounterModel::new)
                .failedOn(UnsupportedOperationException.class);
        History h = checker.run(new ConcurrentScenario<>(List.of(throwing(new UnsupportedOperationException("no")), READ),
                List.of(List.of(READ), List.of(READ))));
        assertEquals(3, h.operations().size());
        assertTrue(h.operations().stream().noneMatch(Operation::isPending));
    }

    @Test
    void aCallStillRunningAtTheTimeoutIsPending() throws Exception {
        Call<AtomicLong> stuck = Call.of(Invocation.of("increment", 1L), c -> {
            Thread.sleep(60_000);
            return null;
        });
        ScenarioChecker<AtomicLong> checker = ScenarioChecker.<AtomicLong>of(AtomicLong::new, CounterModel::new)
                .withTimeout(Duration.ofMillis(200));
        History h = checker.run(new ConcurrentScenario<>(List.of(), List.of(List.of(stuck, READ), List.of(READ))));
        assertEquals(1, h.operations().stream().filter(Operation::isPending).count());
        assertEquals(2, h.operations().size(), "the stuck branch's read never ran");
    }

    @Test
    void aSequentialViolationIsReportedWithTheScenarioAndTheCore() {
        // A register that forgets every write: a read after a write in the prefix sees nil.
        Call<AtomicLong> write = Call.of(Invocation.of("write", 1L), r -> null);
        Call<AtomicLong> read = Call.of(Invocation.of("read", null), r -> null);
        ScenarioChecker<AtomicLong> checker = ScenarioChecker.of(AtomicLong::new, RegisterModel::register);
        ConcurrentScenario<Call<AtomicLong>> scenario = new ConcurrentScenario<>(List.of(write, read),
                List.of(List.of(read), List.of(read)));
        ScenarioViolation v = assertThrows(ScenarioViolation.class, () -> checker.assertLinearizable(scenario));
        assertEquals(Verdict.NOT_LINEARIZABLE, v.outcome().result().verdict());
        assertEquals(1, v.outcome().attempt(), "a violation in every interleaving is found at once");
        assertTrue(v.getMessage().startsWith("scenario [write(1), read] then [read] || [read], attempt 1 of 10:"),
                v.getMessage());
        assertTrue(v.getMessage().contains("Minimal failing core"), v.getMessage());
    }

    @Test
    void scenariosStayWithinTheirBounds() {
        Arbitrary<ConcurrentScenario<Integer>> scenarios = Scenarios.of(Arbitraries.integers().between(0, 9))
                .withMaxPrefix(2).withBranches(2, 3).withBranchLength(1, 4).build();
        scenarios.sampleStream().limit(300).forEach(s -> {
            assertTrue(s.prefix().size() <= 2, s::toString);
            assertTrue(s.branches().size() >= 2 && s.branches().size() <= 3, s::toString);
            assertTrue(s.branches().stream().allMatch(b -> !b.isEmpty() && b.size() <= 4), s::toString);
        });
        assertThrows(IllegalArgumentException.class, () -> Scenarios.of(Arbitraries.integers()).withBranches(0, 2));
        assertThrows(IllegalArgumentException.class, () -> Scenarios.of(Arbitraries.integers()).withBranchLength(3, 2));
    }

    @Test
    void aCheckerOfAWorkloadRunsItsCallsOnTheSystemsItMakes() throws Exception {
        Workload<AtomicLong> counter = Workload.<AtomicLong>of(() -> new AtomicLong(10))
                .operation("increment", Generator.longs(1, 1), (c, d) -> c.addAndGet(d))
                .operation("read", AtomicLong::get);
        ScenarioChecker<AtomicLong> checker = ScenarioChecker.of(counter, () -> new CounterModel().withInitial(10L));
        Call<AtomicLong> read = Call.of(Invocation.of("read", null), c -> counter.actions().get(1).body()
                .apply(c, Invocation.of("read", null)));
        ScenarioChecker.Outcome outcome = checker.check(new ConcurrentScenario<>(List.of(read), List.of(List.of(read),
                List.of(read))));
        assertEquals(Verdict.LINEARIZABLE, outcome.result().verdict(), "every read sees the workload's fresh system");
        assertEquals(10L, outcome.history().operations().get(0).output());
        assertEquals(10, outcome.attempt(), "a linearizable scenario uses every attempt");
    }

    @Test
    void callsOfAWorkloadUseItsOperationsAndGenerators() {
        Workload<AtomicLong> counter = Workload.<AtomicLong>of(AtomicLong::new)
                .operation("increment", Generator.longs(1, 3), (c, d) -> c.addAndGet(d))
                .operation("read", AtomicLong::get);
        Set<String> seen = Scenarios.calls(counter).sampleStream().limit(200).map(c -> {
            Invocation inv = c.invocation();
            if (inv.f().equals("increment")) {
                long d = (Long) inv.value();
                assertTrue(d >= 1 && d <= 3, inv::toString);
            }
            return inv.f();
        }).collect(Collectors.toSet());
        assertEquals(Set.of("increment", "read"), seen);
    }
}
