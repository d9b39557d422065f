package dev.ariadne.core;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.RegisterModel;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The library example of README.md, kept true. */
class ReadmeExampleTest {
    @Test
    void staleReadAfterWriteIsReported() {
        History h = History.of(
                Operation.of(0, 0, Invocation.of("write", 1L), null, 0, 10),
                Operation.of(1, 1, Invocation.of("read", null), 0L, 12, 20));
        Result r = Checker.check(h, RegisterModel.register());
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(1, r.violations().get(0).violation().longest().get(0).unplaced().id());
        assertEquals(1, r.violations().get(0).violation().explanation().core().size(), "0 was never written");
        Result quick = Checker.check(h, RegisterModel.register(), CheckOptions.defaults().withCoreTimeout(null));
        assertEquals(Verdict.NOT_LINEARIZABLE, quick.verdict());
        assertNull(quick.violations().get(0).violation().explanation(), "no core was asked for");
    }

    @Test
    void onlineCheckerAnswersAtTheStaleRead() {
        OnlineChecker<Object> online = OnlineChecker.of(RegisterModel.register());
        assertTrue(online.call(0, Invocation.of("write", 1L)));
        assertTrue(online.ret(0, null));
        assertTrue(online.call(1, Invocation.of("read", null)));
        assertFalse(online.ret(1, 0L));
        assertEquals(Verdict.NOT_LINEARIZABLE, online.violation().orElseThrow().verdict());
    }
}
