package dev.ariadne.core.reference;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The definition of a minimal failing core, executed independently of the engines and of the core search: whether
 * the relaxed history R(C) of a partition is linearizable, where the operations of C keep their intervals and
 * outputs, and every other completed operation is optional: it takes effect at most once within its interval, with
 * its own output or an unknown one. Pending operations take effect at most once after their call, with an unknown
 * output, as always. No reduction of the core search is used (every operation of the partition is in R(C)), but
 * crashed read-only operations are left out, as every engine does (they can only keep the state or fail).
 *
 * <p>A sweep over the call and return events (calls first at equal times: intervals are closed), holding for every
 * set of open operations already linearized the set of states the object may be in; at a return, the operation's
 * configurations are closed under linearizing open operations, and a core operation's return keeps only those that
 * linearized it. Exponential only in the number of operations open at once.
 */
public final class RelaxedChecker {
    private RelaxedChecker() {
    }

    /**
     * Whether R({@code core}) of {@code partition} (prepared operations) is linearizable; {@code core} holds ids.
     */
    public static <S> boolean isLinearizable(List<Operation> partition, Set<Integer> core, Model<S> model) {
        return isLinearizable(partition, core, model, Long.MAX_VALUE);
    }

    /**
     * {@link #isLinearizable(List, Set, Model)}, or {@code null} when the sweep would hold more than
     * {@code maxStates} states at once (kv appends that each may or may not have taken effect double them): for
     * tests that hold large partitions to this reference where it can answer.
     */
    public static <S> Boolean isLinearizableWithin(List<Operation> partition, Set<Integer> core, Model<S> model,
                                                   long maxStates) {
        try {
            return isLinearizable(partition, core, model, maxStates);
        } catch (TooLarge e) {
            return null;
        }
    }

