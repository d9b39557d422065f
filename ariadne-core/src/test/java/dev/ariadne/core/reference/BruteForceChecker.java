package dev.ariadne.core.reference;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.NondeterministicModel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The specification of linearizability, executed: tries every order of the operations, with no cleverness, so
 * that it is obviously right and exponentially slow. Use it only on tiny histories (up to 8 or 9 operations).
 *
 * <p>An operation occupies the closed interval [call, ret]; A must come before B exactly when
 * {@code A.ret < B.call}. A completed operation must appear exactly once; a pending one (ret =
 * {@link Operation#PENDING}) at most once, anywhere after its call. So an operation may be placed next exactly
 * when every completed operation that returned strictly before its call is already placed (pending operations
 * never return, so they never have to come first). The history is linearizable when some such order of all
 * completed operations, plus any pending ones, is accepted by the model step by step from its initial state.
 */
public final class BruteForceChecker {
    private BruteForceChecker() {
    }

    /** Whether {@code history} is linearizable with respect to {@code model}. */
    public static <S> boolean isLinearizable(History history, Model<S> model) {
        return linearization(history, model).isPresent();
    }

    /**
     * A linearization of {@code history} (prepared operations, in order; pending ones included only when they
     * take effect), or empty when there is none.
     */
    public static <S> Optional<List<Operation>> linearization(History history, Model<S> model) {
        Transitions<S> steps = (state, op) -> {
            S next = model.step(state, op.input(), op.output());
            return next == null ? Set.of() : Set.of(next);
        };
        return linearization(prepare(history, model::prepare), List.of(model.init()), steps);
    }

    /**
     * Whether {@code history} is linearizable with respect to a nondeterministic model: some order and some
     * choice of successor state at every step works. (Independent of the subset construction engines use.)
     */
    public static <S> boolean isLinearizable(History history, NondeterministicModel<S> model) {
        Transitions<S> steps = (state, op) -> model.step(state, op.input(), op.output());
        return linearization(prepare(history, model::prepare), model.init(), steps).isPresent();
    }

    /** The states an operation may lead to; empty when the model rejects it. */
    private interface Transitions<S> {
        Collection<S> step(S state, Operation op);
    }

    private static List<Operation> prepare(History history, UnaryOperator<Operation> prepare) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : history.operations()) {
            ops.add(prepare.apply(op));
        }
        return ops;
    }

    private static <S> Optional<List<Operation>> linearization(List<Operation> ops, Collection<S> initial,
                                                               Transitions<S> model) {
        for (S init : initial) {
            List<Operation> order = new ArrayList<>();
            if (search(ops, model, init, new boolean[ops.size()], order)) {
                return Optional.of(List.copyOf(order));
            }
        }
        return Optional.empty();
    }

    private static <S> boolean search(List<Operation> ops, Transitions<S> model, S state, boolean[] placed,
                                      List<Operation> order) {
        if (allCompletedPlaced(ops, placed)) {
            return true;
        }
        for (int i = 0; i < ops.size(); i++) {
            Operation op = ops.get(i);
            if (placed[i] || !mayComeNext(ops, placed, op)) {
                continue;
            }
            placed[i] = true;
            order.add(op);
            for (S next : model.step(state, op)) {
                if (search(ops, model, next, placed, order)) {
                    return true;
                }
            }
            order.remove(order.size() - 1);
            placed[i] = false;
        }
        return false;
    }

    /** Every completed operation that returned strictly before {@code op} was called is placed. */
    private static boolean mayComeNext(List<Operation> ops, boolean[] placed, Operation op) {
        for (int j = 0; j < ops.size(); j++) {
            Operation before = ops.get(j);
            if (!placed[j] && !before.isPending() && before.ret() < op.call()) {
                return false;
            }
        }
        return true;
    }

    private static boolean allCompletedPlaced(List<Operation> ops, boolean[] placed) {
        for (int i = 0; i < ops.size(); i++) {
            if (!placed[i] && !ops.get(i).isPending()) {
                return false;
            }
        }
        return true;
    }
}
