package dev.ariadne.spark;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.report.JsonReport;
import dev.ariadne.report.TextReport;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Checks keys inside an executor: a fresh model per key, the core {@link Checker} on one thread with the key's own
 * time and memory budgets, and the result as a {@link KeyResult} row.
 */
final class KeyCheck implements Serializable {
    private static final long serialVersionUID = 1L;

    /** The model to build per key, and the budgets. */
    final String modelName;
    final String initial;
    final boolean independent;
    final ModelOptions.NilRead nilRead;
    final String engine;
    final Duration keyTimeout;
    final long keyMaxMemory;
    final Duration coreTimeout;
    final int maxKeyOperations;
    final List<String> files;
    /** Whether this checks hot keys: one task per executor, with the memory budget of the whole executor. */
    final boolean hot;

    KeyCheck(String modelName, CheckSpec spec, ModelOptions.NilRead nilRead, List<String> files) {
        this(modelName, spec.initial(), spec.independent(), nilRead, spec.engine(), spec.keyTimeout(),
                spec.keyMaxMemory(), spec.coreTimeout(), spec.maxKeyOperations(), files, false);
    }

    private KeyCheck(String modelName, String initial, boolean independent, ModelOptions.NilRead nilRead,
                     String engine, Duration keyTimeout, long keyMaxMemory, Duration coreTimeout,
                     int maxKeyOperations, List<String> files, boolean hot) {
        this.modelName = modelName;
        this.initial = initial;
        this.independent = independent;
        this.nilRead = nilRead;
        this.engine = engine;
        this.keyTimeout = keyTimeout;
        this.keyMaxMemory = keyMaxMemory;
        this.coreTimeout = coreTimeout;
        this.maxKeyOperations = maxKeyOperations;
        this.files = files;
        this.hot = hot;
    }

    /** This check for the hot-key stage: the same options, the memory budget of the whole executor. */
    KeyCheck forHotKeys() {
        return new KeyCheck(modelName, initial, independent, nilRead, engine, keyTimeout, keyMaxMemory, coreTimeout,
                maxKeyOperations, files, true);
    }

    /** The {@code ariadne check} nil-read rule: {@code auto} follows the input's own convention. */
    static ModelOptions.NilRead nilRead(String mode, ModelOptions.NilRead source) {
        return switch (mode) {
            case "absent" -> ModelOptions.NilRead.ABSENT;
            case "unknown" -> ModelOptions.NilRead.UNKNOWN;
            default -> source;
        };
    }

    static ModelOptions modelOptions(String initial, boolean independent, ModelOptions.NilRead nilRead) {
        Object init = initial == null ? null : HistoryReaders.parseValue(initial);
        return ModelOptions.defaults().withInitial(init).withIndependent(independent).withNilRead(nilRead);
    }

    /** A fresh instance of the model (models may keep per-instance tables, such as interned keys). */
    Model<?> model() {
        return BuiltinModels.byName(modelName, modelOptions(initial, independent, nilRead));
    }

    CheckOptions options() {
        // a hot key has its executor to itself: its search may use all the executor's cores (auto races dfs and
        // the frontier on them), where another key has its one task slot
        return CheckOptions.defaults().withEngine(Engine.fromName(engine)).withPartition(true).withParallelism(1)
                .withThreads(hot ? slots() : 1).withTimeout(keyTimeout).withMaxMemory(memoryBudget())
                .withCoreTimeout(coreTimeout);
    }

    /**
     * The memory budget of one key's search: a hot key has its executor to itself, so half its heap (the core's own
     * default); another key {@code --max-memory}, or the automatic share.
     */
    long memoryBudget() {
        return hot ? Runtime.getRuntime().maxMemory() / 2 : keyMaxMemory > 0 ? keyMaxMemory : automaticMemory();
    }

    /**
     * Half the executor's heap shared among the tasks it runs at once: the core's own default (half the heap) would
     * promise every task of the executor the same half.
     */
    static long automaticMemory() {
        return Math.max(16L << 20, Runtime.getRuntime().maxMemory() / 2 / slots());
    }

    /** The tasks an executor runs at once: its cores ({@code spark.executor.cores}, local[N]) per task's cpus. */
    static int slots() {
        int slots = Runtime.getRuntime().availableProcessors();
        org.apache.spark.SparkEnv env = org.apache.spark.SparkEnv.get();
        if (env != null) {
            org.apache.spark.SparkConf conf = env.conf();
            int cores = conf.getInt("spark.executor.cores", 0);
            String master = conf.get("spark.master", "");
            if (cores > 0) {
                slots = cores;
            } else if (master.matches("local\\[\\d+(,\\d+)?]")) {
                slots = Integer.parseInt(master.substring(6, master.length() - 1).split(",")[0]);
            }
            slots = Math.max(1, slots / Math.max(1, conf.getInt("spark.task.cpus", 1)));
        }
        return slots;
    }

    /** The partition label of {@code op} under {@code model}: the key the core would check it in. */
    static String label(Model<?> model, Operation op) {
        List<Partition> parts = model.partition(List.of(model.prepare(op)));
        return parts.isEmpty() ? "all" : parts.get(0).label();
    }

