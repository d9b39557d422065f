package dev.ariadne.examples.harness;

import dev.ariadne.harness.Generator;
import dev.ariadne.harness.RunResult;
import dev.ariadne.harness.Workload;
import dev.ariadne.harness.WorkloadRunner;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The workload runner without annotations, in any test framework (or a main method): {@link AtomicLong} as a
 * counter, for one second of rounds, the history of the last round kept in a file.
 * {@code mvn -q -pl ariadne-harness -am verify -Dtest=RunnerExample -Dsurefire.failIfNoSpecifiedTests=false}
 */
class RunnerExample {
    @Test
    void atomicLongIsACounter() {
        // guide:runner
        Workload<AtomicLong> counter = Workload.of(AtomicLong::new)
                .operation("add", Generator.longs(1, 10), (c, d) -> c.addAndGet(d))
                .operation("read", c -> c.get()).weight(2);
        RunResult result = WorkloadRunner.of(counter)
                .model("counter")
                .clients(4)
                .operations(50)                  // per client and round
                .rounds(Integer.MAX_VALUE)       // as many rounds as the duration allows
                .duration(Duration.ofSeconds(1))
                .historyFile(Path.of("target/ariadne/RunnerExample.jsonl"))
                .run();
        result.assertLinearizable();             // an AssertionError with seed, explanation and core if not
        // guide:end
        assertTrue(result.totalOperations() >= 200, "at least one round ran");
    }
}
