package dev.ariadne.harness.jqwik;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.model.Model;
import dev.ariadne.report.TextReport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs {@link ConcurrentScenario}s on fresh systems under test and checks each run's history with Ariadne, so a
 * jqwik property over scenarios fails exactly when a run was not linearizable, and jqwik shrinks that scenario.
 * The prefix runs on one client; then one thread per branch waits at a common gate and all start together. Every
 * operation is recorded with {@link System#nanoTime()} taken just before the call and just after the return. An
 * exception the {@linkplain #failedWhen classification} calls failed is an operation that certainly had no effect
 * (left out); any other exception, and an operation still running at the {@linkplain #withTimeout timeout}, is
 * crashed: it may have taken effect, and its client's later actions run as a new client. A concurrency bug shows in
 * some interleavings only, so each scenario is run up to {@link #withAttempts attempts} times, each on a new
 * system, and the first violation is the verdict.
 *
 * @param <S> the system under test
 */
public final class ScenarioChecker<S> {
    private final Supplier<? extends S> systems;
    private final Supplier<? extends Model<?>> models;
    private final int attempts;
    private final Duration timeout;
    private final Predicate<? super Throwable> failed;

    private ScenarioChecker(Supplier<? extends S> systems, Supplier<? extends Model<?>> models, int attempts,
                            Duration timeout, Predicate<? super Throwable> failed) {
        this.systems = systems;
        this.models = models;
        this.attempts = attempts;
        this.timeout = timeout;
        this.failed = failed;
    }

    /**
     * A checker that runs each scenario on a new system from {@code systems} and checks it against a new model from
     * {@code models}: 10 attempts, a 10-second timeout per attempt, every exception crashed.
     */
    public static <S> ScenarioChecker<S> of(Supplier<? extends S> systems, Supplier<? extends Model<?>> models) {
        return new ScenarioChecker<>(Objects.requireNonNull(systems, "systems"), Objects.requireNonNull(models, "models"),
                10, Duration.ofSeconds(10), t -> false);
    }

    /** Runs each scenario up to {@code n} times (each on a new system) until one run is not linearizable. */
    public ScenarioChecker<S> withAttempts(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("attempts must be at least 1, not " + n);
        }
        return new ScenarioChecker<>(systems, models, n, timeout, failed);
    }

    /** How long one run may take; operations still running then are recorded as crashed and their threads interrupted. */
    public ScenarioChecker<S> withTimeout(Duration t) {
        if (t.isNegative() || t.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + t);
        }
        return new ScenarioChecker<>(systems, models, attempts, t, failed);
    }

    /**
     * Exceptions that mean the operation certainly did not take effect (a rejected argument, say): such an
     * operation is left out of the history. Any other exception is a crash (unknown outcome).
     */
    public ScenarioChecker<S> failedWhen(Predicate<? super Throwable> classification) {
        return new ScenarioChecker<>(systems, models, attempts, timeout, Objects.requireNonNull(classification));
    }

    /**
     * Runs {@code scenario} up to the attempts, stopping at the first run whose history is not linearizable (or could
     * not be checked), and returns that run's result, or the last run's. Minimal cores and their explanations are
     * searched for ({@link CheckOptions#DEFAULT_CORE_TIMEOUT}).
     */
    public Outcome check(ConcurrentScenario<? extends Call<? super S>> scenario) throws InterruptedException {
        Outcome last = null;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            Model<?> model = models.get();
            History history = run(scenario);
            Result result = Checker.check(history, model,
                    CheckOptions.defaults().withCoreTimeout(CheckOptions.DEFAULT_CORE_TIMEOUT));
            last = new Outcome(result, model, history, attempt);
            if (result.verdict() != Verdict.LINEARIZABLE) {
                break;
            }
        }
        return last;
    }

    /**
     * Checks {@code scenario} as {@link #check} does and throws a {@link ScenarioViolation} unless every attempt was
     * linearizable; its message names the scenario and the attempt, and holds Ariadne's text report (the minimal
     * failing core and its explanation). This is the call a jqwik property makes.
     */
    public void assertLinearizable(ConcurrentScenario<? extends Call<? super S>> scenario) {
        Outcome outcome;
        try {
            outcome = check(scenario);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while running " + scenario, e);
        }
        if (outcome.result().verdict() != Verdict.LINEARIZABLE) {
            throw new ScenarioViolation("scenario " + scenario + ", attempt " + outcome.attempt() + " of " + attempts
                    + ":\n" + TextReport.render("scenario", outcome.result(), outcome.model()), scenario, outcome);
        }
    }

    /**
     * The checked run of a scenario.
     *
     * @param result  Ariadne's verdict and evidence
     * @param model   the model instance it was checked against (to render the result)
     * @param history the recorded history
     * @param attempt which attempt (1-based) this was
     */
    public record Outcome(Result result, Model<?> model, History history, int attempt) {
    }

    /** Runs the scenario once on a new system and returns its history. */
    History run(ConcurrentScenario<? extends Call<? super S>> scenario) throws InterruptedException {
        S system = systems.get();
        Recording recording = new Recording();
        long deadline = System.nanoTime() + timeout.toNanos();
        Thread prefix = new Thread(() -> runClient(system, scenario.prefix(), recording), "scenario-prefix");
        prefix.start();
        if (!join(prefix, deadline)) {
            return recording.abandon();
        }
        CountDownLatch gate = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int b = 0; b < scenario.branches().size(); b++) {
            List<? extends Call<? super S>> branch = scenario.branches().get(b);
            Thread t = new Thread(() -> {
                try {
                    gate.await();
                } catch (InterruptedException e) {
                    return;
                }
                runClient(system, branch, recording);
            }, "scenario-branch-" + b);
            t.start();
            threads.add(t);
        }
        gate.countDown();
        for (Thread t : threads) {
            if (!join(t, deadline)) {
                return recording.abandon();
            }
        }
        return recording.abandon();
    }

    private boolean join(Thread t, long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left > 0) {
            TimeUnit.NANOSECONDS.timedJoin(t, left);
        }
        if (t.isAlive()) {
            t.interrupt();
            return false;
        }
        return true;
    }

    private void runClient(S system, List<? extends Call<? super S>> actions, Recording recording) {
        int client = recording.newClient();
        for (Call<? super S> action : actions) {
            if (!recording.call(client, action.invocation())) {
                return;
            }
            Object output;
            try {
                output = action.run(system);
            } catch (Throwable t) {
                if (failed.test(t)) {
                    recording.discard(client);
                } else {
                    recording.crash(client);
                    client = recording.newClient();
                }
                if (t instanceof InterruptedException || t instanceof Error && !(t instanceof AssertionError)) {
                    return;
                }
                continue;
            }
            recording.ret(client, output);
        }
    }

    /**
     * The history of one run: events go to a {@link HistoryBuilder} under one lock, with the time taken inside it, so
     * times never go backwards. After {@link #abandon()} late events are ignored; operations still open then are
     * pending in the history, as crashed ones are.
     */
    private static final class Recording {
        private final HistoryBuilder builder = new HistoryBuilder();
        private int clients;
        private boolean abandoned;

        synchronized int newClient() {
            return clients++;
        }

        synchronized boolean call(int client, Object input) {
            if (abandoned) {
                return false;
            }
            builder.call(client, input, System.nanoTime(), Map.of());
            return true;
        }

        synchronized void ret(int client, Object output) {
            if (!abandoned) {
                builder.ret(client, output, System.nanoTime(), -1);
            }
        }

        synchronized void crash(int client) {
            if (!abandoned) {
                builder.crash(client, System.nanoTime(), -1);
            }
        }

        synchronized void discard(int client) {
            if (!abandoned) {
                builder.discard(client, System.nanoTime(), -1);
            }
        }

        /** The history so far; events after this are ignored. */
        synchronized History abandon() {
            abandoned = true;
            return builder.build();
        }
    }
}
