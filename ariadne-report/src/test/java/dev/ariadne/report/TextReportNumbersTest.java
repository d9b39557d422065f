package dev.ariadne.report;

import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The text report's numbers, appended by hand instead of through {@code String.format} (whose first use costs a
 * small check's run more than the check), print exactly what the format strings they replaced printed.
 */
class TextReportNumbersTest {
    @Test
    void millisecondsAreWhatPercentPointOneFPrinted() {
        SplittableRandom random = new SplittableRandom(7);
        long[] edges = {0, 1, 49_999, 50_000, 99_999, 100_000, 149_999, 150_000, 1_450_000, 1_049_999, 1_050_000,
                999_950_000, 123_456_789_012L, 999_999_999_999_999L, 1_000_000_000_000_000L, Long.MAX_VALUE};
        for (long nanos : edges) {
            assertEquals(String.format(Locale.ROOT, "%.1f", nanos / 1e6), TextReport.tenthsOfMillis(nanos),
                    "nanos " + nanos);
        }
        for (int i = 0; i < 200_000; i++) {
            long nanos = random.nextLong(i % 2 == 0 ? 10_000_000L : 1_000_000_000_000_000L);
            assertEquals(String.format(Locale.ROOT, "%.1f", nanos / 1e6), TextReport.tenthsOfMillis(nanos),
                    "nanos " + nanos);
        }
    }

    @Test
    void operationTimesAreWhatPercentPointThreeFPrinted() {
        SplittableRandom random = new SplittableRandom(9);
        long[] edges = {0, 1, 499, 500, 999, 1000, 1_000_499, 1_000_500, 12_345_678, 999_999_999_999_999L,
                1_000_000_000_000_000L, -1, Long.MAX_VALUE};
        for (long nanos : edges) {
            assertEquals(String.format(Locale.ROOT, "%.3f", nanos / 1e6), TextReport.millis(nanos), "nanos " + nanos);
        }
        for (int i = 0; i < 200_000; i++) {
            long nanos = random.nextLong(i % 2 == 0 ? 10_000_000L : 1_000_000_000_000_000L);
            assertEquals(String.format(Locale.ROOT, "%.3f", nanos / 1e6), TextReport.millis(nanos), "nanos " + nanos);
        }
    }

    @Test
    void countsAreWhatPercentCommaDPrinted() {
        SplittableRandom random = new SplittableRandom(11);
        long[] edges = {0, 1, 999, 1000, 999_999, 1_000_000, -1, -999, -1000, Long.MAX_VALUE, Long.MIN_VALUE};
        for (long n : edges) {
            assertEquals(String.format(Locale.ROOT, "%,d", n), TextReport.grouped(n), "n " + n);
        }
        for (int i = 0; i < 100_000; i++) {
            long n = random.nextLong() >> random.nextInt(64);
            assertEquals(String.format(Locale.ROOT, "%,d", n), TextReport.grouped(n), "n " + n);
        }
    }
}
