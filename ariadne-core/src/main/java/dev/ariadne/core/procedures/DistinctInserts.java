package dev.ariadne.core.procedures;

import dev.ariadne.core.search.IndexSort;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.PreparedViews;
import dev.ariadne.core.prepared.PreparedViews.Kind;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * A container partition (FIFO queue, stack, priority queue) whose inserted values are distinct, classified once for
 * the decision procedures that decide such histories: each operation's times and value, its {@link #kind}, and for
 * each value the operations that inserted and removed it. One place for what the procedures share, so that their
 * classes hold only their simulations.
 */
final class DistinctInserts {
    /** An insert by a completed operation of a value no removal saw: it stays in the container. */
    static final byte STUCK = 0;
    /** An insert of a value some removal saw. */
    static final byte INSERT = 1;
    /** A removal that saw a value inserted once. */
    static final byte REMOVE = 2;
    /** A removal that found the container empty. */
    static final byte EMPTY = 3;
    /** A pending insert of a value no removal saw: left out (it may never have taken effect). */
    static final byte DROPPED = 4;
    /** A removal that can never be placed: its value was never inserted, was removed before, or was inserted only
     * after the removal returned. */
    static final byte BAD = 5;

    final Operation[] ops;
    final long[] call;
    final long[] ret;
    /** The value id each operation inserts or saw ({@link PreparedViews#NIL_ID} for "empty"). */
    final int[] value;
    final byte[] kind;
    /** By value id: the operation that inserted it, and the one that removed it, or -1. */
    final int[] insertOf;
    final int[] removeOf;
    /** The largest value id, so that arrays indexed by value have {@code maxValue + 1} entries. */
    final int maxValue;
    /** Whether some removal is {@link #BAD}: the history is certainly not linearizable. */
    final boolean violation;

    /**
     * Why {@code prepared} does not qualify for a procedure on {@code type} (named {@code typeName}), or
     * {@code null} when it does: the model starts empty, every insert ({@code insert} kind) inserts a value no other
     * does, and every other operation is a removal ({@code remove} kind) that completed with a known output.
     */
    static String whyNot(Model<?> model, Class<?> type, String typeName, Kind insert, Kind remove,
                         List<Operation> prepared) {
        return whyNot(model, type, typeName, insert, remove, prepared, true);
    }

    /**
     * As {@link #whyNot(Model, Class, String, Kind, Kind, List)}; with {@code distinct} false, a value may be inserted
     * more than once.
     */
    static String whyNot(Model<?> model, Class<?> type, String typeName, Kind insert, Kind remove,
                         List<Operation> prepared, boolean distinct) {
        if (!type.isInstance(model)) {
            return DecisionProcedure.notFor(model, typeName);
        }
        if (!PreparedViews.isEmptyCollection(model.init())) {
            return "the " + typeName + " does not start empty";
        }
        BitSet inserted = new BitSet();
        for (Operation op : prepared) {
            if (op.call() == Long.MIN_VALUE) {
                return DecisionProcedure.show(model, op) + " is called at the least time, which it reserves";
            }
            Kind kind = PreparedViews.kind(op.input());
            if (kind == insert) {
                if (!distinct) {
                    if (PreparedViews.element(op.input()) < 0) {
                        return DecisionProcedure.show(model, op) + ": its value has no id the procedure can compare";
                    }
                } else if (!DecisionProcedure.firstInsert(inserted, op.input())) {
                    return DecisionProcedure.repeatedInsert(model, prepared, op, "inserted");
                }
            } else if (kind != remove) {
                return DecisionProcedure.show(model, op) + " is neither an insertion nor a removal";
            } else if (op.isPending()) {
                return DecisionProcedure.show(model, op) + " never returned (a removal must have a known output)";
            } else if (!(op.output() instanceof Integer)) {
                return DecisionProcedure.show(model, op) + " has an unknown output";
            }
        }
        return null;
    }

    /** Classifies a partition for which {@link #qualifies} held; {@code insert} is the inserts' kind. */
    DistinctInserts(List<Operation> prepared, Kind insert) {
        this(prepared.toArray(new Operation[0]), insertsOf(prepared, insert), valuesOf(prepared, insert));
    }

    /** Whether each operation is an insert ({@code insert} kind). */
    static boolean[] insertsOf(List<Operation> prepared, Kind insert) {
        boolean[] inserts = new boolean[prepared.size()];
        for (int i = 0; i < inserts.length; i++) {
            inserts[i] = PreparedViews.kind(prepared.get(i).input()) == insert;
        }
        return inserts;
    }

    /** The value id each operation inserts or saw. */
    private static int[] valuesOf(List<Operation> prepared, Kind insert) {
        int[] value = new int[prepared.size()];
        for (int i = 0; i < value.length; i++) {
            Operation op = prepared.get(i);
            value[i] = PreparedViews.kind(op.input()) == insert ? PreparedViews.element(op.input())
                    : (Integer) op.output();
        }
        return value;
    }

    /**
     * Classifies {@code ops} with the value ids given: {@code value[i]} is what insert {@code i} inserts or what
     * removal {@code i} saw ({@link PreparedViews#NIL_ID} for "empty"), each id inserted by one operation at most.
     * A procedure may give ids of its own, such as one per guessed pair of an insert and its removal.
     */
    DistinctInserts(Operation[] ops, boolean[] inserts, int[] value) {
        int n = ops.length;
        this.ops = ops;
        this.value = value;
        call = new long[n];
        ret = new long[n];
        kind = new byte[n];
        int max = 0;
        for (int i = 0; i < n; i++) {
            call[i] = ops[i].call();
            ret[i] = ops[i].ret();
            max = Math.max(max, value[i]);
        }
        maxValue = max;
        insertOf = new int[max + 1];
        removeOf = new int[max + 1];
        Arrays.fill(insertOf, -1);
        Arrays.fill(removeOf, -1);
        for (int i = 0; i < n; i++) {
            if (inserts[i]) {
                insertOf[value[i]] = i;
            }
        }
        boolean bad = false;
        for (int i = 0; i < n; i++) {
            if (inserts[i]) {
                continue;
            }
            int v = value[i];
            if (v == PreparedViews.NIL_ID) {
                kind[i] = EMPTY;
            } else if (v < 0 || insertOf[v] < 0 || removeOf[v] >= 0 || ret[i] < call[insertOf[v]]) {
                kind[i] = BAD;
                bad = true;
            } else {
                kind[i] = REMOVE;
                removeOf[v] = i;
            }
        }
        violation = bad;
        for (int i = 0; i < n; i++) {
            if (inserts[i]) {
                kind[i] = removeOf[value[i]] >= 0 ? INSERT : ops[i].isPending() ? DROPPED : STUCK;
            }
        }
    }

    /**
     * The operations whose kind is in the bit set {@code kinds} (bit k for kind k), completed ones only when
     * {@code completedOnly}, ordered by {@code key} (call or return times).
     */
    int[] select(long[] key, int kinds, boolean completedOnly) {
        int[] out = new int[ops.length];
        int count = 0;
        for (int i = 0; i < ops.length; i++) {
            if ((kinds & 1 << kind[i]) != 0 && !(completedOnly && ops[i].isPending())) {
                out[count++] = i;
            }
        }
        out = Arrays.copyOf(out, count);
        IndexSort.sort(out, count, key);
        return out;
    }

    /** The operation that inserted what removal {@code i} removed, or removed what insert {@code i} inserted. */
    int partner(int i) {
        return kind[i] == REMOVE ? insertOf[value[i]] : removeOf[value[i]];
    }
}
