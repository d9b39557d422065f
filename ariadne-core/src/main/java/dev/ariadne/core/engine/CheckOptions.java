package dev.ariadne.core.engine;

import java.time.Duration;
import java.util.Objects;

/**
 * How to check: the time budget ({@code null} for none), whether to split the history into the model's
 * independent partitions, the engine, and how many partitions may run at once.
 *
 * @param timeout     the wall-time budget for the whole check, or {@code null} for none
 * @param partition   whether to use {@link dev.ariadne.core.model.Model#partition}
 * @param engine      the engine
 * @param parallelism the most partitions checked at once (at least 1)
 */
public record CheckOptions(Duration timeout, boolean partition, Engine engine, int parallelism) {

    public CheckOptions {
        Objects.requireNonNull(engine, "engine");
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1");
        }
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout must be positive");
        }
    }

    /** No time limit, partitioned, automatic engine, one partition per available processor. */
    public static CheckOptions defaults() {
        return new CheckOptions(null, true, Engine.AUTO, Runtime.getRuntime().availableProcessors());
    }

    public CheckOptions withTimeout(Duration t) {
        return new CheckOptions(t, partition, engine, parallelism);
    }

    public CheckOptions withPartition(boolean p) {
        return new CheckOptions(timeout, p, engine, parallelism);
    }

    public CheckOptions withEngine(Engine e) {
        return new CheckOptions(timeout, partition, e, parallelism);
    }

    public CheckOptions withParallelism(int n) {
        return new CheckOptions(timeout, partition, engine, n);
    }
}
