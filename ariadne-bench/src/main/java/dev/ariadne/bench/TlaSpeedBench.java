package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.tla.StockTlc;
import dev.ariadne.tla.TlaExport;
import dev.ariadne.tla.TlaModel;
import dev.ariadne.tla.TlaSpec;
import dev.ariadne.workloads.TlaTraces;
import dev.ariadne.workloads.Workloads;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The speed rows of issue 15 for the queue and key-value specs of examples/tla (and the counter's, on request):
 * spec loading, the first spec in the JVM and later ones; 8 threads × 2,500 operations, linearizable and with one
 * corrupted result, each timed on its first check after loading; the paper's largest traces (5 threads × 500,000
 * operations) with the peak heap; and, side by side on the same traces, the hand-written model ({@code fifo-queue},
 * {@code kv}, {@code counter}), the spec in-process ({@code TlaModel}, memo on and off) and stock TLC on the module
 * {@code export-tla} writes (a child JVM, one worker). Histories come from {@code Workloads} (medium overlap, seed
 * 1; each written value distinct, as in OmniLink's synthetic queue traces, or with {@code --values five} from a
 * domain of five) converted to the spec's operations by {@link TlaTraces}. Usage, from the repository root:
 * Side-by-side checks run {@code --warm} times each (default 1) to warm up before the medians of {@code --rounds}
 * runs (default 3; the wall time's median and the processor time's mean), and print each check's configurations, so that the processor time per configuration of the spec
 * and of the built-in model can be compared once the JIT has compiled both paths; {@code --core-timeout 0s} leaves
 * the core search out of a violation's time. {@code --tlc-timeout 0s} leaves TLC out. {@code --large 0}, {@code --side ""} and {@code --first ""} leave their
 * tables out.
 * <pre>
 * java -Xmx2g -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.TlaSpeedBench [--specs queue,kv]
 *     [--large 500000] [--side 5x100,5x1000,8x2500] [--timeout 60s] [--tlc-timeout 300s] [--tlc-heap 2g]
 *     [--values distinct] [--engine auto] [--first 8x2500] [--warm 1] [--rounds 3] [--core-timeout 5s]
 * </pre>
 */
public final class TlaSpeedBench {
    private TlaSpeedBench() {
    }

    /** One example spec and the built-in model it mirrors. */
    private record Subject(String example, String file, String builtin) {
        static Subject of(String example) {
            return switch (example) {
                case "queue" -> new Subject("queue", "Queue.tla", "fifo-queue");
                case "kv" -> new Subject("kv", "KeyValue.tla", "kv");
                case "counter" -> new Subject("counter", "Counter.tla", "counter");
                default -> throw new IllegalArgumentException("--specs: queue, kv or counter, got " + example);
            };
        }

        Path path() {
            return Path.of("examples", "tla", example, file);
        }

        History generate(int threads, int ops, boolean distinct, boolean violation) {
            return Workloads.generate(Workloads.Spec.of(builtin, threads, ops).withDistinct(distinct)
                    .withViolation(violation));
        }

        Result builtinCheck(History h, CheckOptions options) {
            return Checker.check(h, BuiltinModels.byName(builtin, ModelOptions.defaults()), options);
        }
    }

