package dev.ariadne.core.check;

import java.time.Duration;
import java.util.Objects;

/**
 * How to check: the time budget ({@code null} for none), whether to split the history into the model's
 * independent partitions, the engine, how many partitions may run at once, the memory budget, the time budget
 * of the search for a minimal failing core of each violation (see {@link Explanation}), and how many threads the
 * check may search on in all.
 *
 * @param timeout     the wall-time budget for the whole check, or {@code null} for none
 * @param partition   whether to use {@link dev.ariadne.core.model.Model#partition}
 * @param engine      the engine
 * @param parallelism the most partitions checked at once (at least 1)
 * @param maxMemory   the most memory, in bytes, the searches of one check may hold together (by their own
 *                    estimates), or {@link #AUTOMATIC_MEMORY} for half of the heap (less if less is free when the
 *                    check starts); beyond it the verdict is {@link Verdict#UNKNOWN} with a reason starting with
 *                    {@code memory}
 * @param coreTimeout the wall-time budget, after the check, for finding and explaining the minimal failing cores
 *                    of the violated partitions ({@link Violation#explanation()}); {@code null} or zero for no
 *                    core search
 * @param threads     the most threads the searches of one check run on together: partitions are searched on
 *                    {@code min(parallelism, threads)} threads, and a dfs search uses the threads that no partition
 *                    needs (all of them when the history has one partition) to search its partition in parallel;
 *                    1 searches everything on one thread; {@link #AUTOMATIC_THREADS} (the default) searches
 *                    partitions on {@code parallelism} threads and each partition on one, since the parallel dfs
 *                    does not pay for itself on two cores (docs/benchmarks.md)
 */
public record CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism, long maxMemory,
                           Duration coreTimeout, int threads) {

    /**
     * The core budget of {@link #defaults()}, which {@code ariadne check} and the harness use too: a core is usually
     * found in milliseconds to a second; this bounds the worst case. The core search is budgeted in model steps, so
     * the same history gives the same core on every run; its deadline only decides when to give up. A caller
     * checking many violating histories that needs no core (a fuzzer, a differential test) turns it off with
     * {@code withCoreTimeout(null)}.
     */
    public static final Duration DEFAULT_CORE_TIMEOUT = Duration.ofSeconds(5);

    /** {@link #threads()} value meaning: partitions on {@link #parallelism()} threads, each search on one. */
    public static final int AUTOMATIC_THREADS = 0;

    /** {@link #maxMemory()} value meaning: see {@link #effectiveMaxMemory()}. */
    public static final long AUTOMATIC_MEMORY = 0;

    public CheckOptions {
        Objects.requireNonNull(engine, "engine");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1");
        }
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be at least 1, or AUTOMATIC_THREADS");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxMemory < 0) {
            throw new IllegalArgumentException("maxMemory must be positive (or AUTOMATIC_MEMORY)");
        }
        if (coreTimeout != null && coreTimeout.isNegative()) {
            throw new IllegalArgumentException("coreTimeout must not be negative");
        }
    }

    /** Options searching on at most {@code parallelism} threads. */
    public CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism, long maxMemory,
                        Duration coreTimeout) {
        this(timeout, partition, engine, parallelism, maxMemory, coreTimeout, AUTOMATIC_THREADS);
    }

    /** Options without a core search. */
    public CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism, long maxMemory) {
        this(timeout, partition, engine, parallelism, maxMemory, null);
    }

    /** Options with the automatic memory budget and no core search. */
    public CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism) {
        this(timeout, partition, engine, parallelism, AUTOMATIC_MEMORY);
    }

    /**
     * No time limit, partitioned, automatic engine, one partition per available processor, automatic memory, a
     * minimal failing core of each violation searched within {@link #DEFAULT_CORE_TIMEOUT} (what {@code ariadne
     * check} and the harness do), one thread per available processor in all.
     */
    public static CheckOptions defaults() {
        int processors = Runtime.getRuntime().availableProcessors();
        return new CheckOptions(null, true, Engine.AUTO, processors, AUTOMATIC_MEMORY, DEFAULT_CORE_TIMEOUT,
                AUTOMATIC_THREADS);
    }

    public CheckOptions withTimeout(Duration t) {
        return new CheckOptions(t, partition, engine, parallelism, maxMemory, coreTimeout, threads);
    }

    public CheckOptions withPartition(boolean p) {
        return new CheckOptions(timeout, p, engine, parallelism, maxMemory, coreTimeout, threads);
    }

    public CheckOptions withEngine(Engine e) {
        return new CheckOptions(timeout, partition, e, parallelism, maxMemory, coreTimeout, threads);
    }

    public CheckOptions withParallelism(int n) {
        return new CheckOptions(timeout, partition, engine, n, maxMemory, coreTimeout, threads);
    }

    /** The same options with a memory budget of {@code bytes} ({@link #AUTOMATIC_MEMORY} for the default). */
    public CheckOptions withMaxMemory(long bytes) {
        return new CheckOptions(timeout, partition, engine, parallelism, bytes, coreTimeout, threads);
    }

    /** The same options with a core budget of {@code t} ({@code null} or zero: no core search). */
    public CheckOptions withCoreTimeout(Duration t) {
        return new CheckOptions(timeout, partition, engine, parallelism, maxMemory, t, threads);
    }

    /**
     * The same options searching on at most {@code n} threads in all (partitions and the threads that help a dfs
     * search within one partition together).
     */
    public CheckOptions withThreads(int n) {
        return new CheckOptions(timeout, partition, engine, parallelism, maxMemory, coreTimeout, n);
    }

    /** How many partitions are searched at once. */
    int partitionThreads() {
        return threads == AUTOMATIC_THREADS ? parallelism : Math.min(parallelism, threads);
    }

    /** The most threads one partition's search runs on. */
    int searchThreads() {
        return threads == AUTOMATIC_THREADS ? 1 : threads;
    }

    /** Whether a minimal failing core is searched for after a violation. */
    public boolean searchesCore() {
        return coreTimeout != null && !coreTimeout.isZero();
    }

    /**
     * The memory budget in bytes this check would get now: {@link #maxMemory()} if set, else half of the maximum
     * heap ({@code Runtime.maxMemory() / 2}), or the heap not in use now if that is less ({@code maxMemory() -
     * (totalMemory() - freeMemory())}, which counts garbage not yet collected as in use), and at least 16 MiB.
     */
    public long effectiveMaxMemory() {
        if (maxMemory != AUTOMATIC_MEMORY) {
            return maxMemory;
        }
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        return Math.max(16L << 20, Math.min(rt.maxMemory() / 2, rt.maxMemory() - used));
    }
}
