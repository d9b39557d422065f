package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.List;

/**
 * Puts a failing core into words (see {@link Explanation}): the real-time precedences among its operations, every
 * order real time allows up to the first step the model rejects, and the model's own sentence if it has one.
 * Cores are small, but the orders of a larger one (the budget ran out before it was minimal) can be many, so the
 * enumeration stops at {@link Explanation#ORDERS_SHOWN} orders, {@link #MAX_STEPS} model steps or the deadline.
 */
final class Explainer<S> {
    static final int MAX_STEPS = 100_000;
    /** The largest core the model is asked to put into a sentence ({@link #summary}). */
    static final int SUMMARY_MAX_OPERATIONS = 256;
    /** The orders are listed after the core search, so they get a little time even when it used all of its own. */
    private static final long GRACE_NANOS = 200_000_000L;

    private final Model<S> model;
    private final List<Operation> core;
    private final long deadline;
    private final List<Explanation.RejectedOrder> orders = new ArrayList<>();
    private int steps;
    private boolean complete = true;

    private Explainer(Model<S> model, List<Operation> core, long deadline) {
        this.model = model;
        this.core = core;
        this.deadline = deadline;
    }

    /** The explanation of {@code core}. */
    static <S> Explanation explain(Model<S> model, List<Operation> core, boolean minimal, String limit, int checks,
                                   long start, long deadline) {
        Explainer<S> e = new Explainer<>(model, core, Math.max(deadline, System.nanoTime()) + GRACE_NANOS);
        List<Explanation.Precedence> precedences = precedences(model, core);
        e.explore(new ArrayList<>(), model.init(), new boolean[core.size()]);
        return new Explanation(core, minimal, limit, summary(model, core),
                model.describeState(model.init()), precedences, e.orders, e.complete, checks,
                System.nanoTime() - start, true);
    }

    /**
     * The explanation when no core was found: {@code neighbourhood} (bounded) shown instead, with why, and nothing
     * said of it (no sentence, precedences or orders, which are only true of a core).
     */
    static <S> Explanation notFound(Model<S> model, List<Operation> neighbourhood, String why, int checks,
                                    long start) {
        return new Explanation(neighbourhood, false, why, null, model.describeState(model.init()), List.of(),
                List.of(), false, checks, System.nanoTime() - start, false);
    }

    /**
     * The model's sentence; a hint that fails must not cost the person the rest of the evidence. Not asked of a
     * core of more than {@link #SUMMARY_MAX_OPERATIONS}: the hints look at every pair or triple of operations (a
     * 50,000-operation core kept a queue's hint busy for minutes), and a sentence about a core the budget left that
     * large would not point at the violation anyway.
     */
    private static <S> String summary(Model<S> model, List<Operation> core) {
        if (core.size() > SUMMARY_MAX_OPERATIONS) {
            return null;
        }
        try {
            return model.explainViolation(core);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Each pair where one returned before the other was called, without those implied by two others: {@code a}
     * before {@code b} is implied when some {@code m} was called after {@code a} returned and returned before
     * {@code b} was called, so {@code a}'s own pairs are the operations called after it returned and no later than
     * the earliest return among those called after it returned. O(k log k) and the pairs, for a core of k.
     */
    static <S> List<Explanation.Precedence> precedences(Model<S> model, List<Operation> core) {
        int k = core.size();
        Operation[] byCall = core.toArray(new Operation[0]);
        java.util.Arrays.sort(byCall, (x, y) -> Long.compare(x.call(), y.call()));
        long[] calls = new long[k];
        // laterReturn[i]: the earliest return among the completed operations from byCall[i] on.
        long[] laterReturn = new long[k + 1];
        laterReturn[k] = Long.MAX_VALUE;
        for (int i = k - 1; i >= 0; i--) {
            calls[i] = byCall[i].call();
            laterReturn[i] = Math.min(laterReturn[i + 1], byCall[i].isPending() ? Long.MAX_VALUE : byCall[i].ret());
        }
        List<Explanation.Precedence> out = new ArrayList<>();
        for (Operation a : core) {
            if (a.isPending()) {
                continue;
            }
            int first = firstCalledAfter(calls, a.ret());
            long bound = laterReturn[first]; // b is implied by some m when m.ret < b.call
            for (int i = first; i < k && calls[i] <= bound; i++) {
                Operation b = byCall[i];
                out.add(new Explanation.Precedence(a, b, "#" + a.id() + " " + describe(model, a)
                        + " returned at " + a.ret() + " before #" + b.id() + " " + describe(model, b)
                        + " was called at " + b.call()));
            }
        }
        out.sort((x, y) -> x.first().ret() != y.first().ret() ? Long.compare(x.first().ret(), y.first().ret())
                : Long.compare(x.second().call(), y.second().call()));
        return out;
    }

    /** The index of the first call after {@code time} in the sorted {@code calls}. */
    private static int firstCalledAfter(long[] calls, long time) {
        int lo = 0;
        int hi = calls.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (calls[mid] <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** Whether real time puts {@code a} before {@code b}: it returned before {@code b} was called. */
    private static boolean before(Operation a, Operation b) {
        return !a.isPending() && a.ret() < b.call();
    }

    private static <S> String describe(Model<S> model, Operation op) {
        return model.describeOperation(op.input(), op.output());
    }

    /**
     * Every order from here: each operation real time lets come next (every completed one that returned before its
     * call already placed) is tried; a rejection ends an order, an acceptance goes on. Pending operations may be
     * left out, which is not listed separately: it is any order that does not place them.
     */
    private void explore(List<Step> placedSteps, S state, boolean[] placed) {
        // An operation can come next when no other unplaced completed one returned before it was called; its own
        // return is never before its call, so the earliest return among all the unplaced ones decides.
        long firstReturn = Long.MAX_VALUE;
        for (int j = 0; j < core.size(); j++) {
            if (!placed[j] && !core.get(j).isPending()) {
                firstReturn = Math.min(firstReturn, core.get(j).ret());
            }
        }
        for (int i = 0; i < core.size(); i++) {
            if (placed[i] || core.get(i).call() > firstReturn) {
                continue;
            }
            if (orders.size() >= Explanation.ORDERS_SHOWN || steps >= MAX_STEPS || System.nanoTime() > deadline) {
                complete = false;
                return;
            }
            Operation op = core.get(i);
            steps++;
            S next = model.step(state, op.input(), op.output());
            if (next == null) {
                String described = model.describeState(state);
                orders.add(new Explanation.RejectedOrder(placedSteps, op, described,
                        orderText(placedSteps, op, described)));
                continue;
            }
            placed[i] = true;
            placedSteps.add(Step.described(op, next, model));
            explore(placedSteps, next, placed);
            placedSteps.remove(placedSteps.size() - 1);
            placed[i] = false;
        }
    }

    private String orderText(List<Step> placedSteps, Operation rejected, String state) {
        StringBuilder s = new StringBuilder();
        for (Step step : placedSteps) {
            s.append('#').append(step.operation().id()).append(' ').append(describe(model, step.operation()))
                    .append(", ");
        }
        s.append(placedSteps.isEmpty() ? "" : "then ").append('#').append(rejected.id()).append(' ')
                .append(describe(model, rejected)).append(placedSteps.isEmpty() ? " first" : "")
                .append(" is rejected in ").append(placedSteps.isEmpty() ? "the initial state " : "state ")
                .append(state);
        return s.toString();
    }
}
