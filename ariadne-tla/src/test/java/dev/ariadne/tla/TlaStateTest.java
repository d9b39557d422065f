package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * States are values: equal states reached by different routes (and from trace values that are different Java
 * objects, or TLC values in other representations) are equal with equal hashes, and two different states whose
 * fingerprints collide are never equal. They are not interned, so this is what the engines' caches rely on.
 */
class TlaStateTest {
    @TempDir
    Path dir;

    /** One client, one operation after another, each with the one parameter {@code v}. */
    private static History sequential(List<Object[]> ops) {
        List<Operation> out = new ArrayList<>();
        for (Object[] op : ops) {
            int i = out.size();
            out.add(new Operation(i, 0, Invocation.of((String) op[0], op[1]), op[1], 10L * i, 10L * i + 5,
                    Map.of("params", List.of("v"))));
        }
        return History.of(out);
    }

    /** The distinct states {@code model} passes through on {@code h}, one operation after another. */
    private static Set<TlaStates> statesMet(TlaModel model, History h) {
        Set<TlaStates> met = new HashSet<>();
        TlaStates at = model.init();
        met.add(at);
        for (Operation op : h.operations()) {
            Operation prepared = model.prepare(op);
            at = model.step(at, prepared.input(), prepared.output());
            assertNotNull(at, op.toString());
            met.add(at);
        }
        return met;
    }

    @Test
    void statesMetAgainByOtherRoutesAreEqual() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of());
        List<Object[]> ops = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (long v = 1; v <= 3000; v++) {
                ops.add(new Object[]{"Write", v});
                ops.add(new Object[]{"Read", v});
            }
        }
        TlaModel model = spec.model(false);
        assertEquals(Verdict.LINEARIZABLE, Checker.check(sequential(ops), model,
                CheckOptions.defaults().withCoreTimeout(null)).verdict());
        assertEquals(12_000, model.evaluations());
        // the initial 0 and the values 1 … 3000, each met twice
        assertEquals(3001, statesMet(spec.model(false), sequential(ops)).size());
    }

    @Test
    void equalSequencesOfDifferentValueObjectsAreOneState() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("queue/Queue.tla"), null, Map.of());
        // a Long and an Integer of the same value are different trace values, so different TLC objects
        History h = sequential(List.of(new Object[]{"Enq", 1_000_000L}, new Object[]{"Enq", 7L},
                new Object[]{"Deq", 1_000_000L}, new Object[]{"Deq", 7L}, new Object[]{"Enq", 1_000_000},
                new Object[]{"Enq", 7}, new Object[]{"Deq", 1_000_000}, new Object[]{"Enq", 1_000_000L}));
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, spec.model(false),
                CheckOptions.defaults().withCoreTimeout(null)).verdict());
        // <<>>, <<M>>, <<M, 7>>, <<7>>, then the same four again, then <<7, M>>
        assertEquals(5, statesMet(spec.model(false), h).size());
    }

    /**
     * A fingerprint says nothing about equality: two different states given the same one are unequal, and a set of
     * states keeps both (and one copy of a state met twice).
     */
    @Test
    void aFingerprintCollisionNeverMakesTwoStatesEqual() {
        TlaSpec spec = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of());
        List<TlaStates> met = new ArrayList<>(statesMet(spec.model(false),
                sequential(List.of(new Object[]{"Write", 1L}, new Object[]{"Write", 2L}))));
        assertEquals(3, met.size());
        TlaState a = met.get(0).states[0];
        TlaState b = met.get(1).states[0];
        assertNotEquals(a, b);
        TlaState a2 = new TlaState(a.tlc, 42, null, spec);
        TlaState b2 = new TlaState(b.tlc, 42, null, spec);
        TlaState again = new TlaState(a.tlc, 42, null, spec);
        assertEquals(a2.hashCode(), b2.hashCode());
        assertNotEquals(a2, b2);
        assertEquals(a2, again);
        TlaStates both = TlaStates.of(List.of(a2, b2, again));
        assertEquals(2, both.size());
        assertNotEquals(a2.alone(), both);
        assertEquals(TlaStates.of(List.of(again, b2)), both);
    }

    /**
     * States are hashed by their variables' values, not by TLC's fingerprint: values TLC takes as equal in other
     * representations (a tuple, a function on 1..n made by a constructor, by :> and @@, or lazily; a record and a
     * function on strings) must still be one state, and unequal values that share parts must stay apart. A
     * second variable that no step changes keeps its hash from the parent state.
     */
    @Test
    void equalValuesInOtherRepresentationsAreOneState() throws Exception {
        Path tla = dir.resolve("Reps.tla");
        Files.writeString(tla, """
                ---- MODULE Reps ----
                EXTENDS Integers, Sequences, TLC
                VARIABLES x, y
                Init == x = <<1, 2>> /\\ y = [k \\in 1..40 |-> k]
                AsTuple(v) == x' = <<1, 2>> /\\ UNCHANGED y
                AsFunction(v) == x' = [i \\in 1..2 |-> i] /\\ UNCHANGED y
                AsPairs(v) == x' = (2 :> 2 @@ 1 :> 1) /\\ UNCHANGED y
                AsLazy(v) == x' = [i \\in {1, 2} |-> i] /\\ UNCHANGED y
                AsRecord(v) == x' = [a |-> 1, b |-> 2] /\\ UNCHANGED y
                AsStringFunction(v) == x' = ("b" :> 2 @@ "a" :> 1) /\\ UNCHANGED y
                Swapped(v) == x' = <<2, 1>> /\\ UNCHANGED y
                Longer(v) == x' = <<1, 2, 3>> /\\ UNCHANGED y
                Next == \\E v \\in {0} : AsTuple(v)
                ====
                """);
        List<Object[]> ops = new ArrayList<>();
        for (String a : List.of("AsFunction", "AsPairs", "AsLazy", "AsTuple", "AsRecord", "AsStringFunction",
                "AsRecord", "Swapped", "Longer", "AsLazy")) {
            ops.add(new Object[]{a, 0L});
        }
        TlaSpec spec = TlaSpec.load(tla, null, Map.of());
        assertEquals(Verdict.LINEARIZABLE, Checker.check(sequential(ops), spec.model(false),
                CheckOptions.defaults().withCoreTimeout(null)).verdict());
        // <<1, 2>> in four representations; the record in two; <<2, 1>>; <<1, 2, 3>>
        assertEquals(4, statesMet(spec.model(false), sequential(ops)).size());
    }
}
