package dev.ariadne.core.check;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * Evidence of a violation: a longest order the search could build, after which {@code unplaced} had returned
 * without any way to linearize it. Every operation in {@code candidates} (unplaced included) was called
 * before {@code unplaced} returned and was not yet placed; none of them could come next (the model rejected
 * it, or every continuation failed).
 *
 * An online checker that bounds its memory ({@code OnlineChecker.boundMemory}) keeps only the end of a long order:
 * then {@code omittedSteps} operations, no longer known, came before {@code steps}, which start from the state
 * they led to.
 *
 * @param steps        the operations placed, in order, with the state after each (after the omitted ones)
 * @param unplaced     the operation that could not be placed before its return
 * @param candidates   the operations that could have come next
 * @param omittedSteps how many operations placed before {@code steps} are not listed (0: the order starts from the
 *                     initial state)
 */
public record PartialLinearization(List<Step> steps, Operation unplaced, List<Operation> candidates,
                                   long omittedSteps) {

    /** An order that starts from the initial state (nothing omitted). */
    public PartialLinearization(List<Step> steps, Operation unplaced, List<Operation> candidates) {
        this(steps, unplaced, candidates, 0);
    }

    /** The length of the whole order: the omitted steps and the listed ones. */
    public long length() {
        return omittedSteps + steps.size();
    }
}
