package dev.ariadne.core.prepared;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;

import java.util.AbstractList;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;
import java.util.function.UnaryOperator;

/**
 * A history's prepared operations kept as columns (times, prepared inputs and outputs), for the register's frontier
 * ({@code RegisterFrontier}), which reads the columns and never the operations (issue 23: a 48-byte prepared
 * {@link Operation} per operation was the largest thing young collections copied, and each pass over 500,000 of
 * them cost cache misses). Everything else sees a list: {@link #get} makes operation i when first asked for, and
 * returns that same object ever after, whatever the thread, so that the witness, the evidence and the core search,
 * which compare prepared operations by identity, see one object per operation as with a list of them.
 *
 * <p>Contract: {@code get(i)} equals {@code prepare(source.get(i))}; the columns hold its input, output, call and
 * return.
 */
public final class PreparedOperations extends AbstractList<Operation> implements RandomAccess {
    /**
     * A history's operations kept as columns ({@code dev.ariadne.core.history}'s), read without making them: what
     * {@link #of(History, UnaryOperator)} copies, and what makes each prepared operation in one allocation.
     */
    public interface Table {
        /** Copies the inputs, outputs, calls and returns of all the operations (arrays of the table's size). */
        void read(Object[] inputs, Object[] outputs, long[] calls, long[] rets);

        /** Operation {@code i} (the source's numbers, client and metadata) with this input and output. */
        Operation make(int i, Object input, Object output);
    }

    /** What the history package answers, installed when this class is first used (as {@link PreparedViews}'). */
    public interface Access {
        /** {@code h}'s operations as a table, or {@code null} when it keeps them as a list of objects. */
        Table table(History h);
    }

    private static volatile Access access;

