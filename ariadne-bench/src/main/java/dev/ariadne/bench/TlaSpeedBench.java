package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.tla.StockTlc;
import dev.ariadne.tla.TlaExport;
import dev.ariadne.tla.TlaSpec;
import dev.ariadne.workloads.Workloads;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The speed rows of issue 15 for the queue spec of examples/tla: spec loading; 8 threads × 2,500 operations,
 * linearizable and with one corrupted result, each timed on its first check after loading; the paper's largest
 * traces (5 threads × 500,000 operations) with the peak heap; and, side by side on the same traces, the
 * hand-written {@code fifo-queue} model, the spec in-process ({@code TlaModel}, memo on) and stock TLC on the module
 * {@code export-tla} writes (a child JVM, one worker). Histories come from {@code Workloads} (medium overlap, seed 1;
 * each enqueued value distinct, as in OmniLink's synthetic queue traces, or with {@code --values five} from a domain
 * of five) converted to the spec's operations as {@link TlaBench} converts them. Usage, from the repository root:
 * <pre>
 * java -Xmx2g -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.TlaSpeedBench [--large 500000]
 *     [--side 5x100,5x1000,8x2500] [--timeout 60s] [--tlc-timeout 300s] [--tlc-heap 2g] [--values distinct]
 * </pre>
 */
public final class TlaSpeedBench {
    private TlaSpeedBench() {
    }