    /** {@code op} as the core's operation (times only as far as a single operation needs them). */
    static Operation operation(Op op, int id) {
        boolean ended = op.endKind == Ev.RET;
        return new Operation(id, op.client, op.input, ended ? op.output : Operation.UNKNOWN, 0,
                ended ? 1 : Operation.PENDING, op.metadata);
    }

    /** Checks one key's operations ({@code count} of them, of which only the first few when it is too big). */
    KeyResult check(String key, List<Op> ops, long count) {
        long start = System.nanoTime();
        KeyResult r = new KeyResult();
        r.setKey(key);
        r.setOperations(count);
        r.setStage(hot ? "hot" : "key");
        TreeSet<Integer> fileIndexes = new TreeSet<>();
        for (Op o : ops) {
            fileIndexes.add((int) (o.callPos >>> Ev.RANK_BITS));
        }
        r.setFiles(String.join(",", fileIndexes.stream().map(i -> Inputs.display(files.get(i))).toList()));
        if (count > maxKeyOperations) {
            r.setVerdict(Verdict.UNKNOWN.name());
            r.setReason("key too big: " + count + " operations, more than the per-key limit of " + maxKeyOperations
                    + " (--max-key-operations); it was not checked");
            r.setMillis((System.nanoTime() - start) / 1e6);
            return r;
        }
        List<MemoryPoolMXBean> pools = hot ? heapPools() : List.of();
        pools.forEach(MemoryPoolMXBean::resetPeakUsage);
        History history = history(key, ops);
        Model<?> model = model();
        r.setMemoryBudget(memoryBudget());
        Result result = Checker.check(history, model, options());
        fill(r, key, result, model);
        r.setMillis((System.nanoTime() - start) / 1e6);
        if (hot) {
            r.setHeapPeak(pools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum());
        }
        return r;
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP
                && p.isValid()).toList();
    }

    /** The key's history, rebuilt from its operations' events in input order, as the readers build it. */
    History history(String key, List<Op> ops) {
        int n = ops.size();
        int m = 0;
        Long[] idx = new Long[2 * n];
        for (int i = 0; i < n; i++) {
            Op o = ops.get(i);
            idx[m++] = (long) i << 1;
            if (o.endKind != Op.OPEN) {
                idx[m++] = ((long) i << 1) | 1;
            }
        }
        Long[] events = Arrays.copyOf(idx, m);
        Arrays.sort(events, (a, b) -> Long.compare(pos(ops, a), pos(ops, b)));
        HistoryBuilder b = new HistoryBuilder();
        boolean manyFiles = files.size() > 1;
        try {
            for (Long e : events) {
                Op o = ops.get((int) (e >>> 1));
                if ((e & 1) == 0) {
                    Map<String, Object> meta = o.metadata;
                    if (manyFiles) {
                        meta = new LinkedHashMap<>(meta);
                        meta.put("file", Inputs.display(files.get((int) (o.callPos >>> Ev.RANK_BITS))));
                    }
                    b.call(o.client, o.input, o.callTime, meta);
                } else if (o.endKind == Ev.RET) {
                    b.ret(o.client, o.output, o.endTime, o.endLine);
                } else {
                    b.crash(o.client, o.endTime, o.endLine);
                }
            }
        } catch (HistoryException ex) {
            throw new InputProblem(Values.escape(key) + ": line " + ex.line() + ": " + ex.getMessage());
        }
        return b.build();
    }

    private static long pos(List<Op> ops, long e) {
        Op o = ops.get((int) (e >>> 1));
        return (e & 1) == 0 ? o.callPos : o.endPos;
    }

    /** The row's verdict and evidence from the core's result. */
    static void fill(KeyResult r, String source, Result result, Model<?> model) {
        r.setVerdict(result.verdict().name());
        r.setReason(result.reason());
        r.setOperations(result.operations());
        List<String> engines = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (PartitionResult p : result.partitions()) {
            if (p.engine() != null && !engines.contains(p.engine())) {
                engines.add(p.engine());
            }
            if (p.note() != null) {
                notes.add(p.note());
            }
        }
        r.setEngine(engines.isEmpty() ? null : String.join(",", engines));
        r.setNote(notes.isEmpty() ? null : String.join("; ", notes));
        if (result.verdict() != Verdict.LINEARIZABLE) {
            r.setText(TextReport.render(source, result, model));
            r.setJson(JsonReport.of(source, result, model));
            List<String> lines = new ArrayList<>();
            for (PartitionResult p : result.violations()) {
                if (p.violation() != null && p.violation().explanation() != null) {
                    for (Operation op : p.violation().explanation().core()) {
                        Object file = op.metadata().get("file");
                        lines.add((file == null ? source : file) + ":" + op.line());
                    }
                }
            }
            r.setCoreLines(lines.isEmpty() ? null : String.join(",", lines));
        }
    }

    /** The first built-in model that understands every operation, as {@code ariadne check} infers it. */
    static Model<?> inferModel(History history, ModelOptions modelOptions) {
        return BuiltinModels.infer(history, modelOptions);
    }
}
