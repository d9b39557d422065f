package dev.ariadne.harness;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.online.OnlineChecker;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * Runs a {@link Workload} against a fresh system under test: N clients, each on its own thread, each running M
 * operations (or until a duration has passed) drawn from its own seeded {@link ClientRandom}, with {@link Chaos} in
 * the schedule, recorded by a {@link Recorder} and checked by an {@link OnlineChecker} while they run. The run stops
 * at the first violation the checker finds; the {@link RunResult} then holds the minimal failing core and its
 * explanation (from a batch check of the recorded history with {@link CheckOptions#coreTimeout()}).
 *
 * <p>The seed is {@link #seed(long)}, else the system property {@value #SEED_PROPERTY}, else a random one; it is in
 * the result and in every failure message, and running again with it draws the same operations on every client
 * (the interleaving is the scheduler's). A system under test that is {@link AutoCloseable} is closed after the
 * clients stop. Not thread-safe; {@link #run()} may be called more than once.
 *
 * @param <T> the system under test
 */
public final class WorkloadRunner<T> {
    /** The system property that sets the seed of runs that do not set one: {@code -Dariadne.seed=N} replays. */
    public static final String SEED_PROPERTY = "ariadne.seed";
    /** What chaos draws from: the operation draws never depend on whether chaos is on. */
    private static final long CHAOS_STREAM = 0x5DEECE66DL;

    private final Workload<T> workload;
    private Model<?> model;
    private int clients = 4;
    private long operations = 1000;
    private boolean operationsSet;
    private Duration duration;
    private Long seed;
    private Chaos chaos = Chaos.on();
    private Path historyFile;
    /** The online checker of the last run, for tests of what it kept. */
    volatile OnlineChecker<?> lastChecker;
    /** Applied to each run's online checker before it is fed (tests set a tiny work budget with it). */
    java.util.function.Consumer<OnlineChecker<?>> checkerSetup = c -> { };
    private Duration coreTimeout = CheckOptions.DEFAULT_CORE_TIMEOUT;
    private CheckOptions options = CheckOptions.defaults();
    private Function<Throwable, ExceptionOutcome> classifier = t -> ExceptionOutcome.CRASHED;
    private final List<Class<? extends Throwable>> failedOn = new ArrayList<>();
    private boolean online = true;
    private int rounds = 1;

    private WorkloadRunner(Workload<T> workload) {
        this.workload = Objects.requireNonNull(workload, "workload");
    }

    /** A runner of {@code workload}: 4 clients, 1000 operations each, chaos on; a model must be given. */
    public static <T> WorkloadRunner<T> of(Workload<T> workload) {
        return new WorkloadRunner<>(workload);
    }

    /** The model the history is checked against. */
    public WorkloadRunner<T> model(Model<?> model) {
        this.model = Objects.requireNonNull(model, "model");
        return this;
    }

    /** A built-in model by name ({@code fifo-queue}, {@code kv}, ...; see {@link BuiltinModels}). */
    public WorkloadRunner<T> model(String name) {
        return model(BuiltinModels.byName(name));
    }

    /** The number of clients, each on its own thread (default 4). */
    public WorkloadRunner<T> clients(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("at least one client");
        }
        this.clients = n;
        return this;
    }

    /** Each client runs this many operations (default 1000); a {@link #duration} may end the run sooner. */
    public WorkloadRunner<T> operations(long perClient) {
        if (perClient < 1) {
            throw new IllegalArgumentException("at least one operation per client");
        }
        this.operations = perClient;
        this.operationsSet = true;
        return this;
    }

    /**
     * Clients stop after this long, or after their {@link #operations} if those were set and end sooner (without
     * them, a client runs until the time is up).
     */
    public WorkloadRunner<T> duration(Duration d) {
        if (d != null && (d.isNegative() || d.isZero())) {
            throw new IllegalArgumentException("a duration must be positive");
        }
        this.duration = d;
        return this;
    }

    /**
     * Runs up to this many rounds (default 1), each on a fresh system under test with its own seed, stopping at the
     * first that is not linearizable. Many short rounds (as Lincheck runs many small scenarios) find races that need
     * the clients to start together, and give small histories, so small cores: a counter's read of n needs the n
     * increments it counts in any core. The history file holds the last round; the result's seed replays it as a
     * first round. A {@link #duration} bounds all the rounds together.
     */
    public WorkloadRunner<T> rounds(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("at least one round");
        }
        this.rounds = n;
        return this;
    }

    /** The seed of the run (overrides {@value #SEED_PROPERTY}). */
    public WorkloadRunner<T> seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** The schedule chaos (default {@link Chaos#on()}; {@link Chaos#off()} turns it off). */
    public WorkloadRunner<T> chaos(Chaos chaos) {
        this.chaos = Objects.requireNonNull(chaos, "chaos");
        return this;
    }

    /** Also writes the history to {@code file} as it is recorded (native JSON lines, event form). */
    public WorkloadRunner<T> historyFile(Path file) {
        this.historyFile = file;
        return this;
    }

    /** The budget of the minimal-core search after a violation (default 5 s; zero for none). */
    public WorkloadRunner<T> coreTimeout(Duration t) {
        this.coreTimeout = t;
        return this;
    }

    /** The options of the checks (of the online checker only the memory budget applies). */
    public WorkloadRunner<T> checkOptions(CheckOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        return this;
    }

    /**
     * Whether to check while the workload runs and stop at the first violation (default), or only once it has run,
     * with the batch checker (its partitions and decision procedures). The online checker searches configurations
     * as the {@code frontier} engine does, with no decision procedure: a workload whose model states stay ambiguous
     * for long (a queue or stack that grows, so that many orders of its elements stay possible) is checked much
     * faster afterwards.
     */
    public WorkloadRunner<T> onlineChecking(boolean on) {
        this.online = on;
        return this;
    }

    /** How exceptions of operations are classified (default: crashed); see {@link Recorder.Builder#classifier}. */
    public WorkloadRunner<T> classifier(Function<Throwable, ExceptionOutcome> classifier) {
        this.classifier = Objects.requireNonNull(classifier, "classifier");
        return this;
    }

    /** Exceptions of these classes mean the operation had no effect; see {@link Recorder.Builder#failedOn}. */
    @SafeVarargs
    public final WorkloadRunner<T> failedOn(Class<? extends Throwable>... types) {
        failedOn.addAll(List.of(types));
        return this;
    }

    /** The seed a run would use now: the one set, else the system property's, else a new random one. */
    long resolveSeed() {
        if (seed != null) {
            return seed;
        }
        String property = System.getProperty(SEED_PROPERTY);
        if (property != null && !property.isBlank()) {
            try {
                return Long.parseLong(property.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("-D" + SEED_PROPERTY + "=" + property + " is not a long");
            }
        }
        return ThreadLocalRandom.current().nextLong();
    }

    /**
     * Runs the workload and checks it. Returns the result whatever the verdict; {@link RunResult#assertLinearizable}
     * turns a violation into an {@link AssertionError}.
     *
     * @throws IllegalStateException if the recording failed (a sink rejected an event: an output the model cannot
     *                               read, an unwritable history file), naming the seed
     * @throws Error                 an error thrown by an operation (such as an {@link AssertionError})
     */
    public RunResult run() {
        if (model == null) {
            throw new IllegalStateException("no model: call model(...) before run()");
        }
        if (workload.actions().isEmpty()) {
            throw new IllegalStateException("the workload has no operations");
        }
        long first = resolveSeed();
        long deadline = duration == null ? Long.MAX_VALUE : System.nanoTime() + duration.toNanos();
        long total = 0;
        RunResult last = null;
        int round = 0;
        while (round < rounds) {
            long roundSeed = round == 0 ? first : ClientRandom.mix(first, -1L - round);
            last = runWith(model, roundSeed, deadline);
            total += last.operationsRun();
            round++;
            if (!last.isLinearizable() || System.nanoTime() >= deadline) {
                break;
            }
        }
        return last.after(round, total);
    }

    private <S> RunResult runWith(Model<S> m, long runSeed, long deadline) {
        // Memory grows with the overlap, not the run's length, as under check --follow: old operations' records are
        // dropped once they no longer matter; the recorded history (below) is the whole one if a batch check is needed.
        OnlineChecker<S> checker = OnlineChecker.of(m, options).boundMemory();
        checkerSetup.accept(checker);
        lastChecker = checker;
        HistoryBuilder builder = new HistoryBuilder();
        StopOnViolation<S> checking = new StopOnViolation<>(checker);
        Recorder.Builder rb = Recorder.builder().sink(builder).classifier(classifier);
        if (online) {
            rb.sink(checking);
        }
        for (Class<? extends Throwable> c : failedOn) {
            rb.failedOn(c);
        }
        if (historyFile != null) {
            rb.file(historyFile);
        }
        T system = workload.newSystem();
        Recorder recorder = rb.build();
        java.util.concurrent.atomic.AtomicInteger ready = new java.util.concurrent.atomic.AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        long[] done = new long[clients];
        for (int i = 0; i < clients; i++) {
            int index = i;
            Recorder.Client client = recorder.client();
            Thread t = new Thread(() -> {
                try {
                    awaitAll(ready);
                    done[index] = clientLoop(system, client, index, runSeed, checking, recorder, deadline);
                } catch (Throwable e) {
                    errors.add(e);
                    checking.stop = true;
                }
            }, "ariadne-client-" + i);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            joinUninterruptibly(t);
        }
        if (system instanceof AutoCloseable c) {
            try {
                c.close();
            } catch (Exception e) {
                errors.add(e);
            }
        }
        IllegalStateException recording = null;
        try {
            recorder.close();
        } catch (IllegalStateException e) {
            recording = e;
        }
        Throwable failure = recorder.failure();
        if (failure != null) {
            throw new IllegalStateException("seed " + runSeed + ": recording failed: " + failure.getMessage(), failure);
        }
        for (Throwable e : errors) {
            if (e instanceof Error err) {
                throw err;
            }
        }
        if (recording != null) {
            throw recording;
        }
        if (!errors.isEmpty()) {
            throw new IllegalStateException("seed " + runSeed + ": a client stopped: " + errors.get(0), errors.get(0));
        }
        long ran = 0;
        for (long d : done) {
            ran += d;
        }
        History history = builder.build();
        Result result;
        boolean violated = checker.isViolated();
        if (!online) {
            result = Checker.check(history, m, options.withCoreTimeout(coreTimeout));
        } else {
            // A violation first shown by the round's last return is only judged when the checker finishes; either
            // way the core and explanation come from a batch check of the whole recording.
            Result found = violated ? checker.violation().orElseThrow() : checker.finish();
            if (!violated && checker.wholeHistoryNeeded()) { // it degraded after dropping records: check it all
                found = batchOfWholeHistory(history, m, checker.degraded());
            }
            Result batch = found.verdict() != Verdict.NOT_LINEARIZABLE || coreTimeout == null || coreTimeout.isZero()
                    ? null : Checker.check(history, m, options.withCoreTimeout(coreTimeout));
            result = batch != null && batch.verdict() == Verdict.NOT_LINEARIZABLE ? batch : found;
        }
        return new RunResult(runSeed, result, history, m, ran, violated, historyFile, clients, chaos.enabled(), 1, ran);
    }

    /**
     * The batch check of the whole recorded history, when the online checker degraded after it had dropped old
     * records ({@link OnlineChecker#boundMemory()}); each partition notes why.
     */
    private Result batchOfWholeHistory(History history, Model<?> m, String degraded) {
        return Checker.check(history, m, options)
                .withNote(degraded + "; the verdict is a batch check's of the whole recorded history");
    }

    private long clientLoop(T system, Recorder.Client client, int index, long runSeed, StopOnViolation<?> checking,
                            Recorder recorder, long deadline) throws Exception {
        ClientRandom random = new ClientRandom(runSeed, index);
        SplittableRandom chaosRandom = new SplittableRandom(ClientRandom.mix(runSeed ^ CHAOS_STREAM, index));
        long n = 0;
        long limit = duration != null && !operationsSet ? Long.MAX_VALUE : operations;
        while (n < limit && !checking.stop && recorder.failure() == null) {
            if (deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
                break;
            }
            chaos.pause(chaosRandom);
            Workload.Action<T> op = workload.pick(random);
            Invocation inv = op.invocations().next(random);
            boolean inside = chaos.enabled() && chaosRandom.nextInt(4) == 0;
            try {
                client.call(inv, () -> {
                    if (inside) {
                        chaos.pause(chaosRandom);
                    }
                    return op.body().apply(system, inv);
                });
            } catch (Exception e) {
                if (recorder.failure() != null) {
                    break;
                }
                // recorded as failed or crashed; the client goes on (under a new id after a crash)
            }
            n++;
        }
        return n;
    }

    /**
     * Waits, spinning, until every client has started, so that they begin within a few microseconds of each other
     * rather than as the threads happen to start (a round of short clients would otherwise barely overlap).
     */
    private void awaitAll(java.util.concurrent.atomic.AtomicInteger ready) {
        ready.incrementAndGet();
        int spins = 0;
        while (ready.get() < clients) {
            if (++spins < 1000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    private static void joinUninterruptibly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Feeds the online checker on the recorder's delivery thread (so its lock is never contended) and raises the flag
     * the clients poll once it finds a violation.
     */
    private static final class StopOnViolation<S> implements EventSink {
        private final OnlineChecker<S> checker;
        volatile boolean stop;

        StopOnViolation(OnlineChecker<S> checker) {
            this.checker = checker;
        }

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            if (!checker.isViolated()) {
                stop |= !checker.call(client, input, time);
            }
            return this;
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            if (!checker.isViolated()) {
                stop |= !checker.ret(client, output, time);
            }
            return this;
        }

        @Override
        public EventSink crash(int client, long time, int line) {
            if (!checker.isViolated()) {
                stop |= !checker.crash(client, time);
            }
            return this;
        }

        @Override
        public EventSink discard(int client, long time, int line) {
            if (!checker.isViolated()) {
                stop |= !checker.discard(client, time);
            }
            return this;
        }
    }
}
