package dev.ariadne.spark;

import dev.ariadne.core.history.Values;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import dev.ariadne.report.HtmlReport;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code spark-submit} entry point: {@code SparkCheck [options] INPUT...} checks the input as
 * {@link AriadneSpark#check} does, writes the per-key table ({@code OUTPUT/results}, Parquet or JSON lines) and
 * {@code OUTPUT/summary.json}, prints a short summary and exits as {@code ariadne check} does: 0 linearizable, 1 not
 * linearizable, 2 unknown, 64 usage error, 65 invalid input, 70 internal error, 74 output not written. The options
 * are those of {@code ariadne check} that apply per key; see {@code docs/spark.md}.
 */
public final class SparkCheck {
    private SparkCheck() {
    }

    static final String USAGE = """
            Usage: spark-submit --class dev.ariadne.spark.SparkCheck ariadne-spark.jar [options] INPUT...
            Checks a history (all INPUT files, in name order) per key on Spark, or with --per-file every file as a
            history of its own. INPUT: files, directories or globs on any Hadoop file system.
              --output DIR            write DIR/results (the per-key table) and DIR/summary.json
              --output-format FMT     parquet (default) or json (JSON lines)
              --overwrite             replace DIR's results and summary if they exist
              --per-file              every file is a history of its own (a directory of many small histories)
              --format FORMAT         auto (default), json, edn, jepsen-json, jepsen-log
              --model NAME            a built-in model (default: inferred as ariadne check infers it)
              --initial VALUE         the model's initial value (EDN or JSON)
              --independent           Jepsen's independent checker: values are [key value] pairs
              --nil-read MODE         auto (default), absent or unknown
              --no-partition          check the history as one key
              --engine ENGINE         auto (default), dfs, frontier, ...
              --timeout DURATION      time budget of one key (default 10m)
              --max-memory SIZE       memory budget of one key's search (default: half the executor heap / its tasks)
              --core-timeout DURATION budget of a violation's minimal failing core (default 5s; 0: none)
              --max-key-operations N  a key with more operations is UNKNOWN, not checked (default 20000000)
              --partitions N          shuffle partitions of the per-key stage (default: 4 per core, at least 1 per file)
              --hot-key-operations N  a key with more operations is hot: checked alone in its executor, with the
                                      memory of the whole executor, after the other keys (default 1000000; 0: off)
              --json                  print summary.json's document instead of the text summary
            Then, for one key's HTML page: SparkCheck report --results DIR --key KEY --html FILE.html
            Exit status: 0 linearizable, 1 not linearizable, 2 unknown, 64 usage, 65 invalid input, 70 internal, 74 output.
            """;

    static final String REPORT_USAGE = """
            Usage: spark-submit --class dev.ariadne.spark.SparkCheck ariadne-spark.jar report --results DIR --key KEY \\
                     --html FILE.html
            Writes the HTML report (docs/report.md) of one key of a check's results: its operations are found in the
            check's input again (as DIR/check.json records it) and checked in the driver.
              --results DIR   the --output directory of the check
              --key KEY       the key as the table names it (key "x"), or the bare key (x)
              --html FILE     the page to write
            Exit status: the key's as ariadne check's (0, 1, 2), 64 usage (no such key), 65 invalid input, 74 output.
            """;

    /** The parsed command line. */
    record Command(CheckSpec spec, String output, String outputFormat, boolean overwrite, boolean json) {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the command line, printing to {@code out} and {@code err}; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0 && args[0].equals("report")) {
            return report(java.util.Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        Command c;
        try {
            c = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("ariadne-spark: " + e.getMessage());
            err.print(USAGE);
            return 64;
        }
        if (c == null) {
            out.print(USAGE);
            return 0;
        }
        SparkSession.Builder builder = SparkSession.builder().appName("ariadne check");
        if (!new org.apache.spark.SparkConf().contains("spark.master")) {
            // run directly (java -cp ...), not by spark-submit: the cores of this machine
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            return check(spark, c, out, err);
        } finally {
            spark.stop();
        }
    }

    static int check(SparkSession spark, Command c, PrintStream out, PrintStream err) {
        Dataset<KeyResult> results;
        try {
            results = AriadneSpark.check(spark, c.spec());
        } catch (SparkCheckException e) {
            err.println("ariadne-spark: " + e.getMessage());
            return e.status();
        } catch (RuntimeException e) {
            err.println("ariadne-spark: internal error: " + e);
            return 70;
        }
        Summary summary = Summary.of(results);
        if (c.output() != null) {
            try {
                results.write().mode(c.overwrite() ? SaveMode.Overwrite : SaveMode.ErrorIfExists)
                        .format(c.outputFormat()).save(c.output() + "/results");
                Path file = new Path(c.output(), "summary.json");
                FileSystem fs = file.getFileSystem(spark.sparkContext().hadoopConfiguration());
                try (FSDataOutputStream s = fs.create(file, c.overwrite())) {
                    s.write(summary.toJson().getBytes(StandardCharsets.UTF_8));
                }
                try (FSDataOutputStream s = fs.create(new Path(c.output(), "check.json"), c.overwrite())) {
                    s.write(CheckFile.toJson(c.spec()).getBytes(StandardCharsets.UTF_8));
                }
            } catch (Exception e) {
                err.println("ariadne-spark: cannot write " + Values.escape(c.output()) + ": "
                        + firstLine(e.getMessage()));
                return 74;
            }
        }
        if (c.json()) {
            out.print(summary.toJson());
        } else {
            out.print(text(summary, c));
        }
        out.flush();
        return summary.status();
    }

    /** {@code report}: the HTML page of one key of a check's results. */
    static int report(String[] args, PrintStream out, PrintStream err) {
        String results = null;
        String key = null;
        String html = null;
        try {
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                if (a.equals("--help") || a.equals("-h")) {
                    out.print(REPORT_USAGE);
                    return 0;
                }
                if (!List.of("--results", "--key", "--html").contains(a)) {
                    throw new IllegalArgumentException("unknown option '" + a + "'");
                }
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(a + " needs a value");
                }
                String v = args[++i];
                switch (a) {
                    case "--results" -> results = v;
                    case "--key" -> key = v;
                    default -> html = v;
                }
            }
            if (results == null || key == null || html == null) {
                throw new IllegalArgumentException("report needs --results, --key and --html");
            }
        } catch (IllegalArgumentException e) {
            err.println("ariadne-spark: " + e.getMessage());
            err.print(REPORT_USAGE);
            return 64;
        }
        SparkSession.Builder builder = SparkSession.builder().appName("ariadne report");
        if (!new org.apache.spark.SparkConf().contains("spark.master")) {
            builder.master("local[*]");
        }
        SparkSession spark = builder.getOrCreate();
        try {
            return report(spark, results, key, html, out, err);
        } finally {
            spark.stop();
        }
    }

    static int report(SparkSession spark, String results, String key, String html, PrintStream out,
                      PrintStream err) {
        CheckSpec spec;
        Dataset<Row> table;
        try {
            Path checkFile = new Path(results, "check.json");
            FileSystem fs = checkFile.getFileSystem(spark.sparkContext().hadoopConfiguration());
            String json;
            try (java.io.InputStream in = fs.open(checkFile)) {
                json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            spec = CheckFile.fromJson(json);
            String tableDir = results + "/results";
            try {
                table = spark.read().parquet(tableDir);
            } catch (Exception notParquet) {
                table = spark.read().json(tableDir);
            }
        } catch (Exception e) {
            err.println("ariadne-spark: cannot read the results in " + Values.escape(results) + ": "
                    + firstLine(e.getMessage()));
            return 65;
        }
        String bare = "key " + Values.show(key);
        List<Row> rows = table.where(functions.col("key").isin(key, bare)).select("key", "verdict")
                .collectAsList();
        if (rows.isEmpty()) {
            err.println("ariadne-spark: the results in " + Values.escape(results) + " have no key "
                    + Values.escape(key) + (key.startsWith("key ") ? "" : " (nor " + bare + ")"));
            return 64;
        }
        Row row = rows.stream().filter(r -> r.getString(0).equals(key)).findFirst().orElse(rows.get(0));
        String label = row.getString(0);
        AriadneSpark.KeyReport k;
        try {
            k = AriadneSpark.keyReport(spark, spec, label);
        } catch (SparkCheckException e) {
            err.println("ariadne-spark: " + e.getMessage());
            return e.status();
        }
        if (k == null) {
            err.println("ariadne-spark: the input no longer holds " + Values.escape(label) + " (changed since the "
                    + "check?)");
            return 65;
        }
        String verdict = k.result().verdict().name();
        if (!verdict.equals(row.getString(1))) {
            err.println("ariadne-spark: note: " + Values.escape(label) + " is " + verdict + " now, "
                    + row.getString(1) + " in the results (a budget, or the input changed)");
        }
        try {
            Path page = new Path(html);
            FileSystem fs = page.getFileSystem(spark.sparkContext().hadoopConfiguration());
            try (FSDataOutputStream s = fs.create(page, true)) {
                HtmlReport.of(label, k.history(), k.model(), k.result()).write(s);
            }
        } catch (Exception e) {
            err.println("ariadne-spark: cannot write " + Values.escape(html) + ": " + firstLine(e.getMessage()));
            return 74;
        }
        out.println(label + ": " + verdict + ", " + k.history().size() + " operations; page: "
                + Values.escape(html));
        out.flush();
        return switch (k.result().verdict()) {
            case LINEARIZABLE -> 0;
            case NOT_LINEARIZABLE -> 1;
            default -> 2;
        };
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "unknown error";
        }
        int nl = s.indexOf('\n');
        return Values.escape(nl < 0 ? s : s.substring(0, nl));
    }

    /** The text summary: counts, the violating and unknown keys (a few), and where the table is. */
    static String text(Summary s, Command c) {
        StringBuilder b = new StringBuilder();
        b.append(s.keys()).append(s.keys() == 1 ? " key, " : " keys, ").append(s.operations())
                .append(" operations:");
        s.verdicts().forEach((v, n) -> b.append(' ').append(n).append(' ').append(v).append(','));
        b.setLength(b.length() - (s.verdicts().isEmpty() ? 0 : 1));
        b.append('\n');
        if (!s.violating().isEmpty()) {
            b.append("not linearizable: ").append(list(s.violating())).append('\n');
        }
        if (!s.unknown().isEmpty()) {
            List<String> u = new ArrayList<>();
            s.unknown().forEach((k, why) -> u.add(k + " (" + why + ")"));
            b.append(s.verdicts().containsKey(AriadneSpark.INVALID_INPUT) ? "unknown or invalid: " : "unknown: ")
                    .append(list(u)).append('\n');
        }
        if (!s.hot().isEmpty()) {
            List<String> h = new ArrayList<>();
            for (KeyResult r : s.hot()) {
                h.add(r.getKey() + " (" + r.getOperations() + " operations, " + r.getVerdict() + ", "
                        + String.format(Locale.ROOT, "%.1f s", r.getMillis() / 1000) + ", heap peak "
                        + (r.getHeapPeak() == null ? "?" : (r.getHeapPeak() >> 20) + " MiB") + ", search budget "
                        + (r.getMemoryBudget() >> 20) + " MiB)");
            }
            b.append("hot keys, each checked alone in its executor: ").append(list(h)).append('\n');
        }
        if (c.output() != null) {
            b.append("per-key results: ").append(c.output()).append("/results (").append(c.outputFormat())
                    .append("), summary: ").append(c.output()).append("/summary.json\n");
        }
        return b.toString();
    }

    private static String list(List<String> items) {
        return String.join(", ", items.subList(0, Math.min(5, items.size())))
                + (items.size() > 5 ? ", … (" + items.size() + " listed in summary.json)" : "");
    }

    /** The command line, or {@code null} for {@code --help}. */
    static Command parse(String[] args) {
        List<String> inputs = new ArrayList<>();
        CheckSpec spec = CheckSpec.of("-");
        String output = null;
        String outputFormat = "parquet";
        boolean overwrite = false;
        boolean json = false;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String v = null;
            int eq = a.indexOf('=');
            if (a.startsWith("--") && eq > 0) {
                v = a.substring(eq + 1);
                a = a.substring(0, eq);
            }
            switch (a) {
                case "--help", "-h" -> {
                    return null;
                }
                case "--per-file" -> spec = spec.withPerFile(true);
                case "--independent" -> spec = spec.withIndependent(true);
                case "--no-partition" -> spec = spec.withPartition(false);
                case "--overwrite" -> overwrite = true;
                case "--json" -> json = true;
                case "--output", "--output-format", "--format", "--model", "--initial", "--nil-read", "--engine",
                        "--timeout", "--max-memory", "--core-timeout", "--max-key-operations", "--partitions",
                        "--hot-key-operations" -> {
                    if (v == null) {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException(a + " needs a value");
                        }
                        v = args[++i];
                    }
                    switch (a) {
                        case "--output" -> output = v;
                        case "--output-format" -> {
                            outputFormat = v.toLowerCase(Locale.ROOT);
                            if (!outputFormat.equals("parquet") && !outputFormat.equals("json")) {
                                throw new IllegalArgumentException("unknown --output-format '" + v
                                        + "' (expected parquet or json)");
                            }
                        }
                        case "--format" -> spec = spec.withFormat(v);
                        case "--model" -> spec = spec.withModel(v);
                        case "--initial" -> spec = spec.withInitial(v);
                        case "--nil-read" -> spec = spec.withNilRead(v.strip().toLowerCase(Locale.ROOT));
                        case "--engine" -> spec = spec.withEngine(v);
                        case "--timeout" -> spec = spec.withKeyTimeout(duration(a, v, false));
                        case "--core-timeout" -> spec = spec.withCoreTimeout(duration(a, v, true));
                        case "--max-memory" -> spec = spec.withKeyMaxMemory(size(a, v));
                        case "--max-key-operations" -> spec = spec.withMaxKeyOperations(positive(a, v));
                        case "--partitions" -> spec = spec.withPartitions(positive(a, v));
                        case "--hot-key-operations" -> spec = spec.withHotKeyOperations(count(a, v));
                        default -> throw new IllegalStateException(a);
                    }
                }
                default -> {
                    if (a.startsWith("-") && !a.equals("-")) {
                        throw new IllegalArgumentException("unknown option '" + a + "'");
                    }
                    inputs.add(a);
                }
            }
        }
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no INPUT given");
        }
        spec = new CheckSpec(inputs, spec.format(), spec.model(), spec.initial(), spec.independent(), spec.nilRead(),
                spec.perFile(), spec.partition(), spec.engine(), spec.keyTimeout(), spec.keyMaxMemory(),
                spec.coreTimeout(), spec.maxKeyOperations(), spec.partitions(), spec.hotKeyOperations());
        return new Command(spec, output, outputFormat, overwrite, json);
    }

    private static final Pattern DURATION = Pattern.compile("(\\d{1,12}(?:\\.\\d{1,9})?)(ms|s|m|h)?");
    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})([kmg]?)b?");

    /** {@code 500ms}, {@code 1.5s}, {@code 30s}, {@code 5m}, {@code 1h} (a bare number is seconds), as ariadne check. */
    static Duration duration(String option, String value, boolean zeroAllowed) {
        String v = value.strip();
        if (zeroAllowed && v.matches("0(ms|s|m|h)?")) {
            return Duration.ZERO;
        }
        Matcher m = DURATION.matcher(v);
        if (m.matches()) {
            long unit = switch (m.group(2) == null ? "s" : m.group(2)) {
                case "ms" -> 1_000_000L;
                case "m" -> 60_000_000_000L;
                case "h" -> 3_600_000_000_000L;
                default -> 1_000_000_000L;
            };
            BigDecimal nanos = new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(unit));
            if (nanos.signum() > 0 && nanos.stripTrailingZeros().scale() <= 0) {
                return Duration.ofNanos(nanos.longValueExact());
            }
        }
        throw new IllegalArgumentException(option + ": '" + value + "' is not a " + (zeroAllowed ? "" : "positive ")
                + "duration such as " + (zeroAllowed ? "0, " : "") + "500ms, 30s, 5m or 1h");
    }

    /** {@code 512m}, {@code 2g}, {@code 1048576} (bytes), as ariadne check's --max-memory. */
    static long size(String option, String value) {
        Matcher m = SIZE.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (m.matches() && Long.parseLong(m.group(1)) > 0) {
            int shift = switch (m.group(2)) {
                case "k" -> 10;
                case "m" -> 20;
                case "g" -> 30;
                default -> 0;
            };
            return Long.parseLong(m.group(1)) << shift;
        }
        throw new IllegalArgumentException(option + ": '" + value + "' is not a size such as 512m or 2g");
    }

    private static long count(String option, String value) {
        try {
            long n = Long.parseLong(value.strip());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(option + " must be a whole number of at least 0, not '" + value + "'");
    }

    private static int positive(String option, String value) {
        try {
            int n = Integer.parseInt(value.strip());
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException(option + " must be a whole number of at least 1, not '" + value + "'");
    }
}
