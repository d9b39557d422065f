package dev.ariadne.core.models;

import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;

/**
 * The built-in models' answers to {@link PreparedViews}, installed when that class is first used: this class sees
 * the package-private prepared forms of the models, so that they need not be public.
 */
final class PreparedAccess implements PreparedViews.Access {
    static {
        if (Interner.NIL != PreparedViews.NIL_ID) {
            throw new AssertionError("the interned id of nil is PreparedViews.NIL_ID");
        }
        PreparedViews.install(new PreparedAccess());
    }

    private PreparedAccess() {
    }

    @Override
    public Kind kind(Object input) {
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

    @Override
    public Object writtenValue(Object input) {
        return ((RegisterModel.Write) input).value();
    }

    @Override
    public Object casExpected(Object input) {
        return ((RegisterModel.Cas) input).expected();
    }

    @Override
    public Object casValue(Object input) {
        return ((RegisterModel.Cas) input).value();
    }

    @Override
    public boolean readIgnoresNil(Object input) {
        return ((RegisterModel.Read) input).nilIgnored();
    }

    @Override
    public int element(Object input) {
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

    @Override
    public int comparePriority(Object model, int a, int b) {
        return ((PriorityQueueModel) model).compareIds(a, b);
    }

    @Override
    public boolean isEmptyCollection(Object state) {
        return state instanceof IntSeq s && s.isEmpty();
    }

    @Override
    public int[] ids(Object seq) {
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
