package dev.ariadne.harness;

import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;

/**
 * Schedule chaos in the spirit of rr's chaos mode: before each operation, and with a smaller chance between its
 * call and its action, a client may yield its processor, park for a moment or spin, so that interleavings that a
 * quiet scheduler never produces (a thread preempted in the middle of a check-then-act, two threads in lockstep)
 * happen within short runs. The draws come from their own seeded stream, so turning chaos off or on does not change
 * which operations a seed runs.
 *
 * @param enabled      whether to perturb at all
 * @param yieldChance  chance of a {@link Thread#yield()} at each point
 * @param parkChance   chance of parking for up to {@code maxParkNanos}
 * @param maxParkNanos the longest park, in nanoseconds
 * @param spinChance   chance of spinning up to {@code maxSpins} {@link Thread#onSpinWait()} iterations
 * @param maxSpins     the longest spin
 */
public record Chaos(boolean enabled, double yieldChance, double parkChance, long maxParkNanos, double spinChance,
                    int maxSpins) {

    public Chaos {
        if (yieldChance < 0 || parkChance < 0 || spinChance < 0 || yieldChance + parkChance + spinChance > 1) {
            throw new IllegalArgumentException("chances must be non-negative and add up to at most 1");
        }
        if (maxParkNanos < 1 || maxSpins < 1) {
            throw new IllegalArgumentException("maxParkNanos and maxSpins must be positive");
        }
    }

    /** No perturbation. */
    public static Chaos off() {
        return new Chaos(false, 0, 0, 1, 0, 1);
    }

    /** The default perturbation: yield 10%, park up to 50 µs 2%, spin up to 500 iterations 10%. */
    public static Chaos on() {
        return new Chaos(true, 0.10, 0.02, 50_000, 0.10, 500);
    }

    /** Perturbs the calling thread as the chances say, drawing from {@code random}. */
    public void pause(RandomGenerator random) {
        if (!enabled) {
            return;
        }
        double x = random.nextDouble();
        if (x < yieldChance) {
            Thread.yield();
        } else if ((x -= yieldChance) < parkChance) {
            LockSupport.parkNanos(1 + random.nextLong(maxParkNanos));
        } else if (x - parkChance < spinChance) {
            int spins = 1 + random.nextInt(maxSpins);
            for (int i = 0; i < spins; i++) {
                Thread.onSpinWait();
            }
        }
    }
}
