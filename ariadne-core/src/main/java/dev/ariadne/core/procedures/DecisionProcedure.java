package dev.ariadne.core.procedures;

import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.search.Replay;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A polynomial-time decision procedure for a special case of linearizability: a model and a shape of history
 * (such as a register whose writes store distinct values) where the general search is not needed. A procedure
 * is tried only when {@link #applies} says the partition qualifies, and gives the same verdict and the same shape
 * of evidence as the general engines; see {@code docs/decision-procedures.md}.
 *
 * <p>Every procedure proposes an order and lets {@link Replay} verify it on the model, so a
 * {@link Verdict#LINEARIZABLE} answer always carries a witness that was replayed step by step; a
 * {@link Verdict#NOT_LINEARIZABLE} answer rests on the procedure's proof (documented on each class) and carries
 * a replayed prefix as evidence.
 */
public interface DecisionProcedure {

    /** The procedures, in the order {@link #find} tries them. */
    List<DecisionProcedure> ALL = List.of(new DistinctRegisterProcedure(), new DistinctQueueProcedure(),
            new DistinctStackProcedure(), new DistinctPriorityQueueProcedure(), new DistinctSetProcedure(),
            new GrowOnlySetProcedure());

    /** The engine name reported in {@link PartitionResult#engine()}, for example {@code distinct-register}. */
    String name();

    /**
     * Whether this procedure decides {@code prepared} (one partition's operations, as {@link Model#prepare} made
     * them) for {@code model}. Linear in the number of operations (expected, with hashing); never calls
     * {@link Model#step}.
     */
    boolean applies(Model<?> model, List<Operation> prepared);

    /**
     * Decides a partition for which {@link #applies} returned {@code true}. Polls {@code stop} now and then and
     * returns {@link Verdict#UNKNOWN} with reason {@link Replay#CANCELLED} once it says so. Returns {@code null}
     * in the (not expected) case that the procedure cannot decide after all, for example because its proposed
     * witness did not replay; the caller then runs a general engine.
     *
     * @param index the partition's index, for the result
     * @param label the partition's label, for the result
     */
    PartitionResult check(Model<?> model, List<Operation> prepared, int index, String label, BooleanSupplier stop);

    /**
     * Records the element that {@code input} inserts (adds, enqueues, pushes) in {@code seen}; false when the element has
     * no id or was inserted before, which disqualifies the distinct-value procedures.
     */
    static boolean firstInsert(java.util.BitSet seen, Object input) {
        int v = dev.ariadne.core.prepared.PreparedViews.element(input);
        if (v < 0 || seen.get(v)) {
            return false;
        }
        seen.set(v);
        return true;
    }

    /** The procedure with the given name, or {@code null}. */
    static DecisionProcedure named(String name) {
        for (DecisionProcedure p : ALL) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /** The first procedure that applies to {@code prepared}, or {@code null} when none does. */
    static DecisionProcedure find(Model<?> model, List<Operation> prepared) {
        for (DecisionProcedure p : ALL) {
            if (p.applies(model, prepared)) {
                return p;
            }
        }
        return null;
    }
}
