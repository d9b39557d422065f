package dev.ariadne.cli;

import picocli.CommandLine;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses memory sizes such as {@code 64m}, {@code 2g} or {@code 1048576} (bytes) into a byte count. */
final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    private static final Pattern FORMAT = Pattern.compile("(\\d{1,12})([kmg]?)b?");

    @Override
    public Long convert(String value) {
        Matcher m = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches() || Long.parseLong(m.group(1)) == 0) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a positive size such as 512m or 2g");
        }
        long n = Long.parseLong(m.group(1));
        int shift = switch (m.group(2)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            default -> 0;
        };
        if (n > (Long.MAX_VALUE >> shift)) {
            throw new CommandLine.TypeConversionException("'" + value + "' is too large");
        }
        return n << shift;
    }

    /** {@code bytes} for people: {@code 512 MiB}, {@code 5.9 GiB}, {@code 100 bytes}. */
    static String format(long bytes) {
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        if (bytes < 1024) {
            return bytes + " bytes";
        }
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        String number = value == Math.rint(value) ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.1f", value);
        return number + " " + units[unit];
    }
}
