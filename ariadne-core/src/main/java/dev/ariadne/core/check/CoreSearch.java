package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.search.Budget;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Finds a minimal failing core of a violated partition (see {@link Explanation}): delta debugging (Zeller's ddmin)
 * over the partition's operations with the engines as the oracle, then one operation at a time until none can go.
 * A set qualifies when, the other operations removed, it is not linearizable, and every observation in it (an
 * operation with a known output) that the partition's operations could produce at some time (their intervals kept,
 * their outputs forgotten), the rest of the set can still produce. Removing operations can make a history fail for a reason it did not have (a read of 1 without
 * the write of 1); that second rule keeps such sets out. The search starts from the operations of the first
 * longest partial linearization, its unplaced operation and its candidates when they qualify.
 *
 * <p>Verdicts other than {@link Verdict#NOT_LINEARIZABLE} (including {@link Verdict#UNKNOWN}, when a check runs out
 * of its share of the budget) count as "not known to fail", so a reported core is always one the engines proved
 * not linearizable; it is called minimal only when every removal was decided. Whether operations can produce an
 * observation gets a small fixed time: undecided within it, the rule keeps the set out (it is not known to
 * qualify), and whether all of the partition's operations could produce it counts as yes. The rule is applied to
 * sets of up to {@link #GUARDED_SIZE} operations, which is where cores end.
 */
final class CoreSearch<S> {
    /** What a single oracle check may use of the budget left, so that one hard check cannot use it all. */
    private static final int CHECK_SHARE = 4;
    /**
     * Sets up to this size are held to the rule that they can produce their observations; checking it for larger
     * ones costs more than it saves, and a core that ends larger is not called minimal.
     */
    static final int GUARDED_SIZE = 32;
    /** How long a check whether some operations can produce an observation may take. */
    private static final long PRODUCIBLE_NANOS = 10_000_000L;
    private static final long MIN_CHECK_NANOS = 20_000_000L;
    private static final long STOP_GRACE_MILLIS = 100;

    private final Model<S> model;
    final Operation[] ops;
    private final Engine engine;
    private final long maxMemory;
    private final long deadline;
    private final String budgetText;
    private final Map<String, Verdict> verdicts = new HashMap<>();
    private volatile int[] best;
    private volatile boolean stopped;
    private volatile Budget current;
    private volatile boolean minimal;
    private volatile String limit;
    private volatile int checks;
    private int[] reduced;
    private final Boolean[] producibleByAll;

    private CoreSearch(Model<S> model, List<Operation> ops, Engine engine, long maxMemory, long deadline,
                       String budgetText) {
        this.model = model;
        this.ops = ops.toArray(new Operation[0]);
        this.engine = engine;
        this.maxMemory = maxMemory;
        this.deadline = deadline;
        this.budgetText = budgetText;
        int[] all = new int[this.ops.length];
        Arrays.setAll(all, i -> i);
        this.best = all;
        this.producibleByAll = new Boolean[this.ops.length];
    }

    /** Positions {@code 0..n-1} that satisfy a test. */
    private static final class IntStreams {
        static int[] where(int n, java.util.function.IntPredicate test) {
            return java.util.stream.IntStream.range(0, n).filter(test).toArray();
        }
    }

    /**
     * The explanation of a partition known not to be linearizable: its operations {@code ops} (prepared, in call
     * order), the engines' evidence {@code violation} (whose longest partial linearization seeds the search),
     * searched with {@code engine} until {@code deadline} ({@link System#nanoTime()}); past it the smallest failing
     * set found is reported, not minimal, with {@code budgetText} as the reason.
     */
    static <S> Explanation explain(Model<S> model, List<Operation> ops, Violation violation, Engine engine,
                                   long maxMemory, long deadline, String budgetText) {
        long start = System.nanoTime();
        CoreSearch<S> search = new CoreSearch<>(model, ops, engine, maxMemory, deadline, budgetText);
        // On a thread of its own, so that the deadline holds even if a model step is slow to return.
        Future<?> running = Checker.POOL.submit(() -> search.run(violation));
        try {
            running.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            search.stop();
            try {
                running.get(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException late) {
                // abandoned: the best set found so far stands
            } catch (InterruptedException late) {
                Thread.currentThread().interrupt();
            }
        } catch (InterruptedException e) {
            search.stop();
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(cause);
        }
        boolean minimal = search.minimal && !search.stopped;
        String limit = minimal ? null : search.limit != null ? search.limit : budgetText;
        List<Operation> core = new ArrayList<>();
        for (int i : search.best) {
            core.add(search.ops[i]);
        }
        return Explainer.explain(model, core, minimal, limit, search.checks, start, deadline);
    }

    private void stop() {
        stopped = true;
        Budget b = current;
        if (b != null) {
            b.stop(budgetText);
        }
    }

    private void run(Violation violation) {
        int[] start = best;
        int[] seed = seed(violation);
        if (seed != null && seed.length < start.length && fails(seed)) {
            start = seed;
        }
        int[] c = ddmin(start);
        boolean decided = onePass(c);
        minimal = decided && reduced.length <= GUARDED_SIZE;
        if (!minimal && !stopped) {
            limit = decided ? "a core of more than " + GUARDED_SIZE + " operations is not checked to produce its "
                    + "observations" : "a check of a smaller sub-history ran out of its share of the budget";
        }
    }

    /** The operations of the first longest partial linearization, its unplaced operation and its candidates. */
    private int[] seed(Violation violation) {
        if (violation.longest().isEmpty()) {
            return null;
        }
        Map<Integer, Integer> positionOfId = new HashMap<>();
        for (int i = 0; i < ops.length; i++) {
            positionOfId.put(ops[i].id(), i);
        }
        PartialLinearization pl = violation.longest().get(0);
        Set<Integer> ids = new LinkedHashSet<>();
        for (Step s : pl.steps()) {
            ids.add(s.operation().id());
        }
        ids.add(pl.unplaced().id());
        for (Operation c : pl.candidates()) {
            ids.add(c.id());
        }
        int[] seed = ids.stream().map(positionOfId::get).filter(java.util.Objects::nonNull).mapToInt(i -> i)
                .sorted().toArray();
        return seed.length == 0 ? null : seed;
    }

    /** Zeller's ddmin: tries subsets, then complements, at finer and finer granularity. */
    private int[] ddmin(int[] set) {
        int[] c = set;
        int n = 2;
        while (c.length >= 2 && !stopped) {
            int[][] chunks = split(c, n);
            int[] next = null;
            for (int[] chunk : chunks) {
                if (fails(chunk)) {
                    next = chunk;
                    n = 2;
                    break;
                }
            }
            if (next == null && n > 2) {
                for (int[] chunk : chunks) {
                    int[] rest = minus(c, chunk);
                    if (fails(rest)) {
                        next = rest;
                        n = Math.max(n - 1, 2);
                        break;
                    }
                }
            }
            if (next != null) {
                c = next;
            } else if (n >= c.length) {
                break;
            } else {
                n = Math.min(2 * n, c.length);
            }
        }
        return c;
    }

    /**
     * Removes single elements until none can go, leaving the result in {@link #reduced}; whether every removal
     * was decided (so that the result is 1-minimal).
     */
    private boolean onePass(int[] set) {
        int[] c = set;
        boolean proven = false;
        boolean again = true;
        while (again && !stopped) {
            again = false;
            proven = true;
            for (int i = 0; i < c.length && !stopped; i++) {
                int[] rest = minus(c, new int[]{c[i]});
                Verdict v = verdict(rest);
                if (v == Verdict.NOT_LINEARIZABLE) {
                    c = rest;
                    again = true;
                    break;
                }
                proven &= v == Verdict.LINEARIZABLE;
            }
        }
        reduced = c;
        return proven && !stopped;
    }

    private boolean fails(int[] set) {
        return verdict(set) == Verdict.NOT_LINEARIZABLE;
    }

    /**
     * Whether {@code set} qualifies: {@code NOT_LINEARIZABLE} when it does (it "fails"), {@code LINEARIZABLE} when
     * it surely does not, {@code UNKNOWN} when a check could not decide.
     */
    private Verdict verdict(int[] set) {
        String key = Arrays.toString(set);
        Verdict known = verdicts.get(key);
        if (known != null) {
            return known;
        }
        Verdict v = qualifies(set);
        verdicts.put(key, v);
        if (v == Verdict.NOT_LINEARIZABLE && set.length < best.length) {
            best = set;
        }
        return v;
    }

    private Verdict qualifies(int[] set) {
        List<Operation> history = new ArrayList<>(set.length);
        for (int i : set) {
            history.add(ops[i]);
        }
        Verdict v = check(history, CHECK_SHARE);
        if (v != Verdict.NOT_LINEARIZABLE) {
            return v;
        }
        if (set.length > GUARDED_SIZE) {
            // Large sets only lead the way to small ones, which are held to the rule; see run().
            return Verdict.NOT_LINEARIZABLE;
        }
        boolean decided = true;
        for (int o : set) {
            if (!ops[o].outputKnown()) {
                continue;
            }
            Verdict p = producible(o, minus(set, new int[]{o}));
            if (p != Verdict.LINEARIZABLE && !unproducible(o)) {
                if (p == Verdict.NOT_LINEARIZABLE) {
                    return Verdict.LINEARIZABLE;
                }
                decided = false;
            }
        }
        // Undecided whether the set can produce one of its observations: it is not known to qualify.
        return decided ? Verdict.NOT_LINEARIZABLE : Verdict.UNKNOWN;
    }

    /** Whether the partition's operations cannot produce observation {@code o} at any time (decided once). */
    private boolean unproducible(int o) {
        if (producibleByAll[o] == null) {
            int[] others = IntStreams.where(ops.length, i -> i != o);
            producibleByAll[o] = producible(o, others) != Verdict.NOT_LINEARIZABLE;
        }
        return !producibleByAll[o];
    }

    /**
     * Whether the operations {@code set} (outputs forgotten, intervals kept) can produce observation {@code o} at
     * some time: {@code LINEARIZABLE} when {@code o}, its interval widened to span them all, is linearizable with
     * them. It gets a small fixed time; an undecided answer keeps a set out.
     */
    private Verdict producible(int o, int[] set) {
        long from = ops[o].call();
        long to = ops[o].ret();
        for (int i : set) {
            from = Math.min(from, ops[i].call());
            to = Math.max(to, ops[i].isPending() ? ops[i].call() : ops[i].ret());
        }
        List<Operation> history = new ArrayList<>();
        history.add(new Operation(ops[o].id(), ops[o].client(), ops[o].input(), ops[o].output(), from, to,
                ops[o].metadata()));
        for (int i : set) {
            history.add(forgotten(ops[i]));
        }
        history.sort((a, b) -> Long.compare(a.call(), b.call()));
        return check(history, PRODUCIBLE_NANOS);
    }

    /** {@code op} with its output forgotten: it still happened in its interval and had its effect. */
    static Operation forgotten(Operation op) {
        return op.outputKnown() ? op.withInputOutput(op.input(), Operation.UNKNOWN) : op;
    }

    /** {@code history} checked within {@code cap}: a share of the budget left (a divisor) or, if larger, nanoseconds. */
    private Verdict check(List<Operation> history, long cap) {
        long now = System.nanoTime();
        long left = deadline - now;
        if (stopped || left <= 0) {
            stopped = true;
            return Verdict.UNKNOWN;
        }
        long share = cap > 1000 ? cap : Math.max(MIN_CHECK_NANOS, left / cap);
        Budget budget = Budget.until(now + Math.min(left, share), budgetText).withMaxMemory(maxMemory);
        current = budget;
        if (stopped) {
            budget.stop(budgetText);
        }
        checks++;
        return Checker.verdictOf(model, history, engine, budget);
    }


    /** {@code set} in {@code n} nearly equal consecutive chunks. */
    private static int[][] split(int[] set, int n) {
        int[][] chunks = new int[n][];
        int from = 0;
        for (int i = 0; i < n; i++) {
            int to = from + (set.length - from) / (n - i);
            chunks[i] = Arrays.copyOfRange(set, from, to);
            from = to;
        }
        return chunks;
    }

    /** The elements of sorted {@code set} not in sorted {@code removed}. */
    private static int[] minus(int[] set, int[] removed) {
        int[] out = new int[set.length];
        int n = 0;
        int k = 0;
        for (int x : set) {
            while (k < removed.length && removed[k] < x) {
                k++;
            }
            if (k < removed.length && removed[k] == x) {
                continue;
            }
            out[n++] = x;
        }
        return Arrays.copyOf(out, n);
    }
}
