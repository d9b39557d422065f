package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.reference.BruteForceChecker;
import dev.ariadne.core.search.ParallelDfs;
import dev.ariadne.core.testing.RandomHistories;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Holds every engine against {@link BruteForceChecker} on thousands of small random histories per model: the
 * verdicts must agree, a witness must be a real linearization and a violation's evidence real partial
 * linearizations. A failure names the seed; {@code RandomHistories.small(model, seed)} gives the history back.
 */
class DifferentialTest {
    /**
     * The engines under test, each with the threads it may search on: a new engine joins by being added here. The
     * parallel dfs calls its helpers at once here ({@link ParallelDfs#setHelpersAfterSteps}), so that even these
     * small searches are shared out among threads.
     */
    private static final List<Variant> ENGINES = List.of(new Variant(Engine.DFS, 1), new Variant(Engine.FRONTIER, 1),
            new Variant(Engine.AUTO, 1), new Variant(Engine.DFS, 3), new Variant(Engine.AUTO, 2));

    /** An engine and the most threads a check may use ({@link CheckOptions#threads()}). */
    record Variant(Engine engine, int threads) {
        CheckOptions options() {
            return CheckOptions.defaults().withCoreTimeout(null).withEngine(engine).withThreads(threads);
        }

        @Override
        public String toString() {
            return engine.cliName() + (threads > 1 ? " on " + threads + " threads" : "");
        }
    }

    @BeforeEach
    void callHelpersAtOnce() {
        ParallelDfs.setHelpersAfterSteps(0);
    }

    @AfterEach
    void restoreDefault() {
        ParallelDfs.setHelpersAfterSteps(ParallelDfs.DEFAULT_HELPERS_AFTER_STEPS);
    }

    private static final long BASE_SEED = 0xA51AD7E5L;
    private static final int HISTORIES = 4000;
    /** Each verdict must be at least this share of the histories, so that agreement is not vacuous. */
    private static final double MIN_SHARE = 0.10;

    static Stream<Arguments> builtinRuns() {
        List<Arguments> runs = new ArrayList<>();
        for (Variant engine : ENGINES) {
            for (String model : RandomHistories.SMALL_MODELS) {
                runs.add(Arguments.of(model, engine, true));
            }
            runs.add(Arguments.of("kv", engine, false));
        }
        return runs.stream();
    }

    static Stream<Variant> engines() {
        return ENGINES.stream();
    }

    @ParameterizedTest(name = "{0} with {1}, partitioned: {2}")
    @MethodSource("builtinRuns")
    void builtinModelAgreesWithBruteForce(String modelName, Variant engine, boolean partition) {
        assumeTrue(BuiltinModels.names().contains(modelName), "model " + modelName + " is not built in yet");
        CheckOptions options = engine.options().withPartition(partition);
        int linearizable = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.small(modelName, seed);
            Model<?> model = BuiltinModels.byName(modelName);
            boolean expected = BruteForceChecker.isLinearizable(history, BuiltinModels.byName(modelName));
            if (agree(history, modelName, seed, expected, model, options,
                    () -> Checker.check(history, model, options))) {
                linearizable++;
            }
        }
        assertBothVerdictsCommon(modelName + " / " + engine + " / partitioned " + partition, linearizable);
    }

    /** A nondeterministic model, checked through {@code Checker.check(history, ndModel, options)}. */
    @ParameterizedTest(name = "lossy-register with {0}")
    @MethodSource("engines")
    void nondeterministicModelAgreesWithBruteForce(Variant engine) {
        CheckOptions options = engine.options();
        int linearizable = 0;
        for (int i = 0; i < HISTORIES; i++) {
            long seed = BASE_SEED + i;
            History history = RandomHistories.small("register", seed);
            LossyRegister model = new LossyRegister();
            boolean expected = BruteForceChecker.isLinearizable(history, model);
            if (agree(history, "register", seed, expected, model.toModel(), options,
                    () -> Checker.check(history, model, options))) {
                linearizable++;
            }
        }
        assertBothVerdictsCommon("lossy-register / " + engine, linearizable);
    }

    /**
     * Asserts that {@code check} gives the reference verdict {@code expected} with valid evidence (replayed on
     * {@code model}); returns the verdict.
     */
    private static <S> boolean agree(History history, String generator, long seed, boolean expected, Model<S> model,
                                     CheckOptions options, Supplier<Result> check) {
        String context = "model " + model.name() + ", engine " + options.engine() + ", threads "
                + options.threads() + ", partitioned "
                + options.partition() + ", seed " + seed + " (RandomHistories.small(\"" + generator + "\", "
                + seed + "L)):\n" + RandomHistories.show(history);
        Result result;
        try {
            result = check.get();
        } catch (RuntimeException e) {
            throw new AssertionError("checker threw on " + context, e);
        }
        Verdict want = expected ? Verdict.LINEARIZABLE : Verdict.NOT_LINEARIZABLE;
        if (result.verdict() != want) {
            throw new AssertionError("brute force says " + want + " but the checker says " + result.verdict()
                    + (result.reason() == null ? "" : " (" + result.reason() + ")") + " for " + context);
        }
        try {
            ResultAssertions.assertConsistent(history, model, options, result);
        } catch (AssertionError e) {
            throw new AssertionError("bad evidence: " + e.getMessage() + "\nfor " + context + "result: " + result, e);
        }
        return expected;
    }

    private static void assertBothVerdictsCommon(String run, int linearizable) {
        int violations = HISTORIES - linearizable;
        System.out.printf("differential %s: %d histories, %d linearizable, %d not%n",
                run, HISTORIES, linearizable, violations);
        assertTrue(linearizable >= MIN_SHARE * HISTORIES && violations >= MIN_SHARE * HISTORIES,
                "generator too one-sided for " + run + ": " + linearizable + " linearizable, "
                        + violations + " not, of " + HISTORIES);
    }
}
