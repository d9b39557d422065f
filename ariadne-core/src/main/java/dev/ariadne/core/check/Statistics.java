package dev.ariadne.core.check;

/**
 * What a search did: model steps tried ({@code configurations}), configurations skipped because they were
 * already explored ({@code cacheHits}), configurations remembered ({@code cached}) and wall time.
 */
public record Statistics(long configurations, long cacheHits, long cached, long nanos) {

    /** No work at all. */
    public static final Statistics ZERO = new Statistics(0, 0, 0, 0);

    /** The sum of two statistics (time is the larger, as partitions run in parallel). */
    public Statistics plus(Statistics o) {
        return new Statistics(configurations + o.configurations, cacheHits + o.cacheHits, cached + o.cached,
                Math.max(nanos, o.nanos));
    }

    /** Wall time in milliseconds. */
    public double millis() {
        return nanos / 1e6;
    }
}
