package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.RegisterModel;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The evidence checks must reject bad evidence, or the differential and conformance tests prove little. */
class ResultAssertionsTest {
    private final RegisterModel model = RegisterModel.register();
    // #0 write(1) [0,10], #1 read → 1 [5,15], #2 write(2) [20,30], #3 pending write(3) from 25
    private final History history = History.of(
            Operation.of(0, 0, Invocation.of("write", 1L), null, 0, 10),
            Operation.of(1, 1, Invocation.of("read", null), 1L, 5, 15),
            Operation.of(2, 0, Invocation.of("write", 2L), null, 20, 30),
            Operation.pending(3, 1, Invocation.of("write", 3L), 25));
    private final CheckOptions options = CheckOptions.defaults().withCoreTimeout(null);

    private Operation op(int id) {
        return model.prepare(history.get(id));
    }

    private Result linearizable(Operation... witness) {
        PartitionResult p = new PartitionResult(0, "all", 4, Verdict.LINEARIZABLE, List.of(witness), null, null,
                "test", Statistics.ZERO);
        return new Result(Verdict.LINEARIZABLE, null, model.name(), 4, List.of(p), Statistics.ZERO);
    }

    private Result violation(List<Operation> steps, Operation unplaced, List<Operation> candidates) {
        List<Step> placed = new ArrayList<>();
        Object state = model.init();
        for (Operation op : steps) {
            state = model.step(state, op.input(), op.output());
            placed.add(new Step(op, state, model.describeState(state)));
        }
        Violation v = new Violation(model.describeState(model.init()),
                List.of(new PartialLinearization(placed, unplaced, candidates)));
        PartitionResult p = new PartitionResult(0, "all", 4, Verdict.NOT_LINEARIZABLE, List.of(), v, null, "test",
                Statistics.ZERO);
        return new Result(Verdict.NOT_LINEARIZABLE, null, model.name(), 4, List.of(p), Statistics.ZERO);
    }

    private void accepts(Result r) {
        assertDoesNotThrow(() -> ResultAssertions.assertConsistent(history, model, options, r));
    }

    private void rejects(Result r) {
        assertThrows(AssertionError.class, () -> ResultAssertions.assertConsistent(history, model, options, r));
    }

    @Test
    void witnesses() {
        accepts(linearizable(op(0), op(1), op(2)));
        accepts(linearizable(op(0), op(1), op(2), op(3)));  // the pending write took effect last
        accepts(linearizable(op(0), op(1), op(3), op(2)));  // ... or while write(2) was running
        rejects(linearizable(op(0), op(1)));                // misses a completed operation
        rejects(linearizable(op(0), op(1), op(2), op(2)));  // has one twice
        rejects(linearizable(op(1), op(0), op(2)));         // the model rejects read → 1 first
        rejects(linearizable(op(2), op(0), op(1)));         // write(2) before write(1), which returned before
        rejects(linearizable(op(3), op(0), op(1), op(2)));  // the pending write before its call
    }

    @Test
    void partialLinearizations() {
        accepts(violation(List.of(op(0)), op(1), List.of(op(1))));
        accepts(violation(List.of(), op(1), List.of(op(0), op(1))));
        rejects(violation(List.of(op(0)), op(0), List.of(op(0))));          // unplaced is placed
        rejects(violation(List.of(op(0)), op(3), List.of(op(3))));          // unplaced is pending
        rejects(violation(List.of(), op(1), List.of(op(0))));               // unplaced is not a candidate
        rejects(violation(List.of(op(0)), op(1), List.of(op(1), op(2))));   // write(2) cannot come next
        rejects(violation(List.of(op(2)), op(1), List.of(op(1))));          // write(2) placed before write(1)
        rejects(violation(List.of(op(1)), op(0), List.of(op(0))));          // the model rejects read → 1 first
    }
}
