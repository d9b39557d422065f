package dev.ariadne.tla;

/**
 * What an operation made of {@code X_Step}s and an {@code X_Done} means (docs/tla.md, "Non-atomic operations").
 * {@link #OMNILINK}, the default: OmniLink's, where the operation's steps interleave with other operations' events
 * between its call and its {@code X_Done}. {@link #ATOMIC}: linearizability's, where the steps and the
 * {@code X_Done} take effect together as one step. Specs without such pairs mean the same under both.
 */
public enum Semantics {
    /** An operation's {@code X_Step}s may run while other operations take effect, from its call to its {@code X_Done}. */
    OMNILINK("OmniLink"),
    /** An operation's {@code X_Step}s and its {@code X_Done} take effect together, as one atomic step. */
    ATOMIC("atomic");

    private final String label;

    Semantics(String label) {
        this.label = label;
    }

    /** How reports name it: {@code OmniLink} or {@code atomic}. */
    public String label() {
        return label;
    }

    /** The semantics named {@code omnilink} or {@code atomic} (any case); {@link IllegalArgumentException} else. */
    public static Semantics byName(String name) {
        for (Semantics s : values()) {
            if (s.name().equalsIgnoreCase(name)) {
                return s;
            }
        }
        throw new IllegalArgumentException("unknown semantics " + name + " (omnilink or atomic)");
    }
}
