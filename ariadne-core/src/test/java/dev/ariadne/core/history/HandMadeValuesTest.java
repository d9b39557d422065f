package dev.ariadne.core.history;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 26: a history made by hand with {@code int} literals means what the same history read from a file means,
 * also to a user model that compares {@code Long}s: {@link Invocation} and {@link Operation#of} normalise numbers
 * as built-in models do ({@link Values#normalize}).
 */
class HandMadeValuesTest {
    /** A register of longs that compares outputs with equals, as a model written against history files does. */
    static final class LongRegister implements Model<Long> {
        @Override
        public String name() {
            return "long-register";
        }

        @Override
        public Long init() {
            return 0L;
        }

        @Override
        public Long step(Long state, Object input, Object output) {
            Invocation inv = (Invocation) input;
            if (inv.f().equals("write")) {
                return (Long) inv.value();
            }
            return output == Operation.UNKNOWN || state.equals(output) ? state : null;
        }
    }

    @Test
    void intLiteralsAreLongsToAUserModel() {
        History history = History.of(
                Operation.of(0, 0, Invocation.of("write", 3), null, 0, 10),
                Operation.of(1, 1, Invocation.of("read"), 3, 11, 20));
        assertEquals(Verdict.LINEARIZABLE, Checker.check(history, new LongRegister()).verdict());
        assertEquals(3L, history.operations().get(1).output());
        assertEquals(Invocation.of("write", 3L), history.operations().get(0).input());
    }

    @Test
    void numbersAreNormalisedInsideCollectionsAndTheSameObjectIsKeptWhenNothingChanges() {
        assertEquals(List.of(1L, List.of(2L), Set.of(3L), Map.of(4L, 5L)),
                Values.normalize(List.of(1, List.of((short) 2), Set.of((byte) 3), Map.of(4, BigInteger.valueOf(5)))));
        List<Object> longs = List.of(1L, "a", List.of(2L), Map.of("k", 3L));
        assertSame(longs, Values.normalize(longs));
        assertEquals(new Invocation("cas", 1L, List.of(1L, 2L)), Invocation.of("cas", 1, List.of(1, 2)));
        assertEquals(2.5, Values.normalize(2.5), "other numbers stay as they are");
        assertSame(Operation.UNKNOWN, Operation.of(0, 0, Invocation.of("read"), Operation.UNKNOWN, 0, 1).output());
    }

    @Test
    void aValueNestedTooDeeplyIsRejected() {
        Object deep = 1;
        for (int i = 0; i < 300; i++) {
            deep = List.of(deep);
        }
        Object tooDeep = deep;
        assertThrows(IllegalArgumentException.class, () -> Invocation.of("write", tooDeep));
    }
}
