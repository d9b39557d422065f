package dev.ariadne.bench;

import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.online.OnlineChecker;
import dev.ariadne.harness.Recorder;
import dev.ariadne.io.JsonLinesWriter;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures the harness's recorder: the cost per operation of recording (both timestamps and the hand-off to the
 * delivery thread) from T threads, against the same loop without a recorder, and the throughput of online checking
 * behind it (the {@link OnlineChecker} as the recorder's sink, a counter workload whose operations barely overlap).
 * With {@code --crashed P}, a last row does the online row's workload with P% of the increments crashed (they took
 * effect, then threw); {@code --buffer} sets the recorder rows' client buffers (events; the recorder's default
 * otherwise). Each row runs after a warm-up of the same row. Usage:
 * <pre>
 * java -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.HarnessBench [--threads 8] [--ops 2000000]
 *     [--online-ops 200000] [--rounds 3] [--only SUBSTRING] [--crashed PERCENT]
 *     [--buffer EVENTS]
 * </pre>
 * "cpu ns/op" is the processor time the whole process used during the row (every thread: the clients, the
 * recorder's delivery thread, the garbage collector), divided by the operations: what one operation costs, whatever
 * the time slicing of T threads on fewer processors and whatever else the machine runs. The recorder rows split it
 * in their note: "caller" is the calling threads' own processor time per operation (both stamps, the announcements,
 * the hand-off, the body, and any wait on a full buffer), "delivery" the recorder's delivery thread's (merging the
 * buffers in time order and calling the sinks, the file's writing included), both from
 * {@link ThreadMXBean#getThreadCpuTime}, and "sinks" (with a file and another sink) the thread that calls the
 * other sinks behind the file; the 200 ns target is about the process's processor time per operation.
 */
public final class HarnessBench {
    private HarnessBench() {
    }


    /**
     * Passes events on to the online checker and measures the overlap it sees: the operations open after each event
     * (mean and most) and the most events an operation stayed open across (a client preempted mid-call).
     */
    private static final class Overlap implements EventSink {
        private final EventSink inner;
        /** By client id (the recorder numbers its clients from 0): the event of the open call, or -1. */
        private long[] calledAt = new long[0];
        private int open;
        private long events;
        private long openSum;
        private int openMost;
        private long longestOpen;

        Overlap(EventSink inner) {
            this.inner = inner;
        }

        private void count() {
            events++;
            openSum += open;
            openMost = Math.max(openMost, open);
        }

        private void close(int client) {
            longestOpen = Math.max(longestOpen, events - calledAt[client]);
            calledAt[client] = -1;
            open--;
            count();
        }

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            inner.call(client, input, time, metadata);
            if (client >= calledAt.length) {
                calledAt = java.util.Arrays.copyOf(calledAt, client + 8);
            }
            calledAt[client] = events;
            open++;
            count();
            return this;
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            inner.ret(client, output, time, line);
            close(client);
            return this;
        }

        @Override
        public EventSink crash(int client, long time, int line) {
            inner.crash(client, time, line);
            close(client);
            return this;
        }

        @Override
        public EventSink discard(int client, long time, int line) {
            inner.discard(client, time, line);
            close(client);
            return this;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "open per event %.2f mean, %d most; longest open %d events",
                    (double) openSum / Math.max(1, events), openMost, longestOpen);
        }
    }

    private interface Row {
        /** Runs {@code ops} operations over {@code threads} threads and returns what it checked (or null). */
        String run(int threads, long ops) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int threads = 8;
        long ops = 2_000_000;
        int rounds = 3;
        long onlineOps = 200_000;
        String only = null;
        int crashed = 0;
        int buffer = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--ops" -> ops = Long.parseLong(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--online-ops" -> onlineOps = Long.parseLong(args[++i]);
                case "--only" -> only = args[++i];
                case "--crashed" -> crashed = Integer.parseInt(args[++i]);
                case "--buffer" -> buffer = Integer.parseInt(args[++i]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        int cores = Runtime.getRuntime().availableProcessors();
        System.out.printf(Locale.ROOT, "%d threads, %d operations a row, %d processors, java %s%n", threads, ops, cores,
                System.getProperty("java.version"));
        System.out.printf(Locale.ROOT, "%-36s %10s %10s %12s %10s  %s%n", "row", "ops", "ms", "ops/s", "cpu ns/op",
                "note");
        Map<String, Row> rows = new java.util.LinkedHashMap<>();
        int bufferSize = buffer;
        AtomicLong counter = new AtomicLong();
        rows.put("bare loop (no recorder)", (t, n) -> {
            long callers = parallel(t, n, k -> counter.incrementAndGet());
            return String.format(Locale.ROOT, "caller %.1f cpu ns/op", (double) callers / n);
        });
        rows.put("recorder, null sink", (t, n) -> {
            RecorderBenchmark.NullSink sink = new RecorderBenchmark.NullSink();
            String split;
            try (Recorder r = sized(Recorder.builder().sink(sink), bufferSize).build()) {
                split = recorded(r, t, n, counter);
            }
            return split + ", " + sink.events + " events delivered";
        });
        rows.put("recorder, null sink + file", (t, n) -> {
            RecorderBenchmark.NullSink sink = new RecorderBenchmark.NullSink();
            Path file = Files.createTempFile("harness-bench", ".jsonl");
            String split;
            try (Recorder r = sized(Recorder.builder().sink(sink).file(file), bufferSize).build()) {
                split = recorded(r, t, n, counter);
            }
            CLEANUP.add(file);
            return split + ", " + Files.size(file) / (1 << 20) + " MiB written";
        });
        rows.put("file writer alone (one thread)", (t, n) -> {
            Path file = Files.createTempFile("harness-bench", ".jsonl");
            Invocation inc = Invocation.of("increment", null);
            long time = 1_000_000_000L;
            long start = THREADS.getCurrentThreadCpuTime();
            try (JsonLinesWriter.EventWriter w = JsonLinesWriter.events(Files.newOutputStream(file))) {
                for (long k = 0; k < n; k++) { // a call and its return, 8 clients, times 40 ns apart
                    int client = (int) (k & 7);
                    w.call(client, inc, time += 40, Map.of());
                    w.ret(client, null, time += 40, -1);
                }
            }
            long cpu = THREADS.getCurrentThreadCpuTime() - start;
            CLEANUP.add(file);
            return String.format(Locale.ROOT, "writer %.1f cpu ns/op (a call and a return), %d MiB written",
                    (double) cpu / n, Files.size(file) / (1 << 20));
        });
        rows.put("recorder + online checker (counter)", (t, n) -> {
            OnlineChecker<?> checker = OnlineChecker.of(BuiltinModels.byName("counter"));
            Overlap overlap = new Overlap(checker);
            AtomicLong c = new AtomicLong();
            try (Recorder r = Recorder.to(overlap)) {
                recordedCounter(r, t, n, c);
            }
            Result result = checker.finish();
            return result.verdict() + ", " + result.statistics().configurations() + " configurations; " + overlap;
        });
        int crashedPercent = crashed;
        if (crashedPercent > 0) {
            rows.put("recorder + online checker (counter, " + crashedPercent + "% crashed)", (t, n) -> {
                OnlineChecker<?> checker = OnlineChecker.of(BuiltinModels.byName("counter"));
                AtomicLong c = new AtomicLong();
                try (Recorder r = Recorder.to(checker)) {
                    recordedCounter(r, t, n, c, crashedPercent);
                }
                Result result = checker.finish();
                return result.verdict() + ", " + result.statistics().configurations() + " configurations"
                        + (checker.degraded() == null ? "" : "; degraded: " + checker.degraded());
            });
        }
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        for (Map.Entry<String, Row> e : rows.entrySet()) {
            if (only != null && !e.getKey().contains(only)) {
                continue;
            }
            long rowOps = e.getKey().contains("online") ? onlineOps : ops;
            e.getValue().run(threads, Math.max(1, rowOps / 10));
            deleteFiles();
            for (int r = 0; r < rounds; r++) {
                long cpu = os.getProcessCpuTime();
                long start = System.nanoTime();
                String note = e.getValue().run(threads, rowOps);
                long nanos = System.nanoTime() - start;
                double cpuPerOp = (double) (os.getProcessCpuTime() - cpu) / rowOps;
                deleteFiles();
                System.out.printf(Locale.ROOT, "%-36s %10d %10.1f %12.0f %10.1f  %s%n", e.getKey(), rowOps,
                        nanos / 1e6, rowOps * 1e9 / nanos, cpuPerOp, note == null ? "" : note);
            }
        }
    }

    /**
     * Each thread runs its share of the operations through its own recorder client: a counter increment. Returns the
     * callers' and the delivery thread's processor time per operation, measured once every event was delivered.
     */
    private static String recorded(Recorder r, int threads, long ops, AtomicLong counter) throws InterruptedException {
        Thread delivery = recorderThread("ariadne-recorder");
        long deliveryAtStart = THREADS.getThreadCpuTime(delivery.getId());
        Thread sinks = recorderThread("ariadne-recorder-sinks");
        long sinksAtStart = sinks == null ? 0 : THREADS.getThreadCpuTime(sinks.getId());
        List<Recorder.Client> clients = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            clients.add(r.client());
        }
        Invocation inc = Invocation.of("increment", null);
        AtomicInteger next = new AtomicInteger();
        long callers = parallel(threads, ops, new Body() {
            final ThreadLocal<Recorder.Client> mine = ThreadLocal.withInitial(() -> clients.get(next.getAndIncrement()));

            @Override
            public void run(long k) throws Exception {
                mine.get().call(inc, () -> {
                    counter.incrementAndGet();
                    return null;
                });
            }
        });
        r.flush();
        long deliveryCpu = THREADS.getThreadCpuTime(delivery.getId()) - deliveryAtStart;
        String split = String.format(Locale.ROOT, "caller %.1f + delivery %.1f", (double) callers / ops,
                (double) deliveryCpu / ops);
        if (sinks != null) {
            split += String.format(Locale.ROOT, " + sinks %.1f", (double) (THREADS.getThreadCpuTime(sinks.getId())
                    - sinksAtStart) / ops);
        }
        return split + " cpu ns/op";
    }

    /** The builder with each client's buffer of {@code events} (the recorder's default when 0). */
    private static Recorder.Builder sized(Recorder.Builder b, int events) {
        return events > 0 ? b.bufferSize(events) : b;
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * The history files of the row just run: deleted once its processor time was read, since deleting a file of
     * hundreds of MiB (the kernel dropping its cached pages) is the benchmark's cost, not the recorder's.
     */
    private static final List<Path> CLEANUP = new ArrayList<>();

    private static void deleteFiles() throws java.io.IOException {
        for (Path p : CLEANUP) {
            Files.deleteIfExists(p);
        }
        CLEANUP.clear();
    }

    /**
     * The thread of the one recorder open now (the bench runs one row at a time) named {@code name}: its delivery
     * thread, or the thread that calls the sinks behind the history file ({@code null} when it has none).
     */
    private static Thread recorderThread(String name) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(name) && t.isAlive()) {
                return t;
            }
        }
        if (name.equals("ariadne-recorder")) {
            throw new IllegalStateException("no recorder delivery thread");
        }
        return null;
    }

    /** As {@link #recorded}, with one read every 16 operations, so the online checker has outputs to judge. */
    static void recordedCounter(Recorder r, int threads, long ops, AtomicLong counter)
            throws InterruptedException {
        recordedCounter(r, threads, ops, counter, 0);
    }

    /** Thrown (one instance, no stack trace) by an increment that took effect and is recorded as crashed. */
    private static final class Crash extends RuntimeException {
        private static final Crash INSTANCE = new Crash();

        private Crash() {
            super("crashed on purpose", null, false, false);
        }
    }

    /**
     * As {@link #recordedCounter(Recorder, int, long, AtomicLong)}, with {@code crashedPercent}% of the increments
     * (every one whose number hashes so) throwing after they took effect, so that the recorder records them as
     * crashed (its default) and their client goes on under a new history client; the history stays linearizable.
     */
    static void recordedCounter(Recorder r, int threads, long ops, AtomicLong counter, int crashedPercent)
            throws InterruptedException {
        List<Recorder.Client> clients = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            clients.add(r.client());
        }
        Invocation inc = Invocation.of("increment", null);
        Invocation read = Invocation.of("read", null);
        AtomicInteger next = new AtomicInteger();
        parallel(threads, ops, new Body() {
            final ThreadLocal<Recorder.Client> mine = ThreadLocal.withInitial(() -> clients.get(next.getAndIncrement()));

            @Override
            public void run(long k) throws Exception {
                if ((k & 15) == 0) {
                    mine.get().call(read, counter::get);
                } else if (crashedPercent > 0 && Math.floorMod(Long.hashCode(k * 0x9E3779B97F4A7C15L), 100)
                        < crashedPercent) {
                    try {
                        mine.get().call(inc, () -> {
                            counter.incrementAndGet();
                            throw Crash.INSTANCE;
                        });
                    } catch (Crash expected) {
                        // recorded as crashed
                    }
                } else {
                    mine.get().call(inc, () -> {
                        counter.incrementAndGet();
                        return null;
                    });
                }
            }
        });
    }

    private interface Body {
        void run(long k) throws Exception;
    }

    /** Runs the operations on {@code threads} threads; returns the processor time those threads used, in ns. */
    private static long parallel(int threads, long ops, Body body) throws InterruptedException {
        List<Thread> ts = new ArrayList<>();
        java.util.concurrent.atomic.LongAdder cpu = new java.util.concurrent.atomic.LongAdder();
        long share = ops / threads;
        for (int i = 0; i < threads; i++) {
            long n = i == threads - 1 ? ops - share * (threads - 1) : share;
            Thread t = new Thread(() -> {
                long start = THREADS.getCurrentThreadCpuTime();
                try {
                    for (long k = 0; k < n; k++) {
                        body.run(k);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                cpu.add(THREADS.getCurrentThreadCpuTime() - start);
            });
            ts.add(t);
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        return cpu.sum();
    }
}
