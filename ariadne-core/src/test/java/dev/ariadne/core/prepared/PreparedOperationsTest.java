package dev.ariadne.core.prepared;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PreparedOperations}: the columns hold what the model prepares, each operation is made equal to the model's
 * prepared one and is the same object every time it is asked for (the witness, the evidence and the core search
 * compare prepared operations by identity), also when threads ask at once.
 */
class PreparedOperationsTest {
    private static final long SEED = 0x9E9A_12EDL;

    @Test
    void equalToWhatTheModelPreparesAndTheSameObjectEachTime() {
        for (int i = 0; i < 200; i++) {
            String name = i % 2 == 0 ? "register" : "cas-register";
            RegisterModel model = name.equals("register") ? RegisterModel.register() : RegisterModel.casRegister();
            History h = RandomHistories.medium(name, SEED + i, 2 + i % 5, 10 + i % 50, i % 3);
            // From the history's columns, and from its operations as a list.
            PreparedOperations p = i % 2 == 0 ? PreparedOperations.of(h, model::prepare)
                    : PreparedOperations.of(h.operations(), model::prepare);
            assertEquals(h.size(), p.size());
            boolean pending = false;
            boolean sorted = true;
            for (int k = 0; k < p.size(); k++) {
                Operation expected = model.prepare(h.operations().get(k));
                Operation op = p.get(k);
                assertEquals(expected, op, "seed " + (SEED + i) + " op " + k);
                assertSame(op, p.get(k), "made once");
                assertSame(op.input(), p.inputs()[k]);
                assertSame(op.output(), p.outputs()[k]);
                assertEquals(op.call(), p.calls()[k]);
                assertEquals(op.ret(), p.rets()[k]);
                pending |= op.isPending();
                sorted &= k == 0 || op.call() >= p.calls()[k - 1];
            }
            assertEquals(pending, p.anyPending());
            assertEquals(sorted, p.sortedByCall());
            Operation[] all = p.toArray(new Operation[0]);
            for (int k = 0; k < all.length; k++) {
                assertSame(p.get(k), all[k], "toArray: the operations get gives");
            }
        }
    }

    /**
     * Operations sharing their input object (as a reader shares a register's reads and small writes): each is
     * prepared with its own output, whether or not the one before had the same input, output or both.
     */
    @Test
    void sharedInputsArePreparedWithTheirOwnOutputs() {
        Invocation read = Invocation.of("read");
        Invocation write = Invocation.of("write", 1L);
        Object[][] shapes = {{read, 1L}, {read, 1L}, {read, 2L}, {read, null}, {read, null}, {write, null},
            {write, null}, {read, 1L}, {read, 0L}};
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < shapes.length; i++) {
            Object in = shapes[i][0];
            Object out = in == write ? Operation.UNKNOWN : shapes[i][1];
            ops.add(new Operation(i, 0, in, out, 10L * i, 10L * i + 5, java.util.Map.of()));
        }
        RegisterModel model = RegisterModel.register();
        PreparedOperations p = PreparedOperations.of(ops, model::prepare);
        for (int k = 0; k < ops.size(); k++) {
            assertEquals(model.prepare(ops.get(k)), p.get(k), "op " + k);
        }
        // The same read from a history's columns, with metadata kept as a reader keeps it.
        HistoryBuilder b = new HistoryBuilder();
        for (int i = 0; i < shapes.length; i++) {
            Object in = shapes[i][0];
            b.call(i % 2, in, 10L * i, java.util.Map.of("line", i + 1));
            b.ret(i % 2, in == write ? Operation.UNKNOWN : shapes[i][1], 10L * i + 5, i + 1);
        }
        History h = b.build();
        PreparedOperations columns = PreparedOperations.of(h, model::prepare);
        for (int k = 0; k < h.size(); k++) {
            assertEquals(model.prepare(h.operations().get(k)), columns.get(k), "op " + k + " from columns");
            assertEquals(k + 1, columns.get(k).line());
        }
    }

    @Test
    void operationsAlreadyPreparedAreThemselves() {
        RegisterModel model = RegisterModel.register();
        History h = RandomHistories.medium("register", SEED, 3, 40, 0);
        List<Operation> prepared = new ArrayList<>();
        for (Operation op : h.operations()) {
            prepared.add(model.prepare(op));
        }
        // Prepared twice (the model returns a prepared operation itself): the source's own objects.
        PreparedOperations again = PreparedOperations.of(prepared, model::prepare);
        PreparedOperations wrapped = PreparedOperations.of(prepared.toArray(new Operation[0]));
        for (int k = 0; k < prepared.size(); k++) {
            assertSame(prepared.get(k), again.get(k));
            assertSame(prepared.get(k), wrapped.get(k));
        }
    }

    @Test
    void threadsAskingAtOnceGetOneObject() throws InterruptedException {
        RegisterModel model = RegisterModel.register();
        History h = RandomHistories.medium("register", SEED, 4, 2000, 0);
        for (int round = 0; round < 20; round++) {
            PreparedOperations p = PreparedOperations.of(h.operations(), model::prepare);
            int threads = 4;
            Operation[][] seen = new Operation[threads][p.size()];
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> all = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                Operation[] mine = seen[t];
                Thread th = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int k = 0; k < mine.length; k++) {
                        mine[k] = p.get(k);
                    }
                });
                th.start();
                all.add(th);
            }
            start.countDown();
            for (Thread th : all) {
                th.join();
            }
            for (int k = 0; k < p.size(); k++) {
                for (int t = 0; t < threads; t++) {
                    assertSame(p.get(k), seen[t][k], "round " + round + " op " + k + " thread " + t);
                }
            }
        }
    }

    /** The witness and the evidence of the checker's register engine are the partition's own operations. */
    @Test
    void witnessAndEvidenceAreThePreparedOperations() {
        int linearizable = 0;
        int violated = 0;
        for (int i = 0; i < 300; i++) {
            String name = i % 2 == 0 ? "register" : "cas-register";
            RegisterModel model = name.equals("register") ? RegisterModel.register() : RegisterModel.casRegister();
            History h = RandomHistories.medium(name, SEED + i, 2 + i % 4, 20 + i % 60, 0);
            Result r = Checker.check(h, model, CheckOptions.defaults().withEngine(
                    dev.ariadne.core.check.Engine.FRONTIER).withCoreTimeout(Duration.ZERO));
            PartitionResult p = r.partitions().get(0);
            List<Operation> expected = new ArrayList<>();
            for (Operation op : h.operations()) {
                expected.add(model.prepare(op));
            }
            if (p.verdict() == Verdict.LINEARIZABLE) {
                linearizable++;
                for (Operation w : p.witness()) {
                    assertEquals(expected.get(w.id()), w);
                }
                for (int k = 0; k < p.witness().size(); k++) {
                    assertSame(p.witness().get(k), p.witness().get(k), "the same object each time");
                }
            } else if (p.verdict() == Verdict.NOT_LINEARIZABLE) {
                violated++;
                var longest = p.violation().longest().get(0);
                Operation failed = longest.unplaced();
                assertEquals(expected.get(failed.id()), failed);
                for (int k = 0; k < longest.steps().size(); k++) {
                    Operation op = longest.steps().get(k).operation();
                    assertEquals(expected.get(op.id()), op);
                    assertSame(op, longest.steps().get(k).operation(), "the same object each time");
                }
            }
        }
        assertTrue(linearizable > 30, "linearizable " + linearizable);
        assertTrue(violated > 30, "violated " + violated);
        assertFalse(linearizable + violated < 300);
    }
}
