package dev.ariadne.core.prepared;

/**
 * Read-only views of the operations the built-in models prepare, for the checker's decision procedures
 * ({@code dev.ariadne.core.procedures}) and the frontier's queue layers, which recognise special cases (registers
 * with distinct writes, sets, queues and stacks with distinct inserted values) by looking at prepared inputs. This
 * is plumbing between core packages, not exported: the built-in models keep their prepared forms package-private
 * and answer through an {@link Access} they install when this class is first used.
 */
public final class PreparedViews {
    /** The interned id of nil: a queue or stack output meaning "empty". */
    public static final int NIL_ID = 0;

    /** What a prepared input of a built-in register, set, queue or stack model does. */
    public enum Kind {
        /** A register read (output: the value, or unknown). */
        REGISTER_READ,
        /** A register write; {@link #writtenValue} gives its (encoded) value. */
        REGISTER_WRITE,
        /** A register compare-and-set. */
        REGISTER_CAS,
        /** A set add; {@link #element} gives the value's id. Output Boolean or unknown. */
        SET_ADD,
        /** A set remove; {@link #element} gives the value's id. Output Boolean or unknown. */
        SET_REMOVE,
        /** A set contains; {@link #element} gives the value's id. Output Boolean or unknown. */
        SET_CONTAINS,
        /** A whole-set read. Output an id sequence or unknown. */
        SET_READ,
        /** A FIFO queue enqueue; {@link #element} gives the value's id. */
        QUEUE_ENQUEUE,
        /** A FIFO queue dequeue; output an {@code Integer} id ({@link #NIL_ID}: empty) or unknown. */
        QUEUE_DEQUEUE,
        /** A stack push; {@link #element} gives the value's id. */
        STACK_PUSH,
        /** A stack pop; output an {@code Integer} id ({@link #NIL_ID}: empty) or unknown. */
        STACK_POP,
        /** A priority-queue insert; {@link #element} gives the value's id. */
        PRIORITY_INSERT,
        /** A priority-queue extract-min; output an {@code Integer} id ({@link #NIL_ID}: empty) or unknown. */
        PRIORITY_EXTRACT,
        /** Anything else. */
        OTHER
    }

    /** What the built-in models answer about their prepared inputs and states; see the methods of the same names. */
    public interface Access {
        Kind kind(Object input);

        Object writtenValue(Object input);

        Object casExpected(Object input);

        Object casValue(Object input);

        boolean readIgnoresNil(Object input);

        int element(Object input);

        int comparePriority(Object model, int a, int b);

        boolean isEmptyCollection(Object state);

        int[] ids(Object seq);
    }

    private static volatile Access access;

    static {
        try {
            // Initialising the models' side installs its Access (as the JDK's SharedSecrets do).
            Class.forName("dev.ariadne.core.models.PreparedAccess", true, PreparedViews.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private PreparedViews() {
    }

    /** Called once by the built-in models. */
    public static void install(Access a) {
        access = a;
    }

    /** The kind of a prepared input. */
    public static Kind kind(Object input) {
        return access.kind(input);
    }

    /** The value a prepared register write stores (as the model's states hold it: nil is the register's NIL). */
    public static Object writtenValue(Object input) {
        return access.writtenValue(input);
    }

    /** The value a prepared register compare-and-set expects (encoded as the register's states are). */
    public static Object casExpected(Object input) {
        return access.casExpected(input);
    }

    /** The value a prepared register compare-and-set stores when it succeeds (encoded as the register's states are). */
    public static Object casValue(Object input) {
        return access.casValue(input);
    }

    /**
     * Whether a prepared register read saw nil under Knossos' convention (it carries no information, and is not
     * equal to a read whose output is merely unknown).
     */
    public static boolean readIgnoresNil(Object input) {
        return access.readIgnoresNil(input);
    }

    /**
     * The interned id of the value a prepared set add/remove/contains, queue enqueue, stack push or priority-queue
     * insert names.
     */
    public static int element(Object input) {
        return access.element(input);
    }

    /**
     * Compares two value ids of {@code model}, a priority-queue model, in the order its {@code extract-min} uses
     * (negative: {@code a} comes out first).
     */
    public static int comparePriority(Object model, int a, int b) {
        return access.comparePriority(model, a, b);
    }

    /** Whether {@code state} is an empty set, queue or stack state of a built-in model. */
    public static boolean isEmptyCollection(Object state) {
        return access.isEmptyCollection(state);
    }

    /** The ids in a set state or a set read's output, in order ({@code null} if it is neither). */
    public static int[] ids(Object seq) {
        return access.ids(seq);
    }
}
