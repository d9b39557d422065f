package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * An UNKNOWN partition reports the model steps its search took (issue 25: partitions cancelled after rounds of
 * work said "0 configurations").
 */
class UnknownCountsTest {
    record Add(String part, long v) {
    }

    record Sum(String part, long total) {
    }

    /** A sum per part: adds accumulate, a sum is legal when it equals the total so far. */
    static class PartSums implements Model<Long> {
        @Override
        public String name() {
            return "part-sums";
        }

        @Override
        public Long init() {
            return 0L;
        }

        @Override
        public Long step(Long state, Object input, Object output) {
            if (input instanceof Add a) {
                return state + a.v();
            }
            return ((Sum) input).total() == state ? state : null;
        }

        @Override
        public List<Partition> partition(List<Operation> operations) {
            Map<String, List<Operation>> parts = new LinkedHashMap<>();
            for (Operation op : operations) {
                String part = op.input() instanceof Add a ? a.part() : ((Sum) op.input()).part();
                parts.computeIfAbsent(part, k -> new ArrayList<>()).add(op);
            }
            List<Partition> out = new ArrayList<>();
            parts.forEach((k, ops) -> out.add(new Partition(k, ops)));
            return out;
        }
    }

    @Test
    void aPartitionCancelledAfterARoundReportsWhatItExplored() {
        List<Operation> ops = new ArrayList<>();
        // "hard": 22 concurrent adds of distinct powers of two and a sum no subset reaches: more than a round's work.
        for (int i = 0; i < 22; i++) {
            ops.add(Operation.of(ops.size(), i, new Add("hard", 1L << i), null, 0, 100));
        }
        ops.add(Operation.of(ops.size(), 30, new Sum("hard", -1), null, 0, 100));
        // "easy": add 1, then a sum of 5: a violation in the first round, which cancels "hard".
        ops.add(Operation.of(ops.size(), 40, new Add("easy", 1), null, 0, 1));
        ops.add(Operation.of(ops.size(), 40, new Sum("easy", 5), null, 2, 3));
        for (int threads : new int[] {1, 2}) {
            Result r = Checker.check(History.of(ops), new PartSums(),
                    CheckOptions.defaults().withCoreTimeout(null).withThreads(threads));
            assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), r::toString);
            PartitionResult hard = r.partitions().stream().filter(p -> p.label().equals("hard")).findFirst()
                    .orElseThrow();
            assertEquals(Verdict.UNKNOWN, hard.verdict(), r::toString);
            assertTrue(hard.statistics().configurations() > 0, "threads " + threads + ": " + hard);
            assertTrue(r.statistics().configurations() >= hard.statistics().configurations(), r::toString);
        }
    }

    /**
     * A model whose fourth step does not end before the time limit (a TLA+ action over a big state can take
     * seconds): the search reports the steps it took before it, not "0 configurations" (the meter used to be
     * written every 4,096 iterations). The step is released at the end, so the search ends.
     */
    @Test
    void aSearchStuckInASlowStepReportsTheStepsBeforeIt() throws InterruptedException {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            ops.add(Operation.of(i, 0, new Add("p", 1), null, 10L * i, 10L * i + 5));
        }
        for (int threads : new int[] {1, 2}) {
            CountDownLatch release = new CountDownLatch(1);
            AtomicInteger steps = new AtomicInteger();
            Model<Long> slow = new PartSums() {
                @Override
                public Long step(Long state, Object input, Object output) {
                    if (steps.incrementAndGet() == 4) {
                        try {
                            release.await(60, TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    return super.step(state, input, output);
                }
            };
            try {
                Result r = Checker.check(History.of(ops), slow, CheckOptions.defaults().withCoreTimeout(null)
                        .withEngine(Engine.DFS).withThreads(threads).withTimeout(Duration.ofSeconds(2)));
                assertEquals(Verdict.UNKNOWN, r.verdict(), r::toString);
                assertTrue(r.statistics().configurations() >= 2, "threads " + threads + ": " + r);
            } finally {
                release.countDown();
            }
        }
    }
}
