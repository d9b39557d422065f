package dev.ariadne.core.check;

import dev.ariadne.core.procedures.DecisionProcedure;
import dev.ariadne.core.search.Budget;
import dev.ariadne.core.search.DfsSearch;
import dev.ariadne.core.frontier.FrontierSearch;
import dev.ariadne.core.search.ParallelDfs;
import dev.ariadne.core.search.PendingOperations;
import dev.ariadne.core.search.ProgressMeter;
import dev.ariadne.core.search.SearchThreads;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;
import dev.ariadne.core.model.Partition;
import dev.ariadne.core.models.RegisterModel;
import dev.ariadne.core.prepared.PreparedOperations;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Decides whether a history is linearizable with respect to a model. This is the library's entry point:
 * operations are prepared by the model, split into its independent partitions, and each partition is searched
 * (in parallel on a bounded pool) by the engine the options name, or the one {@link Engine#AUTO} picks for it;
 * the first violation cancels the rest, unless the model asks for a verdict on every partition
 * ({@link Model#checksEveryPartition()}). With a time limit the answer comes back by the deadline even if a model
 * step never returns: the search is abandoned and the verdict is {@link Verdict#UNKNOWN}. Interrupting the
 * calling thread cancels the check the same way (reason {@code interrupted}), and so does a search that would
 * hold more memory than {@link CheckOptions#maxMemory()} (reason {@code memory limit of … reached}).
 */
public final class Checker {
    static final String CANCELLED = "cancelled: another partition is not linearizable";
    /** Why the search that lost an {@code auto} race (dfs against the frontier) stopped. */
    static final String RACE_LOST = "cancelled: the other engine answered first";
    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final long STOP_GRACE_MILLIS = 100;
    /** Shared so that a check does not pay for thread creation; daemon so a stuck model step cannot pin the JVM. */
    static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ariadne-search-" + THREADS.incrementAndGet());
        t.setDaemon(true);
        return t;
    });

    private Checker() {
    }

    /**
     * Checks with {@link CheckOptions#defaults()}: no time limit, and a minimal failing core with its explanation
     * for each violation ({@link Violation#explanation()}), as {@code ariadne check} and the harness give.
     */
    public static <S> Result check(History history, Model<S> model) {
        return check(history, model, CheckOptions.defaults());
    }

    /** Checks a nondeterministic model through its subset construction. */
    public static <S> Result check(History history, NondeterministicModel<S> model, CheckOptions options) {
        return check(history, model.toModel(), options);
    }

    /**
     * Checks {@code history} against {@code model}.
     *
     * @throws InvalidOperationException if the model cannot interpret an operation (see {@link Model#prepare})
     */
    public static <S> Result check(History history, Model<S> model, CheckOptions options) {
        return check(history, model, options, null);
    }

    /**
     * Checks {@code history} against {@code model}, publishing how far it has got to {@code progress} (if not
     * {@code null}) for another thread to poll while this one searches.
     *
     * @throws InvalidOperationException if the model cannot interpret an operation (see {@link Model#prepare})
     */
    public static <S> Result check(History history, Model<S> model, CheckOptions options, Progress progress) {
        long start = System.nanoTime();
        if (progress != null) {
            progress.start(start, history.size());
        }
        try {
            return check(history, model, options, progress, start);
        } finally {
            if (progress != null) {
                progress.finish(System.nanoTime());
            }
        }
    }

    private static <S> Result check(History history, Model<S> model, CheckOptions options, Progress progress,
                                    long start) {
        List<Operation> prepared = prepare(history, model);
        List<Partition> parts = options.partition() ? model.partition(prepared) : List.of(Partition.whole(prepared));
        ProgressMeter[] meters = meters(parts, progress);
        Budget budget = (options.timeout() == null ? Budget.unlimited()
                : Budget.until(start + options.timeout().toNanos(), timeLimitReached(options)))
                .withMaxMemory(options.effectiveMaxMemory());
        PartitionResult[] results = new PartitionResult[parts.size()];
        int partitionThreads = options.partitionThreads();
        // On one thread, partitions in order, unless a violation cancels the rest: then rounds (runInParallel), so
        // that which partitions are reported is the same whatever the number of threads.
        if (parts.isEmpty() || options.timeout() == null
                && (parts.size() == 1 || partitionThreads == 1 && model.checksEveryPartition())) {
            Searching searching = new Searching(options.engine(), budget,
                    new SearchThreads(options.searchThreads() - 1, POOL), options.searchThreads());
            for (int i = 0; i < parts.size() && budget.reason() == null; i++) {
                results[i] = search(model, parts.get(i), i, searching, meters[i]);
            }
        } else {
            runInParallel(model, parts, options, budget, start, results, meters);
        }
        Result result = combine(model, history.size(), parts, results, budget, start, options.engine(), meters);
        return options.searchesCore() ? withCores(result, model, parts, options) : result;
    }

    /**
     * {@code result} with a minimal failing core and its explanation added to each violation, all of them found
     * within {@link CheckOptions#coreTimeout()} (counted from now: the check's own time is not charged to it).
     */
    private static <S> Result withCores(Result result, Model<S> model, List<Partition> parts, CheckOptions options) {
        if (result.verdict() != Verdict.NOT_LINEARIZABLE) {
            return result;
        }
        long deadline = System.nanoTime() + options.coreTimeout().toNanos();
        String budgetText = "the core budget of " + options.coreTimeout().toString().substring(2)
                .toLowerCase(java.util.Locale.ROOT) + " ran out";
        List<PartitionResult> partitions = new ArrayList<>(result.partitions());
        for (int i = 0; i < partitions.size(); i++) {
            PartitionResult p = partitions.get(i);
            if (p.verdict() != Verdict.NOT_LINEARIZABLE || p.violation() == null) {
                continue;
            }
            // The oracle is the automatic engine whatever the options name: the sub-histories it checks have many
            // relaxed (pending) operations, which the frontier handles and dfs or a procedure may not.
            Explanation e;
            try {
                e = CoreSearch.explain(model, parts.get(p.index()).operations(), p.violation(), Engine.AUTO,
                        Math.min(options.effectiveMaxMemory(), CORE_MAX_MEMORY), deadline, budgetText);
            } catch (OutOfMemoryError oom) {
                // The core is an extra: the verdict is proven without it, and the core search's data is garbage
                // once unwound. Say so in the partition's note rather than lose the verdict.
                partitions.set(i, p.withAddedNote(CORE_SKIPPED));
                continue;
            }
            partitions.set(i, new PartitionResult(p.index(), p.label(), p.operations(), p.verdict(), p.witness(),
                    p.violation().withExplanation(e), p.reason(), p.engine(), p.statistics(), p.note()));
        }
        return new Result(result.verdict(), result.reason(), result.model(), result.operations(),
                List.copyOf(partitions), result.statistics());
    }

    /**
     * The most memory one check of the core search may hold: the core is an extra, and on a huge partition (whose
     * relaxed histories are nearly as long) its checks would otherwise each grow to the whole check's budget, half
     * the heap, for a core that is rarely found there anyway (docs/benchmarks.md, "partitions in rounds").
     */
    static final long CORE_MAX_MEMORY = 256L << 20;

    /** The note of a violated partition whose minimal failing core did not fit in the Java heap. */
    private static final String CORE_SKIPPED = "the minimal failing core was skipped: the Java heap ran out while "
            + "searching for it (raise -Xmx, or --core-timeout 0 to skip it)";

    /**
     * The verdict of {@code engine} (as the options name it) on {@code operations}, prepared operations in call
     * order checked as one partition within {@code budget}: the oracle of the core search.
     */
    static <S> Verdict verdictOf(Model<S> model, List<Operation> operations, Engine engine, Budget budget) {
        return searchPartition(model, new Partition("core", operations), 0,
                new Searching(engine, budget, SearchThreads.none(), 1), new ProgressMeter()).verdict();
    }

    private static <S> List<Operation> prepare(History history, Model<S> model) {
        if (model instanceof RegisterModel) {
            // As columns the register's frontier reads, each operation made when something asks for it (issue 23).
            return PreparedOperations.of(history, new Preparing<>(model));
        }
        List<Operation> prepared = new ArrayList<>(history.size());
        Preparing<S> preparing = new Preparing<>(model);
        for (Operation op : history.operations()) {
            prepared.add(preparing.apply(op));
        }
        return prepared;
    }

    /** The model's {@link Model#prepare}, its failure told at the operation (a class, not a lambda: no linking). */
    private static final class Preparing<S> implements java.util.function.UnaryOperator<Operation> {
        private final Model<S> model;

        Preparing(Model<S> model) {
            this.model = model;
        }

        @Override
        public Operation apply(Operation op) {
            try {
                return model.prepare(op);
            } catch (InvalidOperationException e) {
                throw e.operation() == null ? e.at(op) : e;
            }
        }
    }

    /** One meter per partition: {@code progress}'s, or unwatched ones so that searches need not test for none. */
    private static ProgressMeter[] meters(List<Partition> parts, Progress progress) {
        if (progress != null) {
            List<Integer> sizes = new ArrayList<>(parts.size());
            for (Partition p : parts) {
                sizes.add(p.operations().size());
            }
            return progress.partitions(sizes);
        }
        ProgressMeter[] meters = new ProgressMeter[parts.size()];
        for (int i = 0; i < meters.length; i++) {
            meters[i] = new ProgressMeter();
        }
        return meters;
    }

    /**
     * What every partition's search of one check shares: the engine the options name, the budget, the spare
     * threads a dfs search may take as helpers, and the most threads one search may run on.
     */
    private record Searching(Engine engine, Budget budget, SearchThreads threads, int maxThreads) {
        Searching withEngine(Engine e) {
            return new Searching(e, budget, threads, maxThreads);
        }

        Searching withBudget(Budget b) {
            return new Searching(engine, b, threads, maxThreads);
        }
    }

    /** Searches one partition and tells its meter it is done. */
    private static <S> PartitionResult search(Model<S> model, Partition part, int index, Searching searching,
                                              ProgressMeter meter) {
        PartitionResult r = searchPartition(model, part, index, searching, meter);
        meter.done(r.verdict() == Verdict.UNKNOWN ? 0 : part.operations().size(), r.statistics().configurations());
        return r;
    }

    private static <S> PartitionResult searchPartition(Model<S> model, Partition part, int index,
                                                       Searching searching, ProgressMeter meter) {
        Engine engine = searching.engine();
        Budget budget = searching.budget();
        if (engine.isGeneral()) {
            return searchGeneral(model, part, index, searching, meter);
        }
        // A procedure named in the options: where it does not decide, say so, since the person asked for it.
        DecisionProcedure procedure = DecisionProcedure.named(engine.cliName());
        String whyNot = procedure.whyNot(model, part.operations());
        String note = engine.cliName() + " does not apply: " + whyNot;
        if (whyNot == null) {
            PartitionResult decided = decide(procedure, model, part, index, budget);
            if (decided != null) {
                return decided;
            }
            note = engine.cliName() + " could not decide this partition";
        }
        PartitionResult r = searchEngines(model, part, index, searching.withEngine(Engine.AUTO), meter);
        return r.withNote(note + "; checked with " + r.engine());
    }

    /** The procedure's answer for a partition it applies to, or {@code null} when it could not decide after all. */
    private static <S> PartitionResult decide(DecisionProcedure procedure, Model<S> model, Partition part, int index,
                                              Budget budget) {
        PartitionResult decided = procedure.check(model, part.operations(), index, part.label(), budget::exhausted);
        return decided != null && decided.verdict() == Verdict.UNKNOWN && budget.reason() != null
                ? new PartitionResult(decided.index(), decided.label(), decided.operations(), Verdict.UNKNOWN,
                List.of(), null, budget.reason(), decided.engine(), decided.statistics())
                : decided;
    }

    /** A general engine ({@code auto}, {@code dfs} or {@code frontier}); {@code auto} tries the procedures first. */
    private static <S> PartitionResult searchGeneral(Model<S> model, Partition part, int index,
                                                     Searching searching, ProgressMeter meter) {
        List<Operation> all = part.operations();
        if (searching.engine() == Engine.AUTO) {
            DecisionProcedure procedure = DecisionProcedure.find(model, all);
            PartitionResult decided = procedure == null ? null
                    : decide(procedure, model, part, index, searching.budget());
            if (decided != null) {
                return decided;
            }
        }
        return searchEngines(model, part, index, searching, meter);
    }

    /**
     * {@code dfs} or {@code frontier}, or for {@code auto} both racing when a thread is spare, else the one
     * {@link AutoEngine} picks (dfs, then frontier).
     */
    private static <S> PartitionResult searchEngines(Model<S> model, Partition part, int index,
                                                     Searching searching, ProgressMeter meter) {
        Engine engine = searching.engine();
        Budget budget = searching.budget();
        List<Operation> all = part.operations();
        List<Operation> ops = PendingOperations.dropInvisible(all, model);
        boolean opaque = engine == Engine.AUTO && AutoEngine.opaque(model, ops);
        Engine chosen = engine == Engine.AUTO ? (opaque || AutoEngine.dfsFirst(ops) ? Engine.DFS : Engine.FRONTIER)
                : engine;
        try {
            if (engine == Engine.AUTO && !opaque && ops.size() <= AutoEngine.DFS_MAX_OPERATIONS
                    && searching.threads().tryAcquire()) {
                // A spare thread: race dfs against the frontier rather than guess which one is faster.
                return race(model, part, index, ops, searching, meter);
            }
            if (chosen == Engine.FRONTIER) {
                return new FrontierSearch<>(model, ops, all.size(), budget).reportingTo(meter).run(index, part.label());
            }
            if (engine == Engine.DFS) {
                return dfs(model, ops, all.size(), budget, searching, meter).run(index, part.label());
            }
            Budget attempt = budget.attempt(opaque ? AutoEngine.opaqueDfsMemory(budget.maxMemory())
                    : AutoEngine.dfsMemory(budget.maxMemory()));
            PartitionResult first = dfs(model, ops, all.size(), attempt, searching, meter).run(index, part.label());
            if (first.verdict() != Verdict.UNKNOWN || budget.exhausted()) {
                return first;
            }
            // dfs ran out of its share of memory: the frontier holds only the current window.
            chosen = Engine.FRONTIER;
            meter.nextAttempt();
            PartitionResult second = new FrontierSearch<>(model, ops, all.size(), budget).reportingTo(meter)
                    .run(index, part.label());
            Statistics a = first.statistics();
            Statistics b = second.statistics();
            return new PartitionResult(second.index(), second.label(), second.operations(), second.verdict(),
                    second.witness(), second.violation(), second.reason(), second.engine(),
                    new Statistics(a.configurations() + b.configurations(), a.cacheHits() + b.cacheHits(),
                            Math.max(a.cached(), b.cached()), a.nanos() + b.nanos()));
        } catch (OutOfMemoryError e) {
            // The estimates should stop a search first; this is the safety net. The search's data is garbage now.
            String reason = "memory: the Java heap ran out (raise -Xmx or lower the memory budget)";
            budget.stop(reason);
            return new PartitionResult(index, part.label(), all.size(), Verdict.UNKNOWN, List.of(), null, reason,
                    chosen.cliName(), new Statistics(meter.explored(), 0, 0, 0));
        }
    }

    /**
     * {@code auto} with a spare thread (its permit already taken from {@code searching.threads()}, given back when
     * the frontier ends): dfs on this thread, with its share of the memory as alone, and the frontier on the spare
     * one, with the rest, at the same time. The first definite answer wins and stops the other search; when both
     * give up (each out of its share), the frontier searches again with the whole budget, as after dfs alone.
     */
    private static <S> PartitionResult race(Model<S> model, Partition part, int index, List<Operation> ops,
                                            Searching searching, ProgressMeter meter) {
        Budget budget = searching.budget();
        int reported = part.operations().size();
        long dfsShare = AutoEngine.dfsMemory(budget.maxMemory());
        Budget dfsBudget = budget.attempt(dfsShare);
        Budget frontierBudget = budget.attempt(Math.max(1, budget.maxMemory() - dfsShare));
        java.util.concurrent.CompletableFuture<PartitionResult> frontier = new java.util.concurrent.CompletableFuture<>();
        POOL.execute(() -> {
            try {
                PartitionResult r = new FrontierSearch<>(model, ops, reported, frontierBudget).run(index, part.label());
                if (r.verdict() != Verdict.UNKNOWN) {
                    dfsBudget.stop(RACE_LOST);
                }
                frontier.complete(r);
            } catch (Throwable t) {
                frontier.completeExceptionally(t);
            } finally {
                searching.threads().release();
            }
        });
        PartitionResult dfs = null;
        try {
            dfs = new DfsSearch<>(model, ops, reported, dfsBudget).reportingTo(meter).run(index, part.label());
        } finally {
            if (dfs == null) { // dfs threw (the heap ran out, or the model failed): the frontier stops too
                frontierBudget.stop(RACE_LOST);
            }
        }
        if (dfs.verdict() != Verdict.UNKNOWN) {
            frontierBudget.stop(RACE_LOST);
            return dfs; // the frontier stops at its next poll and gives its thread back then
        }
        PartitionResult other;
        try {
            other = frontier.join();
        } catch (java.util.concurrent.CompletionException e) {
            // What the frontier threw, as it would have thrown on this thread alone.
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw e;
        }
        PartitionResult answer = other;
        if (other.verdict() == Verdict.UNKNOWN && !budget.exhausted()) {
            // Both ran out of their shares of memory: the frontier again, alone, with all of it.
            meter.nextAttempt();
            answer = new FrontierSearch<>(model, ops, reported, budget).reportingTo(meter).run(index, part.label());
        }
        Statistics a = dfs.statistics();
        Statistics b = answer.statistics();
        return new PartitionResult(answer.index(), answer.label(), answer.operations(), answer.verdict(),
                answer.witness(), answer.violation(), answer.reason(), answer.engine(),
                new Statistics(a.configurations() + b.configurations(), a.cacheHits() + b.cacheHits(),
                        Math.max(a.cached(), b.cached()), a.nanos() + b.nanos()));
    }

    /** A dfs search on one thread, or, where the check may use more, on as many as are spare while it runs. */
    private static <S> DfsRun dfs(Model<S> model, List<Operation> ops, int reported, Budget budget,
                                  Searching searching, ProgressMeter meter) {
        if (searching.maxThreads() > 1) {
            ParallelDfs<S> search = new ParallelDfs<>(model, ops, reported, budget, searching.threads(),
                    searching.maxThreads()).reportingTo(meter);
            return search::run;
        }
        DfsSearch<S> search = new DfsSearch<>(model, ops, reported, budget).reportingTo(meter);
        return search::run;
    }

    /** A dfs search ready to run, on one thread or several. */
    private interface DfsRun {
        PartitionResult run(int index, String label);
    }

    /**
     * Searches the partitions on {@link CheckOptions#partitionThreads()} threads. Where every partition gets its
     * verdict ({@link Model#checksEveryPartition()}), each is searched once. Where the first violation decides the
     * history, they are searched in rounds instead, so that which partitions are reported does not depend on the
     * machine's speed: in each round every partition not yet decided is searched afresh with the same work budget
     * ({@link Budget#round}, counted in the engines' own steps), four times the last round's; after the first round
     * that finds a violation, the partitions still undecided are cancelled. Restarting costs at most a third more
     * than searching once with the last round's budget.
     */
    private static <S> void runInParallel(Model<S> model, List<Partition> parts, CheckOptions options, Budget budget,
                                          long start, PartitionResult[] results, ProgressMeter[] meters) {
        // Largest partitions first: they bound the wall time. Sorted as longs (size descending, then index), not
        // boxed with a comparator lambda, whose first call in a run costs more than a small check.
        long[] keys = new long[parts.size()];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = ((long) (Integer.MAX_VALUE - parts.get(i).operations().size()) << 32) | i;
        }
        java.util.Arrays.sort(keys);
        int[] order = new int[keys.length];
        for (int k = 0; k < keys.length; k++) {
            order[k] = (int) keys[k];
        }
        if (model.checksEveryPartition() || parts.size() < 2) {
            runRound(model, parts, order, options, budget, start, results, meters, 0);
            return;
        }
        Statistics[] earlier = new Statistics[parts.size()];
        long units = FIRST_ROUND_WORK;
        for (int[] left = order; left.length > 0 && budget.reason() == null; units *= 4) {
            PartitionResult[] round = new PartitionResult[parts.size()];
            runRound(model, parts, left, options, budget, start, round, meters, units);
            int[] undecided = new int[left.length];
            int n = 0;
            boolean violated = false;
            for (int index : left) {
                PartitionResult r = round[index];
                if (r == null) {
                    continue; // the check was stopped (time, memory, interruption): combine says why
                }
                if (earlier[index] != null) {
                    r = r.withStatistics(earlier[index].plus(r.statistics()));
                }
                if (r.verdict() == Verdict.UNKNOWN && Budget.WORK_LIMIT.equals(r.reason())) {
                    earlier[index] = r.statistics();
                    undecided[n++] = index;
                    // The next round's steps add to these on the meter, which a cancelled partition reports.
                    meters[index].nextAttempt();
                } else {
                    results[index] = r;
                    violated |= r.verdict() == Verdict.NOT_LINEARIZABLE;
                }
            }
            if (violated) {
                budget.stop(CANCELLED);
                return;
            }
            left = java.util.Arrays.copyOf(undecided, n);
        }
    }

    /** The work budget of the first round ({@link #runInParallel}): small partitions are decided in it. */
    static final long FIRST_ROUND_WORK = 1L << 18;

    /**
     * Searches the partitions at {@code order} on the pool into {@code results}: each with the check's budget when
     * {@code units} is 0, where a violation cancels the partitions not yet started unless every partition gets its
     * verdict; else each with its own {@link Budget#round} of {@code units}, on one thread, none cancelling another.
     */
    private static <S> void runRound(Model<S> model, List<Partition> parts, int[] order, CheckOptions options,
                                     Budget budget, long start, PartitionResult[] results, ProgressMeter[] meters,
                                     long units) {
        AtomicReferenceArray<PartitionResult> found = new AtomicReferenceArray<>(parts.size());
        AtomicInteger next = new AtomicInteger();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        int workers = Math.min(options.partitionThreads(), order.length);
        // The threads no partition needs now help dfs searches; each worker's comes back when it runs out. In
        // rounds every search runs on one thread, so that its steps, and so its verdict, are the same on every run.
        SearchThreads spare = units > 0 ? SearchThreads.none()
                : new SearchThreads(Math.max(0, options.searchThreads() - workers), POOL);
        Searching searching = new Searching(options.engine(), budget, spare, units > 0 ? 1 : options.searchThreads());
        CountDownLatch finished = new CountDownLatch(workers);
        Runnable worker = () -> {
            try {
                for (int k = next.getAndIncrement(); k < order.length && budget.reason() == null;
                     k = next.getAndIncrement()) {
                    int index = order[k];
                    Searching s = units > 0 ? searching.withBudget(budget.round(units)) : searching;
                    PartitionResult r = search(model, parts.get(index), index, s, meters[index]);
                    found.set(index, r);
                    if (units == 0 && r.verdict() == Verdict.NOT_LINEARIZABLE && !model.checksEveryPartition()) {
                        budget.stop(CANCELLED);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                budget.stop("failed: " + t);
            } finally {
                spare.release();
                finished.countDown();
            }
        };
        for (int w = 0; w < workers; w++) {
            POOL.execute(worker);
        }
        try {
            if (options.timeout() == null) {
                finished.await();
            } else {
                long left = start + options.timeout().toNanos() - System.nanoTime();
                if (!finished.await(Math.max(0, left), TimeUnit.NANOSECONDS)) {
                    // Searches poll the budget and stop; a model step that never returns is abandoned. A short
                    // grace lets searches that do poll report what they explored.
                    budget.stop(timeLimitReached(options));
                    finished.await(STOP_GRACE_MILLIS, TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            budget.stop("interrupted");
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
        for (int index : order) {
            results[index] = found.get(index);
        }
    }

    private static String timeLimitReached(CheckOptions options) {
        return timeLimitReason(options.timeout());
    }

    /** The reason an UNKNOWN gives when {@code timeout} ran out, as every report says it: {@code time limit of 1.5s reached}. */
    public static String timeLimitReason(java.time.Duration timeout) {
        return "time limit of " + timeout.toString().substring(2).toLowerCase(java.util.Locale.ROOT) + " reached";
    }

    /**
     * The check's result from its partitions'. A partition without a result (cancelled, or stopped before it
     * reported) reports the model steps its meter saw, so that an UNKNOWN says what was explored.
     */
    private static <S> Result combine(Model<S> model, int size, List<Partition> parts, PartitionResult[] results,
                                      Budget budget, long start, Engine engine, ProgressMeter[] meters) {
        List<PartitionResult> all = new ArrayList<>(parts.size());
        Statistics totals = Statistics.ZERO;
        boolean violated = false;
        String unknownReason = null;
        for (int i = 0; i < parts.size(); i++) {
            PartitionResult r = results[i];
            if (r == null) {
                String reason = budget.reason() == null ? CANCELLED : budget.reason();
                r = new PartitionResult(i, parts.get(i).label(), parts.get(i).operations().size(), Verdict.UNKNOWN,
                        List.of(), null, reason, engine.cliName(), new Statistics(meters[i].explored(), 0, 0, 0));
            }
            all.add(r);
            totals = totals.plus(r.statistics());
            violated |= r.verdict() == Verdict.NOT_LINEARIZABLE;
            if (r.verdict() == Verdict.UNKNOWN && (unknownReason == null || unknownReason.equals(CANCELLED))) {
                unknownReason = r.reason();
            }
        }
        totals = new Statistics(totals.configurations(), totals.cacheHits(), totals.cached(),
                System.nanoTime() - start);
        Verdict verdict = violated ? Verdict.NOT_LINEARIZABLE
                : unknownReason != null ? Verdict.UNKNOWN : Verdict.LINEARIZABLE;
        return new Result(verdict, verdict == Verdict.UNKNOWN ? unknownReason : null, model.name(), size,
                List.copyOf(all), totals);
    }
}
