package dev.ariadne.core.search;

/**
 * What one search table has reported to a check's memory {@link Budget}: its growth as it happens, its size when
 * it is {@linkplain #account accounted}, and all of it given back by {@link #release}. A {@code null} budget
 * accounts nowhere.
 */
public final class HeldMemory {
    private final Budget budget;
    private long reported;

    public HeldMemory(Budget budget) {
        this.budget = budget;
    }

    /**
     * Reserves {@code bytes} more for a table about to grow, or throws {@link MemoryLimit} (having stopped the
     * budget). Counted either way, since the budget holds them either way, so that {@link #release} gives them back.
     */
    public void reserve(long bytes) {
        reported += bytes;
        MemoryLimit.reserve(budget, bytes);
    }

    /** Reports the table's size now, {@code bytes}; {@code false} (the budget stopped) when over the limit. */
    public boolean account(long bytes) {
        long delta = bytes - reported;
        reported = bytes;
        return budget == null || delta == 0 || budget.hold(delta);
    }

    /** Gives back everything reported to the budget. */
    public void release() {
        if (budget != null) {
            budget.hold(-reported);
        }
        reported = 0;
    }
}
