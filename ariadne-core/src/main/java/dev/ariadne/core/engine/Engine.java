package dev.ariadne.core.engine;

import java.util.Locale;

/** The search algorithms a check can use; {@link #AUTO} lets the checker choose per partition. */
public enum Engine {
    /** Choose per partition (today always {@link #DFS}). */
    AUTO,
    /** Wing–Gong–Lowe backtracking with memoisation of (linearized set, state), as in porcupine. */
    DFS;

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
        throw new IllegalArgumentException("unknown engine '" + name + "' (expected auto or dfs)");
    }
}
