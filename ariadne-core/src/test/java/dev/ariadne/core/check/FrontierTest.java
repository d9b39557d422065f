package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.models.RegisterModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the {@code frontier} engine promises beyond the shared contract: bounded memory on long histories, wide
 * windows of open operations, and crashed operations that do not multiply configurations. The crashed-operation
 * cases run on every engine.
 */
class FrontierTest {
    private static final RegisterModel REGISTER = RegisterModel.register();
    private static final CheckOptions FRONTIER = CheckOptions.defaults().withCoreTimeout(null)
            .withEngine(Engine.FRONTIER);

    private static Operation write(int client, long v, long call, long ret) {
        return Operation.of(0, client, Invocation.of("write", v), null, call, ret);
    }

    private static Operation read(int client, Object v, long call, long ret) {
        return Operation.of(0, client, Invocation.of("read", null), v, call, ret);
    }

    private static Operation crashedWrite(int client, long v, long call) {
        return Operation.pending(0, client, Invocation.of("write", v), call);
    }

    private static Result check(History h, CheckOptions options) {
        Result r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Checker.check(h, REGISTER, options));
        ResultAssertions.assertConsistent(h, REGISTER, options, r);
        return r;
    }

    @Test
    void aLongHistoryNeedsFewConfigurationsAndGivesAFullWitness() {
        // 200,000 operations by three clients, each overlapping its neighbours.
        List<Operation> ops = new ArrayList<>();
        long value = 0;
        for (int i = 0; i < 200_000; i++) {
            long call = 10L * i;
            ops.add(i % 2 == 0 ? write(i % 3, ++value, call, call + 15) : read(i % 3, value, call, call + 15));
        }
        History h = History.of(ops);
        Result r = check(h, FRONTIER);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(200_000, r.partitions().get(0).witness().size());
        assertTrue(r.statistics().cached() < 100, "peak configurations " + r.statistics().cached());

        ops.set(150_001, read(150_001 % 3, 1L, 10L * 150_001, 10L * 150_001 + 15)); // a stale read
        Result bad = check(History.of(ops), FRONTIER);
        assertEquals(Verdict.NOT_LINEARIZABLE, bad.verdict());
        PartialLinearization p = bad.violations().get(0).violation().longest().get(0);
        assertEquals(150_001, p.unplaced().id());
        assertTrue(p.steps().size() >= 150_000, "the evidence starts from the beginning: " + p.steps().size());
    }

    @Test
    void moreThanSixtyFourOperationsMayBeOpenAtOnce() {
        // 130 concurrent reads of nil and one of 1, then the write.
        List<Operation> ops = new ArrayList<>();
        for (int c = 0; c < 130; c++) {
            ops.add(read(c, c == 77 ? 1L : null, c, 1000 + c));
        }
        ops.add(write(200, 1, 500, 2000));
        Result r = check(History.of(ops), FRONTIER);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());

        ops.set(130, write(200, 1, 1500, 2000)); // now the write comes after read #77 returned
        Result bad = check(History.of(ops), FRONTIER);
        assertEquals(Verdict.NOT_LINEARIZABLE, bad.verdict());
    }

    /** Not dfs: it has no dominance rule, and tries every subset of the crashed writes before the last read. */
    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"FRONTIER", "AUTO"})
    void manyCrashedWritesDoNotMultiplyConfigurations(Engine engine) {
        // 60 clients crash during writes of 1..60; later, reads see 1, 2, ..., 60 in order: each crashed write
        // takes effect just in time. Then a read of 1 again: write(1) took effect once, long ago.
        List<Operation> ops = new ArrayList<>();
        for (int c = 0; c < 60; c++) {
            ops.add(crashedWrite(c, c + 1, c));
        }
        for (int i = 0; i < 60; i++) {
            ops.add(read(100, (long) i + 1, 1000 + 10L * i, 1005 + 10L * i));
        }
        CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine);
        Result r = check(History.of(ops), options);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(120, r.partitions().get(0).witness().size());

        ops.add(read(100, 1L, 2000, 2005));
        Result bad = check(History.of(ops), options);
        assertEquals(Verdict.NOT_LINEARIZABLE, bad.verdict());
    }

    /**
     * A crashed {@code write(v)} can do whatever a crashed {@code cas(0, v)} can ({@code Model.covers}), so of two
     * configurations that used one or the other the frontier keeps the one that used the cas. Without that, the
     * choices below multiply configurations to 2^20.
     */
    @ParameterizedTest
    @EnumSource(value = Engine.class, names = {"FRONTIER", "AUTO"})
    void crashedWritesCoverCrashedCasOfTheSameValue(Engine engine) {
        RegisterModel cas = RegisterModel.casRegister();
        CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine);
        for (boolean oneTooMany : new boolean[]{false, true}) {
            List<Operation> ops = new ArrayList<>();
            for (int v = 1; v <= 20; v++) {
                ops.add(crashedWrite(2 * v, v, v));
                ops.add(Operation.pending(0, 2 * v + 1, Invocation.of("cas", List.of(0L, (long) v)), v));
            }
            // Twenty times: write(0), then read v: explained by the crashed write(v) or by the crashed cas(0, v).
            long t = 1000;
            for (int v = 1; v <= 20; v++, t += 100) {
                ops.add(write(100, 0, t, t + 10));
                ops.add(read(101, (long) v, t + 20, t + 30));
            }
            // Value 1 twice more: once by whichever of the two was left, and a third time by neither.
            for (int again = 0; again < (oneTooMany ? 2 : 1); again++, t += 100) {
                ops.add(write(100, 0, t, t + 10));
                ops.add(read(101, 1L, t + 20, t + 30));
            }
            History h = History.of(ops);
            Result r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> Checker.check(h, cas, options));
            ResultAssertions.assertConsistent(h, cas, options, r);
            assertEquals(oneTooMany ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE, r.verdict());
            long peak = r.partitions().get(0).statistics().cached();
            assertTrue(peak < 5_000, "configurations held at once: " + peak);
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void crashedWritesOfOneValueAreInterchangeable(Engine engine) {
        // 25 crashed write(1); then 25 times: write(2), read 1 (each needs one more crashed write), read 2 fails
        // only when they run out.
        for (int rounds : new int[]{25, 26}) {
            List<Operation> ops = new ArrayList<>();
            for (int c = 0; c < 25; c++) {
                ops.add(crashedWrite(c, 1, c));
            }
            for (int i = 0; i < rounds; i++) {
                long t = 1000 + 100L * i;
                ops.add(write(100, 2, t, t + 10));
                ops.add(read(101, 1L, t + 20, t + 30));
            }
            CheckOptions options = CheckOptions.defaults().withCoreTimeout(null).withEngine(engine);
            Result r = check(History.of(ops), options);
            assertEquals(rounds <= 25 ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE, r.verdict(),
                    engine + " with " + rounds + " rounds");
        }
    }

    @ParameterizedTest
    @EnumSource(Engine.class)
    void crashedReadsAreLeftOutBeforeTheSearch(Engine engine) {
        List<Operation> ops = new ArrayList<>();
        ops.add(write(0, 1, 0, 10));
        for (int c = 1; c <= 200; c++) {
            ops.add(Operation.pending(0, c, Invocation.of("read", null), c));
        }
        ops.add(read(0, 1L, 300, 310));
        Result r = check(History.of(ops), CheckOptions.defaults().withCoreTimeout(null).withEngine(engine));
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertEquals(202, r.partitions().get(0).operations());
        assertEquals(2, r.partitions().get(0).witness().size());
        assertTrue(r.statistics().configurations() < 50, "steps " + r.statistics().configurations());
    }

    @Test
    void concurrentReadsDoNotMultiplyConfigurations() {
        // 40 concurrent reads of nil around a write of 1 read by one more: read-only operations are placed
        // eagerly, so the frontier holds a handful of configurations, not 2^40.
        List<Operation> ops = new ArrayList<>();
        for (int c = 0; c < 40; c++) {
            ops.add(read(c, null, 0, 100 + c));
        }
        ops.add(write(50, 1, 50, 60));
        ops.add(read(51, 1L, 55, 200));
        Result r = check(History.of(ops), FRONTIER);
        assertEquals(Verdict.LINEARIZABLE, r.verdict());
        assertTrue(r.statistics().cached() < 200, "peak configurations " + r.statistics().cached());
        assertFalse(r.partitions().get(0).witness().isEmpty());
    }
}
