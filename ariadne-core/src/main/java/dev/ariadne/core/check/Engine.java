package dev.ariadne.core.check;

import java.util.Locale;

/**
 * The search algorithms a check can use; {@link #AUTO} lets the checker choose per partition, a decision procedure
 * wherever one qualifies. Naming a decision procedure forces it where the partition qualifies and falls back to
 * {@link #AUTO}'s general engines elsewhere, saying why in {@link PartitionResult#note()}; naming {@link #DFS} or
 * {@link #FRONTIER} forbids the procedures.
 * Every engine gives the same verdicts (they pass the same conformance and differential tests).
 */
public enum Engine {
    /**
     * Choose per partition: {@link #FRONTIER} for long partitions and those whose operations overlap little,
     * {@link #DFS} for short, highly concurrent ones (see {@code docs/engines.md}).
     */
    AUTO,
    /** Wing–Gong–Lowe backtracking with memoisation of (linearized set, state), as in porcupine. */
    DFS,
    /**
     * Just-in-time linearization in real-time order over the set of possible configurations; memory grows with
     * the overlap of operations, not with the length of the history.
     */
    FRONTIER,
    /** Gibbons–Korach for registers whose written values are distinct; elsewhere as {@link #AUTO}. */
    DISTINCT_REGISTER,
    /** The closed-form test for sets whose values are added at most once; elsewhere as {@link #AUTO}. */
    DISTINCT_SET,
    /** The constraint sort for add-only sets read as a whole (Jepsen's set test); elsewhere as {@link #AUTO}. */
    GROW_ONLY_SET,
    /** The forward simulation for FIFO queues with distinct enqueued values; elsewhere as {@link #AUTO}. */
    DISTINCT_QUEUE,
    /**
     * For FIFO queues whose values repeat: a guessed pairing of dequeues with enqueues, decided by the
     * {@link #DISTINCT_QUEUE} simulation and replayed; it proves linearizability only, so where its guess fails,
     * and elsewhere, as {@link #AUTO}.
     */
    MATCHED_QUEUE,
    /**
     * The forward simulation for stacks with distinct pushed values; elsewhere, and where its simulation had to
     * guess and got stuck, as {@link #AUTO}.
     */
    DISTINCT_STACK,
    /**
     * The forward simulation for priority queues with distinct inserted values; elsewhere, and where no step of
     * its simulation was provably safe, as {@link #AUTO}.
     */
    DISTINCT_PRIORITY_QUEUE;

    /** The command-line name, for example {@code dfs} or {@code distinct-register}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether this names one of the general search engines (or the automatic choice), not a decision procedure. */
    public boolean isGeneral() {
        return this == AUTO || this == DFS || this == FRONTIER;
    }

    /** The engine with the given command-line name. */
    public static Engine fromName(String name) {
        for (Engine e : values()) {
            if (e.cliName().equals(name)) {
                return e;
            }
        }
        StringBuilder names = new StringBuilder();
        for (Engine e : values()) {
            names.append(names.length() == 0 ? "" : ", ").append(e.cliName());
        }
        throw new IllegalArgumentException("unknown engine '" + name + "' (expected one of " + names + ")");
    }
}
