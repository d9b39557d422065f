package dev.ariadne.harness;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The seeded random source one client of a workload draws its operations and arguments from, so that a seed
 * replays the same operations on every client. Besides the usual {@link RandomGenerator} draws, {@link #distinct()}
 * gives values no other draw of the run gives: unique queue elements and stack items make histories fast to check.
 */
public final class ClientRandom implements RandomGenerator {
    /** Distinct values of client c are c * SPACING + 1, c * SPACING + 2, ... : readable in reports. */
    static final long SPACING = 1_000_000;

    private final SplittableRandom random;
    private final int client;
    private long drawn;

    /** The source of client {@code client} (0-based) in a run with seed {@code seed}. */
    public ClientRandom(long seed, int client) {
        this.random = new SplittableRandom(mix(seed, client));
        this.client = client;
    }

    /** The 0-based index of the workload client this source belongs to. */
    public int client() {
        return client;
    }

    /** A value distinct from every other value {@code distinct()} gives in the run (up to a million per client). */
    public long distinct() {
        return client * SPACING + ++drawn;
    }

    @Override
    public long nextLong() {
        return random.nextLong();
    }

    /** A seed for client {@code client} that differs from its neighbours' in many bits. */
    static long mix(long seed, long client) {
        long z = seed + (client + 1) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
