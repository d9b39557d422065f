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
 * over the partition's operations, with the engines as the oracle, then one operation at a time until no single
 * operation can go. A candidate set fails when it cannot be linearized while every other operation of the
 * partition is <em>relaxed</em>: its output forgotten and its return moved to "never", so it may take effect once
 * at any time after its call, or not at all. Removing operations outright would not do: a read of 1 without the
 * write of 1 fails on its own, and such a "core" says nothing about the history. Relaxed operations called after
 * the candidates' last return are left out, since they could only be placed after every candidate.
 *
 * <p>Verdicts other than {@link Verdict#NOT_LINEARIZABLE} (including {@link Verdict#UNKNOWN}, when a check runs out
 * of its share of the budget) count as "not known to fail", so a reported core is always one the engines proved
 * not linearizable; it is called minimal only when every removal was proven linearizable.
 */
final class CoreSearch<S> {
    /** What a single oracle check may use of the budget left, so that one hard check cannot use it all. */
    private static final int CHECK_SHARE = 4;
    private static final long MIN_CHECK_NANOS = 20_000_000L;
    private static final long STOP_GRACE_MILLIS = 100;

    private final Model<S> model;
    private final Operation[] ops;
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
        List<Operation> core = search.operations(search.best);
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
        int[] reduced = ddmin(start);
        onePass(reduced);
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
     * Removes single operations until none can go; the core is minimal when every removal was proven
     * linearizable (not merely not proven to fail).
     */
    private void onePass(int[] set) {
        int[] c = set;
        boolean again = true;
        while (again && !stopped) {
            again = false;
            boolean proven = true;
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
            if (!again && !stopped) {
                minimal = proven;
                if (!proven) {
                    limit = "a check of a smaller sub-history ran out of its share of the budget";
                }
            }
        }
    }

    private boolean fails(int[] set) {
        return verdict(set) == Verdict.NOT_LINEARIZABLE;
    }

    /** The oracle's verdict on {@code set} (positions, ascending) with every other operation relaxed. */
    private Verdict verdict(int[] set) {
        String key = Arrays.toString(set);
        Verdict known = verdicts.get(key);
        if (known != null) {
            return known;
        }
        Verdict v = check(set);
        verdicts.put(key, v);
        if (v == Verdict.NOT_LINEARIZABLE && set.length < best.length) {
            best = set;
        }
        return v;
    }

    private Verdict check(int[] set) {
        long lastReturn = Long.MIN_VALUE;
        for (int i : set) {
            if (!ops[i].isPending()) {
                lastReturn = Math.max(lastReturn, ops[i].ret());
            }
        }
        if (lastReturn == Long.MIN_VALUE) {
            // Only pending operations: leaving every one of them out is a linearization.
            return Verdict.LINEARIZABLE;
        }
        List<Operation> relaxed = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < ops.length && ops[i].call() <= lastReturn; i++) {
            if (k < set.length && set[k] == i) {
                relaxed.add(ops[i]);
                k++;
            } else {
                Operation op = ops[i];
                relaxed.add(op.isPending() ? op : new Operation(op.id(), op.client(), op.input(), Operation.UNKNOWN,
                        op.call(), Operation.PENDING, op.metadata()));
            }
        }
        long now = System.nanoTime();
        long left = deadline - now;
        if (stopped || left <= 0) {
            stopped = true;
            return Verdict.UNKNOWN;
        }
        long share = Math.max(MIN_CHECK_NANOS, left / CHECK_SHARE);
        Budget budget = Budget.until(now + Math.min(left, share), budgetText).withMaxMemory(maxMemory);
        current = budget;
        if (stopped) {
            budget.stop(budgetText);
        }
        checks++;
        return Checker.verdictOf(model, relaxed, engine, budget);
    }

    private List<Operation> operations(int[] set) {
        List<Operation> out = new ArrayList<>(set.length);
        for (int i : set) {
            out.add(ops[i]);
        }
        return out;
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
