package dev.ariadne.cli;

import picocli.CommandLine;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses durations such as {@code 500ms}, {@code 30s}, {@code 5m} or {@code 1h} (a bare number is seconds). */
final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,12})(ms|s|m|h)?");

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
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a positive duration such as 500ms, 30s, 5m or 1h");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }
}
