package dev.ariadne.harness;

import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 26: {@code Workload}'s forms, void calls ({@code command}) among them, through the runner. */
class WorkloadTest {
    /** A counter whose add is void, as a Java developer writes one. */
    static final class Counter {
        private final AtomicLong value = new AtomicLong();

        void add(long d) {
            value.addAndGet(d);
        }

        long read() {
            return value.get();
        }
    }

    @Test
    void voidCallsNeedNoReturnNullAndRecordANilOutput() {
        Workload<Counter> counter = Workload.of(Counter::new)
                .command("add", Generator.longs(1, 3), (c, d) -> c.add(d))
                .operation("read", c -> c.read());
        RunResult result = WorkloadRunner.of(counter).model("counter").clients(3).operations(200).seed(3)
                .chaos(Chaos.off()).run();
        result.assertLinearizable();
        List<Operation> adds = result.history().operations().stream()
                .filter(op -> ((Invocation) op.input()).f().equals("add")).toList();
        assertTrue(!adds.isEmpty());
        adds.forEach(op -> assertNull(op.output(), "a void call's output is nil"));
    }

    @Test
    void everyFormDrawsItsInvocationsAndCallsTheSystem() throws Exception {
        Workload<ConcurrentHashMap<String, Long>> map = Workload.of(ConcurrentHashMap<String, Long>::new)
                .command("clear", m -> m.clear())
                .command("put", Generator.oneOf("x"), Generator.longs(7, 7), (m, k, v) -> m.put(k, v))
                .command("touch", Generator.longs(1, 1), (m, v) -> m.merge("x", v, Long::sum))
                .operation("get", Generator.oneOf("x"), null, (m, k, v) -> m.get(k)).weight(3);
        assertEquals(List.of("clear", "put", "touch", "get"), map.actions().stream().map(Workload.Action::f).toList());
        assertEquals(3, map.actions().get(3).weight());
        ClientRandom random = new ClientRandom(1, 0);
        ConcurrentHashMap<String, Long> system = map.newSystem();
        Workload.Action<ConcurrentHashMap<String, Long>> put = map.actions().get(1);
        Invocation inv = put.invocations().next(random);
        assertEquals(Invocation.of("put", "x", 7L), inv);
        assertNull(put.body().apply(system, inv), "a command's output is nil, whatever the method returned");
        Workload.Action<ConcurrentHashMap<String, Long>> get = map.actions().get(3);
        assertEquals(7L, get.body().apply(system, get.invocations().next(random)));
        assertEquals(Map.of("x", 7L), system);
    }

    @Test
    void aWeightNeedsAnOperationAndIsPositive() {
        assertThrows(IllegalStateException.class, () -> Workload.of(ConcurrentLinkedQueue::new).weight(2));
        assertThrows(IllegalArgumentException.class,
                () -> Workload.of(ConcurrentLinkedQueue<Long>::new).operation("poll", q -> q.poll()).weight(0));
    }

    @Test
    void aUserModelSeesLongsWhereTheSystemReturnsInts() {
        // the read returns an int; the user model compares Longs (Values.normalize on the recorded output)
        Workload<AtomicLong> counter = Workload.of(AtomicLong::new)
                .command("add", Generator.longs(1, 1), (c, d) -> c.addAndGet(d))
                .operation("read", c -> (int) c.get());
        RunResult result = WorkloadRunner.of(counter).model(new AriadneExtensionTest.LongCounter()).clients(2)
                .operations(100).seed(9).run();
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), result::failureMessage);
    }

    /**
     * Issue 26: the runner's online checker bounds its memory as {@code check --follow} does. 160,000 operations
     * pass the 131,072 records a checker holds before it drops those no open operation or evidence needs: after the
     * run it holds fewer records than operations were called, and at most 131,072.
     */
    @Test
    void aLongRunsOnlineCheckerDropsTheRecordsOfOldOperations() {
        Workload<Counter> counter = Workload.of(Counter::new)
                .command("add", Generator.longs(1, 3), (c, d) -> c.add(d))
                .operation("read", c -> c.read());
        WorkloadRunner<Counter> runner = WorkloadRunner.of(counter).model("counter").clients(2).operations(80_000)
                .seed(5).chaos(Chaos.off());
        RunResult result = runner.run();
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), result::failureMessage);
        assertEquals(160_000, result.history().size(), "the recorded history is whole");
        dev.ariadne.core.online.OnlineChecker<?> checker = runner.lastChecker;
        assertEquals(160_000, checker.operations());
        int held = checker.operations() - checker.forgottenOperations();
        assertTrue(checker.forgottenOperations() > 0, "no record was dropped");
        assertTrue(held <= 1 << 17, held + " records held");
    }

    /**
     * When the online checker degrades after it dropped records (here at once: a work budget of nothing), it cannot
     * check the whole history itself; the runner then checks the whole recorded history in batch, and says so.
     */
    @Test
    void aCheckerThatDegradedAfterDroppingRecordsGivesTheBatchVerdictOfTheWholeRun() {
        Workload<Counter> counter = Workload.of(Counter::new)
                .command("add", Generator.longs(1, 3), (c, d) -> c.add(d))
                .operation("read", c -> c.read());
        WorkloadRunner<Counter> runner = WorkloadRunner.of(counter).model("counter").clients(2).operations(80_000)
                .seed(6).chaos(Chaos.off());
        runner.checkerSetup = c -> c.workBudget(0, 0);
        RunResult result = runner.run();
        dev.ariadne.core.online.OnlineChecker<?> checker = runner.lastChecker;
        assertTrue(checker.degraded() != null && checker.forgottenOperations() > 0 && checker.wholeHistoryNeeded());
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), result::failureMessage);
        String note = result.result().partitions().get(0).note();
        assertTrue(note.contains("the verdict is a batch check's of the whole recorded history"), note);
    }
}
