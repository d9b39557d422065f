package dev.ariadne.io;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.HistoryException;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.MetadataColumns;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns Jepsen events ({@code :invoke}, {@code :ok}, {@code :fail}, {@code :info}) into history events pushed to
 * an {@link EventSink}, in event order: a {@link HistoryBuilder} for a batch reading, any sink for a stream.
 * {@code :invoke} opens an operation, {@code :ok} completes it with the value seen, {@code :info} leaves
 * it pending for ever, and {@code :fail} drops it, in every format (Jepsen's contract); with
 * {@link ReadOptions.FailedCas#MISMATCH} (porcupine's etcd convention) a failed {@code cas} instead completes with
 * {@code false} and a failed {@code read} with an unknown output. Also checks
 * what Jepsen promises about {@code :index} (unique) and {@code :time} (never negative, never going backwards
 * within a process), and keeps the events of named processes as annotations.
 */
final class JepsenOps {
    enum Type {
        INVOKE, OK, FAIL, INFO;

        /** The type named by a Jepsen keyword (without its colon), or {@code null}. */
        static Type of(String name) {
            return switch (name) {
                case "invoke" -> INVOKE;
                case "ok" -> OK;
                case "fail" -> FAIL;
                case "info" -> INFO;
                default -> null;
            };
        }

        static final String EXPECTED = ":invoke, :ok, :fail or :info";
    }

    /**
     * A process's open operation: its function, its line, its input and, in a batch reading, its metadata's row,
     * which its completion's {@code :time} is added to (-1 in a streaming one).
     */
    private static final class Open {
        String f;
        long line;
        int row;
        Invocation input;
        /** Whether the operation is open: the object of a small client is kept for its next operation. */
        boolean live;

        Open set(String f, long line, int row, Invocation input) {
            this.f = f;
            this.line = line;
            this.row = row;
            this.input = input;
            live = true;
            return this;
        }
    }

    /** Metadata: Jepsen's {@code :time} of an operation's invocation, in nanoseconds since the test began. */
    static final String CALL_TIME = "time-ns";
    /** Metadata: Jepsen's {@code :time} of an operation's completion ({@code :ok}, or a {@code :fail} kept). */
    static final String RETURN_TIME = "return-time-ns";

    private final String source;
    /** porcupine's etcd reading of {@code :fail}: a failed cas completes with false, a failed read unknown. */
    private final boolean etcdFailures;
    private final boolean newClientAfterInfo;
    private final EventSink sink;
    /** The sink of a batch reading, which {@link #build()} turns into a history; {@code null} for a stream. */
    private final HistoryBuilder builder;
    /**
     * A batch reading's metadata, a row per call in the builder's order of calls: one object for the history, not a
     * map per operation (issue 23: young collections copied 500,000 of them a history); {@code null} for a stream.
     */
    private final MetadataColumns metadata;
    private final Map<Integer, Open> open = new HashMap<>();
    /**
     * The open operations of clients 0 to {@link #SMALL} - 1, and the last {@code :time}s and their lines of
     * processes 0 to {@link #SMALL} - 1, by number, without a map entry or a boxed key per event (a
     * 500,000-operation history has a million events); other clients' and processes' in {@link #open} and
     * {@link #lastTime}.
     */
    private Open[] openSmall = new Open[8];
    private long[] lastTimeSmall = new long[24];
    private static final int SMALL = 1 << 12;
    /** Processes whose last operation ended with {@code :info}, with the line of that {@code :info}. */
    private final Map<Integer, Long> crashed = new HashMap<>();
    /** Processes that became a new client after an {@code :info}: their current (temporary, negative) client. */
    private final Map<Integer, Integer> reincarnation = new HashMap<>();
    /** Temporary clients, in order of creation, with the process they stand for. */
    private final Map<Integer, Integer> temporary = new LinkedHashMap<>();
    private int maxProcess = -1;
    private final IndexSet indexes = new IndexSet();
    private final Map<Integer, long[]> lastTime = new HashMap<>();
    private final List<Annotation> annotations = new ArrayList<>();
    private long clientEvents;
    /** The {@code :time} of the client event about to be given to {@link #event}, or -1. */
    private long eventTime = -1;
    /** Client events that had a {@code :time}. */
    private long timedEvents;

    /**
     * A batch reading: {@link #build()} gives the history. {@code failedCas} says what a failed cas means, the same
     * in every Jepsen format.
     *
     * @param newClientAfterInfo whether a process invoking again after an {@code :info} becomes a new client
     */
    JepsenOps(String source, boolean newClientAfterInfo, ReadOptions.FailedCas failedCas) {
        this(source, newClientAfterInfo, failedCas, new HistoryBuilder());
    }

    /**
     * A streaming reading into {@code sink}. New clients after {@code :info} are not offered: they are numbered
     * after the highest process, which is known only at the end.
     */
    JepsenOps(String source, ReadOptions.FailedCas failedCas, EventSink sink) {
        this(source, false, failedCas, sink);
    }

    private JepsenOps(String source, boolean newClientAfterInfo, ReadOptions.FailedCas failedCas, EventSink sink) {
        this.source = source;
        this.etcdFailures = failedCas == ReadOptions.FailedCas.MISMATCH;
        this.newClientAfterInfo = newClientAfterInfo;
        this.sink = sink;
        this.builder = sink instanceof HistoryBuilder b ? b : null;
        this.metadata = builder != null ? new MetadataColumns(CALL_TIME, RETURN_TIME) : null;
    }

    /** Process {@code process}'s event of {@code type} on function {@code f}, read at {@code line}. */
    void event(int process, Type type, String f, Object key, Object value, long line)
            throws InvalidInputException {
        int l = (int) Math.min(line, Integer.MAX_VALUE);
        clientEvents++;
        long time = eventTime;
        eventTime = -1;
        if (time >= 0) {
            timedEvents++;
        }
        maxProcess = Math.max(maxProcess, process);
        int client = reincarnation.isEmpty() ? process : reincarnation.getOrDefault(process, process);
        try {
            if (type == Type.INVOKE) {
                Long crashLine = crashed.isEmpty() ? null : crashed.remove(process);
                if (crashLine != null) {
                    if (!newClientAfterInfo) {
                        throw new InvalidInputException(source, line, "process " + process + " invokes again after "
                                + "its :info at line " + crashLine + " (that operation's outcome is unknown, so it may "
                                + "still be running; Knossos rejects this). Jepsen gives such a process a new number; "
                                + "to read it as a new client, use --new-client-after-info");
                    }
                    client = -1 - temporary.size();
                    temporary.put(client, process);
                    reincarnation.put(process, client);
                }
                Invocation input = invocation(f, key, value);
                int row = -1;
                if (metadata != null) {
                    row = metadata.add(l, time >= 0 ? time : MetadataColumns.ABSENT);
                    sink.call(client, input, EventSink.UNTIMED, metadata);
                } else {
                    sink.call(client, input, EventSink.UNTIMED, new JepsenMetadata(l));
                }
                putOpen(client, f, line, row, input);
                return;
            }
            Open o = removeOpen(client);
            if (o != null && time >= 0 && hasCallTime(o) && type != Type.INFO) {
                metadata.second(o.row, time);
            }
            if (o != null && !o.f.equals(f)) {
                throw new InvalidInputException(source, line, "process " + process + " completes :"
                        + Text.cut(f) + " but its open operation (line " + o.line + ") is :" + Text.cut(o.f));
            }
            if (o == null && !crashed.isEmpty() && crashed.containsKey(process)) {
                throw new InvalidInputException(source, line, "process " + process + " completes an operation, but "
                        + "its last one already ended with :info at line " + crashed.get(process)
                        + " (a completion without its invocation)");
            }
            switch (type) {
                case OK -> sink.ret(client, value, EventSink.UNTIMED, l);
                case INFO -> {
                    sink.crash(client, EventSink.UNTIMED, l);
                    crashed.put(process, line);
                }
                default -> fail(client, process, f, value, l, o, time);
            }
        } catch (HistoryException e) {
            throw new InvalidInputException(source, e.line() > 0 ? e.line() : line,
                    e.getMessage().replace("client " + client + " ", "process " + process + " "));
        }
    }

    /**
     * The invocation of {@code f} with {@code key} and {@code value}: the one made last for the same when the key is
     * absent and the value {@code nil} or an integer (reads and writes of a register repeat a few such on every
     * line; an invocation is immutable, so operations may share it), else a new one.
     */
    private Invocation invocation(String f, Object key, Object value) {
        if (key != null || (value != null && !(value instanceof Long))) {
            return new Invocation(f, key, value);
        }
        long v = value == null ? 0 : (Long) value;
        // two slots a hash (a read of nil and a write of 2 shared one slot and evicted each other on every line)
        int slot = (f.hashCode() + 31 * (int) (v ^ (v >>> 32)) + (value == null ? 7 : 0)) & (invocations.length - 1);
        Invocation c = invocations[slot];
        if (same(c, f, value, v)) {
            return c;
        }
        int other = slot ^ 1;
        Invocation d = invocations[other];
        if (same(d, f, value, v)) {
            return d;
        }
        return invocations[c == null ? slot : other] = new Invocation(f, null, value);
    }

    /** Whether {@code c} is the invocation of {@code f} with no key and {@code value} ({@code v} when an integer). */
    private static boolean same(Invocation c, String f, Object value, long v) {
        return c != null && c.key() == null && (c.f() == f || c.f().equals(f)) && (value == null ? c.value() == null
                : c.value() instanceof Long l && l == v);
    }

    /** Invocations made last, by a hash of their function and value (see {@link #invocation}). */
    private final Invocation[] invocations = new Invocation[64];

    /** Whether {@code o}'s invocation had a {@code :time} kept in its metadata (a batch reading's only). */
    private boolean hasCallTime(Open o) {
        return o.row >= 0 && metadata.first(o.row) != MetadataColumns.ABSENT;
    }

    private void putOpen(int client, String f, long line, int row, Invocation input) {
        if (client >= 0 && client < SMALL) {
            if (client >= openSmall.length) {
                openSmall = java.util.Arrays.copyOf(openSmall, Math.min(SMALL, Math.max(client + 1,
                        openSmall.length * 2)));
            }
            Open o = openSmall[client];
            if (o == null) {
                openSmall[client] = o = new Open();
            }
            o.set(f, line, row, input);
        } else {
            open.put(client, new Open().set(f, line, row, input));
        }
    }

    /**
     * The open operation of {@code client}, now closed, or {@code null}; a small client's object is reused by its
     * next operation, so it is read before that.
     */
    private Open removeOpen(int client) {
        if (client >= 0 && client < SMALL) {
            if (client >= openSmall.length) {
                return null;
            }
            Open o = openSmall[client];
            if (o == null || !o.live) {
                return null;
            }
            o.live = false;
            return o;
        }
        return open.isEmpty() ? null : open.remove(client);
    }

    /**
     * A {@code :fail}: the operation did not happen, so it leaves the history; it is kept as an annotation of type
     * {@code fail} (process {@code process}, at the {@code :fail}'s line, with its invocation {@code o}'s line and
     * the {@code :time}s of both, {@code time} being the {@code :fail}'s) so that reports can still draw it.
     */
    private void fail(int client, int process, String f, Object value, int line, Open o, long time) {
        if (etcdFailures && f.equals("cas")) {
            sink.ret(client, Boolean.FALSE, EventSink.UNTIMED, line);
        } else if (etcdFailures && f.equals("read")) {
            sink.ret(client, Operation.UNKNOWN, EventSink.UNTIMED, line);
        } else {
            sink.discard(client, EventSink.UNTIMED, line);
            Long callTime = o == null || !hasCallTime(o) ? null : metadata.first(o.row);
            annotations.add(new Annotation(line, String.valueOf(process), FAILED, f, value, o == null ? null
                    : new Annotation.FailedCall(o.line, client, o.input, callTime,
                    callTime == null || time < 0 ? null : time)));
        }
    }

    /** The {@link Annotation#type()} of an operation that ended in {@code :fail}. */
    static final String FAILED = "fail";

    /** The event of a process that is not a client (such as {@code :nemesis}): kept as an annotation. */
    void annotate(String process, String type, String f, Object value, long line) {
        annotations.add(new Annotation(line, process, type, f, value));
    }

    /** Checks an event's {@code :index} (plain data, {@code null} when absent): a non-negative integer, unique. */
    void index(Object index, long line) throws InvalidInputException {
        if (index == null) {
            return;
        }
        if (!(index instanceof Long i) || i < 0) {
            throw new InvalidInputException(source, line, "expected :index to be a non-negative integer, got "
                    + describe(index));
        }
        index((long) i, line);
    }

    /** As {@link #index(Object, long)} for an {@code :index} that is a non-negative integer (not boxed). */
    void index(long i, long line) throws InvalidInputException {
        if (!indexes.add(i)) {
            throw new InvalidInputException(source, line, "duplicate :index " + i + ": an earlier event has the "
                    + "same index (each event of a Jepsen history has its own)");
        }
    }

    /**
     * Checks a client event's {@code :time} (plain data, {@code null} when absent): a non-negative integer that
     * never goes backwards within the process; it is the time of the event given next to {@link #event}. The
     * order of the file, not {@code :time}, is the history's order: {@code :time} is only shown in reports (see
     * {@link #build()}).
     */
    void time(int process, Object time, long line) throws InvalidInputException {
        eventTime = -1;
        if (time == null) {
            return;
        }
        if (!(time instanceof Long t)) {
            throw new InvalidInputException(source, line, "expected :time to be an integer (nanoseconds), got "
                    + describe(time));
        }
        time(process, (long) t, line);
    }

    /** As {@link #time(int, Object, long)} for a {@code :time} that is an integer (a reader's, without boxing it). */
    void time(int process, long t, long line) throws InvalidInputException {
        if (t < 0) {
            throw new InvalidInputException(source, line, "negative :time " + t + " (Jepsen's times count up from "
                    + "the start of the test)");
        }
        eventTime = t;
        if (process >= 0 && process < SMALL) {
            // three longs a process: whether it had a time, the time, its line
            int k = 3 * process;
            if (k >= lastTimeSmall.length) {
                lastTimeSmall = java.util.Arrays.copyOf(lastTimeSmall, Math.min(3 * SMALL, Math.max(k + 3,
                        lastTimeSmall.length * 2)));
            }
            if (lastTimeSmall[k] != 0 && t < lastTimeSmall[k + 1]) {
                throw new InvalidInputException(source, line, "process " + process + "'s :time goes backwards: " + t
                        + " after " + lastTimeSmall[k + 1] + " at line " + lastTimeSmall[k + 2]);
            }
            lastTimeSmall[k] = 1;
            lastTimeSmall[k + 1] = t;
            lastTimeSmall[k + 2] = line;
            return;
        }
        long[] last = lastTime.get(process);
        if (last == null) {
            lastTime.put(process, last = new long[2]);
        } else if (t < last[0]) {
            throw new InvalidInputException(source, line, "process " + process + "'s :time goes backwards: " + t
                    + " after " + last[0] + " at line " + last[1]);
        }
        last[0] = t;
        last[1] = line;
    }

    private static String describe(Object value) {
        return value instanceof String s ? "the string " + Text.quote(s) : Text.show(value);
    }

    /**
     * The history so far, operations still open pending; processes made new clients are numbered last. When every
     * event of a client had a {@code :time}, each operation records Jepsen's times for reports, as metadata
     * {@link #CALL_TIME} and (once completed) {@link #RETURN_TIME}, in nanoseconds; when any lacks one, none does,
     * so that a report never mixes times and positions. The call and return times the checker orders operations
     * by stay the positions of the events in the file.
     */
    History build() throws InvalidInputException {
        if (builder == null) {
            throw new IllegalStateException("a streaming reading builds no history");
        }
        History h = builder.build();
        boolean timed = clientEvents > 0 && timedEvents == clientEvents;
        if (temporary.isEmpty() && (timedEvents == 0 || timed)) {
            // the metadata already says what it must: times on every operation or on none (and no return time on
            // a pending one: only a completion other than :info sets one)
            return h;
        }
        if ((long) maxProcess + temporary.size() > Integer.MAX_VALUE) {
            throw new InvalidInputException(source, -1, "too many clients: process numbers up to " + maxProcess
                    + " and " + temporary.size() + " new clients after :info do not fit 0 to " + Integer.MAX_VALUE);
        }
        Map<Integer, Integer> number = newClientNumbers();
        List<Operation> ops = new ArrayList<>(h.size());
        for (Operation op : h.operations()) {
            Map<String, Object> metadata = new LinkedHashMap<>(op.metadata());
            if (op.client() < 0) {
                metadata.put("process", (long) temporary.get(op.client()));
            }
            if (!timed || op.isPending()) {
                metadata.remove(RETURN_TIME);
            }
            if (!timed) {
                metadata.remove(CALL_TIME);
            }
            ops.add(new Operation(op.id(), op.client() < 0 ? number.get(op.client()) : op.client(), op.input(),
                    op.output(), op.call(), op.ret(), java.util.Collections.unmodifiableMap(metadata)));
        }
        return History.of(ops);
    }

    /** How many events of clients were read so far (invocations and completions, whatever their type). */
    long clientEvents() {
        return clientEvents;
    }

    /**
     * The annotations so far, in input order. As for operations (see {@link #build()}), the {@code :time}s of failed
     * operations are kept only when every client event had one.
     */
    List<Annotation> annotations() {
        boolean timed = clientEvents > 0 && timedEvents == clientEvents;
        if (timed && temporary.isEmpty()) {
            return annotations;
        }
        Map<Integer, Integer> number = newClientNumbers();
        List<Annotation> out = new ArrayList<>(annotations.size());
        for (Annotation a : annotations) {
            Annotation.FailedCall c = a.call();
            out.add(c == null ? a : new Annotation(a.line(), a.process(), a.type(), a.f(), a.value(),
                    new Annotation.FailedCall(c.line(), number.getOrDefault(c.client(), c.client()), c.input(),
                            timed ? c.timeNs() : null, timed ? c.failTimeNs() : null)));
        }
        return out;
    }

    /** The numbers that the processes made new clients get in the history: after the highest process, in order. */
    private Map<Integer, Integer> newClientNumbers() {
        Map<Integer, Integer> number = new HashMap<>();
        int next = maxProcess + 1;
        for (Integer t : temporary.keySet()) {
            number.put(t, next++);
        }
        return number;
    }
}
