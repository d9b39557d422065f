package dev.ariadne.examples.harness;

import dev.ariadne.harness.Arg;
import dev.ariadne.harness.LinearizabilityTest;
import dev.ariadne.harness.Op;
import dev.ariadne.harness.RunResult;
import dev.ariadne.harness.SystemUnderTest;

import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A passing test of {@link ConcurrentLinkedQueue} as a FIFO queue: the smallest complete use of the annotations.
 * {@code mvn -q -pl ariadne-harness -am verify -Dtest=QueueExample -Dsurefire.failIfNoSpecifiedTests=false}
 */
class QueueExample {
    @SystemUnderTest
    ConcurrentLinkedQueue<Long> queue() {
        return new ConcurrentLinkedQueue<>();
    }

    @Op("enqueue")
    void enqueue(ConcurrentLinkedQueue<Long> queue, @Arg(distinct = true) long value) {
        queue.offer(value);
    }

    // dequeues outweigh enqueues: the queue stays short, which keeps the online check fast
    @Op(value = "dequeue", weight = 2)
    Long dequeue(ConcurrentLinkedQueue<Long> queue) {
        return queue.poll();
    }

    @LinearizabilityTest(model = "fifo-queue", clients = 4, operations = 2000)
    void queueIsLinearizable(RunResult result) {
        // runs after the check passed; the result is there for more assertions
        assertTrue(result.history().size() == 8000);
    }
}
