package dev.ariadne.harness;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.report.HtmlReport;
import dev.ariadne.report.TextReport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The outcome of one {@link WorkloadRunner} run: the seed that replays it, the check's {@link Result} (after a
 * violation, the batch check's, with the minimal failing core and its explanation when the core search finished),
 * the recorded history and the model. {@link #report()} renders it as {@code ariadne check} does;
 * {@link #writeHtml(Path)} writes the HTML report.
 */
public final class RunResult {
    private final long seed;
    private final Result result;
    private final History history;
    private final Model<?> model;
    private final long operationsRun;
    private final boolean stoppedAtViolation;
    private final Path historyFile;
    private final int clients;
    private final boolean chaos;
    private final int rounds;
    private final long totalOperations;

    RunResult(long seed, Result result, History history, Model<?> model, long operationsRun,
              boolean stoppedAtViolation, Path historyFile, int clients, boolean chaos, int rounds,
              long totalOperations) {
        this.seed = seed;
        this.result = result;
        this.history = history;
        this.model = model;
        this.operationsRun = operationsRun;
        this.stoppedAtViolation = stoppedAtViolation;
        this.historyFile = historyFile;
        this.clients = clients;
        this.chaos = chaos;
        this.rounds = rounds;
        this.totalOperations = totalOperations;
    }

    /** This result as the last of {@code rounds} rounds that ran {@code totalOperations} in all. */
    RunResult after(int rounds, long totalOperations) {
        return new RunResult(seed, result, history, model, operationsRun, stoppedAtViolation, historyFile, clients,
                chaos, rounds, totalOperations);
    }

    /** How many rounds ran (see {@link WorkloadRunner#rounds}); this result is the last one's. */
    public int rounds() {
        return rounds;
    }

    /** The operations of all the rounds together. */
    public long totalOperations() {
        return totalOperations;
    }

    /**
     * The seed of this (the last) round: {@code -Dariadne.seed=} it (or {@link WorkloadRunner#seed}) draws the same
     * operations again, in the first round.
     */
    public long seed() {
        return seed;
    }

    /** The check's result. */
    public Result result() {
        return result;
    }

    /** The verdict. */
    public Verdict verdict() {
        return result.verdict();
    }

    /** Whether the recorded history is linearizable. */
    public boolean isLinearizable() {
        return result.verdict() == Verdict.LINEARIZABLE;
    }

    /** The recorded history (up to the moment the run stopped). */
    public History history() {
        return history;
    }

    /** The model it was checked against. */
    public Model<?> model() {
        return model;
    }

    /** How many operations the clients ran in this (the last) round, failed and crashed ones included. */
    public long operationsRun() {
        return operationsRun;
    }

    /** Whether the online checker found a violation and the clients stopped early. */
    public boolean stoppedAtViolation() {
        return stoppedAtViolation;
    }

    /** The history file, if the run wrote one. */
    public Optional<Path> historyFile() {
        return Optional.ofNullable(historyFile);
    }

    /**
     * The minimal failing core of the first violation: the operations of a sub-history that is still not
     * linearizable (minimal when the core search finished in time), or empty when there is no violation or no core
     * was searched.
     */
    public List<Operation> core() {
        for (PartitionResult p : result.violations()) {
            Violation v = p.violation();
            if (v != null && v.explanation() != null) {
                return v.explanation().core();
            }
        }
        return List.of();
    }

    /** The report {@code ariadne check} would print for the history: verdict, explanation and core. */
    public String report() {
        return TextReport.render(source(), result, model);
    }

    /**
     * The message of a failing run: the seed and how to replay it, then the text report led by the explanation (the
     * model's sentence of why, the minimal core, then the longest linearization). It is bounded whatever the
     * history (a few dozen lines: the report lists at most 20 operations of a core and the last 12 steps).
     */
    public String failureMessage() {
        return headline() + "\n" + TextReport.renderExplanationFirst(source(), result, model);
    }

    /** The first line of a failure: what, after how much, and the seed that replays it. */
    private String headline() {
        String what = switch (result.verdict()) {
            case NOT_LINEARIZABLE -> "not linearizable";
            case UNKNOWN -> "undecided (" + result.reason() + ")";
            case LINEARIZABLE -> "linearizable";
        };
        String round = rounds == 1 ? "" : " in round " + rounds + " (after " + (totalOperations - operationsRun)
                + " operations of linearizable rounds)";
        return "Ariadne: " + what + " after " + operationsRun + " operations of " + clients + " clients" + round
                + " (seed " + seed + ", replay with -D" + WorkloadRunner.SEED_PROPERTY + "=" + seed
                + (chaos ? "" : ", chaos off") + ")";
    }

    /** Operations of a core named in {@link #failureSummary()}; descriptions cut to {@link #SUMMARY_WIDTH}. */
    private static final int SUMMARY_CORE = 10;
    private static final int SUMMARY_WIDTH = 200;

    /**
     * The few lines a failing test's {@link AssertionError} says itself (its cause, a {@link RunReport}, carries
     * {@link #report()} led by the explanation): the headline with the seed, the model's sentence of why when it has
     * one, and the minimal failing core's operations (the first ten).
     */
    String failureSummary() {
        StringBuilder out = new StringBuilder(headline());
        for (PartitionResult p : result.violations()) {
            Violation v = p.violation();
            dev.ariadne.core.check.Explanation e = v == null ? null : v.explanation();
            String where = p.label().equals("all") ? "" : " (" + cut(p.label()) + ")";
            if (e == null) {
                if (v != null && !v.longest().isEmpty()) {
                    Operation u = v.longest().get(0).unplaced();
                    out.append("\nViolation").append(where).append(": #").append(u.id()).append(' ')
                            .append(cut(model.describeOperation(u.input(), u.output()))).append(" could not be placed");
                }
                break;
            }
            if (e.summary() != null) {
                out.append("\nWhy").append(where).append(": ").append(cut(e.summary(), 2_000));
            }
            out.append("\n").append(!e.found() ? "No failing core found in budget; around the failing operation"
                    : e.minimal() ? "Minimal failing core" : "Failing core").append(where)
                    .append(", ").append(e.core().size()).append(" operation").append(e.core().size() == 1 ? "" : "s")
                    .append(e.minimal() || !e.found() ? "" : " (may not be minimal: " + e.limit() + ")").append(": ");
            for (int i = 0; i < Math.min(SUMMARY_CORE, e.core().size()); i++) {
                Operation op = e.core().get(i);
                out.append(i == 0 ? "" : ", ").append('#').append(op.id()).append(' ')
                        .append(cut(model.describeOperation(op.input(), op.output())));
            }
            if (e.core().size() > SUMMARY_CORE) {
                out.append(", … ").append(e.core().size() - SUMMARY_CORE).append(" more");
            }
            break;
        }
        if (result.violations().size() > 1) {
            out.append("\n(and ").append(result.violations().size() - 1).append(" more violated partition")
                    .append(result.violations().size() == 2 ? "" : "s").append(')');
        }
        return out.toString();
    }

    private static String cut(String text) {
        return cut(text, SUMMARY_WIDTH);
    }

    private static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width) + "…";
    }

    /** The text report led by the explanation, as the cause of a failing test's error. */
    RunReport failureReport() {
        return new RunReport(TextReport.renderExplanationFirst(source(), result, model));
    }

    /**
     * Throws an {@link AssertionError} unless the history is linearizable (an undecided check fails too: nothing was
     * proven): its message is a few lines (the seed, why, the core), its cause a {@link RunReport} holding the text
     * report led by the explanation, so that build tools, which print a failure's message twice, print the report
     * once.
     */
    public void assertLinearizable() {
        if (!isLinearizable()) {
            throw new AssertionError(failureSummary(), failureReport());
        }
    }

    /** Writes the HTML report to {@code file} (replaced, its directory made) and returns it. */
    public Path writeHtml(Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            HtmlReport.of(source(), history, model, result).withClock("nanoseconds since the recorder started")
                    .write(file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report " + file, e);
        }
    }

    private String source() {
        return historyFile != null ? historyFile.toString() : "run with seed " + seed;
    }

    @Override
    public String toString() {
        return "RunResult[" + result.verdict() + ", seed " + seed + ", " + operationsRun + " operations]";
    }
}
