package dev.ariadne.core.search;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Which operation each one waits for in the frontier ({@link PendingOperations#frontierPredecessors}): a pending
 * operation for the previous pending one with an equal input; a completed one for the completed operation with an
 * equal input and output that is open at its call and returns last no later than it.
 */
class PendingOperationsTest {
    private static Operation write(int id, long value, long call, long ret) {
        return Operation.of(id, id, Invocation.of("write", value), null, call, ret);
    }

    @Test
    void aCompletedOperationWaitsForTheEqualOneOpenAtItsCallThatReturnsLastNoLaterThanIt() {
        Operation[] ops = {
                write(0, 1, 0, 10), // open at every call below
                write(1, 1, 1, 5),  // returns first: waits for nothing
                write(2, 1, 2, 8),  // 1 (returns at 5) and 0 (at 10): only 1 returns no later; it returns last
                write(3, 2, 3, 9),  // another value: waits for nothing
                write(4, 1, 6, 20), // 1 returned before its call; 2 (8) and 0 (10): 0 returns last
                write(5, 1, 11, 12), // 0, 1, 2 returned before its call; 4 returns later
                Operation.pending(6, 6, Invocation.of("write", 1L), 12),
                Operation.pending(7, 7, Invocation.of("write", 1L), 13),
        };
        assertArrayEquals(new int[] {-1, -1, 1, -1, 0, -1, -1, 6}, PendingOperations.frontierPredecessors(ops));
    }

    @Test
    void equalReturnsAreOrderedByCall() {
        Operation[] ops = {write(0, 1, 0, 10), write(1, 1, 1, 10), write(2, 1, 2, 10)};
        assertArrayEquals(new int[] {-1, 0, 1}, PendingOperations.frontierPredecessors(ops));
    }

    @Test
    void differentOutputsAreNotEqualOperations() {
        Operation[] ops = {
                Operation.of(0, 0, Invocation.of("read", null), 1L, 0, 10),
                Operation.of(1, 1, Invocation.of("read", null), 2L, 1, 10),
                Operation.of(2, 2, Invocation.of("read", null), 1L, 2, 10),
        };
        assertArrayEquals(new int[] {-1, -1, 0}, PendingOperations.frontierPredecessors(ops));
    }
}
