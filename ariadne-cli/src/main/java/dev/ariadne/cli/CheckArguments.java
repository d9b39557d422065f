package dev.ariadne.cli;

import dev.ariadne.core.check.CheckOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Reads the arguments of an everyday {@code ariadne check} without picocli. Picocli's classes are compiled for
 * Java 5, which the JVM cannot keep in a class-data-sharing archive, and building its model of the commands by
 * reflection takes a third of a short run; a plain loop over the arguments takes none. Anything out of the
 * ordinary (help, a repeated or unknown option, a value that does not convert, {@code @argument-files}) makes
 * {@link #parse} return {@code null}, and picocli then reads the same arguments and gives its usual answer or
 * error. The fields set are exactly those picocli would set (CheckArgumentsTest compares the two).
 */
final class CheckArguments {
    private static final Map<String, BiConsumer<CheckCommand, String>> VALUED = Map.ofEntries(
            Map.entry("--model", (c, v) -> c.modelName = v),
            Map.entry("--tla", (c, v) -> c.tlaSpec = Path.of(v)),
            Map.entry("--cfg", (c, v) -> c.tlaConfig = Path.of(v)),
            Map.entry("--semantics", (c, v) -> c.tlaSemantics = v),
            Map.entry("--const", CheckArguments::constant),
            Map.entry("--format", (c, v) -> c.formatName = v),
            Map.entry("--initial", (c, v) -> c.initialText = v),
            Map.entry("--nil-read", (c, v) -> c.nilReadName = v),
            Map.entry("--failed-cas", (c, v) -> c.failedCasName = v),
            Map.entry("--engine", (c, v) -> c.engineName = v),
            Map.entry("--max-memory", (c, v) -> c.maxMemory = new SizeConverter().convert(v)),
            Map.entry("--timeout", (c, v) -> c.timeout = new DurationConverter().convert(v)),
            Map.entry("--threads", (c, v) -> c.threads = Integer.valueOf(v)),
            Map.entry("--html", (c, v) -> c.html = Path.of(v)),
            Map.entry("--core-timeout", (c, v) -> c.coreTimeout = new DurationConverter.OrZero().convert(v)),
            Map.entry("--follow-idle", (c, v) -> c.followIdle = new DurationConverter().convert(v)));
    private static final Map<String, java.util.function.Consumer<CheckCommand>> FLAGS = Map.of(
            "--independent", c -> c.independent = true,
            "--new-client-after-info", c -> c.newClientAfterInfo = true,
            "--no-partition", c -> c.noPartition = true,
            "--json", c -> c.json = true,
            "--follow", c -> c.follow = true,
            "--quiet", c -> c.quiet = true);

    private CheckArguments() {
    }

    /** The option names understood here, for the test that holds them equal to the annotated ones. */
    static Set<String> optionNames() {
        Set<String> names = new HashSet<>(VALUED.keySet());
        names.addAll(FLAGS.keySet());
        return names;
    }

    /**
     * The command for {@code args} (those after {@code check}) with picocli's defaults, or {@code null} when picocli
     * should read them.
     */
    static CheckCommand parse(String[] args) {
        CheckCommand c = new CheckCommand();
        c.formatName = "auto";
        c.nilReadName = "auto";
        c.failedCasName = "absent";
        c.engineName = "auto";
        c.coreTimeout = CheckOptions.DEFAULT_CORE_TIMEOUT; // the option's defaultValue, "5s"
        List<Path> files = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean onlyFiles = false;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.startsWith("@")) {
                    return null; // picocli's argument files
                }
                if (onlyFiles || a.equals("-") || !a.startsWith("-")) {
                    files.add(Path.of(a));
                    continue;
                }
                if (a.equals("--")) {
                    onlyFiles = true;
                    continue;
                }
                int eq = a.indexOf('=');
                String name = eq < 0 ? a : a.substring(0, eq);
                if (!seen.add(name)) {
                    return null; // given twice: picocli's error
                }
                if (FLAGS.containsKey(name) && eq < 0) {
                    FLAGS.get(name).accept(c);
                } else if (VALUED.containsKey(name)) {
                    String value;
                    if (eq >= 0) {
                        value = a.substring(eq + 1);
                    } else if (i + 1 < args.length && !isOptionName(args[i + 1])) {
                        value = args[++i];
                    } else {
                        return null; // missing value
                    }
                    VALUED.get(name).accept(c, value);
                } else {
                    return null; // help, version, unknown, or a flag with a value
                }
            }
        } catch (RuntimeException e) {
            return null; // a value that does not convert (or a path that cannot be): picocli's message
        }
        if (files.isEmpty()) {
            return null;
        }
        c.files = files;
        return c;
    }

    /** {@code --const NAME=VALUE}, split at the first {@code =} as picocli splits a map option. */
    private static void constant(CheckCommand c, String nameValue) {
        int eq = nameValue.indexOf('=');
        if (eq < 1) {
            throw new IllegalArgumentException("not NAME=VALUE: " + nameValue); // picocli says so
        }
        c.tlaConstants.put(nameValue.substring(0, eq), nameValue.substring(eq + 1));
    }

    private static boolean isOptionName(String arg) {
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg : arg.substring(0, eq);
        return VALUED.containsKey(name) || FLAGS.containsKey(name) || name.equals("--help") || name.equals("-h")
                || name.equals("--version") || name.equals("-V") || arg.equals("--");
    }
}
