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
        // The representatives (Model.doomedRepresentative) were used in enough of them to be held to the reference.
        assertTrue(forgotten[0] >= 200, "only " + forgotten[0] + " checks made doomed states one");
    }

    /**
     * The representatives against the reference where they matter most: one key, appends of one character that build
     * up values, a few puts that rescue, and gets that return what a sequential run gave or a value it did not, so
     * that many states are doomed for every get still to come and are made one. Each history's sets C hold a get.
     */
    @Test
    void representativesAgreeWithTheReferenceOnAppendHeavyKvHistories() {
        Model<Object> model = kvModel();
        int compared = 0;
        int notLinearizable = 0;
        int before = forgotten[0];
        List<String> reads = List.of("", "a", "b", "ab", "ba", "abc", "bc", "cab", "aa");
        for (int i = 0; i < 400; i++) {
            long seed = BASE_SEED * 31 + i;
            SplittableRandom r = new SplittableRandom(seed);
            HistoryBuilder b = new HistoryBuilder();
            String value = "";
            int n = 6 + r.nextInt(6);
            for (int k = 0; k < n; k++) {
                int kind = r.nextInt(20);
                String c = String.valueOf("abc".charAt(r.nextInt(3)));
                Invocation inv;
                Object out = null;
                if (kind < 9) {
                    inv = Invocation.of("append", "x", c);
                    value += c;
                } else if (kind < 11) {
                    inv = Invocation.of("put", "x", kind == 9 ? "" : c);
                    value = kind == 9 ? "" : c;
                } else {
                    inv = Invocation.of("get", "x", null);
                    out = r.nextInt(3) == 0 ? reads.get(r.nextInt(reads.size())) : value;
                }
                b.call(k, inv);
                b.ret(k, out);
            }
            History history = b.build();
            List<Operation> ops = history.operations().stream().map(model::prepare).toList();
            ops = shuffleReturns(ops, r);
            List<Operation> completed = ops.stream().filter(op -> !op.isPending()).toList();
            for (int k = 0; k < 12; k++) {
                Set<Integer> core = new HashSet<>();
                for (Operation op : completed) {
                    if (r.nextInt(3) == 0) {
                        core.add(op.id());
                    }
                }
                Operation get = completed.get(r.nextInt(completed.size()));
                core.add(get.id());
                boolean expected = RelaxedChecker.isLinearizable(ops, core, model);
                for (Engine engine : List.of(Engine.DFS, Engine.FRONTIER)) {
                    assertEquals(expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE,
                            reduced(model, ops, core, engine), "seed " + seed + " C = " + core + " (" + engine
                                    + ")\n" + ops);
                }
                compared++;
                notLinearizable += expected ? 0 : 1;
            }
        }
        assertTrue(compared >= 4_000, compared + " sets compared");
        assertTrue(notLinearizable >= 400, notLinearizable + " of them not linearizable");
        assertTrue(forgotten[0] - before >= 400, "only " + (forgotten[0] - before) + " checks made doomed states one");
    }

    /**
     * {@code ops} (one per client, each returning right after its call) with their returns moved later by up to
     * three operations' worth, so that they overlap; the order of calls, and the ids, are kept.
     */
    private static List<Operation> shuffleReturns(List<Operation> ops, SplittableRandom r) {
        List<Operation> out = new ArrayList<>(ops.size());
        for (int k = 0; k < ops.size(); k++) {
            Operation op = ops.get(k);
            long call = 10L * k;
            long ret = call + 1 + 10L * r.nextInt(4);
            out.add(new Operation(op.id(), op.client(), op.input(), op.output(), call, ret, op.metadata()));
        }
        return out;
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
    /** How many of them replaced a state by its representative at least once. */
    private static final int[] forgotten = new int[1];

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
        TrackedRelaxedModel<S> m = new TrackedRelaxedModel<>(model, budget, Long.MAX_VALUE, plan);
        Verdict v = Checker.verdictOf(m.toModel(), plan.history(), engine, budget);
        forgotten[0] += m.forgotten() > 0 ? 1 : 0;
        return v;
    }

    /**
     * The reduction is only as good as the model's promise (Model.doomedRepresentative): a kv whose append of "!"
     * is refused while the key holds "q", with a representative that sets the key to "q", breaks it (the append
     * with its unknown output is legal from the state it stands for, not from it), and the reduced check then
     * differs from the reference, as the random comparison above would report. The same model with no
     * representative agrees.
     */
    @Test
    void aRepresentativeThatBreaksItsPromiseMakesTheReducedCheckDisagree() {
        Model<Object> kv = kvModel();
        HistoryBuilder b = new HistoryBuilder();
        b.call(0, Invocation.of("append", "x", "z"));
        b.ret(0, null);
        b.call(0, Invocation.of("append", "x", "!"));
        b.ret(0, null);
        b.call(0, Invocation.of("put", "x", "a"));
        b.ret(0, null);
        b.call(0, Invocation.of("get", "x", null));
        b.ret(0, "a");
        Operation bang = prepared(kv, "append", "x", "!", null);
        Operation holdsQ = prepared(kv, "get", "x", null, "q");
        Operation putQ = prepared(kv, "put", "x", "q", null);
        Model<Object> lying = new GuardedKv(kv, bang, holdsQ, putQ, true);
        Model<Object> honest = new GuardedKv(kv, bang, holdsQ, putQ, false);
        List<Operation> ops = b.build().operations().stream().map(kv::prepare).toList();
        Set<Integer> all = new HashSet<>();
        ops.forEach(op -> all.add(op.id()));
        assertTrue(RelaxedChecker.isLinearizable(ops, all, lying), "z, !, put a, get a");
        for (Engine engine : List.of(Engine.DFS, Engine.FRONTIER)) {
            assertEquals(Verdict.LINEARIZABLE, reduced(honest, ops, all, engine));
            assertEquals(Verdict.NOT_LINEARIZABLE, reduced(lying, ops, all, engine), "the lie is used");
        }
    }

    /** kv that refuses to append "!" while the key holds "q"; with {@code lies}, its representative sets "q". */
    private record GuardedKv(Model<Object> kv, Operation bang, Operation holdsQ, Operation putQ, boolean lies)
            implements Model<Object> {
        @Override
        public String name() {
            return "guarded kv";
        }

        @Override
        public Object init() {
            return kv.init();
        }

        @Override
        public Object step(Object state, Object input, Object output) {
            if (input.equals(bang.input()) && kv.step(state, holdsQ.input(), holdsQ.output()) != null) {
                return null;
            }
            return kv.step(state, input, output);
        }

        @Override
        public boolean isReadOnly(Object input) {
            return kv.isReadOnly(input);
        }

        @Override
        public Predicate<Object> doomedStates(Object input, Object output) {
            return kv.doomedStates(input, output);
        }

        @Override
        public boolean mayRescue(Object input, Object output, Object other) {
            return kv.mayRescue(input, output, other);
        }

        @Override
        public Object doomedRepresentative(Object input, Object state) {
            return lies ? kv.step(state, putQ.input(), Operation.UNKNOWN) : null;
        }
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

    /**
     * kv's representative of a store doomed for a get of x: x holds a value no get returns, and the promise's
     * sequences (appends, then a put of x, then anything) step alike from both; other keys are kept.
     */
    @Test
    void aKvRepresentativeForgetsOnlyTheGetsKey() {
        Model<Object> kv = kvModel();
        Operation get = prepared(kv, "get", "x", null, "ab");
        Object zy = step(kv, step(kv, kv.init(), "append", "x", "z"), "append", "y", "1");
        Object r = kv.doomedRepresentative(get.input(), zy);
        assertNotNull(r);
        assertTrue(kv.doomedStates(get.input(), get.output()).test(r));
        Object same = step(kv, step(kv, r, "append", "x", "c"), "put", "x", "a");
        assertEquals(step(kv, step(kv, zy, "append", "x", "c"), "put", "x", "a"), same);
        Operation getY = prepared(kv, "get", "y", null, "1");
        assertNotNull(kv.step(r, getY.input(), getY.output()), "y keeps its value");
        assertNull(kv.doomedRepresentative(prepared(kv, "put", "x", "a", null).input(), zy));
    }

    /**
     * kv's promise behind {@code mayRevealKeepsCompleted}: in seeded random legal sequences of puts, appends and gets
     * (outputs known or not) on two keys, leaving out a put or an append that no later operation may reveal
     * ({@code mayReveal} with the output it stepped with) leaves, with nothing else left out, a legal sequence.
     */
    @Test
    void kvLeavesOutAnUnrevealedWriteAlone() {
        Model<Object> kv = kvModel();
        assertTrue(kv.mayRevealKeepsCompleted());
        List<String> values = List.of("a", "b", "ab", "");
        int dropped = 0;
        int observed = 0;
        for (int i = 0; i < 3_000; i++) {
            SplittableRandom r = new SplittableRandom(BASE_SEED * 7 + i);
            int n = 3 + r.nextInt(8);
            List<Operation> seq = new ArrayList<>();
            Object state = kv.init();
            java.util.Map<String, String> holds = new java.util.HashMap<>();
            for (int k = 0; k < n; k++) {
                String key = r.nextBoolean() ? "x" : "y";
                int kind = r.nextInt(3);
                String value = values.get(r.nextInt(values.size()));
                Operation op = kind == 0 ? prepared(kv, "get", key, null, holds.getOrDefault(key, ""))
                        : prepared(kv, kind == 1 ? "put" : "append", key, value, null);
                if (kind == 1) {
                    holds.put(key, value);
                } else if (kind == 2) {
                    holds.merge(key, value, String::concat);
                }
                Object output = kind == 0 && r.nextInt(4) == 0 ? Operation.UNKNOWN : op.output();
                state = kv.step(state, op.input(), output);
                assertNotNull(state);
                seq.add(op.withInputOutput(op.input(), output));
            }
            for (int j = 0; j < n; j++) {
                Operation o = seq.get(j);
                if (kv.isReadOnly(o.input())) {
                    continue;
                }
                boolean revealed = false;
                for (int k = j + 1; k < n; k++) {
                    revealed |= kv.mayReveal(o.input(), seq.get(k).input(), seq.get(k).output());
                }
                if (revealed) {
                    continue;
                }
                Object s = kv.init();
                for (int k = 0; k < n && s != null; k++) {
                    if (k != j) {
                        s = kv.step(s, seq.get(k).input(), seq.get(k).output());
                        observed += k > j && seq.get(k).outputKnown() && kv.isReadOnly(seq.get(k).input()) ? 1 : 0;
                    }
                }
                assertNotNull(s, "seed " + i + ": without #" + j + " of " + seq);
                dropped++;
            }
        }
        assertTrue(dropped >= 3_000, dropped + " writes left out");
        assertTrue(observed >= 3_000, observed + " gets with known outputs after them");
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
