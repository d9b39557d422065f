package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Partition;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Non-atomic operations (an operation X of the trace is X_Step any number of times, then X_Done) and partitioning
 * by the parameter the module names in AriadnePartition.
 */
class NonAtomicAndPartitionTest {
    @TempDir
    Path dir;

    private static final Path BULK = ExamplesTest.EXAMPLES.resolve("bulk-queue/BulkQueue.tla");
    /** Loaded once: loading a spec (TLC's classes in a loader of their own) costs more than these tests' checks. */
    private static TlaSpec bulk;
    /** Step/Done pairs: one that never ends, one whose halves disagree, one shadowed by an operator of the name. */
    private static TlaSpec pairs;

    @BeforeAll
    static void load(@TempDir Path shared) throws Exception {
        bulk = TlaSpec.load(BULK, null, Map.of());
        Path p = shared.resolve("Pairs.tla");
        Files.writeString(p, "---- MODULE Pairs ----\nEXTENDS Integers, Sequences\nVARIABLE x\nInit == x = 0\n"
                + "Spin_Step(v) == x' = x + 1\nSpin_Done(v) == x = v /\\ UNCHANGED x\n"
                + "W_Step(v) == x' = v\nW_Done(v, w) == UNCHANGED x\n"
                + "Set(v) == x' = v\nSet_Step(v) == FALSE\nSet_Done(v) == FALSE\n====\n");
        pairs = TlaSpec.load(p, null, Map.of());
    }

    private Path spec(String name, String body) throws Exception {
        Path p = dir.resolve(name + ".tla");
        Files.writeString(p, "---- MODULE " + name + " ----\nEXTENDS Integers, Sequences\n" + body + "\n====\n");
        return p;
    }

    private static Operation op(String f, List<String> params, Object value) {
        return new Operation(0, 0, Invocation.of(f, value), value, 0, 1, Map.of("params", params));
    }

    @Test
    void stepsThenDoneReachEveryPrefixOfAFailedBulkEnqueue() {
        TlaModel model = bulk.model(Semantics.ATOMIC);
        List<String> params = List.of("elems", "ok");
        Object failed = model.prepare(op("EnqAll", params, List.of(List.of(3L, 4L, 5L), false))).input();
        TlaStates after = model.step(model.init(), failed, null);
        // 0, 1, 2 or 3 of the elements enqueued; taken is reset by EnqAll_Done in each
        assertEquals("one of 4: /\\ q = <<3, 4, 5>> /\\ taken = <<>> | /\\ q = <<3, 4>> /\\ taken = <<>> | "
                + "/\\ q = <<3>> /\\ taken = <<>> | /\\ q = <<>> /\\ taken = <<>>", model.describeState(after));
        Object succeeded = model.prepare(op("EnqAll", params, List.of(List.of(1L, 2L), true))).input();
        assertEquals("/\\ q = <<1, 2>> /\\ taken = <<>>",
                model.describeState(model.step(model.init(), succeeded, null)));
        assertEquals("EnqAll(elems = [1 2], ok = true)", model.describeOperation(succeeded, null),
                "the operation is shown by its trace name, not as EnqAll_Done");
    }

    @Test
    void theNondeterministicViewTakesTheStepsToo() throws Exception {
        TlaModel model = bulk.model(Semantics.ATOMIC);
        for (String name : List.of("bulk-pass.json", "bulk-fail.json")) {
            History h = HistoryReaders.read(BULK.resolveSibling(name), Format.OMNILINK);
            Verdict expected = name.contains("pass") ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            assertEquals(expected, Checker.check(h, model.nondeterministic(),
                    CheckOptions.defaults().withCoreTimeout(null)).verdict());
            assertEquals(expected, Checker.check(h, bulk.model(Semantics.ATOMIC, false),
                    CheckOptions.defaults().withCoreTimeout(null)).verdict(), "without the memo");
        }
    }

