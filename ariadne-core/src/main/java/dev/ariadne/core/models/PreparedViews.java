package dev.ariadne.core.models;

/**
 * Read-only views of the operations the built-in models prepare, for the checker's decision procedures
 * ({@code dev.ariadne.core.procedures}), which recognise special cases (registers with distinct writes, sets, queues
 * and stacks with distinct inserted values) by looking at prepared inputs. This is plumbing between core packages,
 * not an API for users: it may change with the models.
 */
public final class PreparedViews {
    /** The interned id of nil: a queue or stack output meaning "empty". */
    public static final int NIL_ID = Interner.NIL;

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

    private PreparedViews() {
    }

    /** The kind of a prepared input. */
    public static Kind kind(Object input) {
        if (input instanceof RegisterModel.Read) {
            return Kind.REGISTER_READ;
        }
        if (input instanceof RegisterModel.Write) {
            return Kind.REGISTER_WRITE;
        }
        if (input instanceof RegisterModel.Cas) {
            return Kind.REGISTER_CAS;
        }
        if (input instanceof SetModel.Add) {
            return Kind.SET_ADD;
        }
        if (input instanceof SetModel.Remove) {
            return Kind.SET_REMOVE;
        }
        if (input instanceof SetModel.Contains) {
            return Kind.SET_CONTAINS;
        }
        if (input instanceof SetModel.Read) {
            return Kind.SET_READ;
        }
        if (input instanceof FifoQueueModel.Enqueue) {
            return Kind.QUEUE_ENQUEUE;
        }
        if (input instanceof FifoQueueModel.Dequeue) {
            return Kind.QUEUE_DEQUEUE;
        }
        if (input instanceof StackModel.Push) {
            return Kind.STACK_PUSH;
        }
        if (input instanceof StackModel.Pop) {
            return Kind.STACK_POP;
        }
        if (input instanceof PriorityQueueModel.Insert) {
            return Kind.PRIORITY_INSERT;
        }
        if (input instanceof PriorityQueueModel.ExtractMin) {
            return Kind.PRIORITY_EXTRACT;
        }
        return Kind.OTHER;
    }

    /** The value a prepared register write stores (as the model's states hold it: nil is {@link RegisterModel#NIL}). */
    public static Object writtenValue(Object input) {
        return ((RegisterModel.Write) input).value();
    }

    /**
     * The interned id of the value a prepared set add/remove/contains, queue enqueue, stack push or priority-queue
     * insert names.
     */
    public static int element(Object input) {
        if (input instanceof SetModel.Add a) {
            return a.value();
        }
        if (input instanceof SetModel.Remove r) {
            return r.value();
        }
        if (input instanceof SetModel.Contains c) {
            return c.value();
        }
        if (input instanceof StackModel.Push p) {
            return p.value();
        }
        if (input instanceof PriorityQueueModel.Insert i) {
            return i.value();
        }
        return ((FifoQueueModel.Enqueue) input).value();
    }

    /**
     * Compares two value ids of {@code model}, a {@link PriorityQueueModel}, in the order its {@code extract-min}
     * uses (negative: {@code a} comes out first).
     */
    public static int comparePriority(Object model, int a, int b) {
        return ((PriorityQueueModel) model).compareIds(a, b);
    }

    /** Whether {@code state} is an empty set, queue or stack state of a built-in model. */
    public static boolean isEmptyCollection(Object state) {
        return state instanceof IntSeq s && s.isEmpty();
    }

    /** The ids in a set state or a set read's output, in order ({@code null} if it is neither). */
    public static int[] ids(Object seq) {
        if (!(seq instanceof IntSeq s)) {
            return null;
        }
        int[] a = new int[s.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = s.get(i);
        }
        return a;
    }
}
