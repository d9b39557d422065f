package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What export-tla writes: the configuration carried over, values as TLA+ literals, and what it refuses. */
class TlaExportTest {
    private static final List<String> JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

    @TempDir
    Path dir;

    /** A register with a constant start value and a ghost step counter that the VIEW leaves out. */
    private Path countedSpec() throws Exception {
        Path spec = dir.resolve("Counted.tla");
        Files.writeString(spec, """
                ---- MODULE Counted ----
                EXTENDS Naturals
                CONSTANT Start
                VARIABLES x, steps
                Init == x = Start /\\ steps = 0
                Set(v) == x' = v /\\ steps' = steps + 1
                Get(v) == v = x /\\ UNCHANGED <<x, steps>>
                State == x
                ====
                """);
        Files.writeString(dir.resolve("Counted.cfg"), """
                \\* the start value, and states that differ only in the counter are the same
                CONSTANT Start = 1
                VIEW State
                """);
        return spec;
    }

    /**
     * --const takes any TLA+ value (issue 25: "--const NoValue=-1" failed, TLC's configuration syntax has no negative
     * numbers): values the configuration cannot hold become definitions, for the check and for the exported module.
     */
    @Test
    void constantsTakeAnyTlaValueNegativeNumbersAndTuplesIncluded() throws Exception {
        Path specFile = dir.resolve("Neg.tla");
        Files.writeString(specFile, """
                ---- MODULE Neg ----
                EXTENDS Integers
                CONSTANTS NoValue, Pair, Name
                VARIABLE x
                Init == x = NoValue
                Get(v) == x = v /\\ UNCHANGED x
                IsPair(v) == v = Pair[1] + Pair[2] /\\ UNCHANGED x
                ====
                """);
        Map<String, String> constants = new LinkedHashMap<>();
        constants.put("NoValue", "-1");
        constants.put("Pair", "<<1, -2>>");
        constants.put("Name", "\"n\"");
        History pass = History.of(List.of(op(0, 0, "Get", -1, 0, 1), op(1, 0, "IsPair", -1, 2, 3)));
        History fail = History.of(List.of(op(0, 0, "Get", 1, 0, 1)));
        try (TlaSpec spec = TlaSpec.load(specFile, null, constants)) {
            assertEquals(Verdict.LINEARIZABLE, Checker.check(pass, spec.model(),
                    CheckOptions.defaults().withCoreTimeout(null)).verdict());
            assertEquals(Verdict.NOT_LINEARIZABLE, Checker.check(fail, spec.model(),
                    CheckOptions.defaults().withCoreTimeout(null))
                    .verdict());
            TlaExport.Written w = TlaExport.write(spec, null, constants, pass, "neg", dir.resolve("out"));
            assertTrue(Files.readString(w.cfg()).contains("NoValue <- AriadneConst_NoValue"));
            assertTrue(Files.readString(w.cfg()).contains("Name = \"n\""), "a value the cfg holds stays as it is");
            assertEquals(Verdict.LINEARIZABLE, StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT, JVM).verdict());
        }
        assertTrue(Files.readString(specFile).startsWith("---- MODULE Neg"), "the user's spec is not changed");
    }

    private static Operation op(int id, int client, String f, long v, long call, long ret) {
        return new Operation(id, client, Invocation.of(f, v), v, call, ret, Map.of("params", List.of("v")));
    }

    @Test
    void constantsAndViewOfTheConfigurationAndTheCommandLineReachTlc() throws Exception {
        Path specFile = countedSpec();
        // Get(1) overlaps Set(2): linearizable from Start = 1, not from Start = 3 (Get(1) needs x = 1 at some point)
        History h = History.of(List.of(op(0, 0, "Set", 2, 0, 10), op(1, 1, "Get", 1, 5, 6), op(2, 1, "Get", 2, 11, 12)));
        for (Map<String, String> constants : List.of(Map.<String, String>of(), Map.of("Start", "3"))) {
            try (TlaSpec spec = TlaSpec.load(specFile, null, constants)) {
                Verdict ours = Checker.check(h, spec.model(), CheckOptions.defaults().withCoreTimeout(null)).verdict();
                assertEquals(constants.isEmpty() ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, ours);
                Path out = dir.resolve("out" + constants.size());
                TlaExport.Written w = TlaExport.write(spec, null, constants, h, "t.json", out);
                String cfg = Files.readString(w.cfg());
                assertTrue(cfg.contains(constants.isEmpty() ? "Start = 1" : "Start = 3"), cfg);
                assertTrue(Files.readString(w.module()).contains("AriadneView == <<State, ariadneBase"),
                        "the spec's VIEW is part of the module's");
                assertEquals(List.of(out.resolve("Counted.tla")), w.copied());
                StockTlc.Outcome tlc = StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT, JVM);
                assertEquals(ours, tlc.verdict(), tlc.output());
            }
        }
    }

    @Test
    void eachWindowEndsAtTheLastOperationCalledBeforeItsReturn() throws Exception {
        // in call order: #0 [0, 100], #1 [1, 2], #2 [5, 6], #3 [50, 60]; ranks 1..8 of 0, 1, 2, 5, 6, 50, 60, 100
        History h = History.of(List.of(op(0, 0, "Set", 1, 0, 100), op(1, 1, "Get", 1, 1, 2),
                op(2, 1, "Get", 1, 5, 6), op(3, 1, "Get", 1, 50, 60)));
        try (TlaSpec spec = TlaSpec.load(countedSpec(), null, Map.of())) {
            String module = Files.readString(TlaExport.write(spec, null, Map.of(), h, "t", dir.resolve("w")).module());
            assertTrue(module.contains("AriadneCall == <<\n    1, 2, 4, 6>>"), module);
            assertTrue(module.contains("AriadneRet == <<\n    8, 3, 5, 7>>"), module);
            // #1 returned (rank 3) before #2 was called (rank 4): its window ends at #1, though #0's reaches #3
            assertTrue(module.contains("AriadneHi == <<\n    4, 2, 3, 4>>"), module);
        }
    }

    @Test
    void anEmptyTraceIsLinearizableForTlcToo() throws Exception {
        try (TlaSpec spec = TlaSpec.load(countedSpec(), null, Map.of())) {
            TlaExport.Written w = TlaExport.write(spec, null, Map.of(), History.of(List.of()), "empty", dir.resolve("o"));
            assertEquals(0, w.operations());
            assertEquals(Verdict.LINEARIZABLE, StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT, JVM).verdict());
        }
    }

    @Test
    void valuesAreWrittenAsTlaLiterals() {
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("k", 3L);
        record.put("ok", false);
        assertEquals("<<-1, \"a\\\"b\\\\c\\n\", TRUE, {2}, [k |-> 3, ok |-> FALSE]>>",
                TlaExport.literal(List.of(-1L, "a\"b\\c\n", true, Set.of(2L), record)));
        assertThrows(IllegalArgumentException.class, () -> TlaExport.literal("caf\u00e9"), "TLA+ strings are ASCII");
        assertThrows(IllegalArgumentException.class, () -> TlaExport.literal(Map.of("not a name", 1L)));
        assertThrows(IllegalArgumentException.class, () -> TlaExport.literal(1L << 40));
    }

    @Test
    void aValueWithoutLiteralIsNamedWithItsOperation() throws Exception {
        Path spec = dir.resolve("Names.tla");
        Files.writeString(spec, "---- MODULE Names ----\nVARIABLE x\nInit == x = \"\"\nPut(s) == x' = s\n====\n");
        try (TlaSpec loaded = TlaSpec.load(spec, null, Map.of())) {
            Operation put = new Operation(0, 0, Invocation.of("Put", "\u00e9t\u00e9"), "\u00e9t\u00e9", 0, 1,
                    Map.of("params", List.of("s"), "line", 7));
            InvalidOperationException e = assertThrows(InvalidOperationException.class,
                    () -> TlaExport.write(loaded, null, Map.of(), History.of(List.of(put)), "t", dir.resolve("o")));
            assertEquals(0, e.operation().id());
            assertTrue(e.getMessage().contains("Put parameter s") && e.getMessage().contains("U+00E9"),
                    e.getMessage());
        }
    }

    @Test
    void refusesWhatTlcCouldNotCheckAsWritten() throws Exception {
        Path spec = dir.resolve("Spec.tla");
        Files.writeString(spec, "---- MODULE Spec ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = x\n"
                + "Inc == x' = x + 1\nSpec == Init /\\ [][Next]_x\nAriadneN == 7\n====\n");
        Path cfg = dir.resolve("with-spec.cfg");
        Files.writeString(cfg, "SPECIFICATION Spec\n");
        try (TlaSpec loaded = TlaSpec.load(spec, cfg, Map.of())) {
            TlaException e = assertThrows(TlaException.class,
                    () -> TlaExport.write(loaded, cfg, Map.of(), History.of(List.of()), "t", dir.resolve("a")));
            assertTrue(e.getMessage().startsWith(cfg + ": export-tla needs the initial predicate as INIT"),
                    e.getMessage());
        }
        try (TlaSpec loaded = TlaSpec.load(spec, null, Map.of())) {
            TlaException e = assertThrows(TlaException.class,
                    () -> TlaExport.write(loaded, null, Map.of(), History.of(List.of()), "t", dir.resolve("b")));
            assertTrue(e.getMessage().contains("name starting with Ariadne") && e.getMessage().contains("AriadneN"),
                    e.getMessage());
        }
    }
}
