package dev.ariadne.core.history;

import dev.ariadne.core.prepared.PreparedOperations;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * Operations kept as columns by number, as {@link HistoryBuilder} collects them: a few arrays for a history instead
 * of an {@link Operation} (48 bytes) a call (issue 23: young collections copied 500,000 of them a history into the
 * old generation while it waited to be checked; arrays of numbers are copied whole, without looking inside). A
 * {@link #view} makes each operation when asked, equal to the one it stands for but a new object each time.
 */
final class OperationColumns {
    /** The output of a call that left the history (a discarded one): its number is a gap. */
    static final Object GAP = new Object();

    // In chunks of CHUNK numbers, never copied as they fill: a column grown by doubling left its old copies in the
    // old generation as garbage, as many bytes again as the history's. The first chunk starts small and doubles up
    // to CHUNK, so that a small history (many small files in one run) costs little.
    static final int SHIFT = 12;
    static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;

    private int[][] client;
    private Object[][] input;
    private Object[][] output;
    /**
     * Call and return times as {@code int}s while every one set fits ({@link #fits}: a reader's times are the
     * events' positions), else as {@code long}s in {@link #call} and {@link #ret} ({@code null} until then): 8
     * bytes an operation fewer for young collections to copy.
     */
    private int[][] call32;
    private int[][] ret32;
    private long[][] call;
    private long[][] ret;
    /** {@link Operation#PENDING} in {@link #ret32}. */
    private static final int PENDING32 = Integer.MIN_VALUE;
    /**
     * The metadata column, {@code null} while every operation set so far has the same metadata object,
     * {@link #sharedMeta} (a reader's one {@link MetadataColumns} table for the history: no column of 500,000
     * references to it for young collections to copy and scan).
     */
    private Object[][] metadata;
    private Object sharedMeta = UNSET;
    private static final Object UNSET = new Object();
    /** Chunks made so far. */
    private int chunks;

    OperationColumns(int capacity) {
        int n = Math.max(1, (capacity + MASK) >>> SHIFT);
        client = new int[n][];
        input = new Object[n][];
        output = new Object[n][];
        call32 = new int[n][];
        ret32 = new int[n][];
    }

    private OperationColumns(OperationColumns o) {
        this(o.chunks << SHIFT);
        for (int k = 0; k < o.chunks; k++) {
            client[k] = o.client[k].clone();
            input[k] = o.input[k].clone();
            output[k] = o.output[k].clone();
        }
        if (o.call != null) {
            call = new long[client.length][];
            ret = new long[client.length][];
            call32 = null;
            ret32 = null;
            for (int k = 0; k < o.chunks; k++) {
                call[k] = o.call[k].clone();
                ret[k] = o.ret[k].clone();
            }
        } else {
            for (int k = 0; k < o.chunks; k++) {
                call32[k] = o.call32[k].clone();
                ret32[k] = o.ret32[k].clone();
            }
        }
        chunks = o.chunks;
        sharedMeta = o.sharedMeta;
        if (o.metadata != null) {
            metadata = new Object[client.length][];
            for (int k = 0; k < o.chunks; k++) {
                metadata[k] = o.metadata[k].clone();
            }
        }
    }

    /** A copy that changes independently of this. */
    OperationColumns copy() {
        return new OperationColumns(this);
    }

    /** Sets operation {@code i}'s fields, adding chunks as needed. */
    void set(int i, int c, Object in, Object out, long callTime, long retTime, Map<String, Object> meta) {
        int k = i >>> SHIFT;
        while (k >= chunks) {
            addChunk();
        }
        int j = i & MASK;
        if (k == 0 && j >= client[0].length) {
            growFirst(Math.min(CHUNK, Math.max(j + 1, client[0].length * 2)));
        }
        client[k][j] = c;
        input[k][j] = in;
        output[k][j] = out;
        if (call == null && !(fits(callTime) && (fits(retTime) || retTime == Operation.PENDING))) {
            widen();
        }
        if (call == null) {
            call32[k][j] = (int) callTime;
            ret32[k][j] = retTime == Operation.PENDING ? PENDING32 : (int) retTime;
        } else {
            call[k][j] = callTime;
            ret[k][j] = retTime;
        }
        if (metadata != null) {
            metadata[k][j] = meta;
        } else if (meta != sharedMeta && out != GAP) { // a gap's metadata is never read
            if (sharedMeta == UNSET) {
                sharedMeta = meta;
            } else {
                spreadMeta();
                metadata[k][j] = meta;
            }
        }
    }

    /** Whether {@code t} is kept as an {@code int}: it is one, other than {@link #PENDING32}. */
    private static boolean fits(long t) {
        return t > Integer.MIN_VALUE && t <= Integer.MAX_VALUE;
    }

    /** Moves the times to {@code long} columns (a time that is no {@code int} came). */
    private void widen() {
        call = new long[call32.length][];
        ret = new long[ret32.length][];
        for (int k = 0; k < chunks; k++) {
            int[] c = call32[k];
            int[] r = ret32[k];
            long[] cw = call[k] = new long[c.length];
            long[] rw = ret[k] = new long[r.length];
            for (int j = 0; j < c.length; j++) {
                cw[j] = c[j];
                rw[j] = r[j] == PENDING32 ? Operation.PENDING : r[j];
            }
        }
        call32 = null;
        ret32 = null;
    }

    /** Operation {@code j} of chunk {@code k}'s call time. */
    private long callAt(int k, int j) {
        return call != null ? call[k][j] : call32[k][j];
    }

    /** Operation {@code j} of chunk {@code k}'s return time. */
    private long retAt(int k, int j) {
        if (ret != null) {
            return ret[k][j];
        }
        int r = ret32[k][j];
        return r == PENDING32 ? Operation.PENDING : r;
    }

    /** Makes the metadata column, every entry the metadata shared so far (entries not set yet are set later). */
    private void spreadMeta() {
        metadata = new Object[client.length][];
        for (int k = 0; k < chunks; k++) {
            metadata[k] = new Object[client[k].length];
            Arrays.fill(metadata[k], sharedMeta);
        }
    }

    /** Operation {@code j} of chunk {@code k}'s metadata. */
    private Object meta(int k, int j) {
        return metadata != null ? metadata[k][j] : sharedMeta == UNSET ? null : sharedMeta;
    }

    private void addChunk() {
        if (chunks == client.length) {
            int n = chunks * 2;
            client = Arrays.copyOf(client, n);
            input = Arrays.copyOf(input, n);
            output = Arrays.copyOf(output, n);
            if (call != null) {
                call = Arrays.copyOf(call, n);
                ret = Arrays.copyOf(ret, n);
            } else {
                call32 = Arrays.copyOf(call32, n);
                ret32 = Arrays.copyOf(ret32, n);
            }
            if (metadata != null) {
                metadata = Arrays.copyOf(metadata, n);
            }
        }
        if (chunks > 0 && client[0].length < CHUNK) {
            growFirst(CHUNK);
        }
        int n = chunks == 0 ? FIRST : CHUNK;
        client[chunks] = new int[n];
        input[chunks] = new Object[n];
        output[chunks] = new Object[n];
        if (call != null) {
            call[chunks] = new long[n];
            ret[chunks] = new long[n];
        } else {
            call32[chunks] = new int[n];
            ret32[chunks] = new int[n];
        }
        if (metadata != null) {
            metadata[chunks] = new Object[n];
        }
        chunks++;
    }

    private static final int FIRST = 16;

    private void growFirst(int n) {
        client[0] = Arrays.copyOf(client[0], n);
        input[0] = Arrays.copyOf(input[0], n);
        output[0] = Arrays.copyOf(output[0], n);
        if (call != null) {
            call[0] = Arrays.copyOf(call[0], n);
            ret[0] = Arrays.copyOf(ret[0], n);
        } else {
            call32[0] = Arrays.copyOf(call32[0], n);
            ret32[0] = Arrays.copyOf(ret32[0], n);
        }
        if (metadata != null) {
            metadata[0] = Arrays.copyOf(metadata[0], n);
        }
    }

    /** Marks number {@code i} a gap ({@link #GAP}). */
    void gap(int i) {
        set(i, 0, null, GAP, 0, 0, null);
    }


    /**
     * The first {@code n} numbers without their gaps, renumbered from 0 (a new object): an operation's metadata kept
     * in a {@link MetadataColumns} row, found by its number, is copied out of the table where the number changes.
     */
    OperationColumns withoutGaps(int n, int kept) {
        OperationColumns c = new OperationColumns(kept);
        int k = 0;
        for (int i = 0; i < n; i++) {
            int h = i >>> SHIFT;
            int j = i & MASK;
            if (output[h][j] != GAP) {
                Object meta = meta(h, j);
                if (meta instanceof MetadataColumns t && k != i) {
                    meta = t.row(i);
                }
                c.set(k++, client[h][j], input[h][j], output[h][j], callAt(h, j), retAt(h, j), cast(meta));
            }
        }
        return c;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> cast(Object meta) {
        return (Map<String, Object>) meta;
    }

    /** The first {@code n} operations (no gaps among them), as an unmodifiable list made on demand. */
    List<Operation> view(int n) {
        return new View(n);
    }

    private final class View extends AbstractList<Operation> implements RandomAccess, PreparedOperations.Table {
        private final int size;

        View(int size) {
            this.size = size;
        }

        @Override
        public Operation get(int i) {
            Objects.checkIndex(i, size);
            int k = i >>> SHIFT;
            int j = i & MASK;
            return new Operation(i, client[k][j], input[k][j], output[k][j], callAt(k, j), retAt(k, j),
                    cast(meta(k, j)));
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public void read(Object[] inputs, Object[] outputs, long[] calls, long[] rets) {
            for (int at = 0, k = 0; at < size; at += CHUNK, k++) {
                int n = Math.min(size - at, input[k].length);
                System.arraycopy(input[k], 0, inputs, at, n);
                System.arraycopy(output[k], 0, outputs, at, n);
                if (call != null) {
                    System.arraycopy(call[k], 0, calls, at, n);
                    System.arraycopy(ret[k], 0, rets, at, n);
                } else {
                    int[] c = call32[k];
                    int[] r = ret32[k];
                    for (int j = 0; j < n; j++) {
                        calls[at + j] = c[j];
                        rets[at + j] = r[j] == PENDING32 ? Operation.PENDING : r[j];
                    }
                }
            }
        }

        @Override
        public Operation make(int i, Object in, Object out) {
            Objects.checkIndex(i, size);
            int k = i >>> SHIFT;
            int j = i & MASK;
            return new Operation(i, client[k][j], in, out, callAt(k, j), retAt(k, j), cast(meta(k, j)));
        }
    }
}
