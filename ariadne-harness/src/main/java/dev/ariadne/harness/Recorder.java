package dev.ariadne.harness;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Values;
import dev.ariadne.io.JsonLinesWriter;

import java.io.BufferedOutputStream;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Records the operations clients run against a system under test, as a timed history, and hands the events to any
 * number of {@link EventSink}s (an {@link dev.ariadne.core.online.OnlineChecker}, a native JSON-lines file, a
 * {@link dev.ariadne.core.history.HistoryBuilder}...). Each operation runs through {@link Client#call}, which takes
 * {@link System#nanoTime()} just before and just after the call, so that the recorded interval contains the real
 * one; an exception is classified as {@link ExceptionOutcome#FAILED} or {@link ExceptionOutcome#CRASHED} (the
 * default for every exception, timeouts included) and rethrown.
 *
 * <p>Calling threads only stamp the event and store it in their client's bounded buffer; one delivery thread of the
 * recorder merges the buffers in time order and calls the sinks, so sinks need not be thread-safe and always see
 * times that never go backwards. Before each event a client announces that it is taking a timestamp; the delivery
 * thread delivers an event only once no client can still stamp an earlier time. A full buffer makes its client
 * wait (the workload is throttled, memory stays bounded). Sinks that are {@link Flushable} (the file) are flushed
 * whenever delivery catches up, at least every {@value #FLUSH_INTERVAL_MILLIS} ms while busy, and by
 * {@link #flush()}, so a killed process leaves a history that reads up to its last flush.
 *
 * <p>The history file never waits behind the other sinks: with a {@linkplain Builder#file file} and other sinks, the
 * delivery thread writes the file itself and hands each event on, through a bounded buffer, to a second thread that
 * calls the other sinks (a checker that is slow or stuck on one event). While that buffer is full, delivery takes
 * no more events from the clients (so they wait, as on a slow sink), and it still flushes the file with every event
 * it holds, at least every {@value #FLUSH_INTERVAL_MILLIS} ms.
 *
 * <p>If a sink throws (a model that rejects an output, an I/O error), delivery stops: the next call of any client
 * and {@link #close()} throw {@link IllegalStateException} with it as the cause.
 */
public final class Recorder implements AutoCloseable {
    private static final int CALL = 0;
    private static final int RETURN = 1;
    private static final int CRASH = 2;
    private static final int FAIL = 3;
    /** A stamp is the time shifted left by this, with the event's kind in the low bits. */
    private static final int KIND_BITS = 2;
    private static final long KIND_MASK = (1 << KIND_BITS) - 1;
    static final long FLUSH_INTERVAL_MILLIS = 100;
    /**
     * The delivery thread's clock read may be reordered a little after its reads of the announcements (nothing in
     * Java orders a clock read before a later load), so its watermark is taken this much earlier.
     */
    private static final long WATERMARK_SLACK_NANOS = 2_000;
    /**
     * How long a client waits on a full buffer before it looks again if no wake-up came. The delivery thread always
     * wakes it once three quarters of its buffer are free (see {@link #WAKE_SHIFT}), so this only bounds how late a
     * waiting client sees a failure or the end of delivery. It is long on purpose: eight full buffers take the
     * delivery thread a few milliseconds to drain, and at 1 ms each waiting client woke two or three times for
     * nothing, each time taking a processor from the delivery thread (issue 26: 860 waits per client and 4 M
     * operations against about 230 at 50 ms, and 12-19 ns of the callers' processor time per operation).
     */
    private static final long FULL_BUFFER_PARK_NANOS = 50_000_000;
    /** A round that delivered fewer events than this is followed by a short pause (see Delivery). */
    private static final int SMALL_ROUND_EVENTS = 256;
    private static final long SMALL_ROUND_PARK_NANOS = 20_000;
    /** Buffers smaller than this would fill during the pause: their recorders never pause. */
    private static final int PACED_BUFFER_SIZE = 1024;
    private static final Map<String, Object> NO_METADATA = Map.of();
    /**
     * A client waiting on a full buffer is woken once no more than this fraction of it (as a shift: a quarter) is
     * still taken: each park and wake-up costs a few microseconds of processor time, so a client refills three
     * quarters of its buffer per wait rather than half.
     */
    private static final int WAKE_SHIFT = 2;
    /** Events the delivery thread may have handed on and the other sinks not yet taken (see {@link HandOff}). */
    static final int HAND_OFF_SIZE = 1 << 16;
    /** How long the thread behind the history file parks when it finds no events (see {@link HandOff#run}). */
    private static final long HAND_OFF_PARK_NANOS = 1_000_000;
    /**
     * The metadata key of a client's own id on the operations it runs after a crash, under a new history client
     * (the key the Jepsen readers give a process's operations after its {@code :info}); reports draw rows by it.
     */
    public static final String PROCESS = "process";
    private static final VarHandle STATE;
    private static final VarHandle WAITER;
    private static final VarHandle HEAD;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(ProducerFields.class, "state", long.class);
            WAITER = l.findVarHandle(ProducerFields.class, "waiter", Thread.class);
            HEAD = l.findVarHandle(ConsumerFields.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The sinks the delivery thread calls: all of them, or the history files when there are other sinks too. */
    private final EventSink[] sinks;
    /** The sinks behind the files, or {@code null}: called by {@link #handOff}'s thread. */
    private final HandOff handOff;
    private final List<AutoCloseable> owned;
    private final Function<Throwable, ExceptionOutcome> classifier;
    private final int bufferSize;
    /** Times are nanoseconds since this origin, so they start near 0 and are never negative. */
    private final long origin = System.nanoTime();
    private final AtomicInteger nextClientId;
    private final CopyOnWriteArrayList<Client> clients = new CopyOnWriteArrayList<>();
    private final Thread delivery;
    private volatile boolean closing;
    private volatile Throwable failure;
    /**
     * Events delivered to the sinks when they were last flushed ({@link #flush()} waits for it): written by the
     * delivery thread at every catch-up, so it lives on a cache line of its own, away from the fields every call
     * reads ({@link #closing}, {@link #failure}).
     */
    private final PaddedCounter flushedThrough = new PaddedCounter();
    private boolean closed;

    private Recorder(Builder b) {
        List<EventSink> files = new ArrayList<>();
        List<EventSink> others = new ArrayList<>();
        for (EventSink s : b.sinks) {
            (b.files.contains(s) ? files : others).add(s);
        }
        if (files.isEmpty() || others.isEmpty()) {
            this.sinks = b.sinks.toArray(new EventSink[0]);
            this.handOff = null;
        } else {
            this.sinks = files.toArray(new EventSink[0]);
            this.handOff = new HandOff(others.toArray(new EventSink[0]), HAND_OFF_SIZE);
        }
        this.owned = List.copyOf(b.owned);
        this.classifier = b.classifier;
        this.bufferSize = b.bufferSize;
        this.nextClientId = new AtomicInteger(b.firstClientId);
        this.delivery = new Thread(new Delivery(), "ariadne-recorder");
        delivery.setDaemon(true);
        if (handOff != null) {
            handOff.thread.start();
        }
        delivery.start();
    }

    /** A builder of a recorder with no sinks yet, every exception classified as crashed. */
    public static Builder builder() {
        return new Builder();
    }

    /** A recorder that delivers to {@code sinks}, with the defaults of {@link #builder()}. */
    public static Recorder to(EventSink... sinks) {
        Builder b = builder();
        for (EventSink s : sinks) {
            b.sink(s);
        }
        return b.build();
    }

    /**
     * Configures a {@link Recorder}: its sinks, its history file, how exceptions are classified and the size of each
     * client's buffer.
     */
    public static final class Builder {
        private final List<EventSink> sinks = new ArrayList<>();
        private final List<AutoCloseable> owned = new ArrayList<>();
        /** The history files' writers among {@link #sinks}: they never wait behind the others. */
        private final List<EventSink> files = new ArrayList<>();
        private Function<Throwable, ExceptionOutcome> classifier = t -> ExceptionOutcome.CRASHED;
        private final List<Class<? extends Throwable>> failedOn = new ArrayList<>();
        private int bufferSize = 1 << 13;
        private int firstClientId;

        private Builder() {
        }

        /** Adds a sink; sinks receive every event in the order they were added, from the delivery thread only. */
        public Builder sink(EventSink sink) {
            sinks.add(Objects.requireNonNull(sink, "sink"));
            return this;
        }

        /**
         * Also writes the history to {@code file} (replaced) in the native JSON-lines event form, with times in
         * nanoseconds, as it is recorded; {@code ariadne check --model M FILE} reads it, also after a crash.
         */
        public Builder file(Path file) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                OutputStream out = replace(file);
                JsonLinesWriter.EventWriter writer = JsonLinesWriter.events(out);
                sinks.add(writer);
                files.add(writer);
                owned.add(writer);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the history file " + file, e);
            }
            return this;
        }

        /**
         * Opens {@code file} for writing, empty. A regular file there is deleted and made anew rather than truncated:
         * ext4 (its default {@code auto_da_alloc}) writes back, at the close of a file that was truncated when opened,
         * every block written since, so a recorder's close would wait for its whole history file to reach the disk
         * (18 ms of processor time per 400 MiB here); a new file is written back by the kernel's flusher threads
         * as any other. A link, a device or anything else there is opened and truncated as usual.
         */
        static OutputStream replace(Path file) throws IOException {
            if (Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Files.deleteIfExists(file);
            }
            return Files.newOutputStream(file);
        }

        /**
         * Classifies the exceptions of operations ({@code null} counts as crashed); the classes given to
         * {@link #failedOn} are tested first.
         */
        public Builder classifier(Function<Throwable, ExceptionOutcome> classifier) {
            this.classifier = Objects.requireNonNull(classifier, "classifier");
            return this;
        }

        /**
         * Exceptions of these classes (or their subclasses) mean the operation certainly did not take effect
         * ({@link ExceptionOutcome#FAILED}), for example a connection refused before the request was sent.
         */
        @SafeVarargs
        public final Builder failedOn(Class<? extends Throwable>... types) {
            failedOn.addAll(List.of(types));
            return this;
        }

        /** How many events each client may have waiting for delivery before it waits (default 8192). */
        public Builder bufferSize(int events) {
            if (events < 2) {
                throw new IllegalArgumentException("bufferSize must be at least 2");
            }
            this.bufferSize = Integer.highestOneBit(events - 1) << 1;
            return this;
        }

        /** The id of the first client; clients are numbered from it in the order they are made (default 0). */
        public Builder firstClientId(int id) {
            if (id < 0) {
                throw new IllegalArgumentException("client ids are not negative");
            }
            this.firstClientId = id;
            return this;
        }

        /** Starts the recorder (and its delivery thread). */
        public Recorder build() {
            List<Class<? extends Throwable>> failed = List.copyOf(failedOn);
            Function<Throwable, ExceptionOutcome> user = classifier;
            classifier = t -> {
                for (Class<? extends Throwable> c : failed) {
                    if (c.isInstance(t)) {
                        return ExceptionOutcome.FAILED;
                    }
                }
                ExceptionOutcome o = user.apply(t);
                return o == null ? ExceptionOutcome.CRASHED : o;
            };
            return new Recorder(this);
        }
    }

    /**
     * A new logical client, with the next client id. A client runs one operation at a time; use it from one thread
     * at a time (handing it to another thread needs the usual happens-before, such as a queue or a join).
     */
    public Client client() {
        checkOpen();
        Client c = new Client(nextClientId.getAndIncrement());
        clients.add(c);
        return c;
    }

    /** Nanoseconds since the recorder started: the clock of the recorded history. */
    public long now() {
        return System.nanoTime() - origin;
    }

    /** A counter alone on its cache lines (128 bytes either side: adjacent lines are fetched in pairs). */
    @SuppressWarnings("unused") // the p fields only take room
    static final class PaddedCounter {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
        volatile long value;
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }

    /**
     * The start of a {@link Client}'s layout: room before the fields its calling thread writes. The JVM lays a
     * superclass's fields before its subclass's, so this chain of classes keeps the fields that the calling thread
     * writes and those that the delivery thread writes on cache lines of their own.
     */
    @SuppressWarnings("unused") // the p fields only take room
    abstract static class PadBeforeProducer {
        long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
    }

    /** A client's fields written by its calling thread and read by the delivery thread. */
    abstract static class ProducerFields extends PadBeforeProducer {
        /**
         * The number of events published (the tail) shifted left by one, with the low bit set while the client is
         * taking a timestamp for the next one: one field, so the delivery thread reads both with one load.
         */
        @SuppressWarnings("unused") // through STATE
        volatile long state;
        /** The calling thread while it waits for room in a full buffer, for the delivery thread to wake. */
        @SuppressWarnings("unused") // through WAITER
        volatile Thread waiter;
    }

    /** Room between the calling thread's fields and the delivery thread's. */
    @SuppressWarnings("unused") // the q fields only take room
    abstract static class PadBeforeConsumer extends ProducerFields {
        long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
    }

    /** A client's field written by the delivery thread: how many of its events were taken from the buffer. */
    abstract static class ConsumerFields extends PadBeforeConsumer {
        @SuppressWarnings("unused") // through HEAD
        volatile long head;
    }

    /** Room between the delivery thread's field and the client's own. */
    @SuppressWarnings("unused") // the r fields only take room
    abstract static class PadAfterConsumer extends ConsumerFields {
        long r00, r01, r02, r03, r04, r05, r06, r07, r08, r09, r10, r11, r12, r13, r14, r15;
    }

    /**
     * One logical client of the system under test (a thread, a connection). Its events are buffered here until the
     * delivery thread takes them. Its {@link #id()} never changes; after an operation of it crashed (the operation
     * stays open for ever in the history, and a history's client runs one operation at a time) its operations are
     * recorded under a new history client, with metadata {@value #PROCESS} holding {@link #id()}, so that reports
     * draw them on the client's own row.
     */
    public final class Client extends PadAfterConsumer {
        private final int mask;
        /** Each event's time shifted left by {@link #KIND_BITS}, its kind in the low bits. */
        private final long[] stamps;
        private final int[] ids;
        private final Object[] values;
        /** When the client was made: a bound below any time it stamps. */
        private final long createdAt;
        /** Producer side: the events published so far (what {@link #state} holds, shifted). */
        private long tail;
        /** Producer side: the delivery thread's head as last read; the buffer has room while tail - it <= mask. */
        private long knownHead;
        /** Producer side: this client's latest time, so that its next call comes strictly after it. */
        private long lastTime = -1;
        /** The client's own identity, which {@link #historyId} starts as. */
        private final int id;
        /** Metadata of the calls made under another history client than {@link #id}: {@value #PROCESS} = id. */
        private final Map<String, Object> identity;
        /** The client its operations are recorded under in the history: a new one after each crash. */
        private int historyId;
        private boolean open;

        private Client(int id) {
            this.id = id;
            this.historyId = id;
            this.identity = Map.of(PROCESS, (long) id);
            int size = bufferSize;
            this.mask = size - 1;
            this.stamps = new long[size];
            this.ids = new int[size];
            this.values = new Object[size];
            this.createdAt = now();
        }

        /**
         * The client's identity: the history client of its operations up to its first crashed one, and the
         * {@value #PROCESS} metadata of those after it. It never changes.
         */
        public int id() {
            return id;
        }

        /** The history client its next operation is recorded under: {@link #id()} until an operation crashed. */
        public int historyId() {
            return historyId;
        }

        /**
         * Runs {@code body} as an operation with {@code input} and records it: the call just before, the return
         * (with the body's result as output) just after. An exception is recorded as failed or crashed as the
         * recorder classifies it, and rethrown.
         *
         * @return what {@code body} returned
         * @throws E what {@code body} threw
         * @throws IllegalStateException if the recorder is closed or a sink failed (the operation is not run)
         */
        public <R, E extends Exception> R call(Invocation input, OperationBody<R, E> body) throws E {
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(body, "body");
            invoke(input);
            R output;
            try {
                output = body.run();
            } catch (Throwable t) {
                ended(t);
                throw t;
            }
            complete(output);
            return output;
        }

        /**
         * Runs {@code body}, a call to a {@code void} method, as an operation with {@code input} and records it
         * as {@link #call(Invocation, OperationBody)} does, with output nil ({@code null}).
         *
         * @throws E what {@code body} threw
         * @throws IllegalStateException if the recorder is closed or a sink failed (the operation is not run)
         */
        public <E extends Exception> void call(Invocation input, CommandBody<E> body) throws E {
            Objects.requireNonNull(input, "input");
            Objects.requireNonNull(body, "body");
            invoke(input);
            try {
                body.run();
            } catch (Throwable t) {
                ended(t);
                throw t;
            }
            complete(null);
        }

        /** Records the open operation as failed or crashed, as the classifier says of {@code t}. */
        private void ended(Throwable t) {
            if (classifier.apply(t) == ExceptionOutcome.FAILED) {
                fail();
            } else {
                crash();
            }
        }

        /**
         * Records the call of an operation with {@code input} now, for code that cannot wrap the call in
         * {@link #call}; end it with {@link #complete}, {@link #fail()} or {@link #crash()}.
         *
         * @throws IllegalStateException if an operation is open, the recorder is closed or a sink failed
         */
        public void invoke(Invocation input) {
            checkOpen();
            if (open) {
                throw new IllegalStateException("client " + id + " calls while its operation is still open");
            }
            open = true;
            emit(CALL, historyId, input);
        }

        /**
         * Records that the open operation returned {@code output} now. Numbers are recorded as built-in models read
         * them ({@link dev.ariadne.core.history.Values#normalize}: an {@code int} becomes a {@code Long}).
         */
        public void complete(Object output) {
            end(RETURN, Values.normalize(output));
        }

        /** Records that the open operation certainly did not take effect. */
        public void fail() {
            end(FAIL, null);
        }

        /**
         * Records that the open operation's outcome is unknown; the client's later operations are recorded under a
         * new history client (see {@link Client}).
         */
        public void crash() {
            end(CRASH, null);
            historyId = nextClientId.getAndIncrement();
        }

        private void end(int kind, Object value) {
            if (!open) {
                throw new IllegalStateException("client " + id + " has no open operation");
            }
            open = false;
            emit(kind, historyId, value);
        }

        private void emit(int kind, int client, Object value) {
            if (closing) { // nothing would deliver it: the operation stays open in the history
                throw new IllegalStateException("the recorder is closed");
            }
            long t = tail;
            // A call waits for room for its end too, so that a wait for room (the sinks behind) never falls between
            // an operation's call and its end: it would widen the recorded interval by the wait, thousands of other
            // clients' events, and the overlap the checker sees.
            long last = kind == CALL ? t + 1 : t;
            if (last - knownHead > mask) { // the cached head says full: read the real one, wait if it is full too
                knownHead = (long) HEAD.getAcquire(this);
                if (last - knownHead > mask) {
                    awaitRoom(last);
                }
            }
            // Announced before the clock is read, with a full fence: see Delivery.
            STATE.setVolatile(this, (t << 1) | 1);
            long time = System.nanoTime() - origin;
            if (kind == CALL) {
                while (time <= lastTime) { // a client's call comes strictly after its previous return
                    Thread.onSpinWait();
                    time = System.nanoTime() - origin;
                }
            }
            lastTime = time;
            int slot = (int) t & mask;
            stamps[slot] = (time << KIND_BITS) | kind;
            ids[slot] = client;
            values[slot] = value;
            tail = t + 1;
            STATE.setRelease(this, (t + 1) << 1); // publishes the slot and ends the announcement
        }

        /**
         * Waits until the buffer has room for event {@code t} (and those before it): the workload waits for the
         * sinks. A short spin, then the thread parks until the delivery thread has freed three quarters of the buffer
         * and wakes it, so that waiting clients leave the processors to the delivery thread.
         */
        private void awaitRoom(long t) {
            int spins = 0;
            while (true) {
                if (failure != null) {
                    throw stopped();
                }
                if (!delivery.isAlive()) {
                    throw new IllegalStateException("the recorder is closed");
                }
                if (spins < 64) {
                    Thread.onSpinWait();
                    spins++;
                } else {
                    // Dekker with Delivery.publish: the waiter is set (fenced) before the head is read again, the
                    // head is set (fenced) before the waiter is read, so one of the two sees the other.
                    WAITER.setVolatile(this, Thread.currentThread());
                    if (t - (long) HEAD.getVolatile(this) > mask) {
                        LockSupport.parkNanos(this, FULL_BUFFER_PARK_NANOS);
                    }
                    WAITER.setOpaque(this, null);
                }
                knownHead = (long) HEAD.getAcquire(this);
                if (t - knownHead <= mask) {
                    return;
                }
            }
        }
    }

    private static int backOff(int spins) {
        if (spins < 64) {
            Thread.onSpinWait();
        } else if (spins < 128) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(20_000);
        }
        return spins + 1;
    }

    /**
     * The delivery thread. Each round reads the clock (the watermark w), then each client's state: a client not
     * stamping now will stamp a time of at least w (its clock read follows its fenced announcement, which follows
     * this read), and every event it stamped before is already published; a client stamping now may stamp any time
     * since it was last seen idle. So events up to the least of these bounds (the round's bound) can be delivered,
     * in time order, merged across clients; later ones wait for the next round.
     *
     * <p>The merge takes runs: the client whose next event is earliest delivers all its events up to the
     * second-earliest client's next time (or the bound), with no look at the other buffers in between. The heads
     * live in this thread's arrays and are published to the clients (freeing their buffers) after each round and
     * every quarter buffer, so the calling threads rarely touch a cache line this thread writes.
     */
    private final class Delivery implements Runnable {
        private Client[] clientsSeen = new Client[0];
        /** Per client: events taken from its buffer; what was last published to it; its published events. */
        private long[] heads = new long[0];
        private long[] publishedHeads = new long[0];
        private long[] available = new long[0];
        /** Per client: the last watermark at which it was seen not stamping (its first: when it was made). */
        private long[] idleSince = new long[0];
        /** Per client: the stamp of its next event to deliver, or {@link Long#MAX_VALUE} if none is available. */
        private long[] nextStamp = new long[0];
        private long delivered;
        private long lastDeliveredTime = Long.MIN_VALUE;

        @Override
        public void run() {
            try {
                deliver();
            } finally {
                if (handOff != null) {
                    handOff.producerDone = true; // it takes what is left, then ends
                    LockSupport.unpark(handOff.thread);
                }
            }
        }

        private void deliver() {
            long lastFlush = System.nanoTime();
            boolean dirty = false;
            int idleRounds = 0;
            while (true) {
                boolean finishing = closing;
                long watermark = now() - WATERMARK_SLACK_NANOS;
                if (clientsSeen.length != clients.size()) {
                    grow();
                }
                int n = clientsSeen.length;
                long bound = watermark;
                boolean anyStamping = false;
                for (int i = 0; i < n; i++) {
                    long state = (long) STATE.getVolatile(clientsSeen[i]);
                    if ((state & 1) != 0) {
                        bound = Math.min(bound, idleSince[i]);
                        anyStamping = true;
                    } else {
                        idleSince[i] = watermark;
                    }
                    long tail = state >>> 1;
                    available[i] = tail;
                    Client c = clientsSeen[i];
                    nextStamp[i] = heads[i] < tail ? c.stamps[(int) heads[i] & c.mask] : Long.MAX_VALUE;
                }
                long room = handOff == null ? Long.MAX_VALUE : handOff.room();
                long count = merge(n, bound, room);
                for (int i = 0; i < n; i++) {
                    publish(i);
                }
                if (handOff != null) {
                    if (count > 0) {
                        handOff.publish();
                    }
                    if (room - count < HAND_OFF_SIZE / 2) {
                        // Half full or more: wake the thread behind the file now rather than at the end of its park
                        // (see HandOff#run), or this thread soon finds no room and waits for it, spinning.
                        LockSupport.unpark(handOff.thread);
                    }
                }
                delivered += count;
                dirty |= count > 0;
                long nowNanos = System.nanoTime();
                if (dirty && (count == 0 || nowNanos - lastFlush > FLUSH_INTERVAL_MILLIS * 1_000_000)) {
                    flushSinks(delivered);
                    lastFlush = nowNanos;
                    dirty = false;
                }
                if (count == 0) {
                    if (finishing && !anyStamping && allDrained() && n == clients.size()) {
                        flushSinks(delivered);
                        return;
                    }
                    idleRounds = backOff(idleRounds);
                } else {
                    idleRounds = 0;
                    if (count < SMALL_ROUND_EVENTS && bufferSize >= PACED_BUFFER_SIZE && !finishing) {
                        // Let events gather: every round reads each client's state, a cache line its thread then
                        // has to fetch back, so few large rounds cost the calling threads less than many small.
                        LockSupport.parkNanos(SMALL_ROUND_PARK_NANOS);
                    }
                }
            }
        }

        /** Takes the clients made since the last round into the arrays; clients are only ever appended. */
        private void grow() {
            Client[] now = clients.toArray(new Client[0]);
            int old = clientsSeen.length;
            heads = Arrays.copyOf(heads, now.length);
            publishedHeads = Arrays.copyOf(publishedHeads, now.length);
            available = Arrays.copyOf(available, now.length);
            idleSince = Arrays.copyOf(idleSince, now.length);
            nextStamp = Arrays.copyOf(nextStamp, now.length);
            for (int i = old; i < now.length; i++) {
                idleSince[i] = now[i].createdAt;
            }
            clientsSeen = now;
        }

        /**
         * Delivers the available events with times up to {@code bound}, in time order, at most {@code room} of them
         * (what the hand-off to the other sinks can take); returns how many.
         */
        private long merge(int n, long bound, long room) {
            long boundStamp = bound >= (Long.MAX_VALUE >> KIND_BITS) ? Long.MAX_VALUE : (bound << KIND_BITS) | KIND_MASK;
            long count = 0;
            while (true) {
                int first = -1;
                long earliest = Long.MAX_VALUE;
                long second = Long.MAX_VALUE;
                for (int i = 0; i < n; i++) {
                    long s = nextStamp[i];
                    if (s < earliest) {
                        second = earliest;
                        earliest = s;
                        first = i;
                    } else if (s < second) {
                        second = s;
                    }
                }
                if (first < 0 || earliest > boundStamp || count >= room) {
                    return count;
                }
                long limit = Math.min(boundStamp, second);
                Client c = clientsSeen[first];
                long[] stamps = c.stamps;
                int mask = c.mask;
                long h = heads[first];
                long end = available[first];
                long quarter = (mask + 1) >>> 2;
                long stamp = earliest;
                do {
                    int slot = (int) h & mask;
                    send((int) (stamp & KIND_MASK), c.ids[slot], stamp >> KIND_BITS, c.values[slot], c);
                    c.values[slot] = null;
                    h++;
                    count++;
                    if (h - publishedHeads[first] >= quarter) { // a long run: free room for the client now
                        heads[first] = h;
                        publish(first);
                    }
                } while (h < end && count < room && (stamp = stamps[(int) h & mask]) <= limit);
                heads[first] = h;
                nextStamp[first] = h < end ? stamps[(int) h & mask] : Long.MAX_VALUE;
            }
        }

        /**
         * Publishes client i's head if it moved, and wakes the client if it waits and has three quarters of its
         * buffer free (see {@link #WAKE_SHIFT}).
         */
        private void publish(int i) {
            long h = heads[i];
            if (h == publishedHeads[i]) {
                return;
            }
            publishedHeads[i] = h;
            Client c = clientsSeen[i];
            HEAD.setVolatile(c, h); // fenced before the waiter is read: see Client.awaitRoom
            Thread waiter = (Thread) WAITER.getVolatile(c);
            if (waiter != null && available[i] - h <= (c.mask + 1) >>> WAKE_SHIFT) {
                LockSupport.unpark(waiter);
            }
        }

        private boolean allDrained() {
            for (int i = 0; i < clientsSeen.length; i++) {
                if (heads[i] != (long) STATE.getVolatile(clientsSeen[i]) >>> 1) {
                    return false;
                }
            }
            return true;
        }

        private void send(int kind, int client, long time, Object value, Client from) {
            Map<String, Object> metadata = kind == CALL && client != from.id ? from.identity : NO_METADATA;
            if (failure != null) {
                if (handOff != null) {
                    handOff.push(kind, client, time, value, metadata); // (skipped there too; counted, so flush() returns)
                }
                return;
            }
            if (time < lastDeliveredTime) {
                if (kind == CALL) { // a later call would shrink the interval: never done, the run stops instead
                    failure = new IllegalStateException("the clock went backwards: client " + client + " called at "
                            + time + " after an event at " + lastDeliveredTime + " was delivered");
                    return;
                }
                time = lastDeliveredTime; // a later end only widens the interval: sound
            }
            lastDeliveredTime = time;
            try {
                for (EventSink s : sinks) {
                    switch (kind) {
                        case CALL -> s.call(client, value, time, metadata);
                        case RETURN -> s.ret(client, value, time, -1);
                        case CRASH -> s.crash(client, time, -1);
                        default -> s.discard(client, time, -1);
                    }
                }
            } catch (RuntimeException | Error e) {
                failure = e;
            }
            if (handOff != null) {
                handOff.push(kind, client, time, value, metadata);
            }
        }
    }

    /**
     * The events on their way from the delivery thread to the sinks behind the history file, and the thread that
     * calls those sinks: a ring with one writer (the delivery thread, which never waits on it: it takes no more
     * events from the clients while the ring is full) and one reader. Its fields each thread writes are on cache
     * lines of their own.
     */
    private final class HandOff implements Runnable {
        /** The bit of an id (client ids are not negative) that says the event's metadata is in its slot. */
        private static final int HAS_METADATA = 1 << 31;
        private final EventSink[] sinks;
        private final int mask;
        private final long[] stamps;
        private final int[] ids;
        private final Object[] values;
        /**
         * The metadata of the calls that have some (the client's identity after a crash), so the sinks behind the
         * file see it too: its slot is written and read only for an event whose id has {@link #HAS_METADATA} set.
         */
        private final Object[] metadata;
        final Thread thread;
        /** Written by the delivery thread: events handed on. */
        private final PaddedCounter published = new PaddedCounter();
        /** Written by this thread: events taken (their slots are free again). */
        private final PaddedCounter taken = new PaddedCounter();
        /** Written by this thread: events the sinks had when they were last flushed. */
        final PaddedCounter flushedThrough = new PaddedCounter();
        /** Set by the delivery thread when it ends: nothing more comes. */
        volatile boolean producerDone;
        /** Delivery thread side: events pushed, and what {@link #taken} said when last read. */
        private long tail;
        private long knownTaken;

        HandOff(EventSink[] sinks, int size) {
            this.sinks = sinks;
            this.mask = size - 1;
            this.stamps = new long[size];
            this.ids = new int[size];
            this.values = new Object[size];
            this.metadata = new Object[size];
            this.thread = new Thread(this, "ariadne-recorder-sinks");
            thread.setDaemon(true);
        }

        /** Delivery thread: how many events may be pushed now. */
        long room() {
            long free = mask + 1 - (tail - knownTaken);
            if (free < (mask + 1) >>> 2) {
                knownTaken = taken.value;
                free = mask + 1 - (tail - knownTaken);
            }
            return free;
        }

        /** Delivery thread: adds an event; {@link #room} said there is room. */
        void push(int kind, int client, long time, Object value, Map<String, Object> callMetadata) {
            int slot = (int) tail & mask;
            stamps[slot] = (time << KIND_BITS) | kind;
            values[slot] = value;
            if (callMetadata == NO_METADATA) { // nearly every event: one array less to write and read
                ids[slot] = client;
            } else {
                ids[slot] = client | HAS_METADATA;
                metadata[slot] = callMetadata;
            }
            tail++;
            if ((tail & 1023) == 0) {
                publish();
            }
        }

        /** Delivery thread: makes the events pushed so far visible to this thread. */
        void publish() {
            published.value = tail;
        }

        @Override
        public void run() {
            long head = 0;
            long lastFlush = System.nanoTime();
            boolean dirty = false;
            int idle = 0;
            while (true) {
                boolean done = producerDone;
                long end = published.value;
                if (head == end) {
                    if (dirty) {
                        flushThese(head);
                        dirty = false;
                        lastFlush = System.nanoTime();
                    }
                    if (done) {
                        return;
                    }
                    // Nothing to call the sinks with: spin a little, then park for longer than the delivery thread
                    // would. The delivery thread hands events on in batches (of up to 1,024, or a round); waking every
                    // 20 µs, then every 200 µs, to find none cost more processor time than a cheap sink's work (issue
                    // 26: 16-22 ns per operation at 200 µs, 8-10 at 1 ms), and a sink here is never what the clients
                    // wait for until the ring of 65,536 is full (8 ms of the fastest recording). flush() wakes it.
                    if (idle < 64) {
                        Thread.onSpinWait();
                    } else {
                        LockSupport.parkNanos(HAND_OFF_PARK_NANOS);
                    }
                    idle++;
                    continue;
                }
                idle = 0;
                while (head < end) {
                    int slot = (int) head & mask;
                    long stamp = stamps[slot];
                    Object value = values[slot];
                    values[slot] = null;
                    int id = ids[slot];
                    Map<String, Object> callMetadata = NO_METADATA;
                    if ((id & HAS_METADATA) != 0) {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> m = (Map<String, Object>) metadata[slot];
                        callMetadata = m;
                        metadata[slot] = null;
                        id &= ~HAS_METADATA;
                    }
                    if (failure == null) {
                        call((int) (stamp & KIND_MASK), id, stamp >> KIND_BITS, value, callMetadata);
                    }
                    head++;
                    if ((head & 1023) == 0) {
                        taken.value = head;
                    }
                }
                taken.value = head;
                dirty = true;
                long now = System.nanoTime();
                if (now - lastFlush > FLUSH_INTERVAL_MILLIS * 1_000_000) {
                    flushThese(head);
                    dirty = false;
                    lastFlush = now;
                }
            }
        }

        private void call(int kind, int client, long time, Object value, Map<String, Object> callMetadata) {
            try {
                for (EventSink s : sinks) {
                    switch (kind) {
                        case CALL -> s.call(client, value, time, callMetadata);
                        case RETURN -> s.ret(client, value, time, -1);
                        case CRASH -> s.crash(client, time, -1);
                        default -> s.discard(client, time, -1);
                    }
                }
            } catch (RuntimeException | Error e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }

        private void flushThese(long through) {
            flush(sinks);
            flushedThrough.value = through;
        }
    }

    private void flushSinks(long delivered) {
        flush(sinks);
        flushedThrough.value = delivered;
    }

    private void flush(EventSink[] sinks) {
        for (EventSink s : sinks) {
            if (s instanceof Flushable f) {
                try {
                    f.flush();
                } catch (IOException | RuntimeException e) {
                    if (failure == null) {
                        failure = e;
                    }
                }
            }
        }
    }

    /** The number of events stamped so far, delivered or not. */
    private long stamped() {
        long total = 0;
        for (Client c : clients) {
            total += (long) STATE.getVolatile(c) >>> 1;
        }
        return total;
    }

    /**
     * Waits until every event recorded before this call has reached the sinks and the sinks were flushed.
     *
     * @throws IllegalStateException if a sink failed
     */
    public void flush() {
        long target = stamped();
        int spins = 0;
        while (flushedThrough.value < target && delivery.isAlive() && failure == null) {
            spins = backOff(spins);
        }
        if (handOff != null) {
            LockSupport.unpark(handOff.thread); // it may be parked for a while (see HandOff#run)
            while (handOff.flushedThrough.value < target && handOff.thread.isAlive() && failure == null) {
                spins = backOff(spins);
            }
        }
        if (failure != null) {
            throw stopped();
        }
    }

    /** The first exception a sink threw, or {@code null}: delivery stopped at it. */
    public Throwable failure() {
        return failure;
    }

    /**
     * Delivers every event recorded so far, stops the delivery thread and closes the history file. Clients must have
     * finished their operations' recording (an operation still open stays open: pending in the history).
     *
     * @throws IllegalStateException if a sink failed
     */
    @Override
    public void close() {
        if (closed) {
            if (failure != null) {
                throw stopped();
            }
            return;
        }
        closed = true;
        closing = true;
        boolean interrupted = false;
        while (delivery.isAlive() || handOff != null && handOff.thread.isAlive()) {
            try {
                delivery.join();
                if (handOff != null) {
                    handOff.thread.join();
                }
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        for (AutoCloseable c : owned) {
            try {
                c.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = e;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure != null) {
            throw stopped();
        }
    }

    private void checkOpen() {
        if (failure != null) {
            throw stopped();
        }
        if (closing) {
            throw new IllegalStateException("the recorder is closed");
        }
    }

    private IllegalStateException stopped() {
        return new IllegalStateException("the recorder stopped: a sink failed: " + failure, failure);
    }
}
