package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Times the check of every file of porcupine's corpus (and the kv c10 pair without partitions), in-process after
 * JIT warm-up, and prints a table of median times. Parsing is done once, outside the timed region. Usage:
 * {@code java -jar ariadne-bench/target/ariadne-bench.jar [CORPUS_DIR] [--rounds N] [--warmup N] [--only SUBSTRING]
 * [--engine NAME[,NAME...]]}; with several engines each file gets a row per engine (default: auto). Rows of
 * {@code auto} end with the engines its partitions were decided by ({@code picked: dfs} and so on).
 */
public final class CorpusBench {
    private record Case(String name, History history, String model, boolean partition, Verdict expected) {
    }

    public static void main(String[] args) throws Exception {
        Path corpus = Path.of("../shared/testdata/porcupine");
        int rounds = 10;
        int warmup = 5;
        String only = "";
        List<Engine> engines = new ArrayList<>(List.of(Engine.AUTO));
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--engine" -> {
                    engines.clear();
                    for (String name : args[++i].split(",")) {
                        engines.add(Engine.fromName(name.trim()));
                    }
                }
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--warmup" -> warmup = Integer.parseInt(args[++i]);
                case "--only" -> only = args[++i];
                default -> corpus = Path.of(args[i]);
            }
        }
        Path expected = corpus.resolve("EXPECTED.tsv");
        if (!Files.isRegularFile(expected)) {
            System.err.println("corpus not found: " + expected + " (pass the porcupine testdata directory)");
            System.exit(2);
        }
        List<Case> cases = new ArrayList<>();
        for (String line : Files.readAllLines(expected)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            if (!f[0].contains(only)) {
                continue;
            }
            History h = HistoryReaders.read(corpus.resolve(f[0]), Format.AUTO);
            Verdict v = f[2].equals("linearizable") ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
            cases.add(new Case(f[0], h, f[1], true, v));
            if (f[0].startsWith("kv/c10")) {
                cases.add(new Case(f[0] + " (no partition)", h, f[1], false, v));
            }
        }
        System.out.printf(Locale.ROOT, "%-34s %6s %-8s %-17s %10s %10s %12s%n", "file", "ops", "engine", "verdict",
                "median ms", "min ms", "configs");
        double[] etcdTotal = new double[engines.size()];
        double[] kvTotal = new double[engines.size()];
        for (Case c : cases) {
            for (int e = 0; e < engines.size(); e++) {
                double median = row(c, engines.get(e), rounds, warmup);
                if (c.name.startsWith("jepsen/")) {
                    etcdTotal[e] += median;
                } else if (c.name.startsWith("kv/")) {
                    kvTotal[e] += median;
                }
            }
        }
        System.out.println();
        for (int e = 0; e < engines.size(); e++) {
            System.out.printf(Locale.ROOT, "all jepsen/etcd logs together (sum of medians), %s: %.1f ms%n",
                    engines.get(e).cliName(), etcdTotal[e]);
        }
        for (int e = 0; e < engines.size(); e++) {
            System.out.printf(Locale.ROOT, "all kv rows together, partitioned or not (sum of medians), %s: %.1f ms%n",
                    engines.get(e).cliName(), kvTotal[e]);
        }
    }

    /** Times one file with one engine, prints its row and returns the median in milliseconds. */
    private static double row(Case c, Engine engine, int rounds, int warmup) {
        CheckOptions options = CheckOptions.defaults().withPartition(c.partition).withEngine(engine);
        Result last = null;
        for (int i = 0; i < warmup; i++) {
            last = check(c, options);
        }
        double[] ms = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            last = check(c, options);
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        double median = ms[rounds / 2];
        String verdict = last.verdict().name() + (last.verdict() == c.expected ? "" : " (WRONG)");
        System.out.printf(Locale.ROOT, "%-34s %6d %-8s %-17s %10.3f %10.3f %12d%s%n", c.name, c.history.size(),
                engine.cliName(), verdict, median, ms[0], last.statistics().configurations(),
                engine == Engine.AUTO ? "  picked: " + picked(last) : "");
        return median;
    }

    /** The engines that answered for the partitions, each once: which one {@code auto} picked. */
    private static String picked(Result r) {
        java.util.LinkedHashSet<String> engines = new java.util.LinkedHashSet<>();
        for (dev.ariadne.core.check.PartitionResult p : r.partitions()) {
            engines.add(p.engine());
        }
        return engines.isEmpty() ? "-" : String.join("+", engines);
    }

    private static Result check(Case c, CheckOptions options) {
        return Checker.check(c.history, BuiltinModels.byName(c.model), options);
    }
}
