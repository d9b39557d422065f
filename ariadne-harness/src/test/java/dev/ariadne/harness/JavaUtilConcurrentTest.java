package dev.ariadne.harness;

import org.junit.jupiter.api.Test;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The java.util.concurrent structures are linearizable: a sizeable run of each, with schedule chaos, checked online,
 * passes. Removals outweigh insertions in the queues and the stack, so they stay short: a long backlog of elements
 * whose order is still open is what makes the online (frontier) search expensive.
 */
class JavaUtilConcurrentTest {
    private static final int CLIENTS = 4;
    private static final long OPERATIONS = 2_000;

    private static void passes(WorkloadRunner<?> runner) {
        RunResult r = runner.clients(CLIENTS).operations(OPERATIONS).run();
        r.assertLinearizable();
        assertEquals(CLIENTS * OPERATIONS, r.operationsRun());
        assertEquals(CLIENTS * OPERATIONS, r.history().size());
    }

    @Test
    void concurrentLinkedQueueIsAFifoQueue() {
        passes(WorkloadRunner.of(Workload.of(ConcurrentLinkedQueue<Long>::new)
                        .operation("enqueue", Generator.distinct(), (q, v) -> q.offer(v))
                        .operation("dequeue", q -> q.poll()).weight(2))
                .model("fifo-queue"));
    }

    @Test
    void linkedBlockingQueueIsAFifoQueue() {
        passes(WorkloadRunner.of(Workload.of(LinkedBlockingQueue<Long>::new)
                        .operation("enqueue", Generator.distinct(), (q, v) -> q.offer(v))
                        .operation("dequeue", q -> q.poll()).weight(2))
                .model("fifo-queue"));
    }

    @Test
    void concurrentLinkedDequeIsAStack() {
        passes(WorkloadRunner.of(Workload.of(ConcurrentLinkedDeque<Long>::new)
                        .operation("push", Generator.distinct(), (d, v) -> {
                            d.push(v);
                            return null;
                        })
                        .operation("pop", d -> d.pollFirst()).weight(2))
                .model("stack"));
    }

    @Test
    void concurrentHashMapIsAKeyValueStore() {
        passes(WorkloadRunner.of(Workload.of(ConcurrentHashMap<String, String>::new)
                        .operation("put", Generator.oneOf("a", "b", "c"), r -> "v" + r.distinct(),
                                (m, k, v) -> m.put(k, v))
                        .operation("get", Generator.oneOf("a", "b", "c"), null,
                                (m, k, v) -> m.getOrDefault(k, ""))
                        .operation("append", Generator.oneOf("a", "b", "c"), Generator.letters(1),
                                (m, k, v) -> m.merge(k, (String) v, String::concat)))
                .model("kv"));
    }

    @Test
    void concurrentSkipListSetIsASet() {
        passes(WorkloadRunner.of(Workload.of(ConcurrentSkipListSet<Long>::new)
                        .operation("add", Generator.longs(0, 7), (s, v) -> s.add(v))
                        .operation("remove", Generator.longs(0, 7), (s, v) -> s.remove(v))
                        .operation("contains", Generator.longs(0, 7), (s, v) -> s.contains(v)))
                .model("set"));
    }

    @Test
    void atomicLongIsACounter() {
        RunResult r = WorkloadRunner.of(Workload.of(AtomicLong::new)
                        .operation("add", Generator.longs(1, 5), (c, d) -> c.addAndGet(d))
                        .operation("read", c -> c.get()))
                .model("counter").clients(CLIENTS).operations(OPERATIONS).run();
        r.assertLinearizable();
        assertTrue(r.result().statistics().configurations() > 0);
    }
}
