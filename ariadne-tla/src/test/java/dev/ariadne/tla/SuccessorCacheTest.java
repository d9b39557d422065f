package dev.ariadne.tla;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cache of {@link TlaSpec#successors(TlaState, TlaSpec.Bound)}: an (equal state, same bound action) asked again
 * is answered without TLC, with the states made the first time; a state that only shares the fingerprint (the same
 * cache slot), or under a {@code VIEW} only the view, gets its own answer from TLC.
 */
class SuccessorCacheTest {
    @TempDir
    Path dir;

    private static TlaState only(List<TlaState> states) {
        assertEquals(1, states.size());
        return states.get(0);
    }

    private static long evaluations(TlaSpec spec) {
        return spec.successorCounts()[0];
    }

    @Test
    void anEqualStateReachedAgainIsAnsweredFromTheCache() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of());
        TlaState zero = spec.initial().states[0];
        TlaSpec.Bound write1 = spec.bind(spec.action("Write"), new Object[]{spec.value(1L)});
        TlaSpec.Bound write2 = spec.bind(spec.action("Write"), new Object[]{spec.value(2L)});
        TlaSpec.Bound read1 = spec.bind(spec.action("Read"), new Object[]{spec.value(1L)});
        TlaState one = only(spec.successors(zero, write1));
        TlaState oneAgain = only(spec.successors(only(spec.successors(zero, write2)), write1));
        assertNotSame(one, oneAgain, "two routes to value = 1: two objects");
        assertEquals(one, oneAgain);
        long before = evaluations(spec);
        List<TlaState> first = spec.successors(one, read1);
        assertEquals(before + 1, evaluations(spec));
        // another object, equal by TLC's equality: the answer computed from the first
        assertSame(first, spec.successors(oneAgain, read1));
        // the same action bound again to the same value objects is the same action
        assertSame(first, spec.successors(oneAgain, spec.bind(spec.action("Read"), new Object[]{spec.value(1L)})));
        assertEquals(before + 1, evaluations(spec));
    }

    @Test
    void aStateThatSharesOnlyTheFingerprintGetsItsOwnSuccessors() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("queue/Queue.tla"), null, Map.of());
        TlaState empty = spec.initial().states[0];
        TlaState q1 = only(spec.successors(empty, spec.action("Enq"), new Object[]{spec.value(1L)}));
        TlaState q2 = only(spec.successors(empty, spec.action("Enq"), new Object[]{spec.value(2L)}));
        // The same fingerprint: the same slot of the cache, unequal states.
        TlaState a = new TlaState(q1.tlc, 42, null, spec);
        TlaState b = new TlaState(q2.tlc, 42, null, spec);
        TlaSpec.Bound deq1 = spec.bind(spec.action("Deq"), new Object[]{spec.value(1L)});
        for (int round = 0; round < 3; round++) {
            assertEquals(1, spec.successors(a, deq1).size(), "Deq(1) from <<1>>");
            assertEquals(0, spec.successors(b, deq1).size(), "Deq(1) from <<2>> is disabled");
        }
    }

    @Test
    void keyedStatesAreEqualByTheirKeysAndOnlyThen() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("queue/Queue.tla"), null, Map.of());
        TlaState empty = spec.initial().states[0];
        TlaState q1 = only(spec.successors(empty, spec.action("Enq"), new Object[]{spec.value(1L)}));
        TlaState q2 = only(spec.successors(empty, spec.action("Enq"), new Object[]{spec.value(2L)}));
        // The same fingerprint, each with its key (as the search's configurations have them): different keys.
        TlaState a = new TlaState(q1.tlc, 42, null, spec);
        TlaState b = new TlaState(q2.tlc, 42, null, spec);
        TlaState a2 = new TlaState(q1.tlc, 42, null, spec);
        long[] into = new long[64];
        for (TlaState s : new TlaState[]{a, b, a2}) {
            assertTrue(spec.keys(new TlaState[]{s}, into, 0) > 0);
        }
        assertTrue(a.equals(a2), "equal keys: equal states");
        assertTrue(!a.equals(b) && !b.equals(a), "<<1>> and <<2>> share the fingerprint, not the key");
        TlaSpec.Bound deq1 = spec.bind(spec.action("Deq"), new Object[]{spec.value(1L)});
        for (int round = 0; round < 3; round++) {
            assertEquals(1, spec.successors(a, deq1).size(), "Deq(1) from <<1>>");
            assertEquals(0, spec.successors(b, deq1).size(), "Deq(1) from <<2>> is disabled");
            assertEquals(1, spec.successors(a2, deq1).size(), "Deq(1) from <<1>>, answered from the cache");
        }
    }

    @Test
    void underAViewStatesWithEqualViewsAreNotAnsweredForEachOther() throws Exception {
        // An unsound view (Count reads n, which the view leaves out): the cache must still give TLC's answers.
        Path tla = dir.resolve("Counted.tla");
        Files.writeString(tla, "---- MODULE Counted ----\nEXTENDS Integers\nVARIABLES x, n\n"
                + "Init == x = 0 /\\ n = 0\nTick == n' = n + 1 /\\ UNCHANGED x\n"
                + "Count(v) == v = n /\\ UNCHANGED <<x, n>>\nView == x\n====\n");
        Files.writeString(dir.resolve("Counted.cfg"), "INIT Init\nVIEW View\n");
        TlaSpec spec = TlaSpec.load(tla, null, Map.of());
        assertTrue(spec.hasView());
        TlaState s0 = spec.initial().states[0];
        TlaState s1 = only(spec.successors(s0, spec.action("Tick"), new Object[0]));
        assertEquals(s0, s1, "equal views: the same state for the search");
        TlaSpec.Bound count0 = spec.bind(spec.action("Count"), new Object[]{spec.value(0L)});
        assertEquals(1, spec.successors(s0, count0).size());
        assertEquals(0, spec.successors(s1, count0).size(), "n = 1: Count(0) is disabled, as TLC says");
    }
}
