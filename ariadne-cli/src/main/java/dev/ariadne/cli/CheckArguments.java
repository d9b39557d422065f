package dev.ariadne.cli;

import dev.ariadne.core.check.CheckOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the arguments of an everyday {@code ariadne check} without picocli. Picocli's classes are compiled for
 * Java 5, which the JVM cannot keep in a class-data-sharing archive, and building its model of the commands by
 * reflection takes a third of a short run; a plain loop over the arguments takes none. Anything out of the
 * ordinary (help, a repeated or unknown option, a value that does not convert, {@code @argument-files}) makes
 * {@link #parse} return {@code null}, and picocli then reads the same arguments and gives its usual answer or
 * error. The fields set are exactly those picocli would set (CheckArgumentsTest compares the two).
 */
final class CheckArguments {
    // Switches, not maps of lambdas: each lambda's call site is linked on first use, and 22 of them took a few
    // milliseconds of every run's start (issue 23).
    private static final Set<String> VALUED = Set.of("--model", "--tla", "--cfg", "--semantics", "--const",
            "--format", "--initial", "--nil-read", "--failed-cas", "--engine", "--max-memory", "--timeout",
            "--threads", "--html", "--core-timeout", "--follow-idle");
    private static final Set<String> FLAGS = Set.of("--independent", "--new-client-after-info", "--no-partition",
            "--json", "--follow", "--quiet");

    /** Sets option {@code name} (one of {@link #VALUED}) of {@code c} to {@code v}, converted as picocli would. */
    private static void setValued(CheckCommand c, String name, String v) {
        switch (name) {
            case "--model" -> c.modelName = v;
            case "--tla" -> c.tlaSpec = Path.of(v);
            case "--cfg" -> c.tlaConfig = Path.of(v);
            case "--semantics" -> c.tlaSemantics = v;
            case "--const" -> constant(c, v);
            case "--format" -> c.formatName = v;
            case "--initial" -> c.initialText = v;
            case "--nil-read" -> c.nilReadName = v;
            case "--failed-cas" -> c.failedCasName = v;
            case "--engine" -> c.engineName = v;
            case "--max-memory" -> c.maxMemory = new SizeConverter().convert(v);
            case "--timeout" -> c.timeout = new DurationConverter().convert(v);
            case "--threads" -> c.threads = Integer.valueOf(v);
            case "--html" -> c.html = Path.of(v);
            case "--core-timeout" -> c.coreTimeout = new DurationConverter.OrZero().convert(v);
            case "--follow-idle" -> c.followIdle = new DurationConverter().convert(v);
            default -> throw new IllegalStateException("not a valued option: " + name);
        }
    }

    /** Sets flag {@code name} (one of {@link #FLAGS}) of {@code c}. */
    private static void setFlag(CheckCommand c, String name) {
        switch (name) {
            case "--independent" -> c.independent = true;
            case "--new-client-after-info" -> c.newClientAfterInfo = true;
            case "--no-partition" -> c.noPartition = true;
            case "--json" -> c.json = true;
            case "--follow" -> c.follow = true;
            case "--quiet" -> c.quiet = true;
            default -> throw new IllegalStateException("not a flag: " + name);
        }
    }

    private CheckArguments() {
    }

    /** The option names understood here, for the test that holds them equal to the annotated ones. */
    static Set<String> optionNames() {
        Set<String> names = new HashSet<>(VALUED);
        names.addAll(FLAGS);
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
                if (FLAGS.contains(name) && eq < 0) {
                    setFlag(c, name);
                } else if (VALUED.contains(name)) {
                    String value;
                    if (eq >= 0) {
                        value = a.substring(eq + 1);
                    } else if (i + 1 < args.length && !isOptionName(args[i + 1])) {
                        value = args[++i];
                    } else {
                        return null; // missing value
                    }
                    setValued(c, name, value);
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
        return VALUED.contains(name) || FLAGS.contains(name) || name.equals("--help") || name.equals("-h")
                || name.equals("--version") || name.equals("-V") || arg.equals("--");
    }
}
