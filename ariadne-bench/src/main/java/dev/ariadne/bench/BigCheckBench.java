package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.ReadOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The check of one big register history in-process (issue 23's row of 5 × 500,000 register operations): reads
 * {@code FILE} once, then checks it {@code N} times (default 5; the first is cold) without the minimal failing core,
 * and prints each check's wall and CPU time (of the whole process: the collector and the compilers count), the
 * verdict and the configurations explored. {@code --core} searches the minimal failing core of a violation too (on
 * a pool thread: the process's CPU counts it, the checking thread's does not). {@code BigCheckBench [--runs N] [--cas]
 * [--core] FILE...}.
 */
public final class BigCheckBench {
    private BigCheckBench() {
    }

    public static void main(String[] args) throws Exception {
        int runs = 5;
        boolean cas = false;
        boolean core = false;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--runs")) {
                runs = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--cas")) {
                cas = true;
            } else if (args[i].equals("--core")) {
                core = true;
            } else {
                check(Path.of(args[i]), runs, cas, core);
            }
        }
    }

    private static void check(Path file, int runs, boolean cas, boolean core) throws Exception {
        History history = HistoryReaders.load(file, ReadOptions.defaults()).history();
        RegisterModel model = cas ? RegisterModel.casRegister() : RegisterModel.register();
        CheckOptions options = core ? CheckOptions.defaults() : CheckOptions.defaults().withCoreTimeout(Duration.ZERO);
        for (int r = 0; r < runs; r++) {
            long t = System.nanoTime();
            long c = cpu();
            long th = THREADS.getCurrentThreadCpuTime();
            Result result = Checker.check(history, model, options);
            double wall = (System.nanoTime() - t) / 1e6;
            double cpu = (cpu() - c) / 1e6;
            double thread = (THREADS.getCurrentThreadCpuTime() - th) / 1e6;
            String cores = "";
            for (var p : result.partitions()) {
                if (p.violation() != null && p.violation().explanation() != null) {
                    var e = p.violation().explanation();
                    cores += String.format(Locale.ROOT, "; core of %d in %.1f ms, %d checks", e.core().size(),
                            e.nanos() / 1e6, e.checks());
                }
            }
            System.out.printf(Locale.ROOT, "%s run %d: %s, %,d configurations, %.0f ms wall, %.0f ms CPU "
                    + "(%.0f ms on the checking thread)%s%n", file.getFileName(), r, result.verdict(),
                    result.statistics().configurations(), wall, cpu, thread, cores);
        }
    }

    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
