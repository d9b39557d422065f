package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;
import dev.ariadne.core.model.StateKeys;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * dfs keeps a TLA+ configuration as its key ({@link TlaModel#key}): states with equal keys are equal, a state met
 * again in the same representation has the same key, and on seeded traces of both semantics dfs gives the same
 * verdicts and explores the same configurations as with the states kept as objects.
 */
class StateKeysTest {
    @TempDir
    Path dir;

    private static TlaSpec batch;
    private static TlaSpec bulk;

    @BeforeAll
    static void load() {
        batch = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("batch-queue/BatchQueue.tla"), null, Map.of());
        bulk = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("bulk-queue/BulkQueue.tla"), null, Map.of());
    }

    @AfterAll
    static void close() {
        batch.close();
        bulk.close();
    }

    private static long[] key(TlaModel model, TlaStates states) {
        long[] into = new long[4];
        int end;
        while ((end = model.key(states, into, 0)) == StateKeys.NO_ROOM) {
            into = new long[into.length * 2];
        }
        return end < 0 ? null : Arrays.copyOf(into, end);
    }

    /** The model with its keys hidden: dfs then keeps its states as objects, as before keys. */
    private static Model<TlaStates> withoutKeys(TlaModel m) {
        return new Model<>() {
            @Override
            public String name() {
                return m.name();
            }

            @Override
            public TlaStates init() {
                return m.init();
            }

            @Override
            public TlaStates step(TlaStates state, Object input, Object output) {
                return m.step(state, input, output);
            }

            @Override
            public Operation prepare(Operation operation) {
                return m.prepare(operation);
            }

            @Override
            public List<Partition> partition(List<Operation> operations) {
                return m.partition(operations);
            }

            @Override
            public boolean isReadOnly(Object input, Object output) {
                return m.isReadOnly(input, output);
            }

            @Override
            public boolean onlyWidens(Object input, Object output) {
                return m.onlyWidens(input, output);
            }

            @Override
            public boolean forgetsOutputs() {
                return m.forgetsOutputs();
            }

            @Override
            public String describeState(TlaStates state) {
                return m.describeState(state);
            }

            @Override
            public String describeOperation(Object input, Object output) {
                return m.describeOperation(input, output);
            }
        };
    }

    private static long configurations(Result r) {
        long n = 0;
        for (PartitionResult p : r.partitions()) {
            n += p.statistics().configurations();
        }
        return n;
    }

    @Test
    void dfsExploresTheSameConfigurationsWithKeysAsWithStates() {
        int[] verdicts = new int[2];
        for (long seed = 1; seed <= 60; seed++) {
            History h = seed % 3 == 0 ? OmniLinkSemanticsTest.bulkTrace(seed)
                    : OmniLinkSemanticsTest.batchTrace(seed, 3, 4);
            TlaSpec spec = seed % 3 == 0 ? bulk : batch;
            for (Semantics semantics : Semantics.values()) {
                TlaModel model = spec.model(semantics);
                History with = model.withBegins(h);
                CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(Engine.DFS);
                Result keyed = Checker.check(with, model, options);
                Result objects = Checker.check(with, withoutKeys(spec.model(semantics)), options);
                String what = "seed " + seed + ", " + semantics;
                assertEquals(objects.verdict(), keyed.verdict(), what);
                assertEquals(configurations(objects), configurations(keyed), what);
                verdicts[keyed.isLinearizable() ? 0 : 1]++;
            }
        }
        // both verdicts are among them
        assertTrue(verdicts[0] > 10 && verdicts[1] > 10, Arrays.toString(verdicts));
    }

    /**
     * Values of every kind the key writes (tuples, records, sets, functions on integers and on strings, strings,
     * booleans, integers small and large), and the same values in other representations: wherever two states'
     * keys are equal the states are equal, a state met again in the same representation has the same key, and
     * states that differ have different keys.
     */
    @Test
    void equalKeysAreEqualStates() throws Exception {
        Path tla = dir.resolve("Kinds.tla");
        Files.writeString(tla, """
                ---- MODULE Kinds ----
                EXTENDS Integers, Sequences, TLC
                VARIABLES x, y
                Init == x = <<1, 2>> /\\ y = [k \\in 1..3 |-> k]
                AsTuple(v) == x' = <<1, 2>> /\\ UNCHANGED y
                AsFunction(v) == x' = [i \\in 1..2 |-> i] /\\ UNCHANGED y
                AsPairs(v) == x' = (2 :> 2 @@ 1 :> 1) /\\ UNCHANGED y
                AsRecord(v) == x' = [a |-> 1, b |-> 2] /\\ UNCHANGED y
                AsStringFunction(v) == x' = ("b" :> 2 @@ "a" :> 1) /\\ UNCHANGED y
                AsSet(v) == x' = {3, 1, 2} /\\ UNCHANGED y
                AsOtherSet(v) == x' = {1, 2, 3} /\\ UNCHANGED y
                Big(v) == x' = <<v, 2000000000, -2000000000, -1>> /\\ UNCHANGED y
                Strings(v) == x' = <<"a", "b", TRUE, FALSE>> /\\ UNCHANGED y
                Put(v) == y' = [y EXCEPT ![2] = v] /\\ UNCHANGED x
                ====
                """);
        TlaSpec spec = TlaSpec.load(tla, null, Map.of());
        try {
            TlaModel model = spec.model(false);
            List<String> actions = List.of("AsTuple", "AsFunction", "AsPairs", "AsRecord", "AsStringFunction",
                    "AsSet", "AsOtherSet", "Big", "Strings", "Put", "AsTuple", "AsRecord", "AsSet", "Big", "Put");
            List<TlaStates> met = new ArrayList<>();
            TlaStates at = model.init();
            met.add(at);
            long value = 0;
            for (String a : actions) {
                value = a.equals("Put") || a.equals("Big") ? value + 1 : value;
                Operation op = model.prepare(new Operation(met.size(), 0, Invocation.of(a, value), value, 0, 1,
                        Map.of("params", List.of("v"))));
                at = model.step(at, op.input(), op.output());
                met.add(at);
            }
            int keyed = 0;
            for (TlaStates a : met) {
                long[] ka = key(model, a);
                if (ka != null) {
                    keyed++;
                }
                for (TlaStates b : met) {
                    long[] kb = key(model, b);
                    if (ka != null && kb != null && Arrays.equals(ka, kb)) {
                        assertEquals(a, b);
                    }
                    if (!a.equals(b)) {
                        assertTrue(ka == null || kb == null || !Arrays.equals(ka, kb));
                    }
                }
            }
            assertEquals(met.size(), keyed, "every state here has a key");
            // the same representation met again: the same key (AsTuple after Put; Put's state again after Big)
            assertEquals(Arrays.toString(key(model, met.get(1))), Arrays.toString(key(model, model.init())));
        } finally {
            spec.close();
        }
    }
    /**
     * A state larger than {@link TlaSpec#MAX_KEY_UNITS} has no key and is kept as an object (a key copies the whole
     * state into each configuration, where objects share it: the WiredTiger-shaped store trace ran out of memory),
     * while the same spec's small states keep theirs; dfs decides alike either way.
     */
    @Test
    void aLargeStateIsKeptAsAnObject() throws Exception {
        Path tla = dir.resolve("Grow.tla");
        Files.writeString(tla, """
                ---- MODULE Grow ----
                EXTENDS Integers, Sequences
                VARIABLES s
                Init == s = <<>>
                Add(n) == s' = s \\o [i \\in 1..n |-> i]
                ====
                """);
        TlaSpec spec = TlaSpec.load(tla, null, Map.of());
        try {
            TlaModel model = spec.model(false);
            TlaStates small = model.step(model.init(), prepared(model, 1, 10).input(), 10L);
            assertTrue(key(model, small) != null, "a state of 10 values has a key");
            TlaStates large = model.step(small, prepared(model, 2, 1_000).input(), 1_000L);
            assertTrue(large != null && model.describeState(large).contains("1000"), "1,010 values");
            assertTrue(key(model, large) == null, "a state of more values than a key may hold has none");
        } finally {
            spec.close();
        }
    }

    private static Operation prepared(TlaModel model, int id, long n) {
        return model.prepare(new Operation(id, 0, Invocation.of("Add", n), n, 0, 1, Map.of("params", List.of("n"))));
    }
}