    static {
        try {
            Class.forName("dev.ariadne.core.history.PreparedAccess", true,
                    PreparedOperations.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Called once by the history package. */
    public static void install(Access a) {
        access = a;
    }

    /** The unprepared operations (a history's, made anew on each get perhaps), or {@code null} (see table). */
    private final List<Operation> source;
    /** The history's columns, which make operation i with its prepared input and output; or {@code null}. */
    private final Table table;
    private final Object[] inputs;
    private final Object[] outputs;
    private final long[] calls;
    private final long[] rets;
    /** The operations made so far, by position. */
    private final Operation[] made;
    private final boolean anyPending;
    private final boolean sortedByCall;

    private PreparedOperations(List<Operation> source, Table table, Object[] inputs, Object[] outputs, long[] calls,
                               long[] rets, Operation[] made) {
        this.source = source;
        this.table = table;
        this.inputs = inputs;
        this.outputs = outputs;
        this.calls = calls;
        this.rets = rets;
        this.made = made;
        boolean pending = false;
        boolean sorted = true;
        for (int i = 0; i < rets.length; i++) {
            pending |= rets[i] == Operation.PENDING;
            sorted &= i == 0 || calls[i] >= calls[i - 1];
        }
        this.anyPending = pending;
        this.sortedByCall = sorted;
    }

    /**
     * {@code source}'s operations prepared by {@code prepare}, which must give the operation it is given with
     * another input and output only ({@link Operation#withInputOutput}, as the built-in register models do), or the
     * operation itself, and prepare by value ({@link dev.ariadne.core.model.Model#preparesByValue}: an operation
     * whose input and output are those of the one before is not given to it). The prepared operations are not kept:
     * they are made again, equal, when asked for.
     */
    public static PreparedOperations of(List<Operation> source, UnaryOperator<Operation> prepare) {
        int n = source.size();
        Object[] inputs = new Object[n];
        Object[] outputs = new Object[n];
        long[] calls = new long[n];
        long[] rets = new long[n];
        for (int i = 0; i < n; i++) {
            Operation op = source.get(i);
            inputs[i] = op.input();
            outputs[i] = op.output();
            calls[i] = op.call();
            rets[i] = op.ret();
        }
        prepareByValue(inputs, outputs, prepare, (i, in, out) -> source.get(i));
        return new PreparedOperations(source, null, inputs, outputs, calls, rets, new Operation[n]);
    }

    /**
     * {@code history}'s operations prepared by {@code prepare}, as {@link #of(List, UnaryOperator)} says; read from
     * the history's columns where it keeps them so (then no operation is made but those {@code prepare} is given,
     * one for each change of input or output objects, and each made later is one object).
     */
    public static PreparedOperations of(History history, UnaryOperator<Operation> prepare) {
        Table table = access.table(history);
        if (table == null) {
            return of(history.operations(), prepare);
        }
        int n = history.size();
        Object[] inputs = new Object[n];
        Object[] outputs = new Object[n];
        long[] calls = new long[n];
        long[] rets = new long[n];
        table.read(inputs, outputs, calls, rets);
        prepareByValue(inputs, outputs, prepare, table::make);
        return new PreparedOperations(null, table, inputs, outputs, calls, rets, new Operation[n]);
    }

    /** Operation {@code i} as read, with its input and output not yet prepared. */
    private interface Unprepared {
        Operation get(int i, Object input, Object output);
    }

    /**
     * Replaces each input and output by what {@code prepare} makes of operation i ({@code unprepared}), by value: an
     * input and output the same objects as the last ones prepare as those did, without asking again.
     */
    private static void prepareByValue(Object[] inputs, Object[] outputs, UnaryOperator<Operation> prepare,
                                       Unprepared unprepared) {
        Object lastInput = null;
        Object lastOutput = null;
        Object preparedInput = null;
        Object preparedOutput = null;
        for (int i = 0; i < inputs.length; i++) {
            Object in = inputs[i];
            Object out = outputs[i];
            if (i == 0 || in != lastInput || out != lastOutput) {
                Operation p = prepare.apply(unprepared.get(i, in, out));
                lastInput = in;
                lastOutput = out;
                preparedInput = p.input();
                preparedOutput = p.output();
            }
            inputs[i] = preparedInput;
            outputs[i] = preparedOutput;
        }
    }

    /** Operations already prepared, as columns beside them: {@link #get} returns {@code ops[i]}. */
    public static PreparedOperations of(Operation[] ops) {
        int n = ops.length;
        Object[] inputs = new Object[n];
        Object[] outputs = new Object[n];
        long[] calls = new long[n];
        long[] rets = new long[n];
        for (int i = 0; i < n; i++) {
            Operation op = ops[i];
            inputs[i] = op.input();
            outputs[i] = op.output();
            calls[i] = op.call();
            rets[i] = op.ret();
        }
        return new PreparedOperations(null, null, inputs, outputs, calls, rets, ops);
    }

    /**
     * Operation {@code i}, made when first asked for: the same object on every call (made once even when threads
     * ask at the same time).
     */
    @Override
    public Operation get(int i) {
        Objects.checkIndex(i, made.length);
        Operation op = made[i];
        if (op != null) {
            return op;
        }
        Operation fresh = make(i);
        // Locked only to make it: an operation read without the lock is whole (its fields are final).
        synchronized (made) {
            op = made[i];
            if (op == null) {
                made[i] = fresh;
                op = fresh;
            }
        }
        return op;
    }

    /** Operation {@code i} as the model prepares it: the source's own where preparing left it as it was. */
    private Operation make(int i) {
        if (table != null) {
            return table.make(i, inputs[i], outputs[i]);
        }
        Operation s = source.get(i);
        return s.input() == inputs[i] && s.output() == outputs[i] ? s : s.withInputOutput(inputs[i], outputs[i]);
    }

    @Override
    public int size() {
        return made.length;
    }

    /** All the operations, made in one go (the core search takes them all as an array). */
    @Override
    public Object[] toArray() {
        return toArray(new Operation[0]);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        int n = made.length;
        T[] out = a.length >= n ? a : (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), n);
        synchronized (made) {
            for (int i = 0; i < n; i++) {
                Operation op = made[i];
                if (op == null) {
                    op = make(i);
                    made[i] = op;
                }
                out[i] = (T) op;
            }
        }
        if (out.length > n) {
            out[n] = null;
        }
        return out;
    }

    /** The prepared inputs by position (owned by this list: read, never written). */
    public Object[] inputs() {
        return inputs;
    }

    /** The prepared outputs by position (read only). */
    public Object[] outputs() {
        return outputs;
    }

    /** The call times by position (read only). */
    public long[] calls() {
        return calls;
    }

    /** The return times by position, {@link Operation#PENDING} for a pending operation (read only). */
    public long[] rets() {
        return rets;
    }

    /** Whether an operation never returned. */
    public boolean anyPending() {
        return anyPending;
    }

    /** Whether the operations are in order of their calls. */
    public boolean sortedByCall() {
        return sortedByCall;
    }
}
