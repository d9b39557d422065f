package dev.ariadne.core.models;

import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;

import static dev.ariadne.core.models.ModelTestSupport.UNKNOWN;
import static dev.ariadne.core.models.ModelTestSupport.describe;
import static dev.ariadne.core.models.ModelTestSupport.prepared;
import static dev.ariadne.core.models.ModelTestSupport.step;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MutexModelTest {
    private final MutexModel model = new MutexModel();

    @Test
    void acquireNeedsAFreeLockAndReleaseAHeldOne() {
        assertEquals(false, model.init());
        Boolean held = step(model, model.init(), "acquire", null, null);
        assertEquals(true, held);
        assertNull(step(model, held, "acquire", null, null), "already held");
        assertEquals(false, step(model, held, "release", null, null));
        assertNull(step(model, model.init(), "release", null, null), "not held");
    }

    @Test
    void outputsAreIgnored() {
        assertEquals(true, step(model, false, "acquire", null, UNKNOWN));
        assertEquals(true, step(model, false, "acquire", null, "ok"));
        assertNull(step(model, true, "acquire", null, UNKNOWN));
    }

    @Test
    void statesAreValues() {
        Boolean a = step(model, step(model, model.init(), "acquire", null, null), "release", null, null);
        assertEquals(model.init(), a);
        assertEquals(model.init().hashCode(), a.hashCode());
    }

    @Test
    void rejectsUnknownFunctions() {
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> prepared(model, "lock", null, null));
        assertTrue(e.getMessage().contains("acquire or release"), e.getMessage());
    }

    @Test
    void preparedOperationsPassThrough() {
        Operation p = prepared(model, "release", null, null);
        assertSame(p, model.prepare(p));
    }

    @Test
    void describes() {
        assertEquals("acquire", describe(model, "acquire", null, null));
        assertEquals("release", describe(model, "release", null, null));
        assertEquals("free", model.describeState(false));
        assertEquals("held", model.describeState(true));
        assertEquals("mutex", model.toString());
        assertEquals("mutex", BuiltinModels.byName("mutex").name());
    }

    @Test
    void checksHistories() {
        Operation a0 = Operation.of(0, 0, Invocation.of("acquire", null), null, 0, 1);
        Operation a1 = Operation.of(1, 1, Invocation.of("acquire", null), null, 2, 3);
        assertFalse(Checker.check(History.of(a0, a1), new MutexModel()).isLinearizable(), "two holders");
        Operation r0 = Operation.of(1, 0, Invocation.of("release", null), null, 2, 5);
        Operation a1Late = Operation.of(2, 1, Invocation.of("acquire", null), null, 3, 6);
        assertTrue(Checker.check(History.of(a0, r0, a1Late), new MutexModel()).isLinearizable());
        Operation pendingRelease = Operation.pending(1, 0, Invocation.of("release", null), 2);
        assertTrue(Checker.check(History.of(a0, pendingRelease, a1Late), new MutexModel()).isLinearizable(),
                "the pending release may have freed the lock");
    }
}
