package dev.ariadne.spark;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What {@link AriadneSpark#check} checks and how: the input paths (files, directories, globs, on any Hadoop file
 * system), the per-key options of {@code ariadne check} (format, model, initial value, {@code --independent},
 * nil-read convention, engine, partitioning) and the budgets of one key's check in an executor. Immutable; the
 * {@code with…} methods return changed copies.
 *
 * @param inputs           paths or globs; a directory stands for the files under it (names starting with {@code .}
 *                         or {@code _}, such as {@code _SUCCESS}, left out). All files, in name order, hold one
 *                         history, unless {@code perFile}
 * @param format           a format name as {@code --format} takes it ({@code auto}, {@code json}, {@code edn},
 *                         {@code jepsen-json}, {@code jepsen-log})
 * @param model            a built-in model name, or {@code null} to infer it as {@code ariadne check} does (the first
 *                         built-in model that understands every operation)
 * @param initial          the {@code --initial} value as text (EDN or JSON), or {@code null}
 * @param independent      Jepsen's independent checker: every value is a {@code [key value]} pair
 * @param nilRead          {@code auto}, {@code absent} or {@code unknown}, as {@code --nil-read}
 * @param perFile          every file is a history of its own (a directory of many small histories), checked whole
 *                         and reported under its path
 * @param partition        whether to split a history into the model's independent keys ({@code false}: as
 *                         {@code --no-partition}, one key {@code all})
 * @param engine           an engine name as {@code --engine} takes it
 * @param keyTimeout       the wall-time budget of one key's check; {@code null} for none
 * @param keyMaxMemory     the memory budget, in bytes, of one key's search; 0 for the automatic share: half of the
 *                         executor's heap divided by the tasks it runs at once
 * @param coreTimeout      the budget for finding a violation's minimal failing core; {@code null} or zero for none
 * @param maxKeyOperations the most operations one key may hold; a key with more is not checked and reported
 *                         {@code UNKNOWN} with the reason
 * @param partitions       the shuffle partitions of the per-key stage; 0 for the automatic number
 * @param hotKeyOperations a key with more operations than this is hot: a first pass counts every key's operations,
 *                         and each hot key is checked on its own after the other keys, in a task that has its
 *                         executor to itself, with the memory budget of the whole executor (half its heap); 0 for
 *                         no hot-key stage
 */
public record CheckSpec(List<String> inputs, String format, String model, String initial, boolean independent,
                        String nilRead, boolean perFile, boolean partition, String engine, Duration keyTimeout,
                        long keyMaxMemory, Duration coreTimeout, int maxKeyOperations, int partitions,
                        long hotKeyOperations)
        implements Serializable {

    /** The per-key time budget unless told otherwise: a stuck key ends UNKNOWN instead of holding up the job. */
    public static final Duration DEFAULT_KEY_TIMEOUT = Duration.ofMinutes(10);
    /** The largest key checked unless told otherwise (a task holds a key's operations in memory). */
    public static final int DEFAULT_MAX_KEY_OPERATIONS = 20_000_000;
    /** The size past which a key is hot unless told otherwise. */
    public static final long DEFAULT_HOT_KEY_OPERATIONS = 1_000_000;

    public CheckSpec {
        inputs = List.copyOf(inputs);
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("no input paths");
        }
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(nilRead, "nilRead");
        Objects.requireNonNull(engine, "engine");
        if (keyMaxMemory < 0) {
            throw new IllegalArgumentException("keyMaxMemory must not be negative");
        }
        if (maxKeyOperations < 1) {
            throw new IllegalArgumentException("maxKeyOperations must be at least 1");
        }
        if (partitions < 0) {
            throw new IllegalArgumentException("partitions must not be negative");
        }
        if (hotKeyOperations < 0) {
            throw new IllegalArgumentException("hotKeyOperations must not be negative");
        }
    }

    /**
     * The inputs checked as {@code ariadne check} would by default: format and model recognised, partitioned,
     * automatic engine, {@link #DEFAULT_KEY_TIMEOUT} per key, the automatic memory share, a 5 s core search.
     */
    public static CheckSpec of(String... inputs) {
        return new CheckSpec(List.of(inputs), "auto", null, null, false, "auto", false, true, "auto",
                DEFAULT_KEY_TIMEOUT, 0, Duration.ofSeconds(5), DEFAULT_MAX_KEY_OPERATIONS, 0, DEFAULT_HOT_KEY_OPERATIONS);
    }

    public CheckSpec withFormat(String f) {
        return new CheckSpec(inputs, f, model, initial, independent, nilRead, perFile, partition, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withModel(String m) {
        return new CheckSpec(inputs, format, m, initial, independent, nilRead, perFile, partition, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withInitial(String i) {
        return new CheckSpec(inputs, format, model, i, independent, nilRead, perFile, partition, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withIndependent(boolean b) {
        return new CheckSpec(inputs, format, model, initial, b, nilRead, perFile, partition, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withNilRead(String n) {
        return new CheckSpec(inputs, format, model, initial, independent, n, perFile, partition, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withPerFile(boolean b) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, b, partition, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withPartition(boolean b) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, b, engine, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withEngine(String e) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, e, keyTimeout,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withKeyTimeout(Duration t) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, engine, t,
                keyMaxMemory, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withKeyMaxMemory(long bytes) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, engine,
                keyTimeout, bytes, coreTimeout, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withCoreTimeout(Duration t) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, engine,
                keyTimeout, keyMaxMemory, t, maxKeyOperations, partitions, hotKeyOperations);
    }

    public CheckSpec withMaxKeyOperations(int n) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, engine,
                keyTimeout, keyMaxMemory, coreTimeout, n, partitions, hotKeyOperations);
    }

    public CheckSpec withPartitions(int n) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, engine,
                keyTimeout, keyMaxMemory, coreTimeout, maxKeyOperations, n, hotKeyOperations);
    }

    public CheckSpec withHotKeyOperations(long n) {
        return new CheckSpec(inputs, format, model, initial, independent, nilRead, perFile, partition, engine,
                keyTimeout, keyMaxMemory, coreTimeout, maxKeyOperations, partitions, n);
    }
}
