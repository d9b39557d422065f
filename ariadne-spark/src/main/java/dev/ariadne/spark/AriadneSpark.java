package dev.ariadne.spark;

import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.InvalidInputException;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import org.apache.spark.Partitioner;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.SerializableConfiguration;
import scala.Tuple2;

import java.io.IOException;
import java.io.InputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * Checks histories on Apache Spark with the same verdicts as {@code ariadne check}: the input files are parsed in the
 * executors by Ariadne's own readers, each client's calls are matched with their returns, the operations are
 * regrouped by the model's partition key (a kv key, an {@code --independent} key, or a whole file when every file
 * is a history of its own), and the core {@link Checker} checks each key in an executor with its own budgets. A key
 * whose check runs out of a budget, or that is too big, is {@code UNKNOWN} with the reason, never a guess.
 */
public final class AriadneSpark {
    private AriadneSpark() {
    }

    /**
     * Checks {@code spec}'s input and returns one row per key. The check runs (and the rows are cached) before this
     * returns, so that bad input is reported here.
     *
     * @throws SparkCheckException for bad usage (status 64) or input that is not a valid history (65), with a
     *                             message naming file, line and problem
     */
    public static Dataset<KeyResult> check(SparkSession spark, CheckSpec spec) {
        JavaRDD<KeyResult> rows = rows(spark, spec);
        return spark.createDataset(rows.rdd(), Encoders.bean(KeyResult.class));
    }

    /** As {@link #check}, the rows as an RDD (cached, already computed). */
    static JavaRDD<KeyResult> rows(SparkSession spark, CheckSpec spec) {
        Format format;
        try {
            format = Format.fromName(spec.format());
            Engine.fromName(spec.engine());
            if (spec.model() != null) {
                BuiltinModels.byName(spec.model(), KeyCheck.modelOptions(spec.initial(), spec.independent(),
                        ModelOptions.NilRead.ABSENT));
            } else if (spec.initial() != null) {
                HistoryReaders.parseValue(spec.initial());
            }
            if (!List.of("auto", "absent", "unknown").contains(spec.nilRead())) {
                throw new IllegalArgumentException("unknown --nil-read '" + spec.nilRead()
                        + "' (expected auto, absent or unknown)");
            }
        } catch (IllegalArgumentException e) {
            throw new SparkCheckException(64, e.getMessage());
        }
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<String> files = Inputs.list(spec.inputs(), jsc.hadoopConfiguration());
        Broadcast<SerializableConfiguration> conf =
                jsc.broadcast(new SerializableConfiguration(jsc.hadoopConfiguration()));
        JavaRDD<KeyResult> rows = null;
        try {
            Plan plan = spec.perFile() ? new Plan(perFile(jsc, spec, format, files, conf), null, List.of(), null)
                    : merged(jsc, spec, format, files, conf);
            rows = plan.keys().persist(StorageLevel.MEMORY_AND_DISK());
            rows.count();
            if (!plan.hot().isEmpty()) {
                rows = rows.union(jsc.parallelize(hotStage(plan), 1));
            }
        } catch (Exception e) {
            // Spark's job failures are checked exceptions that Java does not see declared
            if (rows != null) {
                rows.unpersist(false);
            }
            String problem = InputProblem.find(e);
            if (problem != null) {
                throw new SparkCheckException(65, problem);
            }
            throw e instanceof RuntimeException r ? r : new IllegalStateException("the Spark job failed", e);
        }
        return rows;
    }

    /**
     * What the check runs: the rows of the keys checked together, and the hot keys (sorted) with their operations,
     * checked afterwards by {@link #hotStage}.
     */
    private record Plan(JavaRDD<KeyResult> keys, JavaPairRDD<SortKey, Op> hotOps, List<String> hot, KeyCheck check) {
    }

    /**
     * Checks the hot keys one at a time, after all other keys are done: one job of one task per hot key (so each
     * has its executor to itself, whichever executor runs it), with the memory budget of the whole executor.
     */
    private static List<KeyResult> hotStage(Plan plan) {
        KeyCheck hotCheck = plan.check().forHotKeys();
        JavaRDD<KeyResult> hot = plan.hotOps()
                .repartitionAndSortWithinPartitions(new HotPartitioner(plan.hot()), SortKey.ORDER)
                .mapPartitions(it -> new Keys(it, hotCheck));
        List<KeyResult> rows = new ArrayList<>();
        // toLocalIterator runs one job per partition, one after the other
        hot.toLocalIterator().forEachRemaining(rows::add);
        return rows;
    }

    /** One key's history, checked again in the driver for its page: what {@link HtmlReport} needs. */
    record KeyReport(String source, History history, Model<?> model, Result result) {
    }