    private static final class TooLarge extends RuntimeException {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private static <S> boolean isLinearizable(List<Operation> partition, Set<Integer> core, Model<S> model,
                                              long maxStates) {
        // A crashed operation that cannot change the state is never needed (docs/semantics.md, rule 1).
        List<Operation> relevant = partition.stream()
                .filter(op -> !op.isPending() || !model.isReadOnly(op.input(), Operation.UNKNOWN)).toList();
        int n = relevant.size();
        Operation[] ops = relevant.toArray(new Operation[0]);
        // Events: 2i = call of i, 2i + 1 = return of i; sorted by time, calls before returns.
        List<long[]> events = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            events.add(new long[]{ops[i].call(), 0, i});
            if (!ops[i].isPending()) {
                events.add(new long[]{ops[i].ret(), 1, i});
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : a[1] != b[1] ? Long.compare(a[1], b[1])
                : Long.compare(a[2], b[2]));
        Map<BitSet, Set<S>> configs = new HashMap<>();
        configs.put(new BitSet(), new HashSet<>(List.of(model.init())));
        BitSet open = new BitSet();
        for (long[] e : events) {
            int i = (int) e[2];
            if (e[1] == 0) {
                open.set(i);
                continue;
            }
            configs = close(configs, open, ops, core, model, maxStates);
            boolean kept = core.contains(ops[i].id());
            Map<BitSet, Set<S>> next = new HashMap<>();
            for (Map.Entry<BitSet, Set<S>> c : configs.entrySet()) {
                if (kept && !c.getKey().get(i)) {
                    continue;
                }
                BitSet l = (BitSet) c.getKey().clone();
                l.clear(i);
                next.computeIfAbsent(l, k -> new HashSet<>()).addAll(c.getValue());
            }
            open.clear(i);
            configs = next;
            if (configs.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the operations of {@code core} (ids) can take effect in the order {@code order} (ids of core
     * operations, the last one included) in R({@code core}) of {@code partition}: some sequence respecting real time,
     * in which every other completed operation takes effect at most once with its own output or an unknown one or
     * is dropped, every crashed one takes effect at most once with an unknown output, and no core operation outside
     * {@code order} comes before the last of it, is accepted by the model up to and including {@code order}'s last
     * operation. The reference for an explanation's orders: an order stated as rejected must not be placeable, and
     * its accepted steps must be. A depth-first search over which operations were used, memoised; exponential in
     * the operations of the partition, so for small ones.
     */
    public static <S> boolean canPlaceInOrder(List<Operation> partition, Set<Integer> core, List<Integer> order,
                                              Model<S> model) {
        return canPlaceInOrder(partition, core, order, model, Long.MAX_VALUE);
    }

    /**
     * {@link #canPlaceInOrder(List, Set, List, Model)}, or {@code null} when the search would remember more than
     * {@code maxStates} configurations.
     */
    public static <S> Boolean canPlaceInOrderWithin(List<Operation> partition, Set<Integer> core, List<Integer> order,
                                                    Model<S> model, long maxStates) {
        try {
            return canPlaceInOrder(partition, core, order, model, maxStates);
        } catch (TooLarge e) {
            return null;
        }
    }

    private static <S> boolean canPlaceInOrder(List<Operation> partition, Set<Integer> core, List<Integer> order,
                                               Model<S> model, long maxStates) {
        Map<Integer, Operation> byId = new HashMap<>();
        partition.forEach(op -> byId.put(op.id(), op));
        long lastReturn = Long.MIN_VALUE;
        for (int id : order) {
            lastReturn = Math.max(lastReturn, byId.get(id).ret());
        }
        List<Operation> used = new ArrayList<>();
        for (Operation op : partition) {
            // Called after every operation of the order returned: real time puts it after them all.
            if (op.call() <= lastReturn && (core.contains(op.id()) || !model.isReadOnly(op.input(), Operation.UNKNOWN)
                    || !model.isReadOnly(op.input(), op.output()))) {
                used.add(op);
            }
        }
        Operation[] ops = used.toArray(new Operation[0]);
        Operation[] sequence = order.stream().map(byId::get).toArray(Operation[]::new);
        return place(ops, core, sequence, 0, new BitSet(), model.init(), model, new HashSet<>(), maxStates);
    }

    private static <S> boolean place(Operation[] ops, Set<Integer> core, Operation[] order, int k, BitSet done,
                                     S state, Model<S> model, Set<List<Object>> seen, long maxStates) {
        if (k == order.length) {
            return true;
        }
        if (!seen.add(List.of(done.clone(), k, state))) {
            return false;
        }
        if (seen.size() > maxStates) {
            throw new TooLarge();
        }
        for (int i = 0; i < ops.length; i++) {
            Operation op = ops[i];
            if (done.get(i)) {
                continue;
            }
            boolean inCore = core.contains(op.id());
            if (inCore && op != order[k]) {
                continue; // core operations come in the order given
            }
            // Doing nothing is done where it could take effect: when every operation that returned before its
            // call is done (an operation that does nothing imposes no constraint: docs/semantics.md).
            if (!mayComeNow(ops, done, i)) {
                continue;
            }
            BitSet next = (BitSet) done.clone();
            next.set(i);
            if (!inCore && place(ops, core, order, k, next, state, model, seen, maxStates)) {
                return true; // it did nothing
            }
            for (S s2 : transitions(op, inCore, state, model)) {
                if (place(ops, core, order, inCore ? k + 1 : k, next, s2, model, seen, maxStates)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether every operation that returned before {@code ops[i]} was called is done. */
    private static boolean mayComeNow(Operation[] ops, BitSet done, int i) {
        for (int j = 0; j < ops.length; j++) {
            if (j != i && !done.get(j) && !ops[j].isPending() && ops[j].ret() < ops[i].call()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The most operations of {@code partition} open at one time, as this checker counts them (crashed ones stay
     * open; crashed read-only ones are left out): its cost is exponential in it.
     */
    public static int maxOpen(List<Operation> partition, Model<?> model) {
        List<long[]> events = new ArrayList<>();
        for (Operation op : partition) {
            if (op.isPending() && model.isReadOnly(op.input(), Operation.UNKNOWN)) {
                continue;
            }
            events.add(new long[]{op.call(), 0});
            if (!op.isPending()) {
                events.add(new long[]{op.ret(), 1});
            }
        }
        events.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int open = 0;
        int max = 0;
        for (long[] e : events) {
            open += e[1] == 0 ? 1 : -1;
            max = Math.max(max, open);
        }
        return max;
    }

    /** Every configuration reachable by linearizing open operations not linearized yet. */
    private static <S> Map<BitSet, Set<S>> close(Map<BitSet, Set<S>> configs, BitSet open, Operation[] ops,
                                               Set<Integer> core, Model<S> model, long maxStates) {
        long held = 0;
        Map<BitSet, Set<S>> all = new HashMap<>();
        List<BitSet> work = new ArrayList<>();
        Set<BitSet> queued = new HashSet<>();
        for (Map.Entry<BitSet, Set<S>> c : configs.entrySet()) {
            all.put(c.getKey(), new HashSet<>(c.getValue()));
            work.add(c.getKey());
            queued.add(c.getKey());
        }
        // Each configuration's states, grown until nothing new appears.
        while (!work.isEmpty()) {
            BitSet l = work.remove(work.size() - 1);
            queued.remove(l);
            List<S> states = new ArrayList<>(all.get(l));
            for (int j = open.nextSetBit(0); j >= 0; j = open.nextSetBit(j + 1)) {
                if (l.get(j)) {
                    continue;
                }
                Set<S> reached = new HashSet<>();
                for (S s : states) {
                    reached.addAll(transitions(ops[j], core.contains(ops[j].id()), s, model));
                }
                if (reached.isEmpty()) {
                    continue;
                }
                BitSet l2 = (BitSet) l.clone();
                l2.set(j);
                Set<S> there = all.computeIfAbsent(l2, k -> new HashSet<>());
                int before = there.size();
                boolean grew = there.addAll(reached);
                held += there.size() - before;
                if (held > maxStates) {
                    throw new TooLarge();
                }
                if (grew && queued.add(l2)) {
                    work.add(l2);
                }
            }
        }
        return all;
    }

    /** The states operation {@code op} may lead to from {@code s} when it takes effect. */
    private static <S> Collection<S> transitions(Operation op, boolean inCore, S s, Model<S> model) {
        List<S> out = new ArrayList<>(2);
        S own = model.step(s, op.input(), op.output());
        if (own != null) {
            out.add(own);
        }
        if (!inCore && op.outputKnown()) {
            S any = model.step(s, op.input(), Operation.UNKNOWN);
            if (any != null) {
                out.add(any);
            }
        }
        return out;
    }
}
