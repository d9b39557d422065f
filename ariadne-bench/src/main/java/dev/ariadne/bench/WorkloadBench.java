package dev.ariadne.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.workloads.Workloads;
import dev.ariadne.workloads.Workloads.Overlap;
import dev.ariadne.workloads.Workloads.Spec;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Generates the workloads of the performance issue in-process (OmniLink's shape, thread scaling with full overlap,
 * Knossos' crashed clients) and times {@link Checker#check} on each with every engine, after JIT warm-up, with a
 * time limit per check. Generation is not timed. Usage:
 * <pre>
 * java -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.WorkloadBench [--quick] [--only SUBSTRING]
 *     [--engines dfs,...] [--threads 1,2] [--timeout 10s] [--warmup N] [--rounds N] [--fork-xmx 1g] [--list]
 * </pre>
 * {@code --threads} runs each row once per count of search threads ({@code CheckOptions.withThreads}; default: one
 * run with the default, every processor), back to back, so that thread scaling is measured within one run, and
 * adds a column: the median over the timed checks of the CPU time of the busiest search thread (the calling
 * thread included), which on an idle machine with a core per thread is about the wall time, and which a loaded
 * machine, where threads wait for a core, disturbs much less than the wall time.
 * The heap column is the largest heap occupancy right after a garbage collection that ran during the timed
 * checks (all heap pools, the history included): the live data at that moment. "-" means no collection ran, so
 * the check allocated less than the young generation. {@code --fork-xmx SIZE} runs each row in a fresh JVM with
 * {@code -XmxSIZE}, so a row that needs more heap reports OUT_OF_MEMORY. The steps column is the last check's
 * count of configurations explored (model steps, for the general engines): the same on every machine and run, so
 * it tells a change that does less work from one the noise of a shared machine favoured. Rows of {@code auto} end
 * with the engines its partitions were decided by ({@code picked: dfs}, {@code frontier}, {@code dfs+frontier}, a
 * decision procedure's name), so a sweep {@code --engines auto,dfs,frontier} shows its choice next to both times.
 */
public final class WorkloadBench {
    /** A generated workload ({@code spec}), or a hand-made one ({@code made}, with the verdict it was made to have). */
    private record Workload(String name, Spec spec, String madeModel, Supplier<History> made, Verdict madeVerdict) {
        Workload(String name, Spec spec) {
            this(name, spec, null, null, null);
        }

        String model() {
            return spec == null ? madeModel : spec.model();
        }

        int ops() {
            return spec == null ? made.get().size() : spec.ops();
        }

        Verdict expected() {
            if (spec == null) {
                return madeVerdict;
            }
            return spec.violation() ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE;
        }

        History history() {
            return spec == null ? made.get() : Workloads.generate(spec);
        }

        String describe() {
            return spec == null ? "hand-made, " + madeVerdict : spec.toString();
        }
    }

    /**
     * One row's outcome; {@code steps} is the last check's count of configurations explored, or -1; {@code picked}
     * the engines the last check's partitions report, or "-".
     */
    private record Row(String verdict, double medianMs, double minMs, long heapBytes, int runs, long steps,
                       double busiestCpuMs, String picked) {
        Row(String verdict, double medianMs, double minMs, long heapBytes, int runs, long steps) {
            this(verdict, medianMs, minMs, heapBytes, runs, steps, Double.NaN, "-");
        }
    }

    private static final String ROW = "ROW\t";

    private WorkloadBench() {
    }

    public static void main(String[] args) throws Exception {
        boolean quick = false;
        boolean list = false;
        String only = "";
        String child = null;
        String forkXmx = null;
        List<Engine> engines = new ArrayList<>(List.of(Engine.values()));
        Duration timeout = Duration.ofSeconds(10);
        int warmup = -1;
        int rounds = -1;
        List<Integer> threadCounts = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> quick = true;
                case "--list" -> list = true;
                case "--only" -> only = args[++i];
                case "--child" -> child = args[++i];
                case "--fork-xmx" -> forkXmx = args[++i];
                case "--engines" -> {
                    engines.clear();
                    for (String name : args[++i].split(",")) {
                        engines.add(Engine.fromName(name.trim()));
                    }
                }
                case "--threads" -> {
                    for (String t : args[++i].split(",")) {
                        threadCounts.add(Integer.parseInt(t.trim()));
                    }
                }
                case "--timeout" -> timeout = parseDuration(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                default -> {
                    System.err.println("unknown argument " + args[i] + " (see the class Javadoc for usage)");
                    System.exit(64);
                }
            }
        }
        if (warmup < 0) {
            warmup = quick ? 1 : 2;
        }
        if (rounds < 1) {
            rounds = quick ? 3 : 5;
        }
        List<Workload> workloads = new ArrayList<>();
        for (Workload w : quick ? quickWorkloads() : fullWorkloads()) {
            if (child != null ? w.name.equals(child) : w.name.contains(only)) {
                workloads.add(w);
            }
        }
        if (list) {
            for (Workload w : workloads) {
                System.out.println(w.name + "\t" + w.describe());
            }
            return;
        }
        if (threadCounts.isEmpty()) {
            threadCounts.add(0); // the default
        }
        if (child != null) {
            Workload w = workloads.get(0);
            History h = w.history();
            Row r = measure(w, h, engines.get(0), threadCounts.get(0), timeout, warmup, rounds);
            System.out.println(ROW + format(w, h.size(), engines.get(0), threadCounts.get(0), r));
            return;
        }
        System.out.printf(Locale.ROOT, "# %s, JDK %s, %d processors, max heap %s; timeout %s per check, %d warm-up"
                        + " and %d timed checks per row%n", forkXmx == null ? "in-process" : "fresh JVM per row, -Xmx"
                        + forkXmx, System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                forkXmx == null ? mib(Runtime.getRuntime().maxMemory()) + " MiB" : forkXmx,
                timeout.toString().substring(2).toLowerCase(Locale.ROOT), warmup, rounds);
        System.out.printf(Locale.ROOT, "%-38s %8s %-8s %-17s %10s %10s %12s %8s %12s%s%n", "workload", "ops",
                "engine", "verdict", "median ms", "min ms", "ops/s", "heap MiB", "steps",
                threadCounts.get(0) > 0 ? String.format(Locale.ROOT, " %14s", "busiest cpu ms") : "");
        for (Workload w : workloads) {
            History h = forkXmx == null ? w.history() : null;
            for (Engine e : engines) {
                for (int t : threadCounts) {
                    if (forkXmx != null) {
                        System.out.println(fork(w, e, t, forkXmx, quick, timeout, warmup, rounds));
                    } else {
                        System.out.println(format(w, h.size(), e, t, measure(w, h, e, t, timeout, warmup, rounds)));
                    }
                    System.out.flush();
                }
            }
        }
    }

    /** The issue's workloads: OmniLink's shape, thread scaling, Knossos' hard shape. */
    private static List<Workload> fullWorkloads() {
        List<Workload> all = new ArrayList<>();
        for (String model : List.of("register", "fifo-queue", "kv")) {
            for (int ops : new int[]{500, 5_000, 50_000, 500_000}) {
                all.add(omnilink(model, Overlap.MEDIUM, ops, false));
            }
            all.add(omnilink(model, Overlap.MEDIUM, 500, true));
            all.add(omnilink(model, Overlap.MEDIUM, 500_000, true));
            all.add(omnilink(model, Overlap.LOW, 500_000, false));
            all.add(omnilink(model, Overlap.LOW, 500_000, true));
        }
        // The other models, short enough for auto to weigh dfs against the frontier (docs/engines.md, the rule).
        for (String model : List.of("set", "counter", "cas-register")) {
            all.add(omnilink(model, Overlap.MEDIUM, 1_000, false));
            all.add(omnilink(model, Overlap.MEDIUM, 1_000, true));
            all.add(scaling(model, 10, false, false));
            all.add(scaling(model, 10, false, true));
        }
        for (int threads : new int[]{1, 2, 5, 10, 20, 50}) {
            all.add(scaling("register", threads, true, false));
        }
        all.add(scaling("register", 50, true, true));
        // A violation dfs must prove by exploring every configuration: the parallel dfs's thread-scaling row.
        all.add(scaling("register", 10, false, true));
        // Two more that dfs must search whole, on models with other states (2.3 and 1.2 million model steps).
        all.add(scaling("cas-register", 10, false, true));
        all.add(scaling("counter", 10, false, true));
        for (int threads : new int[]{5, 10, 20, 50}) {
            all.add(scaling("register", threads, false, false));
        }
        for (int threads : new int[]{5, 10, 50}) {
            all.add(scaling("fifo-queue", threads, true, false));
        }
        for (int clients : new int[]{10, 26}) {
            for (int crashed : new int[]{10, 20}) {
                all.add(knossos(clients, crashed, false));
            }
        }
        all.add(knossos(26, 20, true));
        all.addAll(crashedShapes());
        all.add(new Workload("cas-10c-full-50crashed-1000", Spec.of("cas-register", 10, 1_000)
                .withOverlap(Overlap.FULL).withCrashed(50)));
        // Crashed operations with full overlap, linearizable and not: where auto's rule weighs crashes against overlap.
        all.add(new Workload("cas-10c-full-50crashed-1000-bad", Spec.of("cas-register", 10, 1_000)
                .withOverlap(Overlap.FULL).withCrashed(50).withViolation(true)));
        all.add(new Workload("cas-10c-full-10crashed-1000", Spec.of("cas-register", 10, 1_000)
                .withOverlap(Overlap.FULL).withCrashed(10)));
        all.add(new Workload("cas-10c-full-10crashed-1000-bad", Spec.of("cas-register", 10, 1_000)
                .withOverlap(Overlap.FULL).withCrashed(10).withViolation(true)));
        all.add(new Workload("register-10c-full-10crashed-1000", Spec.of("register", 10, 1_000)
                .withOverlap(Overlap.FULL).withCrashed(10)));
        all.add(new Workload("register-10c-full-10crashed-1000-bad", Spec.of("register", 10, 1_000)
                .withOverlap(Overlap.FULL).withCrashed(10).withViolation(true)));
        all.add(new Workload("cas-10c-full-50crashed-10000", Spec.of("cas-register", 10, 10_000)
                .withOverlap(Overlap.FULL).withCrashed(50)));
        all.add(new Workload("fifo-queue-10c-medium-50000-seed3", Spec.of("fifo-queue", 10, 50_000).withSeed(3)));
        return all;
    }

    /**
     * Issue 17's crash-heavy shapes ({@link CrashedShapes}): a dozen, then 30, crashed operations before a few
     * completed ones, for kv, fifo-queue, stack and unordered-queue, linearizable and with a violation injected.
     */
    private static List<Workload> crashedShapes() {
        List<Workload> all = new ArrayList<>();
        for (String model : CrashedShapes.MODELS) {
            for (int crashed : new int[]{CrashedShapes.ISSUE_CRASHED, 30}) {
                for (boolean violation : new boolean[]{false, true}) {
                    all.add(new Workload("crashed-" + model + "-" + crashed + (violation ? "-bad" : ""), null, model,
                            () -> CrashedShapes.history(model, crashed, violation),
                            violation ? Verdict.NOT_LINEARIZABLE : Verdict.LINEARIZABLE));
                }
            }
        }
        return all;
    }

    /** A smoke-sized subset: every shape, small. */
    private static List<Workload> quickWorkloads() {
        List<Workload> all = new ArrayList<>();
        for (String model : List.of("register", "fifo-queue", "kv")) {
            all.add(omnilink(model, Overlap.MEDIUM, 500, false));
            all.add(omnilink(model, Overlap.MEDIUM, 500, true));
            all.add(omnilink(model, Overlap.LOW, 50_000, false));
        }
        all.add(scaling("register", 10, true, false));
        all.add(scaling("register", 10, false, false));
        all.add(knossos(10, 10, false));
        return all;
    }

    private static Workload omnilink(String model, Overlap overlap, int ops, boolean violation) {
        return new Workload("omnilink-" + model + "-" + overlap.cliName() + "-" + ops + (violation ? "-bad" : ""),
                Spec.of(model, 5, ops).withOverlap(overlap).withViolation(violation));
    }

    private static Workload scaling(String model, int threads, boolean distinct, boolean violation) {
        return new Workload("full-" + model + "-" + threads + "x100" + (distinct ? "-distinct" : "")
                + (violation ? "-bad" : ""), Spec.of(model, threads, threads * 100).withOverlap(Overlap.FULL)
                .withDistinct(distinct).withViolation(violation));
    }

    private static Workload knossos(int clients, int crashed, boolean violation) {
        return new Workload("knossos-cas-" + clients + "c-" + crashed + "crashed" + (violation ? "-bad" : ""),
                Spec.of("cas-register", clients, 1_000).withCrashed(crashed).withViolation(violation));
    }

    /** One row: {@code threads} search threads, or the default (every processor) when 0. */
    private static Row measure(Workload w, History h, Engine engine, int threads, Duration timeout, int warmup,
                               int rounds) {
        CheckOptions options = CheckOptions.defaults().withEngine(engine).withTimeout(timeout);
        if (threads > 0) {
            options = options.withThreads(threads);
        }
        HeapWatch heap = new HeapWatch();
        try {
            System.gc();
            for (int i = 0; i < warmup; i++) {
                long t0 = System.nanoTime();
                Result r = check(w, h, options);
                if (r.verdict() == Verdict.UNKNOWN) {
                    double ms = (System.nanoTime() - t0) / 1e6;
                    return new Row(unknown(r), ms, ms, -1, 1, -1);
                }
            }
            double[] ms = new double[rounds];
            double[] cpu = new double[rounds];
            Verdict verdict = null;
            Result last = null;
            heap.start();
            int runs = 0;
            for (; runs < rounds; runs++) {
                Map<Long, Long> cpuBefore = searchCpu();
                long t0 = System.nanoTime();
                last = check(w, h, options);
                ms[runs] = (System.nanoTime() - t0) / 1e6;
                cpu[runs] = busiest(cpuBefore, searchCpu()) / 1e6;
                verdict = last.verdict();
                if (verdict == Verdict.UNKNOWN) {
                    runs++;
                    break;
                }
            }
            long peak = heap.stop();
            double[] done = Arrays.copyOf(ms, runs);
            Arrays.sort(done);
            String v = verdict == Verdict.UNKNOWN ? unknown(last) : verdict.name() + (verdict == w.expected() ? ""
                    : " (WRONG)");
            double[] cpuDone = Arrays.copyOf(cpu, runs);
            Arrays.sort(cpuDone);
            return new Row(v, done[runs / 2], done[0], peak, runs, last.statistics().configurations(),
                    cpuDone[runs / 2], picked(last));
        } catch (OutOfMemoryError e) {
            return new Row("OUT_OF_MEMORY", Double.NaN, Double.NaN, -1, 0, -1);
        } catch (RuntimeException e) {
            System.err.println(w.name + ", " + engine.cliName() + ": " + e);
            return new Row("ERROR", Double.NaN, Double.NaN, -1, 0, -1);
        } finally {
            heap.close();
        }
    }

    /** CPU time so far of this thread and of the checker's search threads, by thread id. */
    private static Map<Long, Long> searchCpu() {
        java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpu = new java.util.HashMap<>();
        long self = Thread.currentThread().getId();
        for (java.lang.management.ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t != null && (t.getThreadId() == self || t.getThreadName().startsWith("ariadne-search-"))) {
                cpu.put(t.getThreadId(), mx.getThreadCpuTime(t.getThreadId()));
            }
        }
        return cpu;
    }

    /**
     * The CPU time the busiest thread spent between the two snapshots: on a machine with a core per search thread,
     * about the wall time; on a loaded machine, where threads wait for a core, a steadier measure of it.
     */
    private static long busiest(Map<Long, Long> before, Map<Long, Long> after) {
        long max = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            max = Math.max(max, e.getValue() - before.getOrDefault(e.getKey(), 0L));
        }
        return max;
    }

    /**
     * The engines that answered for the partitions, each once, in order of first appearance: which one {@code auto}
     * picked (after a dfs attempt that ran out of its memory share, the partition reports the frontier).
     */
    private static String picked(Result r) {
        java.util.LinkedHashSet<String> engines = new java.util.LinkedHashSet<>();
        for (dev.ariadne.core.check.PartitionResult p : r.partitions()) {
            engines.add(p.engine());
        }
        return engines.isEmpty() ? "-" : String.join("+", engines);
    }

    /** UNKNOWN with the first word of its reason: time, memory, … */
    private static String unknown(Result r) {
        String reason = r.reason() == null ? "?" : r.reason().split("[ :]", 2)[0];
        return "UNKNOWN (" + reason + ")";
    }

    private static Result check(Workload w, History h, CheckOptions options) {
        return Checker.check(h, BuiltinModels.byName(w.model()), options);
    }

    /** The engine column: the engine, and the thread count when one was asked for. */
    private static String engineColumn(Engine engine, int threads) {
        return engine.cliName() + (threads > 0 ? " t" + threads : "");
    }

    private static String format(Workload w, int ops, Engine engine, int threads, Row r) {
        String heap = r.heapBytes < 0 ? "-" : Long.toString(mib(r.heapBytes));
        double opsPerSecond = ops / (r.medianMs / 1000);
        boolean timed = r.verdict.startsWith("LINEARIZABLE") || r.verdict.startsWith("NOT_LINEARIZABLE");
        return String.format(Locale.ROOT, "%-38s %8d %-8s %-17s %10s %10s %12s %8s %12s", w.name, ops,
                engineColumn(engine, threads), r.verdict, Double.isNaN(r.medianMs) ? "-" : (timed ? "" : ">")
                        + String.format(Locale.ROOT, "%.2f", r.medianMs), Double.isNaN(r.minMs) ? "-"
                        : String.format(Locale.ROOT, "%.2f", r.minMs),
                timed ? String.format(Locale.ROOT, "%.0f", opsPerSecond) : "-", heap,
                r.steps < 0 ? "-" : Long.toString(r.steps))
                + (threads > 0 && !Double.isNaN(r.busiestCpuMs)
                ? String.format(Locale.ROOT, " %14.2f", r.busiestCpuMs) : "")
                + (engine == Engine.AUTO ? "  picked: " + r.picked : "");
    }

    /** Runs one row in a fresh JVM with the given maximum heap and returns its table line. */
    private static String fork(Workload w, Engine e, int threads, String xmx, boolean quick, Duration timeout,
                               int warmup, int rounds) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path errorFile = Path.of(System.getProperty("java.io.tmpdir"), "ariadne-bench-hs_err_%p.log");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + xmx, "-XX:ErrorFile=" + errorFile, "-cp",
                System.getProperty("java.class.path"), WorkloadBench.class.getName(), "--child", w.name, "--engines",
                e.cliName(), "--timeout", timeout.toMillis() + "ms", "--warmup", Integer.toString(warmup),
                "--rounds", Integer.toString(rounds)));
        if (quick) {
            command.add("--quick");
        }
        if (threads > 0) {
            command.addAll(List.of("--threads", Integer.toString(threads)));
        }
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String row = null;
        StringBuilder other = new StringBuilder();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith(ROW)) {
                    row = line.substring(ROW.length());
                } else {
                    other.append(line).append('\n');
                }
            }
        }
        int status = p.waitFor();
        System.err.print(other);
        if (row != null && status == 0) {
            return row;
        }
        String verdict = other.indexOf("OutOfMemoryError") >= 0 ? "OUT_OF_MEMORY"
                : other.indexOf("A fatal error has been detected") >= 0 ? "JVM CRASH"
                : "FAILED (exit " + status + ")";
        return String.format(Locale.ROOT, "%-38s %8d %-8s %-17s", w.name, w.ops(), engineColumn(e, threads),
                verdict);
    }

    private static long mib(long bytes) {
        return bytes / (1024 * 1024);
    }

    private static Duration parseDuration(String s) {
        if (s.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(s.substring(0, s.length() - 2)));
        }
        if (s.endsWith("s")) {
            return Duration.ofSeconds(Long.parseLong(s.substring(0, s.length() - 1)));
        }
        if (s.endsWith("m")) {
            return Duration.ofMinutes(Long.parseLong(s.substring(0, s.length() - 1)));
        }
        return Duration.ofSeconds(Long.parseLong(s));
    }

    /**
     * Listens to garbage collections and keeps the largest heap occupancy (summed over the heap pools) right after
     * one that ran while watching. Notifications arrive asynchronously, so each is filtered by its start time.
     */
    private static final class HeapWatch implements AutoCloseable {
        private final AtomicLong peak = new AtomicLong(-1);
        private final Set<String> heapPools = new HashSet<>();
        private final List<NotificationEmitter> emitters = new ArrayList<>();
        private final javax.management.NotificationListener listener = this::onNotification;
        private volatile long from = Long.MAX_VALUE;
        private volatile long until = Long.MAX_VALUE;

        HeapWatch() {
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == MemoryType.HEAP) {
                    heapPools.add(pool.getName());
                }
            }
            for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                if (gc instanceof NotificationEmitter emitter) {
                    emitter.addNotificationListener(listener, null, null);
                    emitters.add(emitter);
                }
            }
        }

        void start() {
            from = ManagementFactory.getRuntimeMXBean().getUptime();
        }

        /** Stops watching and returns the peak, or -1 when no collection ran. */
        long stop() {
            until = ManagementFactory.getRuntimeMXBean().getUptime();
            try {
                Thread.sleep(100); // let pending notifications arrive
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return peak.get();
        }

        private void onNotification(javax.management.Notification n, Object handback) {
            if (!n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                return;
            }
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                    (CompositeData) n.getUserData());
            long start = info.getGcInfo().getStartTime();
            if (start < from || start > until) {
                return;
            }
            long used = 0;
            for (Map.Entry<String, MemoryUsage> e : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
                if (heapPools.contains(e.getKey())) {
                    used += e.getValue().getUsed();
                }
            }
            peak.accumulateAndGet(used, Math::max);
        }

        @Override
        public void close() {
            for (NotificationEmitter emitter : emitters) {
                try {
                    emitter.removeNotificationListener(listener);
                } catch (javax.management.ListenerNotFoundException e) {
                    // already gone
                }
            }
        }
    }
}
