package dev.ariadne.core.models;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 27: with Jepsen's independent keys every key gets a verdict (Jepsen's independent checker reports all bad
 * keys), on one thread or several; {@link IndependentModel#stoppingAtFirstViolation()} keeps the early stop, and
 * other partitioned models (kv) still let the first violation cancel the rest.
 */
class IndependentEveryKeyTest {
    /** Keys 0..bad-1 each read 9, which nothing wrote; keys bad..bad+good-1 write 1 and read it. */
    private static History keys(int bad, int good) {
        List<Operation> ops = new ArrayList<>();
        long t = 0;
        int id = 0;
        for (int k = 0; k < bad; k++, t += 2) {
            ops.add(Operation.of(id++, k, Invocation.of("read", List.of((long) k, 0L)), List.of((long) k, 9L), t,
                    t + 1));
        }
        for (int k = bad; k < bad + good; k++, t += 4) {
            ops.add(Operation.of(id++, k, Invocation.of("write", List.of((long) k, 1L)), List.of((long) k, 1L), t,
                    t + 1));
            ops.add(Operation.of(id++, k, Invocation.of("read", List.of((long) k, 0L)), List.of((long) k, 1L), t + 2,
                    t + 3));
        }
        return History.of(ops);
    }

    private static long count(Result r, Verdict v) {
        return r.partitions().stream().map(PartitionResult::verdict).filter(v::equals).count();
    }

    @Test
    void everyKeyGetsAVerdict() {
        History h = keys(3, 2);
        for (int threads : new int[]{1, 2, 4}) {
            CheckOptions o = CheckOptions.defaults().withCoreTimeout(null)
                    .withThreads(threads).withParallelism(threads);
            Result r = Checker.check(h, IndependentModel.of(RegisterModel.register()), o);
            assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
            assertEquals(5, r.partitions().size());
            assertEquals(3, count(r, Verdict.NOT_LINEARIZABLE), r.toString());
            assertEquals(2, count(r, Verdict.LINEARIZABLE), r.toString());
            assertEquals(0, count(r, Verdict.UNKNOWN), r.toString());
        }
        assertTrue(IndependentModel.of(RegisterModel.register()).checksEveryPartition());
    }

    @Test
    void stoppingAtTheFirstViolationCancelsTheKeysLeft() {
        IndependentModel<?> model = IndependentModel.of(RegisterModel.register()).stoppingAtFirstViolation();
        assertFalse(model.checksEveryPartition());
        Result r = Checker.check(keys(3, 2), model, CheckOptions.defaults().withCoreTimeout(null)
                .withThreads(1).withParallelism(1));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        // Small keys are all decided in the first round of work (Checker's rounds; PartitionRoundsTest has a key
        // that outlasts it and is cancelled): the same answer as Jepsen's, found the way that stops early.
        assertEquals(3, count(r, Verdict.NOT_LINEARIZABLE), r.toString());
        assertTrue(r.partitions().stream().filter(p -> p.verdict() == Verdict.UNKNOWN)
                .allMatch(p -> p.reason().startsWith("cancelled")), r.toString());
        assertFalse(new KvModel().checksEveryPartition(), "kv's keys are one store: one violation decides");
    }
}