    @Test
    void stepsThatNeverEndAreAnError() {
        TlaModel model = pairs.model(Semantics.ATOMIC);
        Object spin = model.prepare(op("Spin", List.of("v"), 3L)).input();
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> model.step(model.init(), spin, null));
        assertTrue(e.getMessage().contains("Pairs.tla:5:1: Spin_Step reaches more than 10000 states"),
                e.getMessage());
    }

    @Test
    void stepsThatNeverEndAreAnErrorUnderOmniLinkSemanticsToo() {
        TlaModel model = pairs.model();
        History h = History.of(new Operation(0, 0, Invocation.of("Spin", 3L), 3L, 0, 1,
                Map.of("params", List.of("v"), "line", 1)));
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> Checker.check(model.withBegins(h), model, CheckOptions.defaults().withCoreTimeout(null)));
        assertTrue(e.getMessage().contains("Pairs.tla:5:1: the X_Step actions of the operations under way (Spin_Step"
                + " of Spin(v = 3) begins among them) reach more than 10000 states"), e.getMessage());
    }

    @Test
    void stepAndDoneMustTakeTheSameParameters() {
        TlaModel model = pairs.model(Semantics.ATOMIC);
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> model.prepare(op("W", List.of("v"), 1L)));
        assertTrue(e.getMessage().contains("W_Step and W_Done must take the same parameters"), e.getMessage());
        InvalidOperationException unknown = assertThrows(InvalidOperationException.class,
                () -> model.prepare(op("Nothing", List.of("v"), 1L)));
        assertTrue(unknown.getMessage().contains("defines no action Nothing"), unknown.getMessage());
    }

    @Test
    void anActionOfTheTraceNameWinsOverAStepDonePair() {
        TlaModel model = pairs.model(Semantics.ATOMIC);
        TlaStates s = model.step(model.init(), model.prepare(op("Set", List.of("v"), 4L)).input(), null);
        assertEquals("x = 4", model.describeState(s));
    }

    @Test
    void keyValueIsCheckedPerKey() throws Exception {
        Path kv = ExamplesTest.EXAMPLES.resolve("kv/KeyValue.tla");
        TlaSpec spec = TlaSpec.load(kv, null, Map.of());
        assertEquals("k", spec.partitionParameter());
        History h = HistoryReaders.read(kv.resolveSibling("kv-fail.json"), Format.OMNILINK);
        Result r = Checker.check(h, spec.model(), CheckOptions.defaults().withCoreTimeout(null));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.verdict());
        assertEquals(List.of("k = \"x\"", "k = \"y\""), r.partitions().stream().map(PartitionResult::label).toList());
        assertEquals(List.of("k = \"x\""), r.violations().stream().map(PartitionResult::label).toList());
        Result whole = Checker.check(h, spec.model(), CheckOptions.defaults().withCoreTimeout(null)
                .withPartition(false));
        assertEquals(Verdict.NOT_LINEARIZABLE, whole.verdict());
        assertEquals(1, whole.partitions().size());
    }

    @Test
    void anActionWithoutThePartitionParameterKeepsTheHistoryWhole() throws Exception {
        Path p = spec("Mixed", "VARIABLE m\nAriadnePartition == \"k\"\nInit == m = [k \\in {} |-> 0]\n"
                + "Put(k, v) == m' = [i \\in DOMAIN m \\cup {k} |-> IF i = k THEN v ELSE m[i]]\n"
                + "Clear == m' = [k \\in {} |-> 0]");
        // (as the promise has it: this Put is not proven to keep to its key, see PartitionCheck)
        TlaModel model = TlaSpec.load(p, null, Map.of()).model().trustingPartition();
        Operation put = model.prepare(op("Put", List.of("k", "v"), List.of("a", 1L)));
        Operation clear = model.prepare(new Operation(1, 0, Invocation.of("Clear", null), null, 2, 3, Map.of()));
        Operation other = model.prepare(new Operation(2, 1, Invocation.of("Put", List.of("b", 2L)), null, 0, 1,
                Map.of("params", List.of("k", "v"))));
        assertEquals(List.of("k = \"a\"", "k = \"b\""),
                model.partition(List.of(put, other)).stream().map(Partition::label).toList());
        assertEquals(1, model.partition(List.of(put, clear)).size(), "Clear touches every key");
    }

    @Test
    void aPartitionDefinitionThatIsNotAStringIsAnError() throws Exception {
        Path p = spec("BadPartition", "VARIABLE x\nAriadnePartition == 3\nInit == x = 0");
        TlaException e = assertThrows(TlaException.class, () -> TlaSpec.load(p, null, Map.of()));
        assertTrue(e.getMessage().contains("BadPartition.tla:4:1: AriadnePartition must be a string"),
                e.getMessage());
        assertNull(bulk.partitionParameter());
    }
}
