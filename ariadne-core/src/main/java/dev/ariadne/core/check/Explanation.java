package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * Why a partition is not linearizable, made small: a minimal failing core of it and that core explained in words.
 * The core is a set of the partition's operations (as the model prepared them, ids kept, in call order) that is not
 * linearizable on its own, the other operations removed. When {@link #minimal()}, removing any one of its operations
 * makes it linearizable, or leaves an observation in it (an operation with a known output) that the partition's
 * operations could produce at some time (their intervals kept, their outputs forgotten) but the rest of the core
 * cannot: a core never fails only because an
 * operation it needs was left out (a read of 1 without the write of 1). When the budget ran out first, it is the
 * smallest failing set found.
 *
 * <p>The explanation lists the real-time precedences among the core's operations (each "returned before the other
 * was called", transitive ones left out), then every order of the core that real time allows, each up to the first
 * step the model rejects, with the state it was in, at most {@link #ORDERS_SHOWN} of them; and first, when the model can say it in its own terms
 * ({@link dev.ariadne.core.model.Model#explainViolation}), one sentence.
 *
 * @param core          the core's operations, in call order
 * @param minimal       whether the core was proven 1-minimal; {@code false} when the budget ran out (or an engine
 *                      could not decide) first, and the core is then the smallest failing one found so far
 * @param limit         when not {@link #minimal()}: why (for example {@code the core budget of 5s ran out}); else
 *                      {@code null}
 * @param summary       the model's one-sentence explanation, or {@code null} when it has none
 * @param initialState  the model's description of its initial state
 * @param precedences   the real-time precedences among the core's operations, earliest first
 * @param orders        the orders real time allows, each to its first rejected step; empty when none was looked at
 * @param ordersComplete whether {@code orders} holds every such order (else it stopped at {@link #ORDERS_SHOWN}
 *                      orders or at the budget)
 * @param checks        how many sub-histories the search checked
 * @param nanos         how long finding and explaining the core took
 */
public record Explanation(List<Operation> core, boolean minimal, String limit, String summary, String initialState,
                          List<Precedence> precedences, List<RejectedOrder> orders, boolean ordersComplete,
                          int checks, long nanos) {

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
     * One order of the core that real time allows, up to the first step the model rejects.
     *
     * @param steps    the operations the model accepted, in order, with the state after each
     * @param rejected the operation the model rejected next
     * @param state    the model's description of the state it was rejected in
     * @param text     in words, for example {@code #0 write(1), #2 write(2), then #3 read → 1 is rejected in state 2}
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
