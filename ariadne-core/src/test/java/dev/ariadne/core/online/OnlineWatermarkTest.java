package dev.ariadne.core.online;

import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.models.RegisterModel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link OnlineChecker#advanceTo}: a watermark judges the returns before it when no later event arrives (a stream
 * whose clients went quiet); a return at the watermark itself still waits for a call at its instant.
 */
class OnlineWatermarkTest {
    private static final Invocation READ = Invocation.of("read", null);

    @Test
    void aWatermarkPastAReturnJudgesIt() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, Invocation.of("write", 1L), 0);
        online.ret(0, null, 1);
        online.call(1, READ, 2);
        assertTrue(online.ret(1, 0L, 3), "a write of 0 called at 3 could still explain the read");
        assertTrue(online.advanceTo(3), "so could one called at the watermark");
        assertFalse(online.isViolated());
        assertFalse(online.advanceTo(4), "nothing can come before 4: the read of 0 is a violation");
        assertTrue(online.isViolated());
        assertEquals(Verdict.NOT_LINEARIZABLE, online.finish().verdict());
    }

    @Test
    void eventsBeforeTheWatermarkAreRefused() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, READ, 5);
        assertTrue(online.advanceTo(10));
        assertTrue(online.advanceTo(7), "an older watermark changes nothing");
        assertThrows(HistoryException.class, () -> online.ret(0, null, 9));
        assertTrue(online.ret(0, null, 10));
        assertTrue(online.advanceTo(11));
        assertEquals(Verdict.LINEARIZABLE, online.finish().verdict());
    }

    @Test
    void untimedCheckersHaveNoWatermark() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        online.call(0, READ);
        assertThrows(IllegalStateException.class, () -> online.advanceTo(3));
    }
}
