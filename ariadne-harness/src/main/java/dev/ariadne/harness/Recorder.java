package dev.ariadne.harness;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Invocation;
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
 * <p>If a sink throws (a model that rejects an output, an I/O error), delivery stops: the next call of any client
 * and {@link #close()} throw {@link IllegalStateException} with it as the cause.
 */
public final class Recorder implements AutoCloseable {
    private static final int CALL = 0;
    private static final int RETURN = 1;
    private static final int CRASH = 2;
    private static final int FAIL = 3;
    static final long FLUSH_INTERVAL_MILLIS = 100;
    /**
     * The delivery thread's clock read may be reordered a little after its reads of the announcements (nothing in
     * Java orders a clock read before a later load), so its watermark is taken this much earlier.
     */
    private static final long WATERMARK_SLACK_NANOS = 2_000;
    private static final VarHandle STAMPING;
    private static final VarHandle TAIL;
    private static final VarHandle HEAD;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STAMPING = l.findVarHandle(Client.class, "stamping", int.class);
            TAIL = l.findVarHandle(Client.class, "tail", long.class);
            HEAD = l.findVarHandle(Client.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final List<EventSink> sinks;
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
    /** Events delivered to the sinks when they were last flushed: {@link #flush()} waits for it. */
    private volatile long flushedThrough;
    private long delivered;
    private long lastDeliveredTime = Long.MIN_VALUE;
    private boolean closed;

    private Recorder(Builder b) {
        this.sinks = List.copyOf(b.sinks);
        this.owned = List.copyOf(b.owned);
        this.classifier = b.classifier;
        this.bufferSize = b.bufferSize;
        this.nextClientId = new AtomicInteger(b.firstClientId);
        this.delivery = new Thread(this::deliver, "ariadne-recorder");
        delivery.setDaemon(true);
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
        private Function<Throwable, ExceptionOutcome> classifier = t -> ExceptionOutcome.CRASHED;
        private final List<Class<? extends Throwable>> failedOn = new ArrayList<>();
        private int bufferSize = 1 << 12;
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
                OutputStream out = Files.newOutputStream(file);
                JsonLinesWriter.EventWriter writer = JsonLinesWriter.events(out);
                sinks.add(writer);
                owned.add(writer);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the history file " + file, e);
            }
            return this;
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

        /** How many events each client may have waiting for delivery before it waits (default 4096). */
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

    /**
     * One logical client of the system under test (a thread, a connection). Its events are buffered here until the
     * delivery thread takes them; its id changes when an operation crashes, since the crashed operation stays open
     * for ever in the history.
     */
    public final class Client {
        @SuppressWarnings("unused") // through STAMPING
        private volatile int stamping;
        @SuppressWarnings("unused") // through TAIL
        private volatile long tail;
        @SuppressWarnings("unused") // through HEAD
        private volatile long head;
        private final int mask;
        private final byte[] kinds;
        private final int[] ids;
        private final long[] times;
        private final Object[] values;
        /** Producer side: this client's latest time, so that its next call comes strictly after it. */
        private long lastTime = -1;
        private int id;
        private boolean open;
        /** Delivery side: the last watermark at which this client was seen not stamping. */
        private long idleSince;

        private Client(int id) {
            this.id = id;
            int size = bufferSize;
            this.mask = size - 1;
            this.kinds = new byte[size];
            this.ids = new int[size];
            this.times = new long[size];
            this.values = new Object[size];
            this.idleSince = now();
        }

        /** The client id its next operation is recorded under. */
        public int id() {
            return id;
        }

        /**
         * Runs {@code body} as an operation with {@code input} and records it: the call just before, the return
         * (with the body's result as output) just after. An exception is recorded as failed or crashed as the
         * recorder classifies it, and rethrown.
         *
         * @throws IllegalStateException if the recorder is closed or a sink failed (the operation is not run)
         */
        public Object call(Invocation input, OperationBody body) throws Exception {
            Objects.requireNonNull(input, "input");
            invoke(input);
            Object output;
            try {
                output = body.run();
            } catch (Throwable t) {
                ExceptionOutcome o = classifier.apply(t);
                if (o == ExceptionOutcome.FAILED) {
                    fail();
                } else {
                    crash();
                }
                throw t;
            }
            complete(output);
            return output;
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
            emit(CALL, id, input);
        }

        /** Records that the open operation returned {@code output} now. */
        public void complete(Object output) {
            end(RETURN, output);
        }

        /** Records that the open operation certainly did not take effect. */
        public void fail() {
            end(FAIL, null);
        }

        /** Records that the open operation's outcome is unknown; the client continues under a new id. */
        public void crash() {
            end(CRASH, null);
            id = nextClientId.getAndIncrement();
        }

        private void end(int kind, Object value) {
            if (!open) {
                throw new IllegalStateException("client " + id + " has no open operation");
            }
            open = false;
            emit(kind, id, value);
        }

        private void emit(int kind, int client, Object value) {
            long t = (long) TAIL.getOpaque(this);
            int spins = 0;
            while (t - (long) HEAD.getAcquire(this) > mask) {
                if (failure != null) {
                    throw stopped();
                }
                spins = backOff(spins); // the buffer is full: the workload waits for the checker
            }
            STAMPING.setVolatile(this, 1); // announced before the clock is read: see deliver()
            long time = now();
            if (kind == CALL) {
                while (time <= lastTime) { // a client's call comes strictly after its previous return
                    Thread.onSpinWait();
                    time = now();
                }
            }
            lastTime = time;
            int slot = (int) t & mask;
            kinds[slot] = (byte) kind;
            ids[slot] = client;
            times[slot] = time;
            values[slot] = value;
            TAIL.setRelease(this, t + 1);
            STAMPING.setRelease(this, 0);
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
     * The delivery thread. Each round reads the clock (the watermark w), then each client's announcement: a client
     * not stamping now will stamp a time of at least w (its clock read follows its announcement, which follows this
     * read), and every event it stamped before is already in its buffer; a client stamping now may stamp any time
     * since it was last seen idle. So events up to the least of these bounds can be delivered, in time order, merged
     * across clients; later ones wait for the next round.
     */
    private void deliver() {
        long lastFlush = System.nanoTime();
        boolean dirty = false;
        int idleRounds = 0;
        List<Client> snapshot = List.of();
        long[] available = new long[0];
        while (true) {
            boolean finishing = closing;
            long watermark = now() - WATERMARK_SLACK_NANOS;
            if (snapshot.size() != clients.size()) {
                snapshot = List.copyOf(clients);
                available = new long[snapshot.size()];
            }
            int n = snapshot.size();
            long bound = watermark;
            boolean anyStamping = false;
            for (int i = 0; i < n; i++) {
                Client c = snapshot.get(i);
                if ((int) STAMPING.getVolatile(c) != 0) {
                    bound = Math.min(bound, c.idleSince);
                    anyStamping = true;
                } else {
                    c.idleSince = watermark;
                }
                available[i] = (long) TAIL.getAcquire(c);
            }
            int count = 0;
            while (true) {
                Client next = null;
                long best = Long.MAX_VALUE;
                for (int i = 0; i < n; i++) {
                    Client c = snapshot.get(i);
                    long h = (long) HEAD.getOpaque(c);
                    if (h < available[i]) {
                        long t = c.times[(int) h & c.mask];
                        if (t < best) {
                            best = t;
                            next = c;
                        }
                    }
                }
                if (next == null || best > bound) {
                    break;
                }
                long h = (long) HEAD.getOpaque(next);
                int slot = (int) h & next.mask;
                if (failure == null) {
                    send(next.kinds[slot], next.ids[slot], next.times[slot], next.values[slot]);
                }
                next.values[slot] = null;
                HEAD.setRelease(next, h + 1);
                count++;
            }
            delivered += count;
            dirty |= count > 0;
            long nowNanos = System.nanoTime();
            if (dirty && (count == 0 || nowNanos - lastFlush > FLUSH_INTERVAL_MILLIS * 1_000_000)) {
                flushSinks();
                lastFlush = nowNanos;
                dirty = false;
            }
            if (count == 0) {
                if (finishing && !anyStamping && allDrained(snapshot) && snapshot.size() == clients.size()) {
                    flushSinks();
                    return;
                }
                idleRounds = backOff(idleRounds);
            } else {
                idleRounds = 0;
            }
        }
    }

    private static boolean allDrained(List<Client> snapshot) {
        for (Client c : snapshot) {
            if ((long) HEAD.getOpaque(c) != (long) TAIL.getAcquire(c)) {
                return false;
            }
        }
        return true;
    }

    private void send(int kind, int client, long time, Object value) {
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
                    case CALL -> s.call(client, value, time, Map.of());
                    case RETURN -> s.ret(client, value, time, -1);
                    case CRASH -> s.crash(client, time, -1);
                    default -> s.discard(client, time, -1);
                }
            }
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }

    private void flushSinks() {
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
        flushedThrough = delivered;
    }

    /** The number of events stamped so far, delivered or not. */
    private long stamped() {
        long total = 0;
        for (Client c : clients) {
            total += (long) TAIL.getAcquire(c);
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
        while (flushedThrough < target && delivery.isAlive() && failure == null) {
            spins = backOff(spins);
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
        while (delivery.isAlive()) {
            try {
                delivery.join();
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
