package dev.ariadne.core.search;

import dev.ariadne.core.check.Verdict;

/**
 * Thrown by a search's table when growing it would take the check over its memory budget; the budget has then
 * been stopped with the memory reason, and the search that catches this answers {@link Verdict#UNKNOWN}. It
 * carries no stack trace: it is control flow, not a bug.
 */
public final class MemoryLimit extends RuntimeException {
    static final MemoryLimit INSTANCE = new MemoryLimit();

    private MemoryLimit() {
        super("memory limit reached", null, false, false);
    }

    /** Reserves {@code bytes} more for a table about to grow, or throws (having stopped the budget). */
    public static void reserve(Budget budget, long bytes) {
        if (budget != null && !budget.hold(bytes)) {
            throw INSTANCE;
        }
    }
}
