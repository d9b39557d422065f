package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * Why a partition is not linearizable, made small: a minimal failing core of it and that core explained in words.
 * The core is a set C of the partition's operations (as the model prepared them, ids kept, in call order) that cannot
 * be ordered <em>whatever the other operations did</em>: the relaxed history R(C), where C's operations keep their
 * intervals and outputs and every other operation may take effect within its interval, with its own output or an
 * unknown one, or not at all, is not linearizable. Every linearization of the partition is one of R(C), so a core
 * proves the violation (docs/semantics.md, "Minimal failing cores"). When {@link #minimal()}, removing any one of
 * its operations makes R linearizable. The search is budgeted in model steps, so the same history gives the same
 * core on every run.
 *
 * <p>When no core was found within the budget ({@link #found()} {@code false}), {@link #core()} holds instead a
 * bounded neighbourhood of the operation the engines could not place (at most
 * 50 operations: it and the operations called last before it returned), with no
 * sentence, precedences or orders: those are only said of a proven core.
 *
 * <p>The explanation lists the real-time precedences among the core's operations (each "returned before the other
 * was called", transitive ones left out; the times are the history's own), then every order of the core's
 * operations that real time allows, each up to the first step the model rejects, at most {@link #ORDERS_SHOWN} of
 * them, replayed under the same relaxation: between the core's steps the other operations may take effect within
 * their intervals or not at all, and an order is listed only when its last step is rejected in every state they can
 * lead to ("is rejected whatever the other operations did"); and first, when the model can say it in its own terms
 * ({@link dev.ariadne.core.model.Model#explainViolation}), one sentence.
 *
 * @param core          the core's operations, in call order; when not {@link #found()}, the failing operation's
 *                      neighbourhood
 * @param minimal       whether the core was proven 1-minimal; {@code false} when a check could not decide (its step
 *                      budget ran out), or no core was found
 * @param limit         when not {@link #minimal()}: why (for example {@code the core budget of 5s ran out}); else
 *                      {@code null}
 * @param summary       the model's one-sentence explanation, or {@code null} when it has none or no core was found
 * @param initialState  the model's description of its initial state
 * @param precedences   the real-time precedences among the core's operations, earliest first (empty when not found)
 * @param orders        the orders real time allows, each to its first step rejected whatever the other operations
 *                      did; empty when none was looked at
 * @param ordersComplete whether {@code orders} holds every such order (else it stopped at {@link #ORDERS_SHOWN}
 *                      orders or at the budget)
 * @param checks        how many relaxed histories and sets the search checked
 * @param nanos         how long finding and explaining the core took
 * @param found         whether {@link #core()} is a proven core; {@code false} when the budget ran out first (or
 *                      only a core of more than 50 operations was found)
 */
public record Explanation(List<Operation> core, boolean minimal, String limit, String summary, String initialState,
                          List<Precedence> precedences, List<RejectedOrder> orders, boolean ordersComplete,
                          int checks, long nanos, boolean found) {

    /** The most orders an explanation lists. */
    public static final int ORDERS_SHOWN = 64;

    public Explanation {
        core = List.copyOf(core);
        precedences = List.copyOf(precedences);
        orders = List.copyOf(orders);
    }

    /**
     * One real-time precedence: {@code first} returned before {@code second} was called, so every linearization
     * places {@code first} first.
     *
     * @param first  the operation that returned first
     * @param second the operation called after it returned
     * @param text   in words, with the model's descriptions (escaped), for example
     *               {@code #12 write(2) returned at 31 before #17 read → 1 was called at 40}
     */
    public record Precedence(Operation first, Operation second, String text) {
    }

    /**
     * One order of the core that real time allows, up to the first step the model rejects whatever the other
     * operations did (they may take effect within their intervals, with any output, or not at all).
     *
     * @param steps    the core operations the model accepted, in order, each with the states the object may be in
     *                 right after it (a set of the model's states, described)
     * @param rejected the operation the model rejects next
     * @param state    the model's description of the states it is rejected in: every state the other operations
     *                 may have left ({@code 2}, or {@code one of 2: 1 | 2}, at most 8 named)
     * @param text     in words, for example {@code #0 write(1), #2 write(2), then #3 read → 1 is rejected whatever the
     *                 other operations did: the state can only be 2}
     */
    public record RejectedOrder(List<Step> steps, Operation rejected, String state, String text) {
        public RejectedOrder {
            steps = List.copyOf(steps);
        }
    }

    /** How long finding and explaining the core took, in milliseconds. */
    public double millis() {
        return nanos / 1e6;
    }
}
