package dev.ariadne.core.search;

import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.PriorityQueue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@link DfsSearch} on several threads: the same search tree, the same rules at each node, the same verdict, the
 * same kind of evidence, shared out among threads by work sharing over the tree. It starts on the calling thread
 * alone; once it has taken {@link #helpersAfterSteps()} model steps without an answer (small searches never pay
 * for threads) and has backtracked {@link #BACKTRACK_FOR_HELP} levels above its deepest point, it calls a helper
 * for each spare permit of its {@link SearchThreads}, now or later in the search.
 *
 * <p>A node of the tree is a configuration (linearized set, state) with the list of alternatives to try there, in
 * list order. Work to do is a task: a path to a node and the alternative to resume from. Tasks wait in the order
 * the sequential search would reach them, and threads take the earliest. A busy thread, at its polls, gives away
 * the rest of the alternatives at one of its nodes when a thread waits for work (only then: keeping tasks in stock
 * made the threads trade work all the time and replay paths instead of searching): the shallowest node of the
 * region it is exhausting, the largest piece of work the sequential search needs too (see {@code giveAway}). It
 * marks the node as given and backtracks past it when it gets back there. The taker replays the path (only the
 * part that differs from its last one, on its own copy of the call/return list) and ends the task at the return
 * that ends the node's list. A thread that finds a waiting task earlier than its own place sets its work aside as
 * a task and takes the earlier one: the dfs stops at the first linearization, so work late in the order may never
 * be needed. Every alternative of every node is tried by exactly one thread.
 *
 * <p>The threads share one set of explored configurations ({@link SharedConfigurationSet}: without locks, each
 * thread writing into chunks of its own; exact comparison, so a hash collision never prunes); a configuration
 * already in it is being or has been explored by
 * the thread that added it, or by the takers of its alternatives. Hence: the first thread to place every
 * completed operation publishes its linearization and stops the others; when every task has ended without one,
 * every reachable configuration has been explored, which proves the violation, with the same number of model steps
 * as {@link DfsSearch} and the longest partial linearizations at the same depth (which ones of that depth are
 * reported may differ from run to run, as may which witness is found). The check's {@link Budget} is polled by
 * every thread: a deadline, an interrupt of the calling thread or the memory limit stops them all with
 * {@link Verdict#UNKNOWN}.
 */
public final class ParallelDfs<S> {
    /** Helpers are called only after this many model steps by default: a few milliseconds of search. */
    public static final long DEFAULT_HELPERS_AFTER_STEPS = 1L << 15;
    private static volatile long helpersAfterSteps = DEFAULT_HELPERS_AFTER_STEPS;
    /**
     * Helpers are called once the search has backtracked this many levels above the deepest it reached: it is then
     * exploring a large dead region, every configuration of which the sequential search must explore too, so
     * helpers do work it needs. While it only backtracks a little on its way to a linearization, helpers could only
     * try alternatives that it may never need, and cost more than they save (docs/engines.md).
     */
    static final int BACKTRACK_FOR_HELP = 24;
    /** Tasks given away by every search so far: tests use it to see that work was shared, not just allowed. */
    static final AtomicLong TASKS_GIVEN = new AtomicLong();

    private final Model<S> model;
    private final Operation[] ops;
    private final Object[] inputs;
    private final Object[] outputs;
    private final boolean[] pending;
    /**
     * Which operations are placed eagerly: read-only ones ({@link Model#isReadOnly}) and those that only widen the
     * state ({@link Model#onlyWidens}); {@code null} when none is.
     */
    private final boolean[] eager;
    /** Which of them only widen the state (accepted, they need not leave it unchanged); {@code null} when none does. */
    private final boolean[] widens;
    private final int[] predecessor;
    private final int n;
    private final int completed;
    private final int reported;
    private final int head;
    private final int[] initialNext;
    private final int[] initialPrev;
    private final long[] zobrist;
    private final Budget budget;
    private final SearchThreads threads;
    private final int maxThreads;
    /** Threads look whether another waits for a task every {@code giveMask + 1} steps. */
    private final int giveMask;
    /** ... and whether a waiting task comes before its own place every {@code setAsideMask + 1} steps. */
    private final int setAsideMask;
    private ProgressMeter meter = new ProgressMeter();

    private final Object lock = new Object();
    /** Each call or return entry's place in the list's time order: the order in which a node tries them. */
    private final int[] rank;
    /** Tasks given away or set aside and not yet taken, earliest in the sequential search's order first. */
    private final PriorityQueue<Task> tasks;
    /** Threads holding a task (guarded by {@link #lock}). */
    private int busy;
    /** Threads started and not yet ended, the calling one included (written under {@link #lock}). */
    private volatile int running;
    /** Every task ended without a linearization: the violation is proved (guarded by {@link #lock}). */
    private boolean finished;
    private volatile boolean stopped;
    /** Threads waiting for a task; busy threads give one away at their next poll when this is positive. */
    private volatile int hungry;
    private final AtomicReference<int[]> witness = new AtomicReference<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final AtomicLong steps = new AtomicLong();
    private final AtomicLong hits = new AtomicLong();
    private volatile long deepest;
    private final List<Worker> workers = new ArrayList<>();
    private SharedConfigurationSet cache;

    /**
     * A search over {@code operations}, reported as a partition of {@code reported} operations, on the calling
     * thread and at most {@code maxThreads - 1} helpers whose permits come from {@code threads}.
     */
    public ParallelDfs(Model<S> model, List<Operation> operations, int reported, Budget budget,
                       SearchThreads threads, int maxThreads) {
        this.model = model;
        this.budget = budget;
        this.threads = threads;
        this.maxThreads = Math.max(1, maxThreads);
        // Where helpers are called at once (tests), small searches must share work too: look at every step.
        this.giveMask = helpersAfterSteps == 0 ? 0 : 0x3f;
        this.setAsideMask = helpersAfterSteps == 0 ? 0xf : 0x3ff;
        this.reported = reported;
        this.n = operations.size();
        this.ops = operations.toArray(new Operation[0]);
        this.inputs = new Object[n];
        this.outputs = new Object[n];
        this.pending = new boolean[n];
        boolean[] ro = new boolean[n];
        boolean[] wide = new boolean[n];
        boolean anyEager = false;
        boolean anyWidens = false;
        int done = 0;
        for (int i = 0; i < n; i++) {
            inputs[i] = ops[i].input();
            outputs[i] = ops[i].output();
            pending[i] = ops[i].isPending();
            wide[i] = !pending[i] && model.onlyWidens(inputs[i], outputs[i]);
            ro[i] = wide[i] || !pending[i] && model.isReadOnly(inputs[i], outputs[i]);
            anyEager |= ro[i];
            anyWidens |= wide[i];
            done += pending[i] ? 0 : 1;
        }
        this.completed = done;
        this.eager = anyEager ? ro : null;
        this.widens = anyWidens ? wide : null;
        this.predecessor = PendingOperations.predecessors(ops);
        this.head = 2 * n;
        int tail = 2 * n + 1;
        this.initialNext = new int[2 * n + 2];
        this.initialPrev = new int[2 * n + 2];
        // As in DfsSearch: by time; at equal times calls come first, so closed intervals that touch overlap.
        int[] order = EventOrder.sorted(ops);
        this.rank = new int[2 * n + 2];
        for (int i = 0; i < order.length; i++) {
            rank[order[i]] = i;
        }
        this.tasks = new PriorityQueue<>(this::compare);
        int last = head;
        for (int e : order) {
            initialNext[last] = e;
            initialPrev[e] = last;
            last = e;
        }
        initialNext[last] = tail;
        initialPrev[tail] = last;
        initialNext[tail] = tail;
        this.zobrist = new long[n];
        SplittableRandom random = new SplittableRandom(0x5eed_a71a_d4e5L);
        for (int i = 0; i < n; i++) {
            zobrist[i] = random.nextLong();
        }
    }

    /**
     * Work to do: resume the search at {@code path[path.length - 1]}, an entry of the node reached by the calls
     * {@code path[0 .. length - 2]}, and when that node is exhausted go on backtracking up to depth {@code base},
     * skipping the nodes {@code given} marks (depths {@code base} up, {@code null}: none) whose rest belongs to
     * another task. A node's rest given away is {@code base = length - 1}; a thread that sets its own work aside
     * for earlier work makes one with the base of the task it was running.
     */
    private record Task(int[] path, int base, boolean[] given) {
    }

    /**
     * The order in which the sequential dfs would reach two resume points: the first place where their paths
     * differ decides, by list order; a path that leads into the other's resume entry comes after it.
     */
    private int compare(Task a, Task b) {
        return compare(a.path, a.path.length, b.path, b.path.length);
    }

    private int compare(int[] a, int aLength, int[] b, int bLength) {
        int common = Math.min(aLength, bLength);
        for (int i = 0; i < common; i++) {
            if (a[i] != b[i]) {
                return Integer.compare(rank[a[i]], rank[b[i]]);
            }
        }
        return Integer.compare(aLength, bLength);
    }

    /**
     * How many model steps a search takes alone before it calls helpers; tests set 0 so that even the smallest
     * histories are searched on several threads.
     */
    public static long helpersAfterSteps() {
        return helpersAfterSteps;
    }

    /** Sets {@link #helpersAfterSteps()} for every search started from now on. */
    public static void setHelpersAfterSteps(long steps) {
        helpersAfterSteps = Math.max(0, steps);
    }

    /** Publishes this search's progress to {@code m} (from the calling thread only, as {@link ProgressMeter} asks). */
    public ParallelDfs<S> reportingTo(ProgressMeter m) {
        this.meter = m;
        return this;
    }

    /** Runs the search on the calling thread and its helpers; returns when every helper has ended. */
    public PartitionResult run(int index, String label) {
        long start = System.nanoTime();
        try {
            cache = new SharedConfigurationSet(n, maxThreads, budget);
        } catch (MemoryLimit e) {
            return result(index, label, start, false);
        }
        Worker root = new Worker(true);
        synchronized (lock) {
            running = 1;
            busy = 1;
            workers.add(root);
        }
        try {
            if (helpersAfterSteps == 0) {
                callHelpers();
            }
            root.work(new Task(new int[]{-1}, 0, null));
            awaitHelpers();
        } finally {
            synchronized (lock) {
                for (Worker w : workers) {
                    w.writer.release();
                }
            }
            cache.release();
        }
        Throwable t = failure.get();
        if (t instanceof RuntimeException re) {
            throw re;
        }
        if (t instanceof Error err) {
            throw err;
        }
        boolean proved;
        synchronized (lock) {
            proved = finished;
        }
        return result(index, label, start, proved);
    }

    /** Waits until every helper has ended (they poll {@link #stopped} and see the end of the tasks). */
    private void awaitHelpers() {
        boolean interrupted = false;
        synchronized (lock) {
            running--;
            lock.notifyAll();
            while (running > 0) {
                try {
                    lock.wait(50);
                } catch (InterruptedException e) {
                    interrupted = true;
                    budget.stop("interrupted");
                    stop();
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private void stop() {
        stopped = true;
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    /** Calls helpers for the spare permits, up to {@link #maxThreads} threads in all. */
    private void callHelpers() {
        while (threads.spare() > 0 && !stopped) {
            synchronized (lock) {
                if (running >= maxThreads || finished) {
                    return;
                }
                if (!threads.tryAcquire()) {
                    return;
                }
                running++;
            }
            Worker helper = new Worker(false);
            synchronized (lock) {
                workers.add(helper);
            }
            try {
                threads.executor().execute(helper::help);
            } catch (RuntimeException e) {
                threads.release();
                helper.ended();
                return;
            }
        }
    }

    /**
     * The next task for a thread that ended its own (or has none yet): waits until one is given away, or until no
     * thread holds a task (the search is over) or the search stops. {@code null} then.
     */
    private Task nextTask(Worker w, boolean endedOne) {
        synchronized (lock) {
            if (endedOne) {
                busy--;
            }
            while (!stopped) {
                Task task = tasks.poll();
                if (task != null) {
                    busy++;
                    return task;
                }
                if (busy == 0) {
                    finished = true;
                    lock.notifyAll();
                    return null;
                }
                hungry++;
                try {
                    lock.wait(w.root ? 20 : 0);
                } catch (InterruptedException e) {
                    budget.stop("interrupted");
                    stopped = true;
                    lock.notifyAll();
                    Thread.currentThread().interrupt();
                } finally {
                    hungry--;
                }
                if (w.root && !stopped) {
                    // The calling thread, while it waits, still reports progress and calls helpers.
                    w.coordinate();
                }
            }
            return null;
        }
    }

    /** Whether a busy thread should give work away: a thread waits for a task that none has given yet. */
    private boolean wanted() {
        synchronized (lock) {
            return tasks.size() < hungry;
        }
    }

    private void give(Task task) {
        synchronized (lock) {
            tasks.add(task);
            lock.notify();
        }
    }

    private PartitionResult result(int index, String label, long start, boolean proved) {
        long cached = 0;
        synchronized (lock) {
            for (Worker w : workers) {
                cached += w.writer.added();
            }
        }
        Statistics stats = new Statistics(steps.get(), hits.get(), cached, System.nanoTime() - start);
        int[] found = witness.get();
        if (found != null) {
            List<Operation> order = new ArrayList<>(found.length);
            for (int e : found) {
                order.add(ops[e >> 1]);
            }
            return new PartitionResult(index, label, reported, Verdict.LINEARIZABLE, order, null, null,
                    DfsSearch.NAME, stats);
        }
        if (proved) {
            return new PartitionResult(index, label, reported, Verdict.NOT_LINEARIZABLE, List.of(),
                    new Violation(model.describeState(model.init()), evidence()), null, DfsSearch.NAME, stats);
        }
        String reason = budget.reason() != null ? budget.reason() : "interrupted";
        return new PartitionResult(index, label, reported, Verdict.UNKNOWN, List.of(), null, reason, DfsSearch.NAME,
                stats);
    }

    /** The longest dead ends of all threads: those of the greatest depth, at most three distinct unplaced. */
    private List<PartialLinearization> evidence() {
        List<DeadEnds> all = new ArrayList<>();
        for (Worker w : workers) {
            all.add(w.deadEnds);
        }
        return DeadEnds.evidence(all, model, ops, inputs, outputs);
    }

    /**
     * One thread's search: its own copy of the call/return list, linearized set and stacks, and the dead ends it
     * met. The loop is {@link DfsSearch}'s, over a subtree whose root (depth {@code base}) is reached by replaying
     * the task's path; changes to the rules there belong here too.
     */
    private final class Worker {
        final boolean root;
        final int[] next = initialNext.clone();
        final int[] prev = initialPrev.clone();
        final LinearizedSet linearized = new LinearizedSet(pending);
        final int[] stackEntry = new int[n];
        final Object[] stackState = new Object[n];
        /** Per depth, as in DfsSearch: the forced eager call entry there, or -1. */
        final int[] forced = new int[n + 1];
        /**
         * Per depth: the state the forced operation leads to, computed when it was chosen, so that placing it does
         * not step the model twice (as in {@link DfsSearch}); cleared once used.
         */
        final Object[] forcedAfter = eager == null ? null : new Object[n + 1];
        /** Per depth: the rest of that node's alternatives was given away. */
        final boolean[] given = new boolean[n + 1];
        long configurations;
        long cacheHits;
        long polls;
        final DeadEnds deadEnds = new DeadEnds();
        /** This thread's handle on the shared set: the chunks it writes its configurations into. */
        final SharedConfigurationSet.Writer writer = cache.writer();
        /** The deepest this thread was at a poll, and whether it was once far above that (the calling thread's). */
        int maxDepth;
        boolean backtracking;
        /** The depth at which the current task ends. */
        int base;
        /**
         * The shallowest depth this task has backtracked to (a task given away starts at its base, a node of the
         * region its giver was exhausting; the whole tree's task at none).
         */
        int low;
        /**
         * The path of the last task ended, still applied (lifted, linearized) so that the next task, usually given
         * away near it, only replays where they differ: its length, and the state, hash and count after it.
         */
        int pathLength;
        Object pathState;
        long pathHash;
        int pathPlaced;

        Worker(boolean root) {
            this.root = root;
        }

        /** A helper's life: take tasks until the search ends, then give the permit back. */
        void help() {
            try {
                work(null);
            } finally {
                threads.release();
                ended();
            }
        }

        void ended() {
            synchronized (lock) {
                running--;
                lock.notifyAll();
            }
        }

        /** Runs {@code first} (if any), then tasks given away by others, until the search ends or stops. */
        void work(Task first) {
            try {
                Task task = first != null ? first : nextTask(this, false);
                while (task != null) {
                    if (!run(task)) {
                        return;
                    }
                    task = nextTask(this, true);
                }
            } catch (MemoryLimit e) {
                stop();
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
                budget.stop("failed: " + t);
                stop();
            } finally {
                flush();
            }
        }

        private void flush() {
            steps.addAndGet(configurations);
            hits.addAndGet(cacheHits);
            configurations = 0;
            cacheHits = 0;
        }

        private void lift(int call) {
            int ret = call + 1;
            next[prev[call]] = next[call];
            prev[next[call]] = prev[call];
            next[prev[ret]] = next[ret];
            prev[next[ret]] = prev[ret];
        }

        private void unlift(int call) {
            int ret = call + 1;
            next[prev[ret]] = ret;
            prev[next[ret]] = ret;
            next[prev[call]] = call;
            prev[next[call]] = call;
        }

        /**
         * Searches the subtree of one task: {@code task} is the path to its node followed by the entry to start
         * from there ({@code {-1}}: the whole tree). Returns {@code true} when the subtree is exhausted (the
         * worker's list and set are back as they started), {@code false} when the search stops (a linearization
         * was found, the budget ran out, or another thread stopped it).
         */
        @SuppressWarnings("unchecked")
        boolean run(Task t) {
            int[] task = t.path();
            int top = task.length - 1;
            base = t.base();
            low = task.length == 1 && task[0] < 0 ? Integer.MAX_VALUE : base;
            // Keep the part of the last path that this one shares, undo the rest, replay the new part.
            int common = 0;
            while (common < pathLength && common < top && stackEntry[common] == task[common]) {
                common++;
            }
            if (common < deadEnds.low) {
                deadEnds.low = common; // the stack is rewritten from there
            }
            S state = pathState == null ? model.init() : (S) pathState;
            long setHash = pathHash;
            int placedCompleted = pathPlaced;
            for (int i = pathLength - 1; i >= common; i--) {
                int e = stackEntry[i];
                int op = e >> 1;
                unlift(e);
                linearized.remove(op);
                setHash ^= zobrist[op];
                if (!pending[op]) {
                    placedCompleted--;
                }
                state = (S) stackState[i];
                stackState[i] = null;
            }
            for (int i = common; i < top; i++) {
                int e = task[i];
                int op = e >> 1;
                // The node's forced eager operation, as the search computed it there (a function of the node).
                forced[i] = eager == null ? -1 : forcedEager(state, i);
                S after;
                if (eager != null && e == forced[i]) {
                    @SuppressWarnings("unchecked")
                    S known = (S) forcedAfter[i];
                    after = known;
                } else {
                    after = model.step(state, inputs[op], outputs[op]);
                }
                if (eager != null) {
                    forcedAfter[i] = null;
                }
                if (after == null) {
                    throw new IllegalStateException("the model rejected on replay a step it accepted before: "
                            + ops[op] + " (Model.step must be deterministic)");
                }
                stackEntry[i] = e;
                stackState[i] = state;
                state = after;
                linearized.add(op);
                setHash ^= zobrist[op];
                if (!pending[op]) {
                    placedCompleted++;
                }
                lift(e);
            }
            pathLength = top;
            int depth = top;
            for (int d = base; d < top; d++) {
                given[d] = t.given() != null && t.given()[d - base];
            }
            given[top] = false;
            forced[top] = eager == null ? -1 : forcedEager(state, top);
            int entry = task[top];
            if (entry < 0) { // the whole tree
                entry = forced[0] >= 0 ? forced[0] : next[head];
            }
            long taskStart = System.nanoTime();
            long taskPolls = polls;
            boolean slow = false;
            while (placedCompleted < completed) {
                if ((++polls & giveMask) == 0 || slow || (polls - taskPolls & polls - taskPolls - 1) == 0) {
                    if (stopped) {
                        return false;
                    }
                    if (hungry > 0 && wanted()) {
                        giveAway(depth);
                    }
                    // As in DfsSearch: where steps are slow, the budget and the meter are looked at between them.
                    boolean full = (polls & 0x3ff) == 0;
                    boolean extra = !full && (polls & giveMask) != 0;
                    if (full || extra) {
                        slow = SlowSteps.slow(taskStart, polls - taskPolls);
                    }
                    if ((full || extra) && !poll(depth, placedCompleted)) {
                        return false;
                    }
                    if ((polls & setAsideMask) == 0 && running > 1
                            && setAside(depth, entry, state, setHash, placedCompleted)) {
                        return true;
                    }
                }
                if ((entry & 1) == 0) {
                    int op = entry >> 1;
                    if (pending[op] && predecessor[op] >= 0 && !linearized.contains(predecessor[op])) {
                        entry = next[entry];
                        continue;
                    }
                    configurations++;
                    S after;
                    if (eager != null && entry == forced[depth] && forcedAfter[depth] != null) {
                        @SuppressWarnings("unchecked")
                        S known = (S) forcedAfter[depth];
                        forcedAfter[depth] = null;
                        after = known;
                    } else {
                        after = model.step(state, inputs[op], outputs[op]);
                    }
                    if (after != null && pending[op] && after.equals(state)) {
                        cacheHits++;
                        after = null;
                    }
                    if (after != null) {
                        long hash = setHash ^ zobrist[op];
                        linearized.add(op);
                        if (writer.add(hash, after, linearized)) {
                            stackEntry[depth] = entry;
                            stackState[depth] = state;
                            depth++;
                            given[depth] = false;
                            state = after;
                            setHash = hash;
                            if (!pending[op]) {
                                placedCompleted++;
                            }
                            lift(entry);
                            entry = next[head];
                            if (eager != null) {
                                forced[depth] = forcedEager(state, depth);
                                if (forced[depth] >= 0) {
                                    entry = forced[depth];
                                }
                            }
                            continue;
                        }
                        linearized.remove(op);
                        cacheHits++;
                    }
                    entry = eager != null && entry == forced[depth] ? entry + 1 : next[entry];
                } else {
                    // A return whose operation is not linearized yet: this node's alternatives are exhausted.
                    boolean afterForced = eager != null && entry == forced[depth] + 1;
                    if (!afterForced && depth >= deadEnds.depth) {
                        deadEnds.record(stackEntry, depth, entry, next, head);
                    }
                    // Back to the deepest node above whose alternatives are still this thread's.
                    do {
                        if (depth == base) {
                            pathLength = base;
                            pathState = state;
                            pathHash = setHash;
                            pathPlaced = placedCompleted;
                            return true;
                        }
                        depth--;
                        if (depth < deadEnds.low) {
                            deadEnds.low = depth;
                        }
                        entry = stackEntry[depth];
                        state = (S) stackState[depth];
                        stackState[depth] = null;
                        int op = entry >> 1;
                        linearized.remove(op);
                        setHash ^= zobrist[op];
                        if (!pending[op]) {
                            placedCompleted--;
                        }
                        unlift(entry);
                    } while (given[depth]);
                    if (depth < low) {
                        low = depth;
                    }
                    entry = eager != null && entry == forced[depth] ? entry + 1 : next[entry];
                }
            }
            witness.compareAndSet(null, Arrays.copyOf(stackEntry, depth));
            stop();
            return false;
        }

        /**
         * Gives away the rest of the alternatives at one node of this task that still has some. First choice: the
         * shallowest node at or below {@link #low}, the shallowest depth this task has backtracked to: the nodes
         * from there down are in the region the thread is exhausting (it came back up to them because every
         * alternative tried below failed), so their rest is work the sequential search does too, and the shallowest
         * holds the largest subtree (few hand-offs and replays; giving the deepest made thousands of tiny tasks
         * per search, each replaying a long path). Else the deepest node: what the sequential search would do next
         * if the current subtree fails. A node's iteration goes on from the entry after the one it is exploring
         * ({@code next} of a lifted entry keeps its neighbour in the list of that node, since deeper lifts and
         * unlifts never touch it); a call there means more alternatives, its own or another return means none.
         */
        private void giveAway(int depth) {
            for (int d = Math.max(base, low); d < depth; d++) {
                if (giveAt(d)) {
                    return;
                }
            }
            for (int d = depth - 1; d >= base; d--) {
                if (giveAt(d)) {
                    return;
                }
            }
        }

        private boolean giveAt(int d) {
            int e = stackEntry[d];
            if (given[d] || eager != null && e == forced[d] || (next[e] & 1) != 0) {
                return false;
            }
            int[] path = Arrays.copyOf(stackEntry, d + 1);
            path[d] = next[e];
            given[d] = true;
            give(new Task(path, d, null));
            TASKS_GIVEN.incrementAndGet();
            return true;
        }

        /**
         * When a waiting task comes before this thread's place in the sequential order (it is searching a part of
         * the tree that the sequential search would only reach later, and may never need), puts its own work into
         * the tasks as one (resume here, backtrack to the task's base) and ends the current task, so that the
         * thread takes the earlier one next. Keeps the path applied, as at the end of a task.
         */
        private boolean setAside(int depth, int entry, S state, long setHash, int placedCompleted) {
            synchronized (lock) {
                Task first = tasks.peek();
                stackEntry[depth] = entry;
                if (first == null || compare(first.path(), first.path().length, stackEntry, depth + 1) >= 0) {
                    return false;
                }
                boolean[] skip = new boolean[depth - base];
                for (int d = base; d < depth; d++) {
                    skip[d - base] = given[d];
                }
                tasks.add(new Task(Arrays.copyOf(stackEntry, depth + 1), base, skip));
                lock.notify();
            }
            pathLength = depth;
            pathState = state;
            pathHash = setHash;
            pathPlaced = placedCompleted;
            return true;
        }

        /**
         * Every 1,024 steps (and between slow ones): publish counts, check the budget, and (the calling thread)
         * progress and helpers.
         */
        private boolean poll(int depth, int placedCompleted) {
            flush();
            maxDepth = Math.max(maxDepth, depth);
            if (maxDepth - depth >= BACKTRACK_FOR_HELP) {
                backtracking = true;
            }
            if (budget.exhausted()) {
                stop();
                return false;
            }
            if (placedCompleted > deepest) {
                deepest = placedCompleted; // a racy maximum: progress only
            }
            if (root) {
                coordinate();
            }
            return true;
        }

        /** The calling thread's duties: progress for the meter, helpers for spare permits. */
        void coordinate() {
            long total = steps.get();
            meter.update(deepest, 0, total);
            if (total >= helpersAfterSteps && (backtracking || helpersAfterSteps == 0) && running < maxThreads) {
                callHelpers();
            }
        }

        /**
         * As {@link DfsSearch}: the eager operation that returns first, when accepted (read-only: unchanged); else
         * -1. The state it leads to is kept in {@link #forcedAfter}{@code [depth]} for placing it.
         */
        private int forcedEager(S state, int depth) {
            return DfsSearch.forcedEager(model, state, next, head, eager, widens, inputs, outputs, forcedAfter, depth);
        }
    }
}
