package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code AriadnePartition} checked, not trusted: a spec that breaks the promise (a Put of key "a" also writes "b")
 * gets the whole spec's verdict, a spec proven a product over the key keeps its per-key check, and random traces
 * get the verdict of dfs on the whole history.
 */
class PartitionCheckTest {
    private static final CheckOptions OPTIONS = CheckOptions.defaults().withCoreTimeout(null);
    /** Breaks the promise: Put of key "a" writes "b" too. */
    private static TlaSpec leaky;
    /** Keeps it, written with EXCEPT; each key starts at 0. */
    private static TlaSpec product;
    private static TlaSpec kv;

    @BeforeAll
    static void load(@TempDir Path dir) throws Exception {
        leaky = TlaSpec.load(write(dir, "Leaky", "VARIABLE store\nAriadnePartition == \"k\"\n"
                + "Init == store = [k \\in {\"a\", \"b\"} |-> 0]\n"
                + "Put(k, v) == store' = IF k = \"a\" THEN [store EXCEPT ![\"a\"] = v, ![\"b\"] = v]\n"
                + "                                   ELSE [store EXCEPT ![k] = v]\n"
                + "Get(k, v) == v = store[k] /\\ UNCHANGED store"), null, Map.of());
        product = TlaSpec.load(write(dir, "Product", "VARIABLES store, puts\nAriadnePartition == \"k\"\n"
                + "Keys == {\"a\", \"b\"}\n"
                + "Init == store = [k \\in Keys |-> 0] /\\ puts = [k \\in Keys |-> 0]\n"
                + "Bump(k, x) == [x EXCEPT ![k] = @ + 1]\n"
                + "Put(k, v) == /\\ store' = [store EXCEPT ![k] = v]\n"
                + "             /\\ puts' = Bump(k, puts)\n"
                + "Get(k, v) == LET now == store[k] IN v = now /\\ UNCHANGED <<store, puts>>"), null, Map.of());
        kv = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("kv/KeyValue.tla"), null, Map.of());
    }

    private static Path write(Path dir, String name, String body) throws Exception {
        Path p = dir.resolve(name + ".tla");
        Files.writeString(p, "---- MODULE " + name + " ----\nEXTENDS Integers, Sequences, FiniteSets, TLC\n" + body
                + "\n====\n");
        return p;
    }

    private static Operation op(int id, int client, String f, Object k, Object v, long call, long ret) {
        return new Operation(id, client, Invocation.of(f, List.of(k, v)), ret == Operation.PENDING
                ? Operation.UNKNOWN : null, call, ret, Map.of("params", List.of("k", "v")));
    }

    private static Result checked(TlaSpec spec, History h) {
        TlaModel model = spec.model();
        return PartitionCheck.check(model, model.withBegins(h), OPTIONS, (x, m, o) -> Checker.check(x, m, o));
    }

    private static String notes(Result r) {
        StringBuilder s = new StringBuilder();
        for (PartitionResult p : r.partitions()) {
            s.append(p.note()).append('\n');
        }
        return s.toString();
    }

    @Test
    void partsThatAreLinearizableAloneButNotTogetherAreNotLinearizable() {
        // Put(a, 1) also writes b: the Get of b that follows cannot read 0.
        History h = History.of(List.of(op(0, 0, "Put", "a", 1L, 0, 1), op(1, 1, "Get", "b", 0L, 2, 3)));
        Result trusted = Checker.check(h, leaky.model().trustingPartition(), OPTIONS);
        assertEquals(Verdict.LINEARIZABLE, trusted.verdict(), "the parts alone, as the promise would have them");
        Result direct = Checker.check(h, leaky.model(), OPTIONS);
        assertEquals(Verdict.NOT_LINEARIZABLE, direct.verdict(), "the model alone splits only where proven");
        assertEquals(1, direct.partitions().size());
        Result r = checked(leaky, h);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(1, r.partitions().size(), "checked whole");
        assertTrue(notes(r).contains("the independence of AriadnePartition is not proven from the spec (Put gives "
                + "store' a value other than store changed at k only"), notes(r));
        assertTrue(notes(r).contains("the whole spec rejects the parts' merged order at step 2 of 2, so the whole "
                + "history was checked as one part"), notes(r));
    }

    /**
     * The online checker, once degraded, ends with a batch check of the whole history by the model itself: an
     * unproven AriadnePartition must not split it there either (it did, and gave the parts' LINEARIZABLE).
     */
    @Test
    void anOnlineCheckerThatDegradesDoesNotTrustAnUnprovenPartition() {
        dev.ariadne.core.online.OnlineChecker<?> online = dev.ariadne.core.online.OnlineChecker
                .of(leaky.model(), OPTIONS).workBudget(0, 0);
        for (int c = 2; c < 10; c++) { // open writes of b: more work than the budget at the first return
            online.call(c, Invocation.of("Put", List.of("b", 0L)), c, Map.of("params", List.of("k", "v")));
        }
        for (int c = 2; c < 10; c++) {
            online.ret(c, null, 10 + c, -1);
        }
        online.call(0, Invocation.of("Put", List.of("a", 1L)), 20, Map.of("params", List.of("k", "v")));
        online.ret(0, null, 21, -1);
        online.call(1, Invocation.of("Get", List.of("b", 0L)), 30, Map.of("params", List.of("k", "v")));
        online.ret(1, null, 31, -1);
        Result r = online.finish();
        assertTrue(online.degraded() != null, "the budget of 0 steps degrades it");
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), String.valueOf(r.reason()));
        assertEquals(1, r.partitions().size(), "checked whole");
    }

    @Test
    void aPartThatIsNotLinearizableAloneIsNoEvidenceWithoutTheProof() {
        // Get(b, 1) after Put(a, 1): wrong for the part of b alone, right for the spec.
        History h = History.of(List.of(op(0, 0, "Put", "a", 1L, 0, 1), op(1, 1, "Get", "b", 1L, 2, 3)));
        assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(h, leaky.model().trustingPartition(), OPTIONS).verdict(),
                "the parts alone, as the promise would have them");
        assertEquals(Verdict.LINEARIZABLE, Checker.check(h, leaky.model(), OPTIONS).verdict(),
                "the model alone splits only where proven");
        Result r = checked(leaky, h);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertTrue(notes(r).contains("a part is not linearizable on its own, which is evidence only under that "
                + "promise, so the whole history was checked as one part"), notes(r));
    }

    @Test
    void partsWhoseMergedOrderTheWholeSpecAcceptsAreLinearizableByTheSpec() {
        // Put(a, 1) writes b too, but Put(b, 2) comes after it: the merged order is the spec's.
        History h = History.of(List.of(op(0, 0, "Put", "a", 1L, 0, 1), op(1, 1, "Put", "b", 2L, 2, 3),
                op(2, 0, "Get", "a", 1L, 4, 5), op(3, 1, "Get", "b", 2L, 4, 5)));
        Result r = checked(leaky, h);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(2, r.partitions().size(), "decided by the parts");
        assertTrue(notes(r).contains("the parts' orders, merged into one order of the whole history, replay through "
                + "the whole spec (one atomic step per operation): LINEARIZABLE, proven by the spec itself"),
                notes(r));
    }

    @Test
    void aHistoryOfOneKeyIsCheckedAsItIsWithItsCore() {
        History h = History.of(List.of(op(0, 0, "Put", "a", 1L, 0, 1), op(1, 1, "Get", "a", 0L, 2, 3)));
        TlaModel model = leaky.model();
        Result r = PartitionCheck.check(model, model.withBegins(h), CheckOptions.defaults(),
                (x, m, o) -> Checker.check(x, m, o));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(1, r.partitions().size());
        assertNull(r.partitions().get(0).note(), "one part is the whole history: nothing to say");
        assertNotNull(r.partitions().get(0).violation().explanation(), "its minimal failing core");
    }

    @Test
    void aProductSpecIsProvenAndItsPartsAreTrusted() {
        History h = History.of(List.of(op(0, 0, "Put", "a", 1L, 0, 1), op(1, 1, "Get", "b", 1L, 2, 3)));
        TlaModel model = product.model();
        assertNull(PartitionCheck.whyNotProven(model, h));
        Result r = checked(product, h);
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(List.of("k = \"b\""), r.violations().stream().map(PartitionResult::label).toList());
        assertTrue(notes(r).contains("independence proven from the spec"), notes(r));
    }

    @Test
    void theProofFollowsQuantifiersBranchesAndPathsBelowTheKey(@TempDir Path dir) throws Exception {
        try (TlaSpec accounts = TlaSpec.load(write(dir, "Accounts", "VARIABLES acct, log\nAriadnePartition == \"k\"\n"
                + "Init == acct = [k \\in {\"a\", \"b\"} |-> [bal |-> 0, n |-> 0]]\n"
                + "        /\\ log = [k \\in {\"a\", \"b\"} |-> <<>>]\n"
                + "Deposit(k, d) == \\E x \\in {d} : /\\ acct' = [acct EXCEPT ![k].bal = @ + x, ![k].n = @ + 1]\n"
                + "                                   /\\ log' = [log EXCEPT ![k] = Append(@, x)]\n"
                + "Read(k, b) == IF acct[k].bal > 10 THEN b = acct[k].bal /\\ UNCHANGED <<acct, log>>\n"
                + "              ELSE b = acct[k].bal /\\ UNCHANGED acct /\\ UNCHANGED log"), null, Map.of())) {
            TlaModel model = accounts.model();
            History h = History.of(List.of(
                    new Operation(0, 0, Invocation.of("Deposit", List.of("a", 5L)), null, 0, 1,
                            Map.of("params", List.of("k", "d"))),
                    new Operation(1, 1, Invocation.of("Read", List.of("b", 5L)), null, 2, 3,
                            Map.of("params", List.of("k", "b")))));
            assertNull(PartitionCheck.whyNotProven(model, h));
            Result r = checked(accounts, h);
            assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict(), "b's balance is 0");
            assertEquals(List.of("k = \"b\""), r.violations().stream().map(PartitionResult::label).toList());
        }
    }

    @Test
    void theExampleKeyValueIsProvenAndKeepsItsVerdicts() throws Exception {
        Path dir = ExamplesTest.EXAMPLES.resolve("kv");
        for (String name : List.of("kv-pass.json", "kv-fail.json")) {
            History h = HistoryReaders.read(dir.resolve(name), Format.OMNILINK);
            assertNull(PartitionCheck.whyNotProven(kv.model(), h), name);
            Result r = checked(kv, h);
            assertEquals(name.contains("pass") ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, r.verdict(), name);
            assertTrue(r.partitions().size() > 1, name);
            assertTrue(notes(r).contains("independence proven from the spec"), notes(r));
        }
    }

    @Test
    void whatTheProofDoesNotFollowIsNotProven() throws Exception {
        Path dir = Files.createTempDirectory("partition-proof");
        try {
            Map<String, String> specs = Map.of(
                    "Counted", "VARIABLES store, n\nAriadnePartition == \"k\"\n"
                            + "Init == store = [k \\in {1} |-> 0] /\\ n = 0\n"
                            + "Put(k, v) == store' = [store EXCEPT ![k] = v] /\\ n' = n + 1\n"
                            + "Get(k, v) == v = n /\\ UNCHANGED <<store, n>>",
                    "Domain", "VARIABLE store\nAriadnePartition == \"k\"\nInit == store = [k \\in {} |-> 0]\n"
                            + "Put(k, v) == store' = (k :> Cardinality(DOMAIN store)) @@ store\n"
                            + "Get(k, v) == v = store[k] /\\ UNCHANGED store",
                    "Registers", "VARIABLE store\nAriadnePartition == \"k\"\nInit == store = [k \\in {} |-> 0]\n"
                            + "Put(k, v) == TLCSet(1, v) /\\ store' = (k :> v) @@ store\n"
                            + "Get(k, v) == v = TLCGet(1) /\\ UNCHANGED store",
                    "Other", "VARIABLE store\nAriadnePartition == \"k\"\nInit == store = [k \\in {1, 2} |-> 0]\n"
                            + "Put(k, v) == store' = [store EXCEPT ![3 - k] = v]\n"
                            + "Get(k, v) == v = store[k] /\\ UNCHANGED store");
            Map<String, String> why = Map.of(
                    "Counted", "Put gives n' a value other than n changed at k only",
                    "Domain", "Put reads store other than as store[k] or k \\in DOMAIN store (line 6)",
                    "Registers", "Put uses TLCSet, which TLC computes in Java outside the spec (line 6)",
                    "Other", "Put changes store at another place than store[k] (line 6)");
            for (Map.Entry<String, String> s : specs.entrySet()) {
                try (TlaSpec loaded = TlaSpec.load(write(dir, s.getKey(), s.getValue()), null, Map.of())) {
                    History h = History.of(List.of(op(0, 0, "Put", 1L, 1L, 0, 1), op(1, 1, "Get", 2L, 0L, 2, 3)));
                    String reason = PartitionCheck.whyNotProven(loaded.model(), h);
                    assertNotNull(reason, s.getKey());
                    assertTrue(reason.contains(why.get(s.getKey())), s.getKey() + ": " + reason);
                }
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /**
     * Traces that {@code ariadne generate --tla-example kv} writes (small, seeded, half with an injected violation,
     * some crashed operations): the checked verdict is dfs's on the whole history, for the example (proven) and for
     * the same spec with a Put and a Val the proof does not follow (merged and replayed, or checked whole).
     */
    @Test
    void generatedKvTracesGetTheVerdictOfDfsOnTheWholeHistory(@TempDir Path dir) throws Exception {
        Path opaque = dir.resolve("KeyValueOpaque.tla");
        Files.writeString(opaque, Files.readString(ExamplesTest.EXAMPLES.resolve("kv/KeyValue.tla"))
                .replace("MODULE KeyValue", "MODULE KeyValueOpaque")
                .replace("Put(k, v) == store' = (k :> v) @@ store",
                        "Put(k, v) == store' = [i \\in DOMAIN store \\cup {k} |-> IF i = k THEN v ELSE store[i]]")
                .replace("Val(k) == IF k \\in DOMAIN store THEN store[k] ELSE \"\"",
                        "Val(k) == [i \\in DOMAIN store \\cup {k} |-> IF i \\in DOMAIN store THEN store[i] "
                                + "ELSE \"\"][k]"));
        try (TlaSpec unproven = TlaSpec.load(opaque, null, Map.of())) {
            int[] verdicts = new int[3];
            for (long seed = 1; seed <= 200; seed++) {
                boolean violation = seed % 2 == 1;
                dev.ariadne.workloads.Workloads.Spec s = new dev.ariadne.workloads.Workloads.Spec(
                        dev.ariadne.workloads.TlaTraces.modelOf("kv"), 3, 12,
                        dev.ariadne.workloads.Workloads.Overlap.values()[(int) (seed / 2 % 3)], seed % 4 < 2,
                        violation ? 0 : (int) (seed % 3), seed, violation);
                History h = dev.ariadne.workloads.TlaTraces.convert("kv", dev.ariadne.workloads.Workloads.generate(s));
                for (TlaSpec spec : List.of(kv, unproven)) {
                    TlaModel model = spec.model();
                    assertEquals(spec == kv, PartitionCheck.whyNotProven(model, h) == null);
                    Verdict whole = Checker.check(model.withBegins(h), model, OPTIONS.withPartition(false)
                            .withEngine(Engine.DFS)).verdict();
                    assertEquals(whole, checked(spec, h).verdict(), spec.fileName() + " " + s);
                    verdicts[whole.ordinal()]++;
                }
            }
            assertTrue(verdicts[Verdict.LINEARIZABLE.ordinal()] >= 150
                    && verdicts[Verdict.NOT_LINEARIZABLE.ordinal()] >= 150, java.util.Arrays.toString(verdicts));
        }
    }

    /**
     * Random traces of Put/Get on keys a and b, some crashed, each made by running one of the two specs (Put of "a"
     * writing "b" too, or not) at random points of the operations' intervals, with some Gets' values changed: the
     * checked verdict is dfs's on the whole history, for both specs.
     */
    @Test
    void randomTracesGetTheVerdictOfDfsOnTheWholeHistory() {
        int[] verdicts = new int[3];
        for (long seed = 1; seed <= 300; seed++) {
            History h = randomTrace(new Random(seed), seed % 2 == 0);
            for (TlaSpec spec : List.of(leaky, product)) {
                TlaModel model = spec.model();
                Verdict whole = Checker.check(model.withBegins(h), model, OPTIONS.withPartition(false)
                        .withEngine(Engine.DFS)).verdict();
                Verdict checked = checked(spec, h).verdict();
                assertEquals(whole, checked, "seed " + seed + " " + spec.fileName() + ": " + h.operations());
                verdicts[whole.ordinal()]++;
            }
        }
        assertTrue(verdicts[Verdict.LINEARIZABLE.ordinal()] > 150 && verdicts[Verdict.NOT_LINEARIZABLE.ordinal()] > 150,
                "both verdicts are met: " + java.util.Arrays.toString(verdicts));
    }

    private static History randomTrace(Random random, boolean leaks) {
        record Planned(Operation op, long point) {
        }
        List<Planned> plan = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            long t = random.nextInt(4);
            int n = 2 + random.nextInt(3);
            for (int i = 0; i < n; i++) {
                long call = t;
                long ret = call + random.nextInt(6);
                boolean crashed = i == n - 1 && random.nextInt(6) == 0;
                String key = random.nextBoolean() ? "a" : "b";
                boolean put = random.nextInt(3) == 0;
                long value = put ? 1 + random.nextInt(2) : 0;
                long point = call + random.nextInt((int) (ret - call) + 1);
                plan.add(new Planned(op(0, c, put ? "Put" : "Get", key, value, call,
                        crashed ? Operation.PENDING : ret), crashed && random.nextBoolean() ? -1 : point));
                t = ret + 1 + random.nextInt(3);
            }
        }
        // Run the spec at the points (a crashed operation without one never takes effect); Gets read what it has.
        plan.sort(java.util.Comparator.comparingLong(Planned::point));
        Map<String, Long> store = new java.util.HashMap<>(Map.of("a", 0L, "b", 0L));
        List<Operation> ops = new ArrayList<>();
        for (Planned p : plan) {
            Invocation inv = (Invocation) p.op().input();
            String key = (String) ((List<?>) inv.value()).get(0);
            long value = (Long) ((List<?>) inv.value()).get(1);
            if (p.point() >= 0 && inv.f().equals("Put")) {
                store.put(key, value);
                if (leaks && key.equals("a")) {
                    store.put("b", value);
                }
            }
            if (inv.f().equals("Get")) {
                value = random.nextInt(5) == 0 ? random.nextInt(3) : store.get(key);
            }
            Operation o = p.op();
            ops.add(op(0, o.client(), inv.f(), key, value, o.call(), o.ret()));
        }
        ops.sort(java.util.Comparator.comparingLong(Operation::call));
        List<Operation> numbered = new ArrayList<>(ops.size());
        for (int i = 0; i < ops.size(); i++) {
            numbered.add(ops.get(i).withId(i));
        }
        return History.of(numbered);
    }
}
