package dev.ariadne.tla;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Broken specs and operations the spec cannot take give one-line messages with the spec's file and line. */
class SpecErrorsTest {
    @TempDir
    Path dir;

    private Path spec(String name, String body) throws Exception {
        Path p = dir.resolve(name + ".tla");
        Files.writeString(p, "---- MODULE " + name + " ----\nEXTENDS Integers\n" + body + "\n====\n");
        return p;
    }

    @Test
    void parseErrorNamesFileLineAndColumn() throws Exception {
        Path p = spec("Broken", "VARIABLE x\nInit == x = 0\nInc == x' = x + + 1");
        TlaException e = assertThrows(TlaException.class, () -> TlaSpec.load(p, null, Map.of()));
        assertTrue(e.getMessage().startsWith(dir.resolve("Broken.tla").toString() + ":5:"), e.getMessage());
        assertTrue(e.getMessage().contains("parse error"), e.getMessage());
    }

    @Test
    void unknownOperatorNamesItsPlace() throws Exception {
        Path p = spec("Unknown", "VARIABLE x\nInit == x = 0\nSet(v) == x' = y");
        TlaException e = assertThrows(TlaException.class, () -> TlaSpec.load(p, null, Map.of()));
        assertTrue(e.getMessage().startsWith(dir.resolve("Unknown.tla").toString() + ":5:"), e.getMessage());
        assertTrue(e.getMessage().contains("Unknown operator"), e.getMessage());
    }

    @Test
    void missingConstantIsReportedAndConstGivesIt() throws Exception {
        Path p = spec("Bounded", "CONSTANT Max\nVARIABLE x\nInit == x = 0\nInc(v) == x < Max /\\ x' = x + 1 /\\ v = x'");
        TlaException e = assertThrows(TlaException.class, () -> TlaSpec.load(p, null, Map.of()));
        assertTrue(e.getMessage().startsWith(dir.resolve("Bounded.tla").toString() + ""), e.getMessage());
        TlaModel model = TlaSpec.load(p, null, Map.of("Max", "1")).model();
        Object inc = model.prepare(op("Inc", 1L)).input();
        TlaStates one = model.step(model.init(), inc, null);
        assertEquals("x = 1", model.describeState(one));
        assertEquals(null, model.step(one, model.prepare(op("Inc", 2L)).input(), null), "Max = 1 disables Inc");
    }

    @Test
    void cfgBesideTheSpecIsRead() throws Exception {
        Path p = spec("WithCfg", "CONSTANT Start\nVARIABLE x\nInit == x = Start\nGet(v) == v = x /\\ UNCHANGED x");
        Files.writeString(dir.resolve("WithCfg.cfg"), "INIT Init\nCONSTANT Start = 7\n");
        TlaModel model = TlaSpec.load(p, null, Map.of()).model();
        assertTrue(model.step(model.init(), model.prepare(op("Get", 7L)).input(), null) != null);
        assertEquals(null, model.step(model.init(), model.prepare(op("Get", 6L)).input(), null));
    }

    @Test
    void viewMakesStatesWithTheSameViewEqual() throws Exception {
        Path p = spec("Viewed", "VARIABLES x, count\nInit == x = 0 /\\ count = 0\n"
                + "Write(v) == x' = v /\\ count' = count + 1\nRead(v) == v = x /\\ UNCHANGED <<x, count>>\n"
                + "View == x");
        Files.writeString(dir.resolve("Viewed.cfg"), "INIT Init\nVIEW View\n");
        TlaSpec spec = TlaSpec.load(p, null, Map.of());
        assertTrue(spec.hasView());
        TlaModel model = spec.model();
        TlaStates a = model.step(model.init(), model.prepare(op("Write", 1L)).input(), null);
        TlaStates b = model.step(a, model.prepare(op("Write", 1L)).input(), null);
        assertEquals(a, b, "count differs but the view (x) is the same");
    }

    @Test
    void operationsTheSpecCannotTake() throws Exception {
        TlaModel model = TlaSpec.load(ExamplesTest.EXAMPLES.resolve("register/Register.tla"), null, Map.of()).model();
        InvalidOperationException unknown = assertThrows(InvalidOperationException.class,
                () -> model.prepare(op("Wrte", 1L)));
        assertTrue(unknown.getMessage().contains("Register.tla defines no action Wrte"), unknown.getMessage());
        Operation wrongName = new Operation(0, 0, Invocation.of("Write", 1L), 1L, 0, 1,
                Map.of("params", List.of("value")));
        InvalidOperationException param = assertThrows(InvalidOperationException.class,
                () -> model.prepare(wrongName));
        assertTrue(param.getMessage().contains("Register.tla:11:1: Write has no parameter value"),
                param.getMessage());
        InvalidOperationException nil = assertThrows(InvalidOperationException.class,
                () -> model.prepare(op("Write", null)));
        assertTrue(nil.getMessage().contains("nil has no TLA+ value"), nil.getMessage());
        InvalidOperationException big = assertThrows(InvalidOperationException.class,
                () -> model.prepare(op("Write", 1L << 40)));
        assertTrue(big.getMessage().contains("outside TLC's range"), big.getMessage());
    }

    @Test
    void evaluationErrorNamesTheAction() throws Exception {
        Path p = spec("Typed", "VARIABLE x\nInit == x = 0\nSet(v) == x' = v + 1");
        TlaModel model = TlaSpec.load(p, null, Map.of()).model();
        Object set = model.prepare(op("Set", "a")).input();
        InvalidOperationException e = assertThrows(InvalidOperationException.class,
                () -> model.step(model.init(), set, null));
        assertTrue(e.getMessage().startsWith(dir.resolve("Typed.tla").toString() + ":5:1: evaluating Set: "), e.getMessage());
    }

    @Test
    void traceStringsInStatesAreEscaped() throws Exception {
        Path p = spec("Strings", "VARIABLE x\nInit == x = \"\"\nSet(v) == x' = v");
        TlaModel model = TlaSpec.load(p, null, Map.of()).model();
        TlaStates s = model.step(model.init(), model.prepare(op("Set", "red\u001b[31m")).input(), null);
        String shown = model.describeState(s);
        assertEquals("x = \"red\\u001b[31m\"", shown);
        assertEquals("Set(v = \"red\\u001b[31m\")", model.describeOperation(model.prepare(op("Set", "red\u001b[31m"))
                .input(), null));
    }

    private static Operation op(String f, Object v) {
        return new Operation(0, 0, Invocation.of(f, v), v, 0, 1, Map.of("params", List.of("v")));
    }
}
