package dev.ariadne.examples.harness;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.models.FifoQueueModel;
import dev.ariadne.harness.jqwik.Call;
import dev.ariadne.harness.jqwik.ConcurrentScenario;
import dev.ariadne.harness.jqwik.ScenarioChecker;
import dev.ariadne.harness.jqwik.Scenarios;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A jqwik property over concurrent scenarios of {@link ConcurrentLinkedQueue}: a sequential prefix of enqueues and
 * dequeues, then two to four branches run at once, each run checked against the {@code fifo-queue} model. A
 * failing scenario would be shrunk by jqwik to a small one.
 * {@code mvn -q -pl ariadne-harness -am verify -Dtest=QueueScenarioExample -Dsurefire.failIfNoSpecifiedTests=false}
 */
class QueueScenarioExample {
    private final ScenarioChecker<ConcurrentLinkedQueue<Long>> checker =
            ScenarioChecker.<ConcurrentLinkedQueue<Long>>of(ConcurrentLinkedQueue::new, FifoQueueModel::new);

    /** {@code enqueue v} for v in 1..9, and {@code dequeue} returning the head or nil for an empty queue. */
    @Provide
    Arbitrary<ConcurrentScenario<Call<ConcurrentLinkedQueue<Long>>>> scenarios() {
        Arbitrary<Call<ConcurrentLinkedQueue<Long>>> enqueues = Arbitraries.longs().between(1, 9)
                .map(v -> Call.<ConcurrentLinkedQueue<Long>>command(Invocation.of("enqueue", v), q -> q.offer(v)));
        Arbitrary<Call<ConcurrentLinkedQueue<Long>>> dequeues =
                Arbitraries.just(Call.of(Invocation.of("dequeue"), ConcurrentLinkedQueue::poll));
        return Scenarios.of(Arbitraries.frequencyOf(Tuple.of(1, enqueues), Tuple.of(1, dequeues)))
                .withMaxPrefix(4).withBranches(2, 4).withBranchLength(1, 5).build();
    }

    @Property(tries = 30)
    void aConcurrentLinkedQueueIsLinearizable(
            @ForAll("scenarios") ConcurrentScenario<Call<ConcurrentLinkedQueue<Long>>> scenario) {
        checker.assertLinearizable(scenario);
    }
}
