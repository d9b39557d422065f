package dev.ariadne.harness;

/**
 * The text report of a failing run, carried as the cause of the {@link AssertionError} that
 * {@link LinearizabilityTest} throws: the error's own message is a few lines (the seed, why, the core, the files), which
 * build tools print twice (with the failure and in their summary); the report, printed with the stack trace as
 * "Caused by: Ariadne's report of this run", is printed once. It has no stack trace of its own.
 */
public final class RunReport extends Throwable {
    private static final long serialVersionUID = 1L;

    RunReport(String report) {
        super(report, null, false, false);
    }

    /** The report, headed so that it reads as what it is after "Caused by:". */
    @Override
    public String toString() {
        return "Ariadne's report of this run:\n" + getMessage();
    }
}
