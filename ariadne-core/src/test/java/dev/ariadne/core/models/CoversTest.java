package dev.ariadne.core.models;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Model.covers} is checked against its definition: whenever one pending input covers another, then in every
 * state where the covered one (with an unknown output) changes the state, the covering one reaches the same state.
 * A wrong answer here would make the frontier drop configurations it needs.
 */
class CoversTest {
    private static final List<Long> VALUES = List.of(0L, 1L, 2L);

    /** Crashed register operations over a small domain: writes and every cas. */
    private static List<Operation> registerOps(Model<?> model, String key) {
        List<Operation> ops = new ArrayList<>();
        for (long v : VALUES) {
            ops.add(pending(model, "write", v, key));
            for (long expected : VALUES) {
                ops.add(pending(model, "cas", List.of(expected, v), key));
            }
        }
        return ops;
    }

    private static Operation pending(Model<?> model, String f, Object value, String key) {
        Object v = key == null ? value : List.of(key, value);
        return model.prepare(Operation.pending(0, 0, Invocation.of(f, v), 0));
    }

    /** Checks the definition of covers on every pair of {@code ops} in every state of {@code states}. */
    private static <S> int checkDefinition(Model<S> model, List<Operation> ops, List<S> states) {
        int covering = 0;
        for (Operation a : ops) {
            for (Operation b : ops) {
                if (!model.covers(a.input(), b.input())) {
                    continue;
                }
                covering++;
                for (S s : states) {
                    S t = model.step(s, b.input(), b.output());
                    if (t != null && !t.equals(s)) {
                        assertEquals(t, model.step(s, a.input(), a.output()),
                                a.input() + " covers " + b.input() + " in state " + s);
                    }
                }
            }
        }
        return covering;
    }

    @Test
    void registerWritesCoverCasOfTheSameValue() {
        RegisterModel model = RegisterModel.casRegister();
        List<Operation> ops = registerOps(model, null);
        List<Object> states = new ArrayList<>();
        for (long v : VALUES) {
            states.add(model.step(model.init(), pending(model, "write", v, null).input(), Operation.UNKNOWN));
        }
        states.add(model.init());
        // 3 writes cover themselves and 3 cas each; 9 cas cover themselves.
        assertEquals(3 * 4 + 9, checkDefinition(model, ops, states));
        Object write1 = pending(model, "write", 1L, null).input();
        Object cas01 = pending(model, "cas", List.of(0L, 1L), null).input();
        Object cas02 = pending(model, "cas", List.of(0L, 2L), null).input();
        assertTrue(model.covers(write1, cas01));
        assertFalse(model.covers(cas01, write1), "a cas needs its expected value");
        assertFalse(model.covers(write1, cas02), "another value");
    }

    @Test
    void independentKeysCoverOnlyOnTheirOwnKey() {
        IndependentModel<Object> model = IndependentModel.of(RegisterModel.casRegister());
        List<Operation> ops = new ArrayList<>(registerOps(model, "x"));
        ops.addAll(registerOps(model, "y"));
        List<IntSortedMap<Object>> states = new ArrayList<>();
        IntSortedMap<Object> s = model.init();
        states.add(s);
        for (long v : VALUES) {
            for (String key : List.of("x", "y")) {
                s = model.step(s, pending(model, "write", v, key).input(), Operation.UNKNOWN);
                states.add(s);
            }
        }
        assertEquals(2 * (3 * 4 + 9), checkDefinition(model, ops, states));
        assertFalse(model.covers(pending(model, "write", 1L, "x").input(), pending(model, "write", 1L, "y").input()));
    }

    @Test
    void modelsWithoutARuleCoverNothing() {
        Model<?> queue = new FifoQueueModel();
        Object enqueue = queue.prepare(Operation.pending(0, 0, Invocation.of("enqueue", 1L), 0)).input();
        assertFalse(queue.covers(enqueue, enqueue), "the default is false, even for equal inputs");
    }
}
