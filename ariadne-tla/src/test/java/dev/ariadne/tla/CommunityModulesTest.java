package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The CommunityModules and TLC extension modules OmniLink's specs import ({@code Functions}, {@code SequencesExt},
 * {@code FiniteSetsExt}, {@code Folds}, {@code TLCExt}), which Ariadne ships: a spec importing them loads, its
 * operators have their standard values, and stock TLC, given the same modules by export-tla, agrees.
 */
class CommunityModulesTest {
    @TempDir
    Path dir;

    private static final String SPEC = """
            ---- MODULE Community ----
            EXTENDS Integers, Sequences, Functions, SequencesExt, FiniteSetsExt, TLCExt, TLC
            VARIABLE x
            Init == x = 0
            \\* each conjunct an operator's standard value
            Values ==
                /\\ Range(<<1, 2, 2>>) = {1, 2}
                /\\ Restrict([a |-> 1, b |-> 2], {"a"}) = [a |-> 1]
                /\\ IsInjective(<<1, 2>>) /\\ ~IsInjective(<<1, 1>>)
                /\\ FoldFunction(LAMBDA a, b : a + b, 0, <<1, 2, 3>>) = 6
                /\\ SumSet({1, 2, 3}) = 6 /\\ ProductSet({2, 3}) = 6
                /\\ Max({3, 1, 2}) = 3 /\\ Min({3, 1, 2}) = 1
                /\\ Quantify(1..10, LAMBDA n : n % 2 = 0) = 5
                /\\ kSubset(2, {1, 2, 3}) = {{1, 2}, {1, 3}, {2, 3}}
                /\\ ToSet(<<1, 2, 1>>) = {1, 2}
                /\\ ToSet(SetToSeq({4, 5})) = {4, 5} /\\ Len(SetToSeq({4, 5})) = 2
                /\\ SetToSortSeq({3, 1, 2}, LAMBDA a, b : a < b) = <<1, 2, 3>>
                /\\ Reverse(<<1, 2, 3>>) = <<3, 2, 1>>
                /\\ Remove(<<1, 2, 1>>, 1) = <<2>>
                /\\ InsertAt(<<1, 3>>, 2, 2) = <<1, 2, 3>> /\\ RemoveAt(<<1, 2, 3>>, 2) = <<1, 3>>
                /\\ Cons(0, <<1>>) = <<0, 1>> /\\ Front(<<1, 2>>) = <<1>> /\\ Last(<<1, 2>>) = 2
                /\\ IsPrefix(<<1>>, <<1, 2>>) /\\ ~IsPrefix(<<2>>, <<1, 2>>)
                /\\ FoldLeft(LAMBDA a, b : a - b, 10, <<1, 2>>) = 7
                /\\ FoldRight(LAMBDA a, b : a - b, <<1, 2>>, 10) = 9
                /\\ FlattenSeq(<<<<1>>, <<2, 3>>>>) = <<1, 2, 3>>
                /\\ Contains(<<1, 2>>, 2)
                /\\ SeqOf({1}, 2) = {<<>>, <<1>>, <<1, 1>>}
                /\\ TLCCache(x + 1, {}) = x + 1
            Check(v) == Values /\\ x' = v
            Wrong(v) == FoldLeft(LAMBDA a, b : a - b, 10, <<1, 2>>) = 13 /\\ x' = v
            Next == \\E v \\in 0..3 : Check(v)
            ====
            """;

    private static History trace(String op) throws Exception {
        String text = "{\"operation_name\": \"" + op + "\", \"operation\": {\"v\": 1, \"_op_start\": 0, "
                + "\"_op_end\": 1}}\n";
        return HistoryReaders.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), op,
                Format.OMNILINK);
    }

    @Test
    void aSpecImportingThemLoadsAndItsOperatorsHaveTheirStandardValues() throws Exception {
        Path tla = dir.resolve("Community.tla");
        Files.writeString(tla, SPEC);
        try (TlaSpec spec = TlaSpec.load(tla, null, Map.of())) {
            for (String op : List.of("Check", "Wrong")) {
                History h = trace(op);
                TlaModel model = spec.model();
                Verdict ours = Checker.check(h, model, CheckOptions.defaults()).verdict();
                assertEquals(op.equals("Check") ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, ours, op);
                TlaExport.Written w = TlaExport.write(spec, null, Map.of(), h, op,
                        Files.createTempDirectory(dir, "out"));
                StockTlc.Outcome tlc = StockTlc.check(w, ExportAgreesWithTlcTest.LIMIT,
                        List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
                assertEquals(ours, tlc.verdict(), op + ": TLC said\n" + tlc.output());
            }
        }
    }
}
