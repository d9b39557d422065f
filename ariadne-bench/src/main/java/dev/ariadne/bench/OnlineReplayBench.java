package dev.ariadne.bench;

import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.harness.Recorder;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The online checker's own cost per operation, apart from the recorder and the time slicing of its clients: records
 * {@link HarnessBench}'s online counter workload once (8 threads through a {@link Recorder}, events kept in arrays
 * in delivery order), then replays those events into a fresh {@link dev.ariadne.core.online.OnlineChecker} on one
 * thread, round after round, and prints the replaying thread's processor time per operation. Usage:
 * <pre>
 * java -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.OnlineReplayBench [--threads 8]
 *     [--ops 1000000] [--rounds 10] [--crashed PERCENT] [--snapshot]
 * </pre>
 * With {@code --crashed P}, P% of the increments (every one whose number hashes so) are replayed as crashed instead
 * of returned: the client goes on under a new id, as after a crash in the harness; the increment took effect, so the
 * history stays linearizable. With {@code --snapshot}, after the rounds the checker of the last round, before its
 * end, is {@linkplain OnlineChecker#snapshot snapshotted} and restored, and the size and times printed.
 * Uses only the checker's and the recorder's public API, so the class can run against an older bench jar.
 */
public final class OnlineReplayBench {
    private OnlineReplayBench() {
    }

    /** Keeps the events delivered: kind (0 call, 1 return, 2 other), client, value, time. */
    private static final class Tape implements EventSink {
        byte[] kind = new byte[1 << 16];
        int[] client = new int[1 << 16];
        Object[] value = new Object[1 << 16];
        long[] time = new long[1 << 16];
        int size;

        private void add(byte k, int c, Object v, long t) {
            if (size == kind.length) {
                kind = Arrays.copyOf(kind, size * 2);
                client = Arrays.copyOf(client, size * 2);
                value = Arrays.copyOf(value, size * 2);
                time = Arrays.copyOf(time, size * 2);
            }
            kind[size] = k;
            client[size] = c;
            value[size] = v;
            time[size] = t;
            size++;
        }

        @Override
        public EventSink call(int c, Object input, long t, Map<String, Object> metadata) {
            add((byte) 0, c, input, t);
            return this;
        }

        @Override
        public EventSink ret(int c, Object output, long t, int line) {
            add((byte) 1, c, output, t);
            return this;
        }

        @Override
        public EventSink crash(int c, long t, int line) {
            throw new IllegalStateException("the counter workload does not crash");
        }

        @Override
        public EventSink discard(int c, long t, int line) {
            throw new IllegalStateException("the counter workload does not fail");
        }
    }

    public static void main(String[] args) throws Exception {
        int threads = 8;
        long ops = 1_000_000;
        int rounds = 10;
        int crashed = 0;
        boolean snapshot = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--ops" -> ops = Long.parseLong(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--crashed" -> crashed = Integer.parseInt(args[++i]);
                case "--snapshot" -> snapshot = true;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Tape tape = new Tape();
        try (Recorder r = Recorder.to(tape)) {
            HarnessBench.recordedCounter(r, threads, ops, new AtomicLong());
        }
        int crashes = crashed > 0 ? crash(tape, crashed) : 0;
        Map<String, Object> none = Map.of();
        ThreadMXBean threadsBean = ManagementFactory.getThreadMXBean();
        System.out.printf(Locale.ROOT, "%d operations recorded from %d threads, replayed on one thread; %d crashed%n",
                ops, threads, crashes);
        OnlineChecker<?> last = null;
        for (int round = 0; round < rounds; round++) {
            long cpu = threadsBean.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            OnlineChecker<?> checker = OnlineChecker.of(BuiltinModels.byName("counter"));
            for (int i = 0; i < tape.size; i++) {
                if (tape.kind[i] == 0) {
                    checker.call(tape.client[i], tape.value[i], tape.time[i], none);
                } else if (tape.kind[i] == 1) {
                    checker.ret(tape.client[i], tape.value[i], tape.time[i], -1);
                } else {
                    checker.crash(tape.client[i], tape.time[i], -1);
                }
            }
            if (snapshot && round == rounds - 1) {
                last = checker;
                break;
            }
            Result result = checker.finish();
            long nanos = System.nanoTime() - start;
            long cpuNanos = threadsBean.getCurrentThreadCpuTime() - cpu;
            System.out.printf(Locale.ROOT, "round %2d: %8.1f ms, %6.1f cpu ns/op, %10.0f ops/s of cpu, %s, %d configurations%n",
                    round, nanos / 1e6, (double) cpuNanos / ops, ops * 1e9 / Math.max(1, cpuNanos), result.verdict(),
                    result.statistics().configurations());
            if (checker.degraded() != null) {
                System.out.println("  " + checker.degraded());
            }
        }
        if (last != null) {
            long start = System.nanoTime();
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            last.snapshot(out);
            long written = System.nanoTime();
            OnlineChecker<?> restored = OnlineChecker.restore(new java.io.ByteArrayInputStream(out.toByteArray()),
                    BuiltinModels.byName("counter"));
            long read = System.nanoTime();
            System.out.printf(Locale.ROOT, "snapshot: %d bytes (%.1f bytes/op), written in %.1f ms, restored in %.1f ms;"
                    + " restored %s, original %s%n", out.size(), (double) out.size() / ops, (written - start) / 1e6,
                    (read - written) / 1e6, restored.finish().verdict(), last.finish().verdict());
        }
    }

    /**
     * Replays {@code percent}% of the increments as crashed: the return becomes a crash and the client's later events
     * go under a new id. Returns how many.
     */
    private static int crash(Tape tape, int percent) {
        java.util.Map<Integer, Integer> alias = new java.util.HashMap<>();
        Object[] open = new Object[1 << 20];
        int next = 1024; // (the recorder's ids are 0 to threads - 1; new ones start above them, in the checker's table)
        int crashes = 0;
        long op = 0;
        for (int i = 0; i < tape.size; i++) {
            int c = tape.client[i];
            int id = alias.getOrDefault(c, c);
            if (tape.kind[i] == 0) {
                open[c] = tape.value[i];
                op++;
            } else if (tape.kind[i] == 1 && ((dev.ariadne.core.history.Invocation) open[c]).f().equals("increment")
                    && Math.floorMod(op * 0x9E3779B97F4A7C15L >>> 17, 100) < percent) {
                tape.kind[i] = 2;
                tape.value[i] = null;
                tape.client[i] = id;
                alias.put(c, next++);
                crashes++;
                continue;
            }
            tape.client[i] = id;
        }
        return crashes;
    }
}
