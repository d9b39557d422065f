package dev.ariadne.bench;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.tla.TlaModel;
import dev.ariadne.tla.TlaSpec;
import dev.ariadne.workloads.Workloads;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Times the TLA+ specs of examples/tla (register, queue) against the built-in models on the same generated
 * histories (5 threads, medium overlap, values from a domain of five), with the transition memo on and off. Each
 * history is converted to the spec's operations (nil, which the specs write as 0, and values shifted by 2 so that
 * no written value is 0). Loading is timed once per spec; each check runs once to warm up, then the median of
 * {@code --rounds} runs is printed. Usage, from the repository root:
 * <pre>
 * java -cp ariadne-bench/target/ariadne-bench.jar dev.ariadne.bench.TlaBench [--ops 1000,10000] [--rounds 3]
 *     [--timeout 60s] [--models register,fifo-queue]
 * </pre>
 */
public final class TlaBench {
    private TlaBench() {
    }

    public static void main(String[] args) {
        int[] opsList = {1_000, 10_000};
        int rounds = 3;
        List<String> models = List.of("register", "fifo-queue");
        Duration timeout = Duration.ofSeconds(60);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--ops" -> opsList = Arrays.stream(args[++i].split(",")).mapToInt(Integer::parseInt).toArray();
                case "--models" -> models = List.of(args[++i].split(","));
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--timeout" -> timeout = Duration.ofSeconds(Long.parseLong(args[++i].replace("s", "")));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path examples = Path.of("examples", "tla");
        long t0 = System.nanoTime();
        TlaSpec register = TlaSpec.load(examples.resolve("register/Register.tla"), null, Map.of());
        long t1 = System.nanoTime();
        TlaSpec queue = TlaSpec.load(examples.resolve("queue/Queue.tla"), null, Map.of());
        long t2 = System.nanoTime();
        System.out.printf(Locale.ROOT, "spec loading: Register.tla %.0f ms, Queue.tla %.0f ms%n",
                (t1 - t0) / 1e6, (t2 - t1) / 1e6);
        System.out.println("| model | threads × ops | history | built-in ms | TLA+ memo ms | TLA+ no memo ms "
                + "| TLC evaluations (memo / no memo) | memo hits | memo given up |");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|---|");
        CheckOptions options = CheckOptions.defaults().withTimeout(timeout);
        for (String model : models) {
            TlaSpec spec = model.equals("register") ? register : queue;
            for (int ops : opsList) {
                for (boolean violation : new boolean[]{false, true}) {
                    History h = Workloads.generate(Workloads.Spec.of(model, 5, ops).withViolation(violation));
                    History converted = model.equals("register") ? toRegister(h) : toQueue(h);
                    Model<?> builtin = BuiltinModels.byName(model, ModelOptions.defaults());
                    TlaModel[] last = new TlaModel[2];
                    List<Timed> t = interleaved(rounds, List.of(
                            () -> Checker.check(h, builtin, options),
                            () -> Checker.check(converted, last[0] = spec.model(true), options),
                            () -> Checker.check(converted, last[1] = spec.model(false), options)));
                    Timed b = t.get(0);
                    Timed m = t.get(1).with(last[0]);
                    Timed n = t.get(2).with(last[1]);
                    if (disagree(b, m) || disagree(b, n) || disagree(m, n)) {
                        throw new IllegalStateException("verdicts differ on " + model + " " + ops + ": " + b.verdict
                                + " " + m.verdict + " " + n.verdict);
                    }
                    System.out.printf(Locale.ROOT, "| %s | 5 × %,d | %s | %s | %s | %s | %,d / %,d | %,d | %s |%n",
                            model, ops, violation ? "violation" : "linearizable", b.show(), m.show(), n.show(),
                            m.evaluations, n.evaluations, m.hits, m.abandoned ? "yes" : "no");
                }
            }
        }
    }

    private record Timed(String verdict, double ms, long evaluations, long hits, boolean abandoned) {
        /** The median in ms, or the verdict when it is not a definite one (a time limit). */
        String show() {
            return verdict.equals("UNKNOWN") ? "UNKNOWN (time limit)" : String.format(Locale.ROOT, "%.1f", ms);
        }

        /** The same timing with the counts of the TLA+ model used by the last run. */
        Timed with(TlaModel m) {
            return new Timed(verdict, ms, m.evaluations(), m.memoHits(), m.memoAbandoned());
        }
    }

    /**
     * Runs each check once to warm up, then {@code rounds} times in turn (all of them once, then again), so that
     * the JIT and the shared machine's load favour none; the median of each.
     */
    private static List<Timed> interleaved(int rounds, List<Supplier<Result>> checks) {
        for (Supplier<Result> c : checks) {
            c.get();
        }
        double[][] ms = new double[checks.size()][rounds];
        Result[] last = new Result[checks.size()];
        for (int r = 0; r < rounds; r++) {
            for (int c = 0; c < checks.size(); c++) {
                long a = System.nanoTime();
                last[c] = checks.get(c).get();
                ms[c][r] = (System.nanoTime() - a) / 1e6;
            }
        }
        List<Timed> out = new ArrayList<>();
        for (int c = 0; c < checks.size(); c++) {
            Arrays.sort(ms[c]);
            out.add(new Timed(last[c].verdict().toString(), ms[c][rounds / 2], 0, 0, false));
        }
        return out;
    }

    /** Two definite verdicts that differ: a bug, never a timing matter. */
    private static boolean disagree(Timed a, Timed b) {
        return !a.verdict.equals("UNKNOWN") && !b.verdict.equals("UNKNOWN") && !a.verdict.equals(b.verdict);
    }

    private static Object shift(Object v) {
        return v == null ? 0L : (Long) v + 2;
    }

    static History toRegister(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("write")) {
                out.add(named(op, "Write", shift(inv.value()), out.size()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Read", shift(op.output()), out.size()));
            }
        }
        return History.of(out);
    }

    static History toQueue(History h) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : h.operations()) {
            Invocation inv = (Invocation) op.input();
            if (inv.f().equals("enqueue")) {
                out.add(named(op, "Enq", shift(inv.value()), out.size()));
            } else if (op.outputKnown()) {
                out.add(named(op, "Deq", shift(op.output()), out.size()));
            } else {
                out.add(new Operation(out.size(), op.client(), Invocation.of("DeqUnknown", null),
                        op.isPending() ? Operation.UNKNOWN : null, op.call(), op.ret(), Map.of()));
            }
        }
        return History.of(out);
    }

    private static Operation named(Operation op, String f, Object v, int id) {
        return new Operation(id, op.client(), Invocation.of(f, v), op.isPending() ? Operation.UNKNOWN : v,
                op.call(), op.ret(), Map.of("params", List.of("v")));
    }
}
