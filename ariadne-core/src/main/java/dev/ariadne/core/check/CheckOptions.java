package dev.ariadne.core.check;

import java.time.Duration;
import java.util.Objects;

/**
 * How to check: the time budget ({@code null} for none), whether to split the history into the model's
 * independent partitions, the engine, how many partitions may run at once, and the memory budget.
 *
 * @param timeout     the wall-time budget for the whole check, or {@code null} for none
 * @param partition   whether to use {@link dev.ariadne.core.model.Model#partition}
 * @param engine      the engine
 * @param parallelism the most partitions checked at once (at least 1)
 * @param maxMemory   the most memory, in bytes, the searches of one check may hold together (by their own
 *                    estimates), or {@link #AUTOMATIC_MEMORY} for half of the heap (less if less is free when the
 *                    check starts); beyond it the verdict is {@link Verdict#UNKNOWN} with a reason starting with
 *                    {@code memory}
 */
public record CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism, long maxMemory) {

    /** {@link #maxMemory()} value meaning: see {@link #effectiveMaxMemory()}. */
    public static final long AUTOMATIC_MEMORY = 0;

    public CheckOptions {
        Objects.requireNonNull(engine, "engine");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        if (maxMemory < 0) {
            throw new IllegalArgumentException("maxMemory must be positive (or AUTOMATIC_MEMORY)");
        }
    }

    /** Options with the automatic memory budget. */
    public CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism) {
        this(timeout, partition, engine, parallelism, AUTOMATIC_MEMORY);
    }

    /** No time limit, partitioned, automatic engine, one partition per available processor, automatic memory. */
    public static CheckOptions defaults() {
        return new CheckOptions(null, true, Engine.AUTO, Runtime.getRuntime().availableProcessors(),
                AUTOMATIC_MEMORY);
    }

    public CheckOptions withTimeout(Duration t) {
        return new CheckOptions(t, partition, engine, parallelism, maxMemory);
    }

    public CheckOptions withPartition(boolean p) {
        return new CheckOptions(timeout, p, engine, parallelism, maxMemory);
    }

    public CheckOptions withEngine(Engine e) {
        return new CheckOptions(timeout, partition, e, parallelism, maxMemory);
    }

    public CheckOptions withParallelism(int n) {
        return new CheckOptions(timeout, partition, engine, n, maxMemory);
    }

    /** The same options with a memory budget of {@code bytes} ({@link #AUTOMATIC_MEMORY} for the default). */
    public CheckOptions withMaxMemory(long bytes) {
        return new CheckOptions(timeout, partition, engine, parallelism, bytes);
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
