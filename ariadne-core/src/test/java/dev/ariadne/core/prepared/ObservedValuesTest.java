package dev.ariadne.core.prepared;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kv model's cheap refutations, which the core search trusts in place of a search: each must be sound. */
class ObservedValuesTest {
    private final Model<?> kv = BuiltinModels.byName("kv");

    private Operation op(int id, String f, String key, String value, Object output, long call, long ret) {
        return kv.prepare(Operation.of(id, id, new Invocation(f, key, value), output, call, ret));
    }

    @Test
    void aGetThatLacksAnAppendBeforeItIsRefuted() {
        List<Operation> ops = List.of(op(0, "append", "x", "a", null, 0, 10), op(1, "append", "x", "b", null, 12, 20),
                op(2, "get", "x", null, "a", 30, 40));
        assertTrue(ObservedValues.surelyNotLinearizable(kv, ops));
    }

    @Test
    void aGetThatDoesNotExtendAnEarlierGetIsRefuted() {
        List<Operation> ops = List.of(op(0, "append", "x", "a", null, 0, 50), op(1, "get", "x", null, "a", 10, 20),
                op(2, "get", "x", null, "", 30, 40));
        assertTrue(ObservedValues.surelyNotLinearizable(kv, ops));
    }

    @Test
    void aPutOnTheKeyOrConcurrencyLeavesItToTheSearch() {
        assertFalse(ObservedValues.surelyNotLinearizable(kv, List.of(op(0, "append", "x", "a", null, 0, 10),
                op(1, "put", "x", "b", null, 12, 20), op(2, "get", "x", null, "b", 30, 40))), "the put resets x");
        assertFalse(ObservedValues.surelyNotLinearizable(kv, List.of(op(0, "append", "x", "a", null, 0, 35),
                op(1, "get", "x", null, "", 30, 40))), "the append may come after the get");
        assertFalse(ObservedValues.surelyNotLinearizable(kv, List.of(op(0, "append", "y", "a", null, 0, 10),
                op(1, "get", "x", null, "", 30, 40))), "another key");
    }

    @Test
    void aValueNoAppendsCanMakeCannotBeProduced() {
        Operation get = op(2, "get", "x", null, "ba", 30, 40);
        List<Operation> ab = List.of(op(0, "append", "x", "a", null, 0, 10), op(1, "append", "x", "b", null, 12, 20));
        assertFalse(ObservedValues.cannotProduce(kv, get, ab), "b then a makes it, real time aside");
        assertTrue(ObservedValues.cannotProduce(kv, get, ab.subList(0, 1)));
        assertFalse(ObservedValues.cannotProduce(BuiltinModels.byName("register"),
                Operation.of(0, 0, Invocation.of("read", null), 1L, 0, 1), List.of()), "only kv answers");
    }
}
