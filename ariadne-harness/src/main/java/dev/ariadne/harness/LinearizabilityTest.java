package dev.ariadne.harness;

import dev.ariadne.core.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a JUnit 5 test that runs the workload its class declares, a {@link SystemUnderTest} method and
 * {@link Op} methods, and checks the history against {@link #model()} (a built-in model) or {@link #modelClass()}
 * (yours). A violation fails the test with an
 * {@link AssertionError} that gives the seed, the explanation and the minimal failing core, and names the HTML report
 * written under {@code target/ariadne/}. The method's own body runs after a passing check (it may take the
 * {@link RunResult} as a parameter).
 *
 * <pre>{@code
 * class QueueTest {
 *     @SystemUnderTest
 *     ConcurrentLinkedQueue<Long> queue() { return new ConcurrentLinkedQueue<>(); }
 *
 *     @Op("enqueue")
 *     void enqueue(ConcurrentLinkedQueue<Long> q, @Arg(distinct = true) long v) { q.offer(v); }
 *
 *     @Op(value = "dequeue", weight = 2)
 *     Long dequeue(ConcurrentLinkedQueue<Long> q) { return q.poll(); }
 *
 *     @LinearizabilityTest(model = "fifo-queue", clients = 4, operations = 1000)
 *     void linearizable() {}
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Test
@ExtendWith(AriadneExtension.class)
public @interface LinearizabilityTest {
    /**
     * A built-in model by name ({@code fifo-queue}, {@code kv}, ...). Give this or {@link #modelClass()}, not both.
     */
    String model() default "";

    /**
     * A model of your own: a class implementing {@link dev.ariadne.core.model.Model} (or
     * {@link dev.ariadne.core.model.NondeterministicModel}) with a constructor without parameters (it need not be
     * public), made once per test. Give this or {@link #model()}, not both.
     */
    Class<?> modelClass() default Model.class;

    /** The number of clients, each on its own thread. */
    int clients() default 4;

    /** Operations per client. */
    long operations() default 1000;

    /**
     * Rounds, each on a fresh system, until one fails (see {@link WorkloadRunner#rounds}): many short rounds give
     * small cores.
     */
    int rounds() default 1;

    /** Stop the clients after this many milliseconds even if operations remain (0: no limit). */
    long durationMillis() default 0;

    /**
     * The seed; 0 (the default) takes {@code -Dariadne.seed=N} if given, else a random seed. The seed of a failing
     * run is in the failure message.
     */
    long seed() default 0;

    /** Whether to perturb the schedule ({@link Chaos#on()}). */
    boolean chaos() default true;

    /** Whether to check while the workload runs (see {@link WorkloadRunner#onlineChecking}). */
    boolean online() default true;

    /**
     * Expect a violation: the test fails if the history is linearizable (for tests of the checker itself, or to
     * pin a known bug).
     */
    boolean expectViolation() default false;

    /** Exceptions that mean an operation certainly had no effect (others mean its outcome is unknown). */
    Class<? extends Throwable>[] failedOn() default {};
}
