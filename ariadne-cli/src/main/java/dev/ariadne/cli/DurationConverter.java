package dev.ariadne.cli;

import picocli.CommandLine;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations such as {@code 500ms}, {@code 1.5s}, {@code 30s}, {@code 0.5m} or {@code 1h} (a bare number is
 * seconds) into a positive {@link Duration}, exact to the nanosecond.
 */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)(ms|s|m|h)?");

    /** The same durations, and 0 (for an option that 0 turns off). */
    static final class OrZero implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            if (value.trim().matches("0(ms|s|m|h)?")) {
                return Duration.ZERO;
            }
            try {
                return new DurationConverter().convert(value);
            } catch (CommandLine.TypeConversionException e) {
                throw new CommandLine.TypeConversionException(
                        "'" + value + "' is not a duration such as 0, 500ms, 30s, 5m or 1h");
            }
        }
    }

    @Override
    public Duration convert(String value) {
        Matcher m = FORMAT.matcher(value.trim());
        if (!m.matches()) {
            throw notADuration(value);
        }
        long nanosPerUnit = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 1_000_000_000L;
        };
        BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.signum() == 0 || nanos.stripTrailingZeros().scale() > 0) {
            // zero, or finer than a nanosecond (0.0000000001s): no such duration
            throw notADuration(value);
        }
        return Duration.ofSeconds(
                nanos.divideToIntegralValue(BigDecimal.valueOf(1_000_000_000L)).longValueExact(),
                nanos.remainder(BigDecimal.valueOf(1_000_000_000L)).longValueExact());
    }

    private static CommandLine.TypeConversionException notADuration(String value) {
        return new CommandLine.TypeConversionException(
                "'" + value + "' is not a positive duration such as 500ms, 1.5s, 30s, 5m or 1h");
    }
}
