package dev.ariadne.harness.jqwik;

/**
 * The {@link AssertionError} {@link ScenarioChecker#assertLinearizable} throws: a run of a scenario that was not
 * linearizable (or could not be checked). Its message is the scenario and Ariadne's text report; the scenario and
 * the checked run are kept, so a test can look at the (shrunk) scenario jqwik reports.
 */
public final class ScenarioViolation extends AssertionError {
    private static final long serialVersionUID = 1L;

    private final transient ConcurrentScenario<?> scenario;
    private final transient ScenarioChecker.Outcome outcome;

    ScenarioViolation(String message, ConcurrentScenario<?> scenario, ScenarioChecker.Outcome outcome) {
        super(message);
        this.scenario = scenario;
        this.outcome = outcome;
    }

    /** The scenario whose run failed. */
    public ConcurrentScenario<?> scenario() {
        return scenario;
    }

    /** The failing run: its result, model, history and attempt number. */
    public ScenarioChecker.Outcome outcome() {
        return outcome;
    }
}
