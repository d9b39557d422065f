package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.RelaxedChecker;
import dev.ariadne.core.search.Budget;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reductions of a relaxed check ({@link TrackedRelaxedModel.Plan}: doomed states dropped, the states made one once
 * every core operation is placed; docs/semantics.md, "Doomed states") against {@link RelaxedChecker}, the definition
 * executed without them: on seeded random kv histories (whose puts and appends of one-character values make
 * prefixes, so that puts may rescue), for many sets C of each key, both engines and the reference agree on whether
 * R(C) is linearizable. And kv's hook itself: which states it calls doomed and which operations may rescue them.
 */
class DoomedStatesTest {
    private static final long BASE_SEED = 0xD00D_5EEDL;

    @Test
    void theReducedRelaxedCheckAgreesWithTheReferenceOnRandomKvHistories() {
        Model<?> model = BuiltinModels.byName("kv");
        int compared = 0;
        int notLinearizable = 0;
        for (int i = 0; i < 300; i++) {
            long seed = BASE_SEED + i;
            History history = i % 3 == 0 ? RandomHistories.medium("kv", seed, 3, 10 + (int) (seed % 8), 10)
                    : RandomHistories.small("kv", seed);
            int[] counts = compareAll(model, history, seed, "kv seed " + seed);
            compared += counts[0];
            notLinearizable += counts[1];
        }
        // Enough of both answers that the comparison means something.
        assertTrue(compared >= 3_000, compared + " sets compared");
        assertTrue(notLinearizable >= 300, notLinearizable + " of them not linearizable");
        assertTrue(tracked[0] >= 2_000, "only " + tracked[0] + " checks with doomed states");
    }

    private static <S> int[] compareAll(Model<S> model, History history, long seed, String where) {
        List<Operation> prepared = history.operations().stream().map(model::prepare).toList();
        int compared = 0;
        int failing = 0;
        SplittableRandom r = new SplittableRandom(seed);
        for (Partition part : model.partition(prepared)) {
            List<Operation> ops = part.operations();
            if (RelaxedChecker.maxOpen(ops, model) > 8) {
                continue;
            }
            List<Operation> completed = ops.stream().filter(op -> !op.isPending()).toList();
            int n = completed.size();
            List<Set<Integer>> sets = new ArrayList<>();
            if (n <= 6) {
                for (int mask = 1; mask < 1 << n; mask++) {
                    Set<Integer> c = new HashSet<>();
                    for (int b = 0; b < n; b++) {
                        if ((mask & 1 << b) != 0) {
                            c.add(completed.get(b).id());
                        }
                    }
                    sets.add(c);
                }
            } else {
                for (int k = 0; k < 40; k++) {
                    Set<Integer> c = new HashSet<>();
                    for (Operation op : completed) {
                        if (r.nextInt(4) == 0) {
                            c.add(op.id());
                        }
                    }
                    if (!c.isEmpty()) {
                        sets.add(c);
                    }
                }
            }
            for (Set<Integer> core : sets) {
                boolean expected = RelaxedChecker.isLinearizable(ops, core, model);
                for (Engine engine : List.of(Engine.DFS, Engine.FRONTIER)) {
                    assertEquals(expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE,
                            reduced(model, ops, core, engine), where + " " + part.label() + " C = " + core + " ("
                                    + engine + ")\n" + RandomHistories.show(history));
                }
                compared++;
                failing += expected ? 0 : 1;
            }
        }
        return new int[]{compared, failing};
    }

    /** How many checks the plan tracked (a core get with a known output). */
    private static final int[] tracked = new int[1];

    /** R(core) of {@code ops} checked with the plan's reductions (no others: every operation is in it). */
    private static <S> Verdict reduced(Model<S> model, List<Operation> ops, Set<Integer> core, Engine engine) {
        List<Operation> relaxed = new ArrayList<>();
        for (Operation op : ops) {
            relaxed.add(core.contains(op.id()) || op.isPending() ? op : RelaxedModel.relax(op));
        }
        TrackedRelaxedModel.Plan<S> plan = new TrackedRelaxedModel.Plan<>(model, relaxed);
        Budget budget = Budget.unlimited();
        if (!plan.tracks()) {
            return Checker.verdictOf(new RelaxedModel<>(model, budget, Long.MAX_VALUE).toModel(), relaxed, engine,
                    budget);
        }
        tracked[0]++;
        return Checker.verdictOf(new TrackedRelaxedModel<>(model, budget, Long.MAX_VALUE, plan).toModel(),
                plan.history(), engine, budget);
    }

    @Test
    void aKvGetDoomsTheStatesWhoseValueIsNoPrefixOfWhatItReturned() {
        Model<Object> kv = kvModel();
        Operation get = prepared(kv, "get", "x", null, "ab");
        Predicate<Object> doomed = kv.doomedStates(get.input(), get.output());
        assertNotNull(doomed);
        Object empty = kv.init();
        Object a = step(kv, empty, "append", "x", "a");
        Object ab = step(kv, a, "append", "x", "b");
        Object abc = step(kv, ab, "append", "x", "c");
        Object b = step(kv, empty, "append", "x", "b");
        Object otherKey = step(kv, empty, "append", "y", "zzz");
        assertFalse(doomed.test(empty));
        assertFalse(doomed.test(a));
        assertFalse(doomed.test(ab));
        assertFalse(doomed.test(otherKey), "another key's value does not matter");
        assertTrue(doomed.test(abc), "longer than what the get returned: appends only grow it");
        assertTrue(doomed.test(b), "not a prefix of \"ab\"");
        // Only a put of the key with a prefix of "ab" may rescue; appends, gets and other keys never do.
        assertTrue(kv.mayRescue(get.input(), get.output(), prepared(kv, "put", "x", "a", null).input()));
        assertTrue(kv.mayRescue(get.input(), get.output(), prepared(kv, "put", "x", "", null).input()));
        assertFalse(kv.mayRescue(get.input(), get.output(), prepared(kv, "put", "x", "b", null).input()));
        assertFalse(kv.mayRescue(get.input(), get.output(), prepared(kv, "put", "y", "a", null).input()));
        assertFalse(kv.mayRescue(get.input(), get.output(), prepared(kv, "append", "x", "a", null).input()));
        // Nothing is doomed for a put, an append or a get whose output is unknown.
        Operation put = prepared(kv, "put", "x", "a", null);
        assertNull(kv.doomedStates(put.input(), put.output()));
        assertNull(kv.doomedStates(get.input(), Operation.UNKNOWN));
    }

    @SuppressWarnings("unchecked")
    private static Model<Object> kvModel() {
        return (Model<Object>) BuiltinModels.byName("kv");
    }

    private static Object step(Model<Object> kv, Object state, String f, String key, String value) {
        Operation op = prepared(kv, f, key, value, null);
        return kv.step(state, op.input(), op.output());
    }

    private static Operation prepared(Model<Object> kv, String f, String key, String value, String output) {
        HistoryBuilder b = new HistoryBuilder();
        b.call(0, Invocation.of(f, key, f.equals("get") ? null : value));
        b.ret(0, output);
        return kv.prepare(b.build().operations().get(0));
    }
}