    public static void main(String[] args) throws Exception {
        int large = 500_000;
        String side = "5x100,5x1000,8x2500";
        String first = "8x2500";
        List<Subject> subjects = List.of(Subject.of("queue"), Subject.of("kv"));
        Duration timeout = Duration.ofSeconds(60);
        Duration tlcTimeout = Duration.ofSeconds(300);
        String tlcHeap = "2g";
        boolean distinct = true;
        Engine engine = Engine.AUTO;
        int warmRuns = 1;
        int rounds = 3;
        Duration coreTimeout = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--large" -> large = Integer.parseInt(args[++i]);
                case "--side" -> side = args[++i];
                case "--first" -> first = args[++i];
                case "--specs" -> subjects = Arrays.stream(args[++i].split(",")).map(Subject::of).toList();
                case "--timeout" -> timeout = seconds(args[++i]);
                case "--tlc-timeout" -> tlcTimeout = seconds(args[++i]);
                case "--tlc-heap" -> tlcHeap = args[++i];
                case "--engine" -> engine = Engine.fromName(args[++i]);
                case "--warm" -> warmRuns = Integer.parseInt(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--core-timeout" -> coreTimeout = seconds(args[++i]);
                case "--values" -> distinct = switch (args[++i]) {
                    case "distinct" -> true;
                    case "five" -> false;
                    default -> throw new IllegalArgumentException("--values distinct or five");
                };
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        System.out.printf(Locale.ROOT, "engine %s, values %s, load average %.1f%n", engine.name().toLowerCase(Locale.ROOT),
                distinct ? "distinct" : "five", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        Map<Subject, TlaSpec> specs = new LinkedHashMap<>();
        StringBuilder loading = new StringBuilder("spec loading:");
        for (Subject s : subjects) {
            long t0 = System.nanoTime();
            specs.put(s, TlaSpec.load(s.path(), null, Map.of()));
            loading.append(String.format(Locale.ROOT, " %s %.0f ms%s,", s.file, ms(System.nanoTime() - t0),
                    specs.size() == 1 ? " (first in the JVM)" : ""));
        }
        for (Subject s : subjects) {
            long t0 = System.nanoTime();
            TlaSpec.load(s.path(), null, Map.of()).close();
            loading.append(String.format(Locale.ROOT, " %s again %.0f ms,", s.file, ms(System.nanoTime() - t0)));
        }
        System.out.println(loading.substring(0, loading.length() - 1));
        CheckOptions chosen = CheckOptions.defaults().withTimeout(timeout).withEngine(engine);
        CheckOptions options = coreTimeout == null ? chosen : chosen.withCoreTimeout(coreTimeout);

        if (!first.isEmpty()) {
            int[] tn = size(first);
            System.out.println();
            System.out.println("| trace | history | TLA+ first check ms | TLA+ warm ms (median of 3) | built-in ms "
                    + "(median of 3) |");
            System.out.println("|---|---|---:|---:|---:|");
            for (Subject s : subjects) {
                TlaSpec spec = specs.get(s);
                for (boolean violation : new boolean[]{false, true}) {
                    History h = s.generate(tn[0], tn[1], distinct, violation);
                    History converted = TlaTraces.convert(s.example, h);
                    Timed once = time(() -> Checker.check(converted, spec.model(), options));
                    // a check that ran out of time once is not run three more times
                    Timed warm = once.verdict == Verdict.UNKNOWN ? once
                            : median(3, () -> Checker.check(converted, spec.model(), options));
                    Timed builtin = median(3, () -> s.builtinCheck(h, options));
                    agree(builtin, once, s.example + " " + first + " " + kind(violation));
                    System.out.printf(Locale.ROOT, "| %s %d × %,d | %s | %s | %s | %s |%n", s.example, tn[0], tn[1],
                            kind(violation), once, warm.withCpu(), builtin.withCpu());
                }
            }
        }

        if (large > 0) {
            System.out.println();
            System.out.println("| trace | history | TLA+ ms | TLA+ verdict | peak heap MiB | built-in ms | TLA+ / built-in |");
            System.out.println("|---|---|---:|---|---:|---:|---:|");
            for (Subject s : subjects) {
                TlaSpec spec = specs.get(s);
                for (boolean violation : new boolean[]{false, true}) {
                    History h = s.generate(5, large, distinct, violation);
                    History converted = TlaTraces.convert(s.example, h);
                    System.gc();
                    resetPeaks();
                    Timed tla = time(() -> Checker.check(converted, spec.model(), options));
                    long peak = peakHeap();
                    Timed builtin = time(() -> s.builtinCheck(h, options));
                    agree(builtin, tla, s.example + " 5x" + large + " " + kind(violation));
                    System.out.printf(Locale.ROOT, "| %s 5 × %,d | %s | %s | %s | %,d | %s | %s |%n", s.example, large,
                            kind(violation), tla.withCpu(), tla.verdict, peak >> 20, builtin.withCpu(), ratio(tla, builtin));
                }
            }
        }

        if (!side.isEmpty()) {
            System.out.println();
            System.out.println("| trace | history | built-in ms | TLA+ memo ms | TLA+ no memo ms | evaluations / "
                    + "steps | configurations built-in / TLA+ | stock TLC s | TLC distinct states | TLC / TLA+ | "
                    + "TLA+ / built-in | TLA+ no memo / built-in | per configuration, cpu: TLA+ no memo / built-in |");
            System.out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            for (Subject s : subjects) {
                TlaSpec spec = specs.get(s);
                for (String size : side.split(",")) {
                    int[] tn = size(size);
                    for (boolean violation : new boolean[]{false, true}) {
                        History h = s.generate(tn[0], tn[1], distinct, violation);
                        History converted = TlaTraces.convert(s.example, h);
                        // runs of each first, so that none of them pays for the JIT's compilation
                        for (int w = 0; w < warmRuns; w++) {
                            s.builtinCheck(h, options);
                            Checker.check(converted, spec.model(true), options);
                            Checker.check(converted, spec.model(false), options);
                        }
                        Timed builtin = median(rounds, () -> s.builtinCheck(h, options));
                        TlaModel[] last = new TlaModel[1];
                        Timed memo = median(rounds, () -> Checker.check(converted, last[0] = spec.model(true), options));
                        long evaluations = last[0].evaluations();
                        long steps = evaluations + last[0].memoHits();
                        Timed plain = median(rounds, () -> Checker.check(converted, spec.model(false), options));
                        StockTlc.Outcome tlc = tlcTimeout.isZero()
                                ? new StockTlc.Outcome(Verdict.UNKNOWN, 0, -1, Duration.ZERO, "not run")
                                : tlc(spec, s, converted, size, tlcTimeout, tlcHeap);
                        String what = s.example + " " + size + " " + kind(violation);
                        agree(builtin, memo, what);
                        agree(memo, plain, what);
                        if (definite(tlc.verdict()) && definite(memo.verdict) && tlc.verdict() != memo.verdict) {
                            throw new IllegalStateException("TLC says " + tlc.verdict() + ", TlaModel "
                                    + memo.verdict + " on " + what);
                        }
                        String tlcTime = tlc.verdict() == Verdict.UNKNOWN
                                ? (tlcTimeout.isZero() ? "not run" : tlc.exitStatus() < 0
                                ? "> " + tlcTimeout.toSeconds() + " (stopped)" : "error " + tlc.exitStatus())
                                : String.format(Locale.ROOT, "%.1f", tlc.elapsed().toMillis() / 1000.0);
                        String tlcRatio = tlc.verdict() == Verdict.UNKNOWN || !definite(memo.verdict) ? "–"
                                : String.format(Locale.ROOT, "%,.0f×", tlc.elapsed().toNanos() / 1e6 / memo.ms);
                        System.out.printf(Locale.ROOT, "| %s %d × %,d | %s | %s | %s | %s | %,d / %,d%s | %,d / %,d | %s "
                                        + "| %s | %s | %s | %s | %s |%n", s.example, tn[0], tn[1], kind(violation),
                                builtin.withCpu(), memo.withCpu(), plain.withCpu(), evaluations, steps,
                                last[0].memoAbandoned() ? " (memo given up)" : "", builtin.configurations,
                                plain.configurations, tlcTime, tlc.distinctStates() < 0 ? "–"
                                        : String.format(Locale.ROOT, "%,d", tlc.distinctStates()), tlcRatio,
                                ratio(memo, builtin), ratio(plain, builtin), perConfiguration(plain, builtin));
                    }
                }
            }
        }
        for (TlaSpec spec : specs.values()) {
            spec.close();
        }
    }

    private static StockTlc.Outcome tlc(TlaSpec spec, Subject s, History converted, String size, Duration timeout,
            String heap) throws java.io.IOException, InterruptedException {
        Path dir = Files.createTempDirectory("ariadne-tla-bench");
        TlaExport.Written w = TlaExport.write(spec, null, Map.of(), converted, s.example + "-" + size, dir);
        try {
            return StockTlc.check(w, timeout, List.of("-Xmx" + heap, "-XX:+UseParallelGC"));
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.deleteIfExists(p);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    /** Two definite verdicts that differ are a bug, never a timing matter: the bench stops. */
    private static void agree(Timed a, Timed b, String what) {
        if (definite(a.verdict) && definite(b.verdict) && a.verdict != b.verdict) {
            throw new IllegalStateException("verdicts differ on " + what + ": " + a.verdict + " and " + b.verdict);
        }
    }

    /**
     * Wall time over wall time, and CPU time over CPU time where both are at least 50 ms (the process's CPU time
     * is counted in steps of 10 ms).
     */
    private static String ratio(Timed a, Timed b) {
        if (!definite(a.verdict) || !definite(b.verdict)) {
            return "–";
        }
        String wall = String.format(Locale.ROOT, "%.1f×", a.ms / b.ms);
        return a.cpuMs < 50 || b.cpuMs < 50 ? wall
                : wall + String.format(Locale.ROOT, " (cpu %.1f×)", a.cpuMs / b.cpuMs);
    }

    /**
     * The CPU time per configuration of {@code a} over that of {@code b}, where both have a mean of at least 5 ms of
     * CPU time (use many {@code --rounds} for short checks) and configurations to divide by: a comparison of the cost
     * of a step that holds when the two explore different numbers of configurations.
     */
    private static String perConfiguration(Timed a, Timed b) {
        if (!definite(a.verdict) || !definite(b.verdict) || a.cpuMs < 5 || b.cpuMs < 5 || a.configurations == 0
                || b.configurations == 0) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.1f×", (a.cpuMs / a.configurations) / (b.cpuMs / b.configurations));
    }

    private static int[] size(String threadsByOps) {
        String[] tn = threadsByOps.split("x");
        return new int[]{Integer.parseInt(tn[0]), Integer.parseInt(tn[1])};
    }

    private static Duration seconds(String s) {
        return Duration.ofSeconds(Long.parseLong(s.replace("s", "")));
    }

    private static String kind(boolean violation) {
        return violation ? "violation" : "linearizable";
    }

    private static boolean definite(Verdict v) {
        return v != Verdict.UNKNOWN;
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }

    /**
     * A check's verdict, wall time and the process's CPU time during it (all threads, the collector's included:
     * steadier than the wall time on a shared machine); shown as the wall time, or as the verdict when it is not a
     * definite one.
     */
    private record Timed(Verdict verdict, double ms, double cpuMs, long configurations) {
        @Override
        public String toString() {
            return verdict == Verdict.UNKNOWN ? "UNKNOWN (time limit)" : String.format(Locale.ROOT, "%,.1f", ms);
        }

        /** The wall time and the CPU time. */
        String withCpu() {
            return verdict == Verdict.UNKNOWN ? toString()
                    : String.format(Locale.ROOT, "%,.1f (cpu %,.1f)", ms, cpuMs);
        }
    }

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private static Timed time(Supplier<Result> check) {
        long cpu = OS.getProcessCpuTime();
        long a = System.nanoTime();
        Result r = check.get();
        long wall = System.nanoTime() - a;
        long configurations = r.partitions().stream().mapToLong(p -> p.statistics().configurations()).sum();
        return new Timed(r.verdict(), ms(wall), ms(OS.getProcessCpuTime() - cpu), configurations);
    }

    /**
     * The median wall time and the mean CPU time of {@code rounds} runs: the process's CPU time moves in steps of
     * 10 ms, which a mean over many rounds resolves where a median of short checks cannot.
     */
    private static Timed median(int rounds, Supplier<Result> check) {
        Timed[] all = new Timed[rounds];
        for (int i = 0; i < rounds; i++) {
            all[i] = time(check);
        }
        double[] wall = Arrays.stream(all).mapToDouble(Timed::ms).sorted().toArray();
        double cpu = Arrays.stream(all).mapToDouble(Timed::cpuMs).average().orElseThrow();
        return new Timed(all[rounds - 1].verdict, wall[rounds / 2], cpu, all[rounds - 1].configurations);
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    /** The sum of the heap pools' peaks since {@link #resetPeaks}: an upper bound of the heap's peak. */
    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
