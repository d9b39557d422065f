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
            new MatchedQueueProcedure(),
            new DistinctStackProcedure(), new DistinctPriorityQueueProcedure(), new DistinctSetProcedure(),
            new GrowOnlySetProcedure());

    /** The engine name reported in {@link PartitionResult#engine()}, for example {@code distinct-register}. */
    String name();

    /**
     * Whether this procedure decides {@code prepared} (one partition's operations, as {@link Model#prepare} made
     * them) for {@code model}. Linear in the number of operations (expected, with hashing); never calls
     * {@link Model#step}.
     */
    default boolean applies(Model<?> model, List<Operation> prepared) {
        return whyNot(model, prepared) == null;
    }

    /**
     * Why this procedure does not decide {@code prepared}, for a person who named it (for example {@code #4
     * write(3) writes a value written before, by #1}), or {@code null} when it {@link #applies}. History values in
     * it come from the model's escaping descriptions. As fast as {@link #applies}.
     */
    String whyNot(Model<?> model, List<Operation> prepared);

    /** {@code op} for a reason: {@code #id} and the model's description. */
    static String show(Model<?> model, Operation op) {
        return "#" + op.id() + " " + model.describeOperation(op.input(), op.output());
    }

    /** The reason for a model this procedure is not for. */
    static String notFor(Model<?> model, String modelNames) {
        return "it decides the " + modelNames + " model" + (modelNames.contains(" or ") ? "s" : "") + ", not "
                + model.name();
    }

    /**
     * Decides a partition for which {@link #applies} returned {@code true}. Polls {@code stop} now and then and
     * returns {@link Verdict#UNKNOWN} with reason {@link Replay#CANCELLED} once it says so. Returns {@code null}
     * when the procedure cannot decide after all (a proposed witness that did not replay, never expected of the
     * proven procedures; a guess that failed, for {@code matched-queue}); the caller then runs a general engine.
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

    /**
     * Why insert {@code op}, for which {@link #firstInsert} failed, disqualifies {@code prepared}: the earlier
     * operation that inserted its value ({@code inserted} is the verb, as {@code enqueued}), found by a second
     * pass, since the reason is only built when a partition does not qualify.
     */
    static String repeatedInsert(Model<?> model, List<Operation> prepared, Operation op, String inserted) {
        int v = dev.ariadne.core.prepared.PreparedViews.element(op.input());
        if (v < 0) {
            return show(model, op) + ": its value has no id the procedure can compare";
        }
        Object kind = dev.ariadne.core.prepared.PreparedViews.kind(op.input());
        for (Operation o : prepared) {
            if (o != op && dev.ariadne.core.prepared.PreparedViews.kind(o.input()) == kind
                    && dev.ariadne.core.prepared.PreparedViews.element(o.input()) == v) {
                return show(model, op) + ": its value was " + inserted + " before, by #" + o.id();
            }
        }
        return show(model, op) + ": its value was " + inserted + " before";
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
