package dev.ariadne.core.online;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26: {@link OnlineChecker#snapshot} and {@link OnlineChecker#restore}. A snapshot taken after every prefix of
 * seeded histories (many crashed and long-open operations, failed ones, untimed and timed with ties and watermarks,
 * with the default and with tiny work budgets, with a stop) and restored goes on exactly as the uninterrupted
 * checker: the same answer at every later event, the same degradation, the same final result and evidence, and the
 * same snapshot at the end. A damaged, cut, foreign or wrong-version snapshot is a clear error.
 */
class OnlineSnapshotTest {
    // No core: a degraded run's batch verdict would carry one whose search times differ between the two runs.
    private static final CheckOptions WHOLE = CheckOptions.defaults().withCoreTimeout(null)
            .withPartition(false).withCoreTimeout(null);

    /** How a history is fed: untimed, or timed with ties and watermarks; with a tiny budget; with a stop. */
    private record Mode(boolean timed, boolean tight, int stopAt) {
    }

    /** Feeds event {@code k} (and, timed, a watermark now and then); returns whether still free of violations. */
    private static boolean feed(OnlineChecker<?> c, List<DegradeRepros.Ev> evs, int k, Mode mode) {
        if (mode.stopAt == k) {
            c.stop("time limit");
        }
        DegradeRepros.Ev e = evs.get(k);
        if (!mode.timed) {
            e.to(c);
            return !c.isViolated();
        }
        long time = k / 2 * 2; // two events an instant: calls and returns at the same time
        boolean fine = switch (e.kind()) {
            case 0 -> c.call(e.client(), e.value(), time);
            case 1 -> c.ret(e.client(), e.value(), time);
            case 2 -> c.crash(e.client(), time);
            default -> c.discard(e.client(), time);
        };
        if (k % 4 == 3) { // (the next event comes at time + 2)
            fine = c.advanceTo(time + 1);
        }
        return fine;
    }

    private static OnlineChecker<?> fresh(Model<?> model, Mode mode, int i) {
        OnlineChecker<?> c = OnlineChecker.of(model, WHOLE);
        // (with a stop, a budget that lets a judgement search long enough to see it, and not much longer)
        return mode.tight ? c.workBudget(i % 3 * 20, i % 2) : mode.stopAt >= 0 ? c.workBudget(1 << 16, 256) : c;
    }

    /** A result as a user sees it, but its timings. */
    static String describe(Result r) {
        StringBuilder s = new StringBuilder(r.verdict() + " " + r.reason() + " " + r.operations());
        for (PartitionResult p : r.partitions()) {
            s.append("\n ").append(p.label()).append(' ').append(p.verdict()).append(' ').append(p.reason())
                    .append(' ').append(p.engine()).append(' ').append(p.note()).append(' ').append(p.operations())
                    .append("\n witness ").append(p.witness()).append("\n evidence ").append(p.violation());
        }
        return s.toString();
    }

    private static byte[] snapshot(OnlineChecker<?> c) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        c.snapshot(out);
        return out.toByteArray();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"counter", "register", "cas-register"})
    void aSnapshotAtEveryPrefixRestoresToTheSameRun(String modelName) throws IOException {
        Model<?> model = BuiltinModels.byName(modelName);
        OnlineCrashedPrefixTest.Coverage coverage = new OnlineCrashedPrefixTest.Coverage();
        int violations = 0;
        int degraded = 0;
        for (int i = 0; i < 48; i++) {
            long seed = 0x26_5000L + i;
            List<DegradeRepros.Ev> evs = OnlineCrashedPrefixTest.run(modelName, seed, 10, coverage);
            Mode mode = new Mode(i % 2 == 1, i % 4 >= 2, -1);
            Result end = sameAtEveryCut(model, evs, mode, i, modelName + " seed " + seed);
            violations += end.verdict() == Verdict.NOT_LINEARIZABLE ? 1 : 0;
            degraded += end.partitions().get(0).note() != null ? 1 : 0;
        }
        assertTrue(violations >= 8, "few violations: " + violations);
        assertTrue(degraded >= 8, "few degraded runs: " + degraded);
        assertTrue(coverage.crashed > 100, "few crashed operations: " + coverage.crashed);
    }

    /**
     * Feeds {@code evs} whole, then cut after every prefix, snapshotted and restored: every answer, degradation, the
     * final snapshot and result must be the same. Returns the uninterrupted run's result.
     */
    private static Result sameAtEveryCut(Model<?> model, List<DegradeRepros.Ev> evs, Mode mode, int i, String name)
            throws IOException {
        OnlineChecker<?> whole = fresh(model, mode, i);
        boolean[] answers = new boolean[evs.size()];
        String[] degradedAfter = new String[evs.size()];
        for (int k = 0; k < evs.size(); k++) {
            answers[k] = feed(whole, evs, k, mode);
            degradedAfter[k] = whole.degraded();
        }
        byte[] last = snapshot(whole);
        Result end = whole.finish();
        String expected = describe(end);
        for (int cut = 0; cut <= evs.size(); cut++) {
            OnlineChecker<?> before = fresh(model, mode, i);
            for (int k = 0; k < cut; k++) {
                feed(before, evs, k, mode);
            }
            OnlineChecker<?> after = OnlineChecker.restore(new ByteArrayInputStream(snapshot(before)), model, WHOLE);
            String context = name + " " + mode + ", restored after " + cut + " of " + evs;
            assertEquals(before.isViolated(), after.isViolated(), context);
            assertEquals(before.degraded(), after.degraded(), context);
            assertEquals(before.operations(), after.operations(), context);
            assertEquals(before.openOperations(), after.openOperations(), context);
            for (int k = cut; k < evs.size(); k++) {
                assertEquals(answers[k], feed(after, evs, k, mode), context + ": event " + k);
                assertEquals(degradedAfter[k], after.degraded(), context + ": event " + k);
            }
            assertArrayEquals(last, snapshot(after), context + ": the snapshot at the end");
            assertEquals(expected, describe(after.finish()), context);
        }
        return end;
    }

    /**
     * A stop is not replayed by the events (it comes from another thread, at any moment): the snapshot says at which
     * event it degraded the checker, and the restored checker degrades there too. Here the stop comes before each
     * event of the 17-operation write/cas history in turn; before a judgement that searches it degrades it.
     */
    @Test
    void aStopThatDegradedTheCheckerIsRestored() throws IOException {
        Model<?> model = BuiltinModels.byName("cas-register");
        List<DegradeRepros.Ev> evs = DegradeRepros.writesAndFailedCas();
        int stopped = 0;
        for (int at : new int[] {0, 16, 17, 20}) {
            Mode mode = new Mode(false, false, at);
            Result end = sameAtEveryCut(model, evs, mode, 0, "write/cas, stop before event " + at);
            stopped += end.reason() != null && end.reason().startsWith("time limit: online checking degraded") ? 1 : 0;
        }
        assertTrue(stopped >= 2, stopped + " stops degraded the checker");
    }

    @Test
    void refusedEventsAndMetadataAreKept() throws IOException {
        Model<?> model = BuiltinModels.byName("register");
        OnlineChecker<?> c = OnlineChecker.of(model, WHOLE);
        c.call(0, Invocation.of("write", 1L), -1, Map.of("line", 3));
        assertThrows(HistoryException.class, () -> c.call(0, Invocation.of("write", 2L))); // refused: still open
        c.ret(0, null, -1, 4);
        c.call(1, Invocation.of("read", null), -1, Map.of("line", 5, "process", "n1", "tags", List.of(1L, "é")));
        OnlineChecker<?> r = OnlineChecker.restore(new ByteArrayInputStream(snapshot(c)), model, WHOLE);
        assertArrayEquals(snapshot(c), snapshot(r));
        assertEquals(c.history().toString(), r.history().toString());
        assertEquals(c.ret(1, 2L), r.ret(1, 2L));
        assertEquals(describe(c.finish()), describe(r.finish()));
        assertEquals(Verdict.NOT_LINEARIZABLE, r.finish().verdict());
    }

    @Test
    void aDamagedForeignOrNewerSnapshotIsAClearError() throws IOException {
        Model<?> register = BuiltinModels.byName("register");
        OnlineChecker<?> c = OnlineChecker.of(register, WHOLE);
        c.call(0, Invocation.of("write", 1L));
        c.ret(0, null);
        c.call(1, Invocation.of("read", null));
        byte[] good = snapshot(c);

        byte[] flipped = good.clone();
        flipped[flipped.length - 8] ^= 0x10;
        assertMessage("damaged", flipped, register);
        assertMessage("cut short", Arrays.copyOf(good, good.length - 2), register);
        assertMessage("ends early", Arrays.copyOf(good, 40), register);
        byte[] newer = good.clone();
        newer[27] = 9; // the version, an int after the 24 bytes of the first line
        assertMessage("version 9, and this build reads version 1 only", newer, register);
        assertMessage("not an online checker snapshot", "{\"type\":\"call\"}\n".getBytes(), register);
        assertMessage("taken for model register, not counter", good, BuiltinModels.byName("counter"));

        c.finish();
        assertThrows(IllegalStateException.class, () -> c.snapshot(new ByteArrayOutputStream()));
        OnlineChecker<?> odd = OnlineChecker.of(register, WHOLE);
        odd.call(0, new Invocation("write", null, new Object()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> odd.snapshot(new ByteArrayOutputStream()));
        assertTrue(e.getMessage().contains("cannot snapshot a value of type java.lang.Object"), e.getMessage());
    }

    private static void assertMessage(String part, byte[] snapshot, Model<?> model) {
        OnlineSnapshotException e = assertThrows(OnlineSnapshotException.class,
                () -> OnlineChecker.restore(new ByteArrayInputStream(snapshot), model, WHOLE));
        assertTrue(e.getMessage().startsWith("cannot restore the online checker's snapshot: "), e.getMessage());
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }

    /** Timed as a recorder times them (nanoseconds, about a microsecond an event), with a return per call. */
    @Test
    void aSnapshotIsCompact() throws IOException {
        Model<?> model = BuiltinModels.byName("register");
        OnlineChecker<?> c = OnlineChecker.of(model, WHOLE);
        long time = 1_000_000_000L;
        for (int i = 0; i < 1000; i++) {
            c.call(i % 4, i % 2 == 0 ? Invocation.of("write", (long) i) : Invocation.of("read", null), time += 900);
            c.ret(i % 4, i % 2 == 0 ? null : (Object) (long) (i - 1), time += 1100);
        }
        byte[] s = snapshot(c);
        // per operation: client, input (8 to 11 bytes: the function's name is written out), line, call and return
        // times (2 bytes each), output, and its events' order (3 bytes): about 22 bytes
        assertTrue(s.length < 1000 * 24, s.length + " bytes for 1,000 operations");
        assertEquals(Verdict.LINEARIZABLE,
                OnlineChecker.restore(new ByteArrayInputStream(s), model, WHOLE).finish().verdict());
    }
}
