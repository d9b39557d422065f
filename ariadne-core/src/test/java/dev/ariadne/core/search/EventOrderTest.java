package dev.ariadne.core.search;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The dfs searches' event order (by time, calls before returns at equal times, then by entry) is the same whether
 * the times are packed into sortable longs or compared one by one, and the same as the boxed comparator sort it
 * replaced, on random histories with ties, pending returns (Long.MAX_VALUE) and times at both ends of the range.
 */
class EventOrderTest {
    @Test
    void packedAndComparedOrdersAgreeWithTheComparatorSort() {
        SplittableRandom random = new SplittableRandom(42);
        for (int round = 0; round < 2_000; round++) {
            int n = random.nextInt(1, 40);
            long[] time = new long[2 * n];
            int shape = round % 4;
            for (int i = 0; i < n; i++) {
                long call = switch (shape) {
                    case 0 -> random.nextLong(10); // many ties
                    case 1 -> random.nextLong(1_000_000_000L);
                    case 2 -> random.nextLong(Long.MIN_VALUE, Long.MAX_VALUE - 20); // too far apart to pack
                    default -> i; // in call order
                };
                time[2 * i] = call;
                time[2 * i + 1] = random.nextInt(5) == 0 ? Long.MAX_VALUE
                        : call + random.nextLong(10); // every call is at most Long.MAX_VALUE - 20
            }
            int[] expected = reference(time);
            assertArrayEquals(expected, EventOrder.sorted(time), "round " + round);
            assertArrayEquals(expected, EventOrder.merged(time), "round " + round);
        }
    }

    /** The boxed sort the searches used before: stable, by time, calls first at equal times. */
    private static int[] reference(long[] time) {
        Integer[] order = new Integer[time.length];
        for (int e = 0; e < order.length; e++) {
            order[e] = e;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Long.compare(time[a], time[b]);
            return c != 0 ? c : Integer.compare(a & 1, b & 1);
        });
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }
}
