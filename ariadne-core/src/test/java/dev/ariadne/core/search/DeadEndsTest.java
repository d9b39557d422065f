package dev.ariadne.core.search;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link DeadEnds} keeps the orders of the deepest dead ends by updating one buffer from the lowest depth the
 * search backtracked to: against a plain copy of the whole stack at every dead end, over a random walk of pushes,
 * pops and dead ends such as a dfs makes (deeper ones, and up to three at the greatest depth).
 */
class DeadEndsTest {
    @Test
    void theOrdersKeptAreTheStacksAtTheDeadEnds() {
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            DeadEnds dead = new DeadEnds();
            int[] stack = new int[2000];
            int depth = 0;
            int[] next = new int[4002];
            int head = 4000;
            // The reference: whole copies, as DeadEnds made them before.
            int expectedDepth = -1;
            List<int[]> expected = new ArrayList<>();
            List<Integer> unplaced = new ArrayList<>();
            for (int step = 0; step < 20_000; step++) {
                int r = random.nextInt(10);
                if (r < 5 && depth < stack.length) {
                    stack[depth++] = 2 * random.nextInt(1000); // a call entry
                } else if (r < 8 && depth > 0) {
                    depth--;
                    if (depth < dead.low) {
                        dead.low = depth;
                    }
                } else if (depth >= dead.depth) {
                    int ret = 2 * random.nextInt(6) + 1; // a few distinct unplaced operations
                    next[head] = ret;
                    dead.record(stack, depth, ret, next, head);
                    int[] order = new int[depth];
                    for (int i = 0; i < depth; i++) {
                        order[i] = stack[i] >> 1;
                    }
                    if (depth > expectedDepth) {
                        expectedDepth = depth;
                        expected.clear();
                        unplaced.clear();
                    }
                    if (expected.size() < DeadEnds.MAX && !unplaced.contains(ret >> 1)) {
                        expected.add(order);
                        unplaced.add(ret >> 1);
                    }
                }
                assertEquals(expectedDepth, dead.depth);
                assertEquals(expected.size(), dead.count(), "seed " + seed + ", step " + step);
                for (int k = 0; k < expected.size(); k++) {
                    assertArrayEquals(expected.get(k), dead.order(k),
                            "seed " + seed + ", step " + step + ", dead end " + k + ": " + Arrays.toString(dead.order(k)));
                }
            }
        }
    }
}
