package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * Why a partition is not linearizable, made small: a minimal failing core of it and that core explained in words.
 * The core is a set of the partition's operations (as the model prepared them, ids kept, in call order) that is not
 * linearizable on its own, the other operations removed. It has two parts. Its {@link #observed() observations}
 * (operations whose outputs are part of the contradiction) cannot all be explained even with everything the
 * partition's operations did, every other output forgotten; forget any one more of them and the partition is
 * linearizable. Its other operations are those whose effects (not outputs) the contradiction needs: without any one
 * of them the core is linearizable, or an observation that the operations called before the observations' last
 * return could produce (in some order) could no longer be produced by the rest of them. That second rule keeps out cores that fail only because an operation was
 * left out (a read of 1 without the write of 1). The core is all of that when {@link #minimal()}; when the budget
 * ran out first it is the smallest failing set found.
 *
 * <p>The explanation lists the real-time precedences among the core's operations (each "returned before the other
 * was called", transitive ones left out), then every order of the core that real time allows, each up to the first
 * step the model rejects, with the state it was in, at most {@link #ORDERS_SHOWN} of them (the operations that are
 * not observations step with their outputs forgotten); and first, when the model can say it in its own terms
 * ({@link dev.ariadne.core.model.Model#explainViolation}), one sentence.
 *
 * @param core          the core's operations, in call order
 * @param observed      those of them whose outputs contradict each other (the others count for their effects)
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
public record Explanation(List<Operation> core, List<Operation> observed, boolean minimal, String limit, String summary, String initialState,
                          List<Precedence> precedences, List<RejectedOrder> orders, boolean ordersComplete,
                          int checks, long nanos) {

    /** The most orders an explanation lists. */
    public static final int ORDERS_SHOWN = 64;

    public Explanation {
        core = List.copyOf(core);
        observed = List.copyOf(observed);
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
