package dev.ariadne.core.models;

/**
 * How to build a built-in model: its initial value, how register reads of nil are understood and whether
 * values are split by key as in Jepsen's independent checker. Pass it to
 * {@link BuiltinModels#byName(String, ModelOptions)}; {@link #defaults()} gives each model as documented in
 * {@code docs/models.md}.
 *
 * @param initial     the initial value (plain data; {@code null} means each model's usual empty state)
 * @param nilRead     how a read that observed nil is understood by register, cas-register and multi-register
 * @param independent whether every value is a pair {@code [key value]} checked per key (see
 *                    {@link IndependentModel})
 */
public record ModelOptions(Object initial, NilRead nilRead, boolean independent) {

    /**
     * What a read whose observed value is nil means. Sources disagree: porcupine's etcd logs record a read of an
     * absent key as nil, while Knossos' register models treat a nil read as carrying no information.
     */
    public enum NilRead {
        /** Nil is a value: the read saw the register holding nil (porcupine's convention). */
        ABSENT,
        /** Nil means "nothing observed": the read is always legal (Knossos' convention). */
        UNKNOWN
    }

    public ModelOptions {
        java.util.Objects.requireNonNull(nilRead, "nilRead");
    }

    /** No initial value, nil reads as values, no per-key split. */
    public static ModelOptions defaults() {
        return new ModelOptions(null, NilRead.ABSENT, false);
    }

    /** These options with another initial value. */
    public ModelOptions withInitial(Object value) {
        return new ModelOptions(value, nilRead, independent);
    }

    /** These options with another meaning of nil reads. */
    public ModelOptions withNilRead(NilRead n) {
        return new ModelOptions(initial, n, independent);
    }

    /** These options with or without the per-key split of {@code [key value]} values. */
    public ModelOptions withIndependent(boolean i) {
        return new ModelOptions(initial, nilRead, i);
    }
}
