package dev.ariadne.core.engine;

import java.util.Locale;

/**
 * The search algorithms a check can use; {@link #AUTO} lets the checker choose per partition. Every engine gives
 * the same verdicts (they pass the same conformance and differential tests); they differ in speed and memory.
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
    FRONTIER;

    /** The command-line name, for example {@code dfs}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The engine with the given command-line name. */
    public static Engine fromName(String name) {
        for (Engine e : values()) {
            if (e.cliName().equals(name)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown engine '" + name + "' (expected auto, dfs or frontier)");
    }
}
