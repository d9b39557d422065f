package dev.ariadne.core.search;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.prepared.PreparedOperations;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What every engine does with pending (crashed) operations before and during its search. A pending operation
 * whose input the model calls read-only ({@link Model#isReadOnly}) is dropped before the search: leaving it out
 * never hurts; so is one that no completed operation that may come after it may reveal ({@link Model#mayReveal}). Pending operations with equal inputs are interchangeable (none of them has an observed output),
 * so engines linearize them in order of their calls: one may be linearized only after its predecessor.
 */
public final class PendingOperations {
    private PendingOperations() {
    }

    /**
     * How many (pending input, completed operation) pairs {@link #dropInvisible} asks {@link Model#mayReveal} about
     * at most; beyond that it keeps the remaining pending operations (dropping is an optimisation, keeping is exact).
     */
    static final long MAX_REVEAL_QUESTIONS = 1L << 26;

    /**
     * {@code ops} without the pending operations that are invisible: those whose input is read-only, and those no
     * completed operation that may come after them may reveal ({@link Model#mayReveal}): every operation that may
     * reveal one returned before it was called. Returns the same list if there are none. Leaving out either kind
     * never turns a linearizable history into one that is not: by each hint's promise a linearization that uses
     * them can do without them, and a pending operation may always be left out.
     */
    public static <S> List<Operation> dropInvisible(List<Operation> ops, Model<S> model) {
        if (ops instanceof PreparedOperations p && !p.anyPending()) {
            return ops; // none pending, so none to drop: without making the operations to look
        }
        Map<Object, Long> lastReveal = null;
        long budget = MAX_REVEAL_QUESTIONS;
        boolean[] invisible = null;
        int dropped = 0;
        for (int i = 0; i < ops.size(); i++) {
            Operation op = ops.get(i);
            if (!op.isPending()) {
                continue;
            }
            boolean drop = model.isReadOnly(op.input(), op.output());
            if (!drop) {
                if (lastReveal == null) {
                    lastReveal = new HashMap<>();
                }
                Long last = lastReveal.get(op.input());
                if (last == null) {
                    last = budget >= ops.size() ? lastRevealingReturn(op.input(), ops, model) : Long.MAX_VALUE;
                    budget -= ops.size();
                    lastReveal.put(op.input(), last);
                }
                drop = last < op.call(); // closed intervals: one returning at the call may still come after it
            }
            if (drop) {
                if (invisible == null) {
                    invisible = new boolean[ops.size()];
                }
                invisible[i] = true;
                dropped++;
            }
        }
        if (dropped == 0) {
            return ops;
        }
        List<Operation> kept = new ArrayList<>(ops.size() - dropped);
        for (int i = 0; i < ops.size(); i++) {
            if (!invisible[i]) {
                kept.add(ops.get(i));
            }
        }
        return kept;
    }

    /**
     * The latest return of a completed operation of {@code ops} that may reveal a pending one with this input, or
     * {@link Long#MIN_VALUE} if none may.
     */
    private static <S> long lastRevealingReturn(Object pending, List<Operation> ops, Model<S> model) {
        long last = Long.MIN_VALUE;
        for (Operation op : ops) {
            if (!op.isPending() && op.ret() > last && model.mayReveal(pending, op.input(), op.output())) {
                last = op.ret();
            }
        }
        return last;
    }

    /**
     * For each operation (by position in {@code ops}, which is in call order): the position of the previous pending
     * operation with an equal input if it is pending itself, else -1.
     */
    static int[] predecessors(Operation[] ops) {
        int[] prev = new int[ops.length];
        Map<Object, Integer> last = null;
        for (int i = 0; i < ops.length; i++) {
            prev[i] = -1;
            if (ops[i].isPending()) {
                if (last == null) {
                    last = new HashMap<>();
                }
                Integer p = last.put(ops[i].input(), i);
                if (p != null) {
                    prev[i] = p;
                }
            }
        }
        return prev;
    }

    /**
     * {@link #predecessors}, and for each completed operation B (by position in {@code ops}, in call order) an
     * operation it waits for: of the completed operations called before it with an equal input and an equal
     * output that are still open at B's call (they return at or after it) and return no later than B, the one
     * that returns last (the latest called, at equal returns), or -1. The frontier linearizes B only after it (or
     * once it has returned): two such operations step the model alike, so a linearization that places B while
     * its predecessor is open and unplaced also works with the two swapped (docs/engines.md, "equal operations").
     * Dfs does not use this: it places operations in an order of its own.
     */
    public static int[] frontierPredecessors(Operation[] ops) {
        int[] prev = predecessors(ops);
        Map<Object, Indexes> open = null;
        for (int i = 0; i < ops.length; i++) {
            Operation b = ops[i];
            if (b.isPending()) {
                continue;
            }
            if (open == null) {
                open = new HashMap<>();
            }
            Identical key = new Identical(b.input(), b.output());
            Indexes same = open.get(key);
            if (same == null) { // not computeIfAbsent: a lambda's first call links a call site (cold checks)
                same = new Indexes();
                open.put(key, same);
            }
            int best = -1;
            for (int j = same.size - 1; j >= 0; j--) {
                int k = same.at[j];
                Operation a = ops[k];
                if (a.ret() < b.call()) { // returned before B's call, so before every later call: never open again
                    same.remove(j);
                } else if (a.ret() <= b.ret() && (best < 0 || a.ret() > ops[best].ret()
                        || a.ret() == ops[best].ret() && k > best)) {
                    best = k;
                }
            }
            prev[i] = best;
            same.add(i);
        }
        return prev;
    }

    /** A list of operation indexes, in order, without a boxed {@link Integer} each (a history's worth of them). */
    private static final class Indexes {
        int[] at = new int[4];
        int size;

        void add(int i) {
            if (size == at.length) {
                at = java.util.Arrays.copyOf(at, size * 2);
            }
            at[size++] = i;
        }

        void remove(int j) {
            System.arraycopy(at, j + 1, at, j, size - j - 1);
            size--;
        }
    }

    /** An operation's input and output, compared by equality: operations with equal ones step a model alike. */
    private record Identical(Object input, Object output) {
        // Written out: the generated equals and hashCode link an invokedynamic call site on their first call.
        @Override
        public boolean equals(Object o) {
            return o instanceof Identical i && java.util.Objects.equals(i.input, input)
                    && java.util.Objects.equals(i.output, output);
        }

        @Override
        public int hashCode() {
            return 31 * java.util.Objects.hashCode(input) + java.util.Objects.hashCode(output);
        }
    }
}
