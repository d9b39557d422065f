package dev.ariadne.core.history;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Assembles a {@link History} from call and return events as a reader meets them: the batch {@link EventSink}.
 * Without explicit times ({@link EventSink#UNTIMED}), the n-th event happens at time n. Every mistake (a return
 * without a call, a second call on a busy client) is reported as a {@link HistoryException} naming the line given
 * with the event. Operations are numbered in call order (by call time, then in the order the calls came). Not
 * thread-safe.
 */
public final class HistoryBuilder implements EventSink {
    /**
     * The operations that ended so far (returned, crashed, or discarded: a gap), by call number; the open ones are
     * in {@link #small} and {@link #open}. Shared with the last history built while {@link #shared}: copied before
     * it is next changed.
     */
    private OperationColumns columns = new OperationColumns(16);
    private boolean shared;
    private int discarded;
    /**
     * Open operations of clients 0 to {@link #SMALL_CLIENTS} - 1 by client, without a map entry or a boxed key per
     * event (a 500,000-operation history makes a million of each); other clients' in {@link #open}.
     */
    private Open[] small = new Open[8];
    private static final int SMALL_CLIENTS = 1 << 12;
    private final Map<Integer, Open> open = new HashMap<>();
    private int openCount;
    private final Set<Integer> crashed = new HashSet<>();
    private long clock;
    /** Calls so far: an operation's id until {@link #build()} numbers them, so that ties in call time keep call order. */
    private int calls;

    /**
     * An open operation. A small client's object is its own for good, reused by each of its calls (a record a call
     * was half of what a 500,000-operation history's reading allocated); {@link #live} says whether it is open.
     */
    private static final class Open {
        int seq;
        int client;
        Object input;
        long call;
        Map<String, Object> metadata;
        boolean live;

        Open set(int seq, int client, Object input, long call, Map<String, Object> metadata) {
            this.seq = seq;
            this.client = client;
            this.input = input;
            this.call = call;
            this.metadata = metadata;
            live = true;
            return this;
        }
    }

    /** Client {@code client} calls an operation now. */
    public HistoryBuilder call(int client, Object input) {
        return call(client, input, clock, Map.of());
    }

    /** Client {@code client} returns {@code output} now. */
    public HistoryBuilder ret(int client, Object output) {
        return ret(client, output, clock, -1);
    }

    /**
     * Client {@code client} calls an operation at {@code time} (or {@link #UNTIMED}: now); {@code metadata} may
     * carry a {@code line} (an {@link Integer}) used in error messages. Times must not go backwards.
     */
    @Override
    public HistoryBuilder call(int client, Object input, long time, Map<String, Object> metadata) {
        // A table's row for this call must be its last: the operation finds its row by its id, the call's number
        if (metadata instanceof MetadataColumns t && t.rows() != calls + 1) {
            throw new IllegalArgumentException("call " + calls + " given a metadata table of " + t.rows() + " rows");
        }
        // The line is looked up for an error only: a reader's metadata may box it on every lookup.
        if (time != UNTIMED && time < clock - 1) {
            advance(time, lineOf(metadata, calls));
        }
        time = advance(time, -1);
        Open busy = get(client);
        if (busy != null) {
            throw new HistoryException("client " + client + " calls a new operation while its operation from "
                    + where(busy) + " is still open", lineOf(metadata, calls));
        }
        if (!crashed.isEmpty() && crashed.contains(client)) {
            throw new HistoryException("client " + client + " calls a new operation after one of its operations "
                    + "crashed (its outcome is unknown, so the client may still be running it)",
                    lineOf(metadata, calls));
        }
        put(client, calls++, input, time, metadata);
        return this;
    }

    private Open get(int client) {
        if (client >= 0 && client < SMALL_CLIENTS) {
            Open o = client < small.length ? small[client] : null;
            return o != null && o.live ? o : null;
        }
        return open.isEmpty() ? null : open.get(client);
    }

    private void put(int client, int seq, Object input, long time, Map<String, Object> metadata) {
        openCount++;
        if (client >= 0 && client < SMALL_CLIENTS) {
            if (client >= small.length) {
                small = java.util.Arrays.copyOf(small, Math.min(SMALL_CLIENTS, Math.max(client + 1, small.length * 2)));
            }
            Open o = small[client];
            if (o == null) {
                small[client] = o = new Open();
            }
            o.set(seq, client, input, time, metadata);
        } else {
            open.put(client, new Open().set(seq, client, input, time, metadata));
        }
    }

    /** The open operation of {@code client}, now closed, or {@code null}; a small client's is reused by its next call. */
    private Open remove(int client) {
        Open o;
        if (client >= 0 && client < SMALL_CLIENTS) {
            o = client < small.length ? small[client] : null;
            if (o != null && o.live) {
                o.live = false;
            } else {
                o = null;
            }
        } else {
            o = open.isEmpty() ? null : open.remove(client);
        }
        if (o != null) {
            openCount--;
        }
        return o;
    }

    /** Client {@code client}'s open operation returns {@code output} at {@code time} (or {@link #UNTIMED}: now). */
    @Override
    public HistoryBuilder ret(int client, Object output, long time, int line) {
        time = advance(time, line);
        Open o = take(client, "returns", line);
        if (time < o.call) { // as the operation's constructor would say (times never go backwards, see advance)
            throw new IllegalArgumentException("operation " + o.seq + " returns at " + time + " before its call at "
                    + o.call);
        }
        owned().set(o.seq, client, o.input, output, o.call, time, o.metadata);
        return this;
    }

    /**
     * Client {@code client}'s open operation certainly did not take effect (Jepsen {@code :fail}): it is
     * dropped from the history.
     */
    @Override
    public HistoryBuilder discard(int client, long time, int line) {
        advance(time, line);
        Open o = take(client, "fails", line);
        owned().gap(o.seq);
        discarded++;
        return this;
    }

    /**
     * Client {@code client}'s open operation crashed (Jepsen {@code :info}): it stays pending for ever and the
     * client may not call again.
     */
    @Override
    public HistoryBuilder crash(int client, long time, int line) {
        time = advance(time, line);
        Open o = take(client, "crashes", line);
        owned().set(o.seq, client, o.input, Operation.UNKNOWN, o.call, Operation.PENDING, o.metadata);
        crashed.add(client);
        return this;
    }

    /** The current time: one past the last event's, for readers that count events as time. */
    public long clock() {
        return clock;
    }

    /** Whether {@code client} has an operation open. */
    public boolean isOpen(int client) {
        return get(client) != null;
    }

    /** The history so far; operations still open are pending. */
    public History build() {
        // numbered in call order, as the online checker numbers them: by call time, ties in the order of the calls.
        // Times never go backwards (advance), so that is the order of the calls themselves: each operation is at
        // its call's number already, without a sort (a 500,000-operation history spent a tenth of its reading
        // sorting). The history reads the columns (no object an operation while it waits to be checked).
        if (openCount > 0) {
            OperationColumns c = owned();
            for (Open o : small) {
                if (o != null && o.live) {
                    c.set(o.seq, o.client, o.input, Operation.UNKNOWN, o.call, Operation.PENDING, o.metadata);
                }
            }
            for (Open o : open.values()) {
                c.set(o.seq, o.client, o.input, Operation.UNKNOWN, o.call, Operation.PENDING, o.metadata);
            }
        }
        if (discarded == 0) {
            shared = true; // the history keeps these columns: the builder copies them before it changes them
            return History.trusted(columns.view(calls));
        }
        // a discarded call leaves a gap: the others are numbered again
        int kept = calls - discarded;
        return History.trusted(columns.withoutGaps(calls, kept).view(kept));
    }

    /** The columns, copied first if a history built before reads them. */
    private OperationColumns owned() {
        if (shared) {
            columns = columns.copy();
            shared = false;
        }
        return columns;
    }

    private Open take(int client, String verb, int line) {
        Open o = remove(client);
        if (o == null) {
            throw new HistoryException("client " + client + " " + verb + " but has no open operation"
                    + " (a completion without its invocation)", line);
        }
        return o;
    }

    /** Moves the clock past {@code time} (now, if {@link #UNTIMED}) and returns the event's time. */
    private long advance(long time, int line) {
        if (time == UNTIMED) {
            time = clock;
        } else if (time < clock - 1) {
            throw new HistoryException("time goes backwards: " + time + " after " + (clock - 1), line);
        }
        // one past the latest time, so that several events may share an explicit time
        clock = Math.max(clock, time + 1);
        return time;
    }

    /** The line in {@code metadata}, given with the call numbered {@code seq}, or -1. */
    private static int lineOf(Map<String, Object> metadata, int seq) {
        if (metadata instanceof MetadataColumns t) {
            return t.line(seq);
        }
        return metadata.get("line") instanceof Number n ? n.intValue() : -1;
    }

    private static String where(Open o) {
        int line = lineOf(o.metadata, o.seq);
        return line >= 0 ? "line " + line : "earlier";
    }
}