    /**
     * Checks {@code key} of {@code spec}'s input again, in the driver, for its HTML report: the key's operations are
     * found as the check found them (the whole input read and matched; only the key's operations collected), its
     * history rebuilt, and the core's {@link Checker} run with the key's time budget and half the driver's heap.
     *
     * @return the key's report, or {@code null} when the input has no such key
     */
    static KeyReport keyReport(SparkSession spark, CheckSpec spec, String key) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        List<String> files = Inputs.list(spec.inputs(), jsc.hadoopConfiguration());
        Broadcast<SerializableConfiguration> conf =
                jsc.broadcast(new SerializableConfiguration(jsc.hadoopConfiguration()));
        Format format = Format.fromName(spec.format());
        try {
            if (spec.perFile()) {
                String file = files.stream().filter(f -> Inputs.display(f).equals(key)).findFirst().orElse(null);
                if (file == null) {
                    return null;
                }
                try (InputStream in = Inputs.open(file, conf.value().value())) {
                    ReadResult read = HistoryReaders.load(in, key, ReadOptions.defaults().withFormat(format));
                    ModelOptions mo = KeyCheck.modelOptions(spec.initial(), spec.independent(),
                            KeyCheck.nilRead(spec.nilRead(), read.nilRead()));
                    Model<?> model = spec.model() != null ? BuiltinModels.byName(spec.model(), mo)
                            : KeyCheck.inferModel(read.history(), mo);
                    KeyCheck check = new KeyCheck(spec.model(), spec, mo.nilRead(), files).forHotKeys();
                    return new KeyReport(key, read.history(), model, Checker.check(read.history(), model,
                            check.options()));
                }
            }
            Labelled l = labelled(jsc, spec, format, files, conf);
            int max = spec.maxKeyOperations();
            JavaRDD<Op> keyOps = l.byKey().filter(t -> t._1.label.equals(key)).values()
                    .persist(StorageLevel.MEMORY_AND_DISK());
            long count = keyOps.count();
            if (count == 0) {
                return null;
            }
            if (count > max) {
                keyOps.unpersist(false);
                throw new SparkCheckException(65, key + " has " + count + " operations, more than the per-key limit "
                        + "of " + max + " (--max-key-operations): no page");
            }
            List<Op> ops = new ArrayList<>(keyOps.collect());
            keyOps.unpersist(false);
            ops.sort(Comparator.comparingLong(o -> o.callPos));
            KeyCheck check = l.check().forHotKeys();
            History history = check.history(key, ops);
            Model<?> model = check.model();
            return new KeyReport(key, history, model, Checker.check(history, model, check.options()));
        } catch (IOException e) {
            throw new SparkCheckException(65, "cannot read the input: " + e.getMessage());
        } catch (Exception e) {
            String problem = InputProblem.find(e);
            if (problem != null) {
                throw new SparkCheckException(65, problem);
            }
            throw e instanceof RuntimeException r ? r : new IllegalStateException("the Spark job failed", e);
        }
    }

    /** Every file a history of its own, checked whole in one task, as {@code ariadne check FILE} checks it. */
    private static JavaRDD<KeyResult> perFile(JavaSparkContext jsc, CheckSpec spec, Format format, List<String> files,
                                              Broadcast<SerializableConfiguration> conf) {
        int slices = Math.max(1, Math.min(files.size(), jsc.defaultParallelism() * 4));
        KeyCheck base = new KeyCheck(spec.model(), spec, ModelOptions.NilRead.ABSENT, files);
        return jsc.parallelize(IntStream.range(0, files.size()).boxed().toList(), slices).map(i -> {
            String name = Inputs.display(files.get(i));
            long start = System.nanoTime();
            KeyResult r = new KeyResult();
            r.setKey(name);
            r.setFiles(name);
            r.setStage("file");
            try (InputStream in = Inputs.open(files.get(i), conf.value().value())) {
                ReadResult read = HistoryReaders.load(in, name, ReadOptions.defaults().withFormat(format));
                ModelOptions.NilRead nilRead = KeyCheck.nilRead(spec.nilRead(), read.nilRead());
                ModelOptions mo = KeyCheck.modelOptions(spec.initial(), spec.independent(), nilRead);
                Model<?> model = spec.model() != null ? BuiltinModels.byName(spec.model(), mo)
                        : KeyCheck.inferModel(read.history(), mo);
                r.setMemoryBudget(base.memoryBudget());
                Result result = Checker.check(read.history(), model, base.options());
                KeyCheck.fill(r, name, result, model);
            } catch (InvalidInputException e) {
                invalid(r, e.getMessage());
            } catch (InvalidOperationException e) {
                Operation op = e.operation();
                invalid(r, Values.escape(name) + (op != null && op.line() >= 0 ? ":" + op.line() : "") + ": "
                        + e.getMessage());
            } catch (IOException e) {
                invalid(r, "cannot read " + Values.escape(name) + ": " + e.getMessage());
            }
            r.setMillis((System.nanoTime() - start) / 1e6);
            return r;
        });
    }

    /** The verdict of a file that is not a valid history, as {@code ariadne check --json} names it. */
    static final String INVALID_INPUT = "INVALID_INPUT";

    private static void invalid(KeyResult r, String message) {
        r.setVerdict(INVALID_INPUT);
        r.setReason(message);
    }

    /** All files, in name order, one history: parsed per file, matched per client, checked per key. */
    private static Plan merged(JavaSparkContext jsc, CheckSpec spec, Format format, List<String> files,
                               Broadcast<SerializableConfiguration> conf) {
        Labelled l = labelled(jsc, spec, format, files, conf);
        JavaPairRDD<SortKey, Op> byKey = l.byKey();
        KeyCheck check = l.check();
        int shuffle = l.shuffle();
        List<String> hot = List.of();
        long threshold = spec.hotKeyOperations();
        if (threshold > 0) {
            // the cheap first pass: the operations per key, combined in each task before they are shuffled
            hot = new ArrayList<>(byKey.mapToPair(t -> new Tuple2<>(t._1.label, 1L)).reduceByKey(Long::sum, shuffle)
                    .filter(t -> t._2 > threshold).keys().collect());
            hot.sort(Comparator.naturalOrder());
        }
        JavaPairRDD<SortKey, Op> keys = byKey;
        JavaPairRDD<SortKey, Op> hotOps = null;
        if (!hot.isEmpty()) {
            Set<String> hotSet = new HashSet<>(hot);
            keys = byKey.filter(t -> !hotSet.contains(t._1.label));
            hotOps = byKey.filter(t -> hotSet.contains(t._1.label));
        }
        JavaRDD<KeyResult> rows = keys.repartitionAndSortWithinPartitions(new KeyPartitioner(shuffle), SortKey.ORDER)
                .mapPartitions(it -> new Keys(it, check));
        return new Plan(rows, hotOps, hot, check);
    }

    /** Every operation with its partition label, the check to run on each key, and the shuffle's partitions. */
    private record Labelled(JavaPairRDD<SortKey, Op> byKey, KeyCheck check, int shuffle) {
    }

    /** The files parsed, each client's calls matched with their returns, and every operation labelled by key. */
    private static Labelled labelled(JavaSparkContext jsc, CheckSpec spec, Format format, List<String> files,
                                     Broadcast<SerializableConfiguration> conf) {
        FileEvents.Conventions first = FileEvents.conventions(files.get(0), format, jsc.hadoopConfiguration());
        Format read = first.format();
        int shuffle = spec.partitions() > 0 ? spec.partitions()
                : Math.max(jsc.defaultParallelism() * 4, Math.min(files.size(), 10_000));
        JavaRDD<Ev> events = jsc.parallelize(IntStream.range(0, files.size()).boxed().toList(),
                        Math.max(1, Math.min(files.size(), 10_000)))
                .flatMap(i -> FileEvents.of(i, files.get(i), read, conf.value().value()));
        JavaPairRDD<SortKey, Ev> byClient = events.mapToPair(e -> new Tuple2<>(new SortKey(null, e.client, e.pos), e))
                .repartitionAndSortWithinPartitions(new KeyPartitioner(shuffle), SortKey.ORDER);
        JavaRDD<Op> ops = byClient.mapPartitions(it -> new Matching(it, files));
        ModelOptions.NilRead nilRead = KeyCheck.nilRead(spec.nilRead(), first.nilRead());
        String modelName = spec.model();
        if (modelName == null) {
            ops = ops.persist(StorageLevel.MEMORY_AND_DISK());
            modelName = infer(ops, spec, nilRead);
        }
        KeyCheck check = new KeyCheck(modelName, spec, nilRead, files);
        boolean partition = spec.partition();
        JavaPairRDD<SortKey, Op> byKey = ops.mapPartitionsToPair(it -> {
            Model<?> model = check.model();
            return new Iterator<Tuple2<SortKey, Op>>() {
                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public Tuple2<SortKey, Op> next() {
                    Op o = it.next();
                    String label;
                    try {
                        label = partition ? KeyCheck.label(model, KeyCheck.operation(o, 0)) : "all";
                    } catch (InvalidOperationException e) {
                        throw new InputProblem(Inputs.display(files.get((int) (o.callPos >>> Ev.RANK_BITS)))
                                + (o.metadata.get("line") instanceof Number n ? ":" + n : "") + ": "
                                + e.getMessage());
                    }
                    return new Tuple2<>(new SortKey(label, 0, o.callPos), o);
                }
            };
        });
        return new Labelled(byKey, check, shuffle);
    }

    /** The first built-in model that understands every operation: one pass, a bit per candidate model. */
    private static String infer(JavaRDD<Op> ops, CheckSpec spec, ModelOptions.NilRead nilRead) {
        List<String> names = BuiltinModels.names();
        String initial = spec.initial();
        boolean independent = spec.independent();
        long all = names.size() >= 64 ? -1L : (1L << names.size()) - 1;
        long mask = ops.mapPartitions(it -> {
            ModelOptions mo = KeyCheck.modelOptions(initial, independent, nilRead);
            List<Model<?>> models = new ArrayList<>();
            long m = 0;
            for (int i = 0; i < names.size(); i++) {
                try {
                    models.add(BuiltinModels.byName(names.get(i), mo));
                    m |= 1L << i;
                } catch (IllegalArgumentException e) {
                    models.add(null);
                }
            }
            while (it.hasNext() && m != 0) {
                Operation op = KeyCheck.operation(it.next(), 0);
                for (int i = 0; i < names.size(); i++) {
                    if ((m & (1L << i)) != 0) {
                        try {
                            models.get(i).prepare(op);
                        } catch (InvalidOperationException | IllegalArgumentException e) {
                            m &= ~(1L << i);
                        }
                    }
                }
            }
            return List.of(m).iterator();
        }).fold(all, (a, b) -> a & b);
        if (mask != 0) {
            return names.get(Long.numberOfTrailingZeros(mask));
        }
        List<String> functions = ops.map(o -> o.input instanceof Invocation inv ? inv.f() : "?").distinct()
                .collect();
        throw new SparkCheckException(65, BuiltinModels.noModel(new TreeSet<>(functions)));
    }

    /** The shuffle key: a partition label (or null, matching by client), a client, and the place in the input. */
    static final class SortKey implements Serializable {
        private static final long serialVersionUID = 1L;
        static final Comparator<SortKey> ORDER = (Comparator<SortKey> & Serializable) (a, b) -> {
            int c = a.label == null ? 0 : a.label.compareTo(b.label);
            if (c != 0) {
                return c;
            }
            c = Integer.compare(a.client, b.client);
            return c != 0 ? c : Long.compare(a.pos, b.pos);
        };

        final String label;
        final int client;
        final long pos;

        SortKey(String label, int client, long pos) {
            this.label = label;
            this.client = client;
            this.pos = pos;
        }
    }

    /** Sends all events of a client, or all operations of a key, to one task. */
    static final class KeyPartitioner extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final int n;

        KeyPartitioner(int n) {
            this.n = n;
        }

        @Override
        public int numPartitions() {
            return n;
        }

        @Override
        public int getPartition(Object key) {
            SortKey k = (SortKey) key;
            int h = k.label == null ? Integer.hashCode(k.client) * 0x9E3779B1 : k.label.hashCode() * 0x9E3779B1;
            return Math.floorMod(h ^ (h >>> 16), n);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof KeyPartitioner p && p.n == n;
        }

        @Override
        public int hashCode() {
            return n;
        }
    }

    /** Sends each hot key to a partition of its own. */
    static final class HotPartitioner extends Partitioner {
        private static final long serialVersionUID = 1L;
        private final List<String> hot;

        HotPartitioner(List<String> hot) {
            this.hot = List.copyOf(hot);
        }

        @Override
        public int numPartitions() {
            return hot.size();
        }

        @Override
        public int getPartition(Object key) {
            return Collections.binarySearch(hot, ((SortKey) key).label);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof HotPartitioner p && p.hot.equals(hot);
        }

        @Override
        public int hashCode() {
            return hot.hashCode();
        }
    }

    /**
     * The keys of a task's sorted operations, checked one after the other: a key's operations are held (up to the
     * per-key limit) only while it is checked.
     */
    static final class Keys implements Iterator<KeyResult> {
        private final Iterator<Tuple2<SortKey, Op>> ops;
        private final KeyCheck check;
        private Tuple2<SortKey, Op> ahead;

        Keys(Iterator<Tuple2<SortKey, Op>> ops, KeyCheck check) {
            this.ops = ops;
            this.check = check;
            this.ahead = ops.hasNext() ? ops.next() : null;
        }

        @Override
        public boolean hasNext() {
            return ahead != null;
        }

        @Override
        public KeyResult next() {
            if (ahead == null) {
                throw new NoSuchElementException();
            }
            String label = ahead._1.label;
            List<Op> key = new ArrayList<>();
            long count = 0;
            while (ahead != null && Objects.equals(ahead._1.label, label)) {
                if (count < check.maxKeyOperations) {
                    key.add(ahead._2);
                }
                count++;
                ahead = ops.hasNext() ? ops.next() : null;
            }
            return check.check(label, key, count);
        }
    }
}
