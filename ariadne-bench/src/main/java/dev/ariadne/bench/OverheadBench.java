package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The per-history overhead of a check: every history file under the given directories (or the files given) is read
 * once, its model chosen as {@code ariadne check} chooses it, and then the checks alone are timed, first once each
 * in order (the cold pass: what one {@code ariadne check} invocation over the files pays) and then over several warm
 * rounds (median per file). Prints the sums and the slowest files. Usage: {@code java -cp
 * ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.OverheadBench [--no-core] [--rounds N] [--warmup N]
 * [--threads N] [--verbose] DIR|FILE...}.
 */
public final class OverheadBench {
    private record Case(String name, History history, Model<?> model) {
    }

    public static void main(String[] args) throws Exception {
        int rounds = 20;
        int warmup = 30;
        boolean cores = true;
        boolean verbose = false;
        Integer threads = null;
        List<Path> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--threads" -> threads = Integer.parseInt(args[++i]);
                case "--no-core" -> cores = false;
                case "--verbose" -> verbose = true;
                default -> inputs.add(Path.of(args[i]));
            }
        }
        if (inputs.isEmpty()) {
            System.err.println("usage: OverheadBench [--no-core] [--rounds N] [--warmup N] [--threads N] "
                    + "[--verbose] DIR|FILE...");
            System.exit(64);
        }
        List<Path> files = new ArrayList<>();
        for (Path p : inputs) {
            if (Files.isDirectory(p)) {
                try (Stream<Path> s = Files.walk(p)) {
                    s.filter(Files::isRegularFile).filter(OverheadBench::isHistory).sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
        }
        List<Case> cases = new ArrayList<>();
        for (Path f : files) {
            ReadResult read = HistoryReaders.load(f, ReadOptions.defaults());
            ModelOptions mo = read.modelOptions(ModelOptions.defaults());
            cases.add(new Case(f.toString(), read.history(), BuiltinModels.infer(read.history(), mo)));
        }
        CheckOptions options = CheckOptions.defaults();
        if (!cores) {
            options = options.withCoreTimeout(Duration.ZERO);
        }
        if (threads != null) {
            options = options.withThreads(threads);
        }
        int n = cases.size();
        Verdict[] verdicts = new Verdict[n];
        long coldTotal = 0;
        long coldMax = 0;
        // The processor time of this thread too: on a loaded machine the wall time of a cold pass is mostly waiting
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long cpu0 = cpu.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            Result r = check(cases.get(i), options);
            long t = System.nanoTime() - t0;
            coldTotal += t;
            coldMax = Math.max(coldMax, t);
            verdicts[i] = r.verdict();
            if (verbose) {
                System.out.printf(Locale.ROOT, "cold %8.1f µs  %5d ops  %-17s %s%n", t / 1e3, cases.get(i).history.size(),
                        r.verdict(), cases.get(i).name);
            }
        }
        long coldCpu = cpu.getCurrentThreadCpuTime() - cpu0;
        for (int w = 0; w < warmup; w++) {
            for (Case c : cases) {
                check(c, options);
            }
        }
        long[][] times = new long[n][rounds];
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < n; i++) {
                long t0 = System.nanoTime();
                Result r = check(cases.get(i), options);
                times[i][round] = System.nanoTime() - t0;
                if (r.verdict() != verdicts[i]) {
                    throw new AssertionError(cases.get(i).name + ": " + r.verdict() + " then " + verdicts[i]);
                }
            }
        }
        long warmTotal = 0;
        long[] medians = new long[n];
        int ops = 0;
        int[] counts = new int[Verdict.values().length];
        for (int i = 0; i < n; i++) {
            Arrays.sort(times[i]);
            medians[i] = times[i][rounds / 2];
            warmTotal += medians[i];
            ops += cases.get(i).history.size();
            counts[verdicts[i].ordinal()]++;
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(medians[b], medians[a]));
        System.out.printf(Locale.ROOT, "%d files, %d operations; %d linearizable, %d not, %d unknown; cores %s%n", n,
                ops, counts[Verdict.LINEARIZABLE.ordinal()], counts[Verdict.NOT_LINEARIZABLE.ordinal()],
                counts[Verdict.UNKNOWN.ordinal()], cores ? "on" : "off (--no-core)");
        System.out.printf(Locale.ROOT, "cold pass (each file once, in order): sum %.1f ms (%.1f ms of processor time), "
                + "slowest %.1f ms%n", coldTotal / 1e6, coldCpu / 1e6, coldMax / 1e6);
        System.out.printf(Locale.ROOT, "warm (median of %d rounds after %d): sum %.2f ms, mean %.1f µs per file, "
                + "median file %.1f µs%n", rounds, warmup, warmTotal / 1e6, warmTotal / 1e3 / n,
                medians[order[n / 2]] / 1e3);
        int shown = verbose ? n : Math.min(5, n);
        for (int k = 0; k < shown; k++) {
            int i = order[k];
            Case c = cases.get(i);
            System.out.printf(Locale.ROOT, "  %10.1f µs  %5d ops  %-17s %s%n", medians[i] / 1e3, c.history.size(),
                    verdicts[i], c.name);
        }
    }

    /** A history file by its name: not the corpora's expectations, notes or rendered pages. */
    private static boolean isHistory(Path f) {
        String name = f.getFileName().toString();
        return !(name.endsWith(".tsv") || name.endsWith(".md") || name.endsWith(".html") || name.startsWith("."));
    }

    private static Result check(Case c, CheckOptions options) {
        return Checker.check(c.history, c.model, options);
    }
}