    public static void main(String[] args) throws Exception {
        int large = 500_000;
        String side = "5x100,5x1000,8x2500";
        Duration timeout = Duration.ofSeconds(60);
        Duration tlcTimeout = Duration.ofSeconds(300);
        String tlcHeap = "2g";
        boolean distinct = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--large" -> large = Integer.parseInt(args[++i]);
                case "--side" -> side = args[++i];
                case "--timeout" -> timeout = seconds(args[++i]);
                case "--tlc-timeout" -> tlcTimeout = seconds(args[++i]);
                case "--tlc-heap" -> tlcHeap = args[++i];
                case "--values" -> distinct = switch (args[++i]) {
                    case "distinct" -> true;
                    case "five" -> false;
                    default -> throw new IllegalArgumentException("--values distinct or five");
                };
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path queueFile = Path.of("examples", "tla", "queue", "Queue.tla");
        long t0 = System.nanoTime();
        TlaSpec queue = TlaSpec.load(queueFile, null, Map.of());
        long t1 = System.nanoTime();
        TlaSpec.load(Path.of("examples", "tla", "register", "Register.tla"), null, Map.of()).close();
        long t2 = System.nanoTime();
        System.out.printf(Locale.ROOT, "spec loading: Queue.tla %.0f ms (first in the JVM), Register.tla %.0f ms%n",
                ms(t1 - t0), ms(t2 - t1));
        CheckOptions options = CheckOptions.defaults().withTimeout(timeout);

        System.out.println();
        System.out.println("| trace | history | TLA+ first check ms | TLA+ warm ms (median of 3) | built-in ms |");
        System.out.println("|---|---|---:|---:|---:|");
        for (boolean violation : new boolean[]{false, true}) {
            History h = Workloads.generate(Workloads.Spec.of("fifo-queue", 8, 2_500).withDistinct(distinct)
                    .withViolation(violation));
            History converted = TlaBench.toQueue(h);
            Timed first = time(() -> Checker.check(converted, queue.model(), options));
            // a check that ran out of time once is not run three more times
            Timed warm = first.verdict == Verdict.UNKNOWN ? first
                    : median(3, () -> Checker.check(converted, queue.model(), options));
            Timed builtin = median(3, () -> Checker.check(h, BuiltinModels.byName("fifo-queue", ModelOptions.defaults()),
                    options));
            System.out.printf(Locale.ROOT, "| queue 8 × 2,500 | %s | %s | %s | %s |%n", kind(violation), first,
                    warm, builtin);
        }

        System.out.println();
        System.out.println("| trace | history | TLA+ ms | peak heap MiB | built-in ms |");
        System.out.println("|---|---|---:|---:|---:|");
        for (boolean violation : new boolean[]{false, true}) {
            History h = Workloads.generate(Workloads.Spec.of("fifo-queue", 5, large).withDistinct(distinct)
                    .withViolation(violation));
            History converted = TlaBench.toQueue(h);
            System.gc();
            resetPeaks();
            Timed tla = time(() -> Checker.check(converted, queue.model(), options));
            long peak = peakHeap();
            Timed builtin = time(() -> Checker.check(h, BuiltinModels.byName("fifo-queue", ModelOptions.defaults()),
                    options));
            System.out.printf(Locale.ROOT, "| queue 5 × %,d | %s | %s | %,d | %s |%n", large, kind(violation), tla,
                    peak >> 20, builtin);
        }

        System.out.println();
        System.out.println("| trace | history | built-in ms | TLA+ ms | stock TLC s | TLC distinct states | TLC / TLA+ "
                + "| TLA+ / built-in |");
        System.out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        for (String size : side.split(",")) {
            String[] tn = size.split("x");
            int threads = Integer.parseInt(tn[0]);
            int ops = Integer.parseInt(tn[1]);
            for (boolean violation : new boolean[]{false, true}) {
                History h = Workloads.generate(Workloads.Spec.of("fifo-queue", threads, ops)
                        .withDistinct(distinct).withViolation(violation));
                History converted = TlaBench.toQueue(h);
                Timed builtin = median(3, () -> Checker.check(h, BuiltinModels.byName("fifo-queue",
                        ModelOptions.defaults()), options));
                Timed tla = median(3, () -> Checker.check(converted, queue.model(), options));
                Path dir = Files.createTempDirectory("ariadne-tla-bench");
                TlaExport.Written w = TlaExport.write(queue, null, Map.of(), converted, "queue-" + size, dir);
                StockTlc.Outcome tlc = StockTlc.check(w, tlcTimeout, List.of("-Xmx" + tlcHeap, "-XX:+UseParallelGC"));
                for (Path p : List.of(w.module(), w.cfg(), dir.resolve("Queue.tla"), dir)) {
                    Files.deleteIfExists(p);
                }
                if (definite(tlc.verdict()) && definite(tla.verdict) && tlc.verdict() != tla.verdict) {
                    throw new IllegalStateException("TLC says " + tlc.verdict() + ", TlaModel " + tla.verdict
                            + " on " + size + " " + kind(violation));
                }
                String tlcTime = tlc.verdict() == Verdict.UNKNOWN
                        ? (tlc.exitStatus() < 0 ? "> " + tlcTimeout.toSeconds() + " (stopped)" : "error " + tlc.exitStatus())
                        : String.format(Locale.ROOT, "%.1f", tlc.elapsed().toMillis() / 1000.0);
                String ratio = tlc.verdict() == Verdict.UNKNOWN || !definite(tla.verdict) ? "–"
                        : String.format(Locale.ROOT, "%.0f×", tlc.elapsed().toNanos() / 1e6 / tla.ms);
                String ours = !definite(tla.verdict) || !definite(builtin.verdict) ? "–"
                        : String.format(Locale.ROOT, "%.1f×", tla.ms / builtin.ms);
                System.out.printf(Locale.ROOT, "| queue %d × %,d | %s | %s | %s | %s | %s | %s | %s |%n", threads, ops,
                        kind(violation), builtin, tla, tlcTime,
                        tlc.distinctStates() < 0 ? "–" : String.format(Locale.ROOT, "%,d", tlc.distinctStates()),
                        ratio, ours);
            }
        }
        queue.close();
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

    /** A check's verdict and time; shown as the time, or as the verdict when it is not a definite one. */
    private record Timed(Verdict verdict, double ms) {
        @Override
        public String toString() {
            return verdict == Verdict.UNKNOWN ? "UNKNOWN (time limit)" : String.format(Locale.ROOT, "%,.1f", ms);
        }
    }

    private static Timed time(Supplier<Result> check) {
        long a = System.nanoTime();
        Result r = check.get();
        return new Timed(r.verdict(), ms(System.nanoTime() - a));
    }

    private static Timed median(int rounds, Supplier<Result> check) {
        Timed[] all = new Timed[rounds];
        for (int i = 0; i < rounds; i++) {
            all[i] = time(check);
        }
        Arrays.sort(all, (x, y) -> Double.compare(x.ms, y.ms));
        return all[rounds / 2];
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
