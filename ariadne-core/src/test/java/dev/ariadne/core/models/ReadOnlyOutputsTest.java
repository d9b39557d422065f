package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Model.isReadOnly(input, output)} is checked against its definition: whenever the register calls an
 * operation with that output read-only, then in every state its step leads to an equal state or to none. A wrong
 * answer here would let the engines place a state-changing operation eagerly, or drop a crashed one that mattered.
 */
class ReadOnlyOutputsTest {
    private static final List<Long> VALUES = List.of(0L, 1L, 2L);

    /** Every register operation over the small domain, with each output it may have (unknown included). */
    private static List<Operation> registerOps(Model<?> model, String key) {
        List<Operation> ops = new ArrayList<>();
        for (long v : VALUES) {
            ops.add(completed(model, "write", v, null, key));
            ops.add(completed(model, "read", null, v, key));
            ops.add(completed(model, "read", null, Operation.UNKNOWN, key));
            for (long expected : VALUES) {
                for (Object out : new Object[]{true, false, Operation.UNKNOWN}) {
                    ops.add(completed(model, "cas", List.of(expected, v), out, key));
                }
            }
        }
        return ops;
    }

    private static Operation completed(Model<?> model, String f, Object value, Object output, String key) {
        Object v = key == null ? value : Arrays.asList(key, value);
        Object out = output == null ? Operation.UNKNOWN // a write's output
                : key == null || output == Operation.UNKNOWN ? output : List.of(key, output);
        return model.prepare(Operation.of(0, 0, Invocation.of(f, v), out, 0, 1));
    }

    /** Checks the definition on every operation in every state; returns how many operations were read-only. */
    private static <S> int checkDefinition(Model<S> model, List<Operation> ops, List<S> states) {
        int readOnly = 0;
        for (Operation op : ops) {
            if (!model.isReadOnly(op.input(), op.output())) {
                continue;
            }
            readOnly++;
            for (S s : states) {
                S t = model.step(s, op.input(), op.output());
                assertTrue(t == null || t.equals(s), op.input() + " → " + op.output() + " changes " + s + " to " + t);
            }
        }
        return readOnly;
    }

    private static <S> List<S> registerStates(Model<S> model, String key) {
        List<S> states = new ArrayList<>();
        states.add(model.init());
        for (long v : VALUES) {
            Operation write = completed(model, "write", v, null, key);
            states.add(model.step(model.init(), write.input(), write.output()));
        }
        return states;
    }

    @Test
    void aFailedCasAndACasToItsExpectedValueAreReadOnly() {
        RegisterModel model = RegisterModel.casRegister();
        // 6 reads; of 27 cas (3 × 3 values, 3 outputs): 9 failed, and the 3 cas(v, v) seen to succeed or unknown.
        assertEquals(6 + 9 + 6, checkDefinition(model, registerOps(model, null), registerStates(model, null)));
        Operation failed = completed(model, "cas", List.of(0L, 1L), false, null);
        Operation succeeded = completed(model, "cas", List.of(0L, 1L), true, null);
        Operation unknown = completed(model, "cas", List.of(0L, 1L), Operation.UNKNOWN, null);
        Operation same = completed(model, "cas", List.of(1L, 1L), Operation.UNKNOWN, null);
        Operation write = completed(model, "write", 1L, null, null);
        assertTrue(model.isReadOnly(failed.input(), failed.output()));
        assertFalse(model.isReadOnly(failed.input()), "the input alone may change the state");
        assertFalse(model.isReadOnly(succeeded.input(), succeeded.output()));
        assertFalse(model.isReadOnly(unknown.input(), unknown.output()), "a crashed cas may have succeeded");
        assertTrue(model.isReadOnly(same.input(), same.output()), "cas(1, 1) leaves 1 as it was");
        assertFalse(model.isReadOnly(write.input(), write.output()));
    }

    @Test
    void independentKeysAskTheInnerModel() {
        Model<?> model = IndependentModel.of(RegisterModel.casRegister());
        List<Operation> ops = registerOps(model, "x");
        int readOnly = checkDefinitionRaw(model, ops, "x");
        assertEquals(6 + 9 + 6, readOnly);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int checkDefinitionRaw(Model model, List<Operation> ops, String key) {
        List states = registerStates(model, key);
        Operation other = completed(model, "write", 2L, null, "y"); // another key holding a value
        for (Object s : List.copyOf(states)) {
            states.add(model.step(s, other.input(), other.output()));
        }
        return checkDefinition(model, ops, states);
    }
}
