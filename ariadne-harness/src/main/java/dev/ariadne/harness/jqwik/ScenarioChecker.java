package dev.ariadne.harness.jqwik;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.model.Model;
import dev.ariadne.harness.ExceptionOutcome;
import dev.ariadne.harness.Recorder;
import dev.ariadne.harness.Workload;
import dev.ariadne.report.TextReport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs {@link ConcurrentScenario}s on fresh systems under test and checks each run's history with Ariadne, so a
 * jqwik property over scenarios fails exactly when a run was not linearizable, and jqwik shrinks that scenario.
 * The prefix runs on one client; then one thread per branch waits at a common gate and all start together. Every
 * call is recorded by a {@link Recorder} (the harness's: {@link System#nanoTime()} just before the call and just
 * after the return). An exception the {@linkplain #classifier classification} calls {@link ExceptionOutcome#FAILED}
 * is an operation that certainly had no effect (left out); any other exception, and a call still running at the
 * {@linkplain #withTimeout timeout}, is crashed: it may have taken effect, and its branch goes on as a new client. A
 * concurrency bug shows in some interleavings only, so each scenario is run up to {@link #withAttempts attempts}
 * times, each on a new system, and the first violation is the verdict.
 *
 * @param <S> the system under test
 */
public final class ScenarioChecker<S> {
    private final Supplier<? extends S> systems;
    private final Supplier<? extends Model<?>> models;
    private final int attempts;
    private final Duration timeout;
    private final Function<Throwable, ExceptionOutcome> classifier;
    private final List<Class<? extends Throwable>> failedOn;

    private ScenarioChecker(Supplier<? extends S> systems, Supplier<? extends Model<?>> models, int attempts,
                            Duration timeout, Function<Throwable, ExceptionOutcome> classifier,
                            List<Class<? extends Throwable>> failedOn) {
        this.systems = systems;
        this.models = models;
        this.attempts = attempts;
        this.timeout = timeout;
        this.classifier = classifier;
        this.failedOn = List.copyOf(failedOn);
    }

    /**
     * A checker that runs each scenario on a new system from {@code systems} and checks it against a new model from
     * {@code models}: 10 attempts, a 10-second timeout per attempt, every exception crashed.
     */
    public static <S> ScenarioChecker<S> of(Supplier<? extends S> systems, Supplier<? extends Model<?>> models) {
        return new ScenarioChecker<>(Objects.requireNonNull(systems, "systems"), Objects.requireNonNull(models, "models"),
                10, Duration.ofSeconds(10), t -> ExceptionOutcome.CRASHED, List.of());
    }

    /** A checker of scenarios on the systems {@code workload} makes (see {@link Scenarios#calls(Workload)}). */
    public static <S> ScenarioChecker<S> of(Workload<S> workload, Supplier<? extends Model<?>> models) {
        return of(workload::newSystem, models);
    }

    /** Runs each scenario up to {@code n} times (each on a new system) until one run is not linearizable. */
    public ScenarioChecker<S> withAttempts(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("attempts must be at least 1, not " + n);
        }
        return new ScenarioChecker<>(systems, models, n, timeout, classifier, failedOn);
    }

    /** How long one run may take; operations still running then are recorded as crashed and their threads interrupted. */
    public ScenarioChecker<S> withTimeout(Duration t) {
        if (t.isNegative() || t.isZero()) {
            throw new IllegalArgumentException("timeout must be positive: " + t);
        }
        return new ScenarioChecker<>(systems, models, attempts, t, classifier, failedOn);
    }

    /** How exceptions of calls are classified (default: crashed); see {@link Recorder.Builder#classifier}. */
    public ScenarioChecker<S> classifier(Function<Throwable, ExceptionOutcome> classification) {
        return new ScenarioChecker<>(systems, models, attempts, timeout, Objects.requireNonNull(classification),
                failedOn);
    }

    /** Exceptions of these classes mean the call had no effect; see {@link Recorder.Builder#failedOn}. */
    @SafeVarargs
    public final ScenarioChecker<S> failedOn(Class<? extends Throwable>... types) {
        List<Class<? extends Throwable>> all = new ArrayList<>(failedOn);
        all.addAll(List.of(types));
        return new ScenarioChecker<>(systems, models, attempts, timeout, classifier, all);
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
            Result result = Checker.check(history, model, CheckOptions.defaults());
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
                    + ":\n" + TextReport.renderExplanationFirst("scenario", outcome.result(), outcome.model()), scenario,
                    outcome);
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
        HistoryBuilder history = new HistoryBuilder();
        Recorder.Builder builder = Recorder.builder().sink(history).classifier(classifier);
        for (Class<? extends Throwable> c : failedOn) {
            builder.failedOn(c);
        }
        Recorder recorder = builder.build();
        try {
            long deadline = System.nanoTime() + timeout.toNanos();
            Recorder.Client prefixClient = recorder.client();
            Thread prefix = new Thread(() -> runClient(system, scenario.prefix(), prefixClient), "scenario-prefix");
            prefix.start();
            if (!join(prefix, deadline)) {
                return history(recorder, history);
            }
            CountDownLatch gate = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int b = 0; b < scenario.branches().size(); b++) {
                List<? extends Call<? super S>> branch = scenario.branches().get(b);
                Recorder.Client client = recorder.client();
                Thread t = new Thread(() -> {
                    try {
                        gate.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    runClient(system, branch, client);
                }, "scenario-branch-" + b);
                t.start();
                threads.add(t);
            }
            gate.countDown();
            for (Thread t : threads) {
                if (!join(t, deadline)) {
                    break;
                }
            }
            return history(recorder, history);
        } finally {
            recorder.close();
        }
    }

    /** Delivers what was recorded and builds the history; a call still running is pending in it. */
    private static History history(Recorder recorder, HistoryBuilder history) {
        recorder.close();
        return history.build();
    }

    /** Waits for {@code t} until the deadline; a thread still running then is interrupted and left behind. */
    private static boolean join(Thread t, long deadline) throws InterruptedException {
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

    private static <S> void runClient(S system, List<? extends Call<? super S>> calls, Recorder.Client client) {
        for (Call<? super S> call : calls) {
            if (Thread.currentThread().isInterrupted()) {
                return; // the run timed out: no more calls
            }
            try {
                client.call(call.invocation(), () -> call.run(system));
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                // recorded as failed or crashed (then the client goes on under a new id), or, once the run timed
                // out and the recorder closed, not recorded: the next round of the loop sees the interrupt
            }
        }
    }
}
