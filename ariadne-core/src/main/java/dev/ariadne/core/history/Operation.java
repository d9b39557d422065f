package dev.ariadne.core.history;

import java.util.Map;
import java.util.Objects;

/**
 * One operation of a history: a client called it with an input at {@code call} and saw {@code output} at
 * {@code ret}. Intervals are closed, so an operation returning at t overlaps one called at t. An operation that
 * never returned (crashed, timed out, Jepsen {@code :info}) is <em>pending</em>: its {@code ret} is
 * {@link #PENDING}, its output {@link #UNKNOWN}, and it may take effect once at any later point, or never.
 *
 * @param id       position of the operation in its history (0-based), stable across partitions and reports
 * @param client   the client (process, thread) that issued it; a client runs one operation at a time
 * @param input    what was asked, in the model's vocabulary (an {@link Invocation} when read from a file)
 * @param output   what was observed, or {@link #UNKNOWN} when the outcome was not observed
 * @param call     call time
 * @param ret      return time, at least {@code call}, or {@link #PENDING}
 * @param metadata extra facts from the source (for example {@code line}); never interpreted by engines. A reader
 *                 may give a {@link MetadataColumns} table instead: the operation's metadata is then the table's row
 *                 of its {@code id} ({@link #metadata()}), kept in the table's columns rather than a map each
 */
public record Operation(int id, int client, Object input, Object output, long call, long ret,
                        Map<String, Object> metadata) {

    /** Return time of an operation that never returned. */
    public static final long PENDING = Long.MAX_VALUE;

    /** Output of an operation whose outcome was not observed; models must accept any outcome for it. */
    public static final Object UNKNOWN = Unknown.VALUE;

    public Operation {
        Objects.requireNonNull(metadata, "metadata");
        if (ret < call) {
            throw new IllegalArgumentException("operation " + id + " returns at " + ret + " before its call at " + call);
        }
        if (ret == PENDING && output != UNKNOWN) {
            throw new IllegalArgumentException("pending operation " + id + " cannot have an observed output");
        }
    }

    /**
     * A completed operation without metadata, for histories made by hand. Numbers in {@code output} are normalised
     * as built-in models read them ({@link Values#normalize}: an {@code int} literal becomes a {@link Long}), so a
     * model comparing {@code Long}s sees {@code 3} as it would read it from a file; an {@link Invocation} input is
     * normalised by its constructor. The record's constructor takes values as they are (models use it to prepare).
     */
    public static Operation of(int id, int client, Object input, Object output, long call, long ret) {
        return new Operation(id, client, input, output == UNKNOWN ? output : Values.normalize(output), call, ret,
                Map.of());
    }

    /** A pending operation (never returned) without metadata. */
    public static Operation pending(int id, int client, Object input, long call) {
        return new Operation(id, client, input, UNKNOWN, call, PENDING, Map.of());
    }

    /**
     * Extra facts from the source: the map given, or, where a reader gave a {@link MetadataColumns} table, the
     * table's row of this operation's id (a map made on each call).
     */
    @Override
    public Map<String, Object> metadata() {
        return metadata instanceof MetadataColumns t ? t.row(id) : metadata;
    }

    // equals and hashCode as a record's, written out: the generated ones link an invokedynamic call site on their
    // first call, several milliseconds for seven components, paid by every run that prints a violation.
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof Operation op && op.id == id && op.client == client && op.call == call
                && op.ret == ret && Objects.equals(op.input, input) && Objects.equals(op.output, output)
                && (op.metadata == metadata || op.metadata().equals(metadata()));
    }

    @Override
    public int hashCode() {
        int h = Integer.hashCode(id);
        h = 31 * h + Integer.hashCode(client);
        h = 31 * h + Objects.hashCode(input);
        h = 31 * h + Objects.hashCode(output);
        h = 31 * h + Long.hashCode(call);
        h = 31 * h + Long.hashCode(ret);
        return 31 * h + metadata().hashCode();
    }

    @Override
    public String toString() {
        return "Operation[id=" + id + ", client=" + client + ", input=" + input + ", output=" + output + ", call="
                + call + ", ret=" + ret + ", metadata=" + metadata() + "]";
    }

    /** Whether the operation never returned. */
    public boolean isPending() {
        return ret == PENDING;
    }

    /** Whether the output was observed. */
    public boolean outputKnown() {
        return output != UNKNOWN;
    }

    /**
     * The same operation with another id (used when a history is assembled from parts); metadata kept in a table's
     * row is copied out of it, since the row is found by the id.
     */
    public Operation withId(int newId) {
        return new Operation(newId, client, input, output, call, ret, newId == id ? metadata : metadata());
    }

    /** The same operation with another input and output (used by models to prepare operations). */
    public Operation withInputOutput(Object newInput, Object newOutput) {
        return new Operation(id, client, newInput, newOutput, call, ret, metadata);
    }

    /** The source line recorded by a reader, or -1 when unknown. */
    public int line() {
        if (metadata instanceof MetadataColumns t) {
            return t.line(id);
        }
        return metadata.get("line") instanceof Number n ? n.intValue() : -1;
    }

    private enum Unknown {
        VALUE;

        @Override
        public String toString() {
            return "?";
        }
    }
}
