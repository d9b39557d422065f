package dev.ariadne.harness;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.*;

class RecorderTest {

    /** A sink that checks what every sink requires: times never go backwards, one open operation per client. */
    static class OrderCheckingSink implements EventSink {
        long last = Long.MIN_VALUE;
        final Map<Integer, Boolean> open = new HashMap<>();
        long events;

        private void time(long t) {
            if (t < last) {
                throw new AssertionError("time went backwards: " + t + " after " + last);
            }
            last = t;
            events++;
        }

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            time(time);
            if (open.put(client, true) != null) {
                throw new AssertionError("client " + client + " called twice");
            }
            return this;
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            time(time);
            assertNotNull(open.remove(client), "return without call");
            return this;
        }

        @Override
        public EventSink crash(int client, long time, int line) {
            return ret(client, null, time, line);
        }

        @Override
        public EventSink discard(int client, long time, int line) {
            return ret(client, null, time, line);
        }
    }

    private static List<Thread> start(int n, java.util.function.IntConsumer body) {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            Thread t = new Thread(() -> body.accept(index));
            threads.add(t);
            t.start();
        }
        return threads;
    }

    private static void join(List<Thread> threads) throws InterruptedException {
        for (Thread t : threads) {
            t.join();
        }
    }

    @Test
    void manyThreadsDeliverEveryEventInTimeOrderThroughSmallBuffers() throws Exception {
        OrderCheckingSink order = new OrderCheckingSink();
        HistoryBuilder builder = new HistoryBuilder();
        AtomicLong counter = new AtomicLong();
        int threads = 8;
        int perThread = 3000;
        try (Recorder recorder = Recorder.builder().sink(order).sink(builder).bufferSize(16).build()) {
            List<Recorder.Client> clients = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                clients.add(recorder.client());
            }
            join(start(threads, i -> {
                for (int k = 0; k < perThread; k++) {
                    try {
                        clients.get(i).call(Invocation.of("increment", null), () -> {
                            counter.incrementAndGet();
                            return null;
                        });
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }
            }));
        }
        assertEquals(2L * threads * perThread, order.events);
        History h = builder.build();
        assertEquals(threads * perThread, h.size());
        for (Operation op : h.operations()) {
            assertFalse(op.isPending());
            assertTrue(op.call() >= 0 && op.ret() >= op.call());
        }
    }

    /** Records every client's inputs in order, and checks each return carries the input of its own client's call. */
    static class PerClientSink extends OrderCheckingSink {
        final Map<Integer, List<Object>> inputs = new HashMap<>();
        final Map<Integer, Object> openInput = new HashMap<>();

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            super.call(client, input, time, metadata);
            inputs.computeIfAbsent(client, c -> new ArrayList<>()).add(input);
            openInput.put(client, input);
            return this;
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            super.ret(client, output, time, line);
            Object input = openInput.remove(client);
            assertEquals(((Invocation) input).value(), output, "client " + client + "'s return has its own call's value");
            return this;
        }
    }

    private static void callWriting(Recorder.Client client, long value) {
        try {
            client.call(Invocation.of("write", value), () -> value);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void eachClientsEventsArriveInItsOwnOrderWithItsOwnValuesThroughBuffersThatWrapEveryTwoEvents() throws Exception {
        PerClientSink sink = new PerClientSink();
        int threads = 6;
        int perThread = 2000;
        try (Recorder recorder = Recorder.builder().sink(sink).bufferSize(2).build()) {
            List<Recorder.Client> clients = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                clients.add(recorder.client());
            }
            join(start(threads, i -> {
                for (int k = 0; k < perThread; k++) {
                    callWriting(clients.get(i), i * 1_000_000L + k);
                }
            }));
        }
        assertEquals(2L * threads * perThread, sink.events);
        assertTrue(sink.openInput.isEmpty());
        for (int i = 0; i < threads; i++) {
            List<Object> inputs = sink.inputs.get(i);
            assertEquals(perThread, inputs.size());
            for (int k = 0; k < perThread; k++) {
                assertEquals(Invocation.of("write", i * 1_000_000L + k), inputs.get(k), "client " + i + ", call " + k);
            }
        }
    }

    @Test
    void clientsMadeWhileOthersRecordAreMergedInTimeOrder() throws Exception {
        PerClientSink sink = new PerClientSink();
        int threads = 5;
        int perThread = 1000;
        List<CountDownLatch> started = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            started.add(new CountDownLatch(1));
        }
        try (Recorder recorder = Recorder.builder().sink(sink).bufferSize(8).build()) {
            join(start(threads, i -> {
                try {
                    if (i > 0) {
                        started.get(i - 1).await(); // each client is made while the one before records
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                try {
                    Recorder.Client client = recorder.client();
                    for (int k = 0; k < perThread; k++) {
                        callWriting(client, k);
                        if (k == perThread / 10) {
                            started.get(i).countDown();
                        }
                    }
                } finally {
                    started.get(i).countDown(); // a failing client must not hold the next one back
                }
            }));
        }
        assertEquals(2L * threads * perThread, sink.events);
        assertEquals(threads, sink.inputs.size());
        for (List<Object> inputs : sink.inputs.values()) {
            for (int k = 0; k < perThread; k++) {
                assertEquals(Invocation.of("write", (long) k), inputs.get(k));
            }
        }
    }

    @Test
    void clientsWaitingOnFullBuffersBehindASlowSinkLoseNothing() throws Exception {
        PerClientSink slow = new PerClientSink() {
            @Override
            public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
                java.util.concurrent.locks.LockSupport.parkNanos(20_000);
                return super.call(client, input, time, metadata);
            }
        };
        int threads = 4;
        int perThread = 150;
        try (Recorder recorder = Recorder.builder().sink(slow).bufferSize(4).build()) {
            List<Recorder.Client> clients = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                clients.add(recorder.client());
            }
            join(start(threads, i -> {
                for (int k = 0; k < perThread; k++) {
                    callWriting(clients.get(i), k);
                }
            }));
        }
        assertEquals(2L * threads * perThread, slow.events);
        for (int i = 0; i < threads; i++) {
            assertEquals(perThread, slow.inputs.get(i).size());
        }
    }

    /**
     * A client waits for room before it stamps a call, room for the call and its end, never between them: a wait
     * (the sink behind) inside an operation would widen its recorded interval by the wait. A sink stuck at the first
     * return holds the buffer of 4 with one event taken (the first call): the second operation runs, the third
     * waits before its call (before its body runs), where it would otherwise run and wait with its return unstamped.
     */
    @Test
    @org.junit.jupiter.api.Timeout(60) // only against a hang
    void aClientWaitsForRoomBeforeACallNeverInsideAnOperation() throws Exception {
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        OrderCheckingSink sink = new OrderCheckingSink() {
            @Override
            public EventSink ret(int client, Object output, long time, int line) {
                if (stuck.getCount() > 0) {
                    stuck.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return super.ret(client, output, time, line);
            }
        };
        AtomicLong ran = new AtomicLong();
        try (Recorder recorder = Recorder.builder().sink(sink).bufferSize(4).build()) {
            Recorder.Client c = recorder.client();
            c.call(Invocation.of("write", 0L), ran::incrementAndGet);
            stuck.await(); // its call was taken (and its slot freed) before the sink got stuck at its return
            Thread t = new Thread(() -> {
                for (int k = 1; k < 5; k++) {
                    c.call(Invocation.of("write", (long) k), ran::incrementAndGet);
                }
            });
            t.start();
            try {
                while (t.getState() != Thread.State.TIMED_WAITING && t.getState() != Thread.State.WAITING) {
                    Thread.sleep(1); // until the client waits for room (it parks only there, and for good here)
                }
                assertEquals(2, ran.get(), "operations whose bodies ran while the sink was stuck");
            } finally {
                release.countDown(); // (else close() would wait for the stuck sink)
            }
            t.join();
        }
        assertEquals(5, ran.get());
        assertEquals(10, sink.events);
    }

    @Test
    @org.junit.jupiter.api.Timeout(60) // only against a hang: a client waiting for room must see the failure
    void aSinkFailingWhileClientsWaitForRoomStopsEveryClient() throws Exception {
        EventSink failing = new OrderCheckingSink() {
            @Override
            public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
                if (events >= 50) {
                    throw new IllegalArgumentException("the 50th event is enough");
                }
                java.util.concurrent.locks.LockSupport.parkNanos(10_000);
                return super.call(client, input, time, metadata);
            }
        };
        int threads = 4;
        Recorder recorder = Recorder.builder().sink(failing).bufferSize(2).build();
        List<Recorder.Client> clients = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            clients.add(recorder.client());
        }
        List<Throwable> stopped = java.util.Collections.synchronizedList(new ArrayList<>());
        join(start(threads, i -> {
            try {
                for (int k = 0; k < 1_000_000; k++) {
                    clients.get(i).call(Invocation.of("write", (long) k), () -> null);
                }
            } catch (Exception e) {
                stopped.add(e);
            }
        }));
        assertEquals(threads, stopped.size(), "every client stopped: " + stopped);
        for (Throwable t : stopped) {
            assertInstanceOf(IllegalStateException.class, t);
            assertTrue(t.getMessage().contains("the 50th event is enough"), t.getMessage());
        }
        assertThrows(IllegalStateException.class, recorder::close);
    }

    @Test
    void anOperationThatEndedBeforeAnotherStartedPrecedesItInTheHistory() throws Exception {
        HistoryBuilder builder = new HistoryBuilder();
        try (Recorder recorder = Recorder.to(builder)) {
            Recorder.Client a = recorder.client();
            Recorder.Client b = recorder.client();
            for (int round = 0; round < 200; round++) {
                CountDownLatch done = new CountDownLatch(1);
                Thread other = new Thread(() -> {
                    try {
                        done.await();
                        b.call(Invocation.of("read", null), () -> 1L);
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                });
                other.start();
                a.call(Invocation.of("write", 1L), () -> null);
                done.countDown(); // b starts only after a's operation returned
                other.join();
            }
        }
        List<Operation> ops = builder.build().operations();
        for (int i = 0; i < ops.size(); i += 2) {
            Operation write = ops.get(i);
            Operation read = ops.get(i + 1);
            assertEquals("write", ((Invocation) write.input()).f());
            assertTrue(write.ret() < read.call(), "real time order kept: " + write + " before " + read);
        }
    }

    @Test
    void exceptionsAreFailedOrCrashedAsClassifiedAndRethrown() throws Exception {
        HistoryBuilder builder = new HistoryBuilder();
        Recorder.Client client;
        try (Recorder recorder = Recorder.builder().sink(builder).failedOn(IllegalArgumentException.class).build()) {
            client = recorder.client();
            assertEquals(0, client.id());
            client.call(Invocation.of("write", 1L), () -> null);
            Recorder.Client c = client;
            assertThrows(IllegalArgumentException.class,
                    () -> c.call(Invocation.of("write", 2L), () -> { throw new IllegalArgumentException("refused"); }));
            assertEquals(0, client.id(), "a failed operation does not change the client");
            assertThrows(TimeoutException.class,
                    () -> c.call(Invocation.of("write", 3L), () -> { throw new TimeoutException(); }));
            assertEquals(0, client.id(), "the client keeps its identity after a crash");
            assertEquals(1, client.historyId(), "and continues under a new history client");
            long read = client.call(Invocation.of("read", null), () -> 3L);   // typed: no cast
            assertEquals(3L, read);
        }
        List<Operation> ops = builder.build().operations();
        assertEquals(3, ops.size(), "the failed write is dropped");
        assertEquals(Invocation.of("write", 3L), ops.get(1).input());
        assertTrue(ops.get(1).isPending(), "the timed-out write stays pending");
        assertEquals(0, ops.get(1).client());
        assertEquals(java.util.Map.of(), ops.get(1).metadata(), "under its own id: no identity metadata");
        assertEquals(1, ops.get(2).client());
        assertEquals(0L, ops.get(2).metadata().get(Recorder.PROCESS), "the client's own id, for the report's row");
    }

    /** Issue 26: a call to a void method needs no {@code return null}, and checked exceptions are typed. */
    @Test
    void voidCallsAreRecordedWithANilOutputAndCheckedExceptionsAreTyped() throws Exception {
        HistoryBuilder builder = new HistoryBuilder();
        AtomicLong counter = new AtomicLong();
        try (Recorder recorder = Recorder.to(builder)) {
            Recorder.Client client = recorder.client();
            client.call(Invocation.of("add", 2), () -> counter.addAndGet(2));      // returns a long: the output
            client.call(Invocation.of("reset"), () -> counter.set(0));              // void: output nil
            client.call(Invocation.of("reset"), () -> { counter.set(0); });
            String s = client.call(Invocation.of("read"), () -> String.valueOf(counter.get()));
            assertEquals("0", s);
            assertThrows(IOException.class, () -> client.call(Invocation.of("io"), () -> failWithIo()));
        }
        List<Operation> ops = builder.build().operations();
        assertEquals(5, ops.size());
        assertEquals(2L, ops.get(0).output());
        assertEquals(Invocation.of("add", 2L), ops.get(0).input(), "an int argument is recorded as a long");
        assertNull(ops.get(1).output());
        assertNull(ops.get(2).output());
        assertTrue(ops.get(4).isPending(), "an exception crashes the operation by default");
    }

    private static void failWithIo() throws IOException {
        throw new IOException("disk");
    }

    @Test
    void theFileReadsBackAsTheSameHistoryAndIsCompleteAfterFlushWhileRecording(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        HistoryBuilder builder = new HistoryBuilder();
        Recorder recorder = Recorder.builder().sink(builder).file(file).build();
        Recorder.Client a = recorder.client();
        Recorder.Client b = recorder.client();
        a.call(Invocation.of("write", 1L), () -> null);
        b.invoke(Invocation.of("read", null)); // open when the "kill" comes
        a.call(new Invocation("put", "k\"\n", List.of(1L, "x")), () -> "ok");
        recorder.flush();
        // as a killed test leaves it: the open read is pending
        History sofar = HistoryReaders.read(file, dev.ariadne.io.Format.JSON);
        assertEquals(3, sofar.size());
        assertTrue(sofar.get(1).isPending());
        b.complete(1L);
        a.invoke(Invocation.of("cas", List.of(1L, 2L)));
        a.crash();
        Recorder.Client c = recorder.client();
        c.invoke(Invocation.of("write", 5L));
        c.fail();
        recorder.close();
        History read = HistoryReaders.read(file, dev.ariadne.io.Format.JSON);
        History recorded = builder.build();
        assertEquals(recorded.size(), read.size());
        for (int i = 0; i < read.size(); i++) {
            Operation x = read.get(i);
            Operation y = recorded.get(i);
            assertEquals(y.input(), x.input());
            assertEquals(y.output(), x.output());
            assertEquals(y.call(), x.call());
            assertEquals(y.ret(), x.ret());
            assertEquals(y.client(), x.client());
        }
        assertTrue(Files.readString(file).contains("\"type\":\"crash\""));
        assertTrue(Files.readString(file).contains("\"type\":\"fail\""));
    }

    @Test
    void aFailingSinkStopsTheRecordingAndIsReported() throws Exception {
        EventSink broken = new OrderCheckingSink() {
            @Override
            public EventSink ret(int client, Object output, long time, int line) {
                throw new IllegalArgumentException("cannot read output " + output);
            }
        };
        Recorder recorder = Recorder.to(broken);
        Recorder.Client c = recorder.client();
        c.call(Invocation.of("read", null), () -> 7L);
        IllegalStateException e = assertThrows(IllegalStateException.class, recorder::flush);
        assertTrue(e.getMessage().contains("cannot read output 7"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> c.call(Invocation.of("read", null), () -> 8L));
        assertThrows(IllegalStateException.class, recorder::close);
    }

    @Test
    void aSlowSinkThrottlesTheClientsInsteadOfBufferingWithoutBound() throws Exception {
        long[] seen = new long[1];
        EventSink slow = new OrderCheckingSink() {
            @Override
            public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                seen[0]++;
                return super.call(client, input, time, metadata);
            }
        };
        try (Recorder recorder = Recorder.builder().sink(slow).bufferSize(4).build()) {
            Recorder.Client c = recorder.client();
            for (int i = 0; i < 100; i++) {
                c.call(Invocation.of("read", null), () -> 0L);
                // at most a buffer's worth (4 events, 2 calls) may wait for the sink
                assertTrue(seen[0] >= i - 2, "call " + i + " ran while only " + seen[0] + " were delivered");
            }
        }
        assertEquals(100, seen[0]);
    }

    @Test
    void aClosedRecorderRefusesNewOperations() throws IOException {
        Recorder recorder = Recorder.to(new HistoryBuilder());
        Recorder.Client c = recorder.client();
        recorder.close();
        assertThrows(IllegalStateException.class, () -> c.invoke(Invocation.of("read", null)));
        assertThrows(IllegalStateException.class, recorder::client);
    }

    /**
     * Issue 26: while the checker was stuck, the history file stayed at 0 bytes. A sink that blocks at its first
     * event (as a checker stuck on one judgement) must not keep the file from being written and flushed: every
     * operation recorded meanwhile reads back from the file, without {@link Recorder#flush()} (which would wait
     * for the stuck sink too), before the sink is let go.
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void theHistoryFileIsFlushedWhileAnotherSinkIsStuck(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        CountDownLatch stuck = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> seen = new ArrayList<>();
        EventSink checker = new OrderCheckingSink() {
            @Override
            public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
                if (seen.isEmpty()) {
                    stuck.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                seen.add("call");
                return super.call(client, input, time, metadata);
            }
        };
        int operations = 200;
        try (Recorder recorder = Recorder.builder().sink(checker).file(file).build()) {
            Recorder.Client c = recorder.client();
            for (int i = 0; i < operations; i++) {
                c.call(Invocation.of("write", (long) i), () -> null);
            }
            stuck.await(); // the checker holds its first event, and will until released
            // The file is flushed whenever delivery catches up, at least every 100 ms: poll it (a hang here fails
            // the test by its time-out: with the file behind the checker it stayed empty for ever).
            long lines = 0;
            while (lines < 2L * operations) {
                Thread.sleep(20);
                try (var stream = Files.lines(file)) {
                    lines = stream.filter(l -> l.endsWith("}")).count();
                }
            }
            assertTrue(seen.isEmpty(), "the checker is still stuck at its first event");
            History sofar = HistoryReaders.read(file, dev.ariadne.io.Format.JSON);
            assertEquals(operations, sofar.size());
            assertEquals(Invocation.of("write", (long) operations - 1), sofar.get(operations - 1).input());
            release.countDown();
        }
        assertEquals(operations, seen.size(), "the checker got every event once let go");
    }

    /**
     * Issue 26: with a history file and another sink, the ring of events between the two fills past half and wraps
     * several times (the other sink holds its first event until the file has more than half a ring of lines, then
     * takes the rest while the clients go on; the delivery thread wakes that sink's thread whenever the ring is half
     * full): the other sink and the file still get every event once, in time order, and hold the same history.
     */
    @Test
    void theRingBehindTheFileFillsPastHalfAndWrapsAndLosesNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        int threads = 4;
        int operations = 40_000; // 320,000 events: the ring of 65,536 wraps about five times
        long halfRingBytes = 64L * (Recorder.HAND_OFF_SIZE / 2 + 2); // each line here is shorter than 64 bytes
        HistoryBuilder builder = new HistoryBuilder();
        OrderCheckingSink other = new OrderCheckingSink() {
            @Override
            public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
                if (events == 0) {
                    try {
                        while (Files.size(file) < halfRingBytes) { // the file is flushed when delivery waits
                            Thread.sleep(5);
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                builder.call(client, input, time, metadata);
                return super.call(client, input, time, metadata);
            }

            @Override
            public EventSink ret(int client, Object output, long time, int line) {
                builder.ret(client, output, time, line);
                return super.ret(client, output, time, line);
            }
        };
        Invocation write = Invocation.of("w", null);
        try (Recorder recorder = Recorder.builder().sink(other).file(file).build()) {
            List<Recorder.Client> clients = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                clients.add(recorder.client());
            }
            join(start(threads, t -> {
                for (int i = 0; i < operations; i++) {
                    clients.get(t).call(write, () -> null);
                }
            }));
        }
        assertEquals(2L * threads * operations, other.events);
        History read = HistoryReaders.read(file, dev.ariadne.io.Format.JSON);
        History recorded = builder.build();
        assertEquals(threads * operations, recorded.size());
        assertSameOperations(recorded, read);
        for (Operation x : read.operations()) {
            assertEquals(write, x.input());
            assertNull(x.output());
        }
    }

    /**
     * A history file already there is replaced: a regular file is made anew (not truncated, see
     * {@code Recorder.Builder#replace}), so nothing of the old one is left and the link to another name is gone; a
     * symbolic link stays and its target is written, truncated.
     */
    @Test
    void aHistoryFileAlreadyThereIsReplacedAndASymbolicLinkIsWrittenThrough(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        Files.writeString(file, "x".repeat(10_000) + "\n");
        Path other = dir.resolve("other-name");
        Files.createLink(other, file);
        try (Recorder recorder = Recorder.builder().file(file).build()) {
            recorder.client().call(Invocation.of("write", 1L), () -> null);
        }
        assertEquals(1, HistoryReaders.read(file, dev.ariadne.io.Format.JSON).size());
        assertEquals("x".repeat(10_000) + "\n", Files.readString(other), "a new file, not the old one truncated");

        Path target = dir.resolve("target.jsonl");
        Files.writeString(target, "y".repeat(10_000) + "\n");
        Path link = dir.resolve("link.jsonl");
        try {
            Files.createSymbolicLink(link, target);
        } catch (UnsupportedOperationException | IOException e) {
            return; // no symbolic links here
        }
        try (Recorder recorder = Recorder.builder().file(link).build()) {
            recorder.client().call(Invocation.of("write", 2L), () -> null);
        }
        assertTrue(Files.isSymbolicLink(link));
        History read = HistoryReaders.read(target, dev.ariadne.io.Format.JSON);
        assertEquals(Invocation.of("write", 2L), read.get(0).input());
        assertEquals(1, read.size());
    }

    /**
     * Issue 26: the history file's lines are encoded by hand. Four threads record seeded random values (unicode,
     * control characters, lone surrogates, big numbers, nested lists, sets and maps), some operations crashing and
     * some failing; the file reads back as the history the recorder delivered to its other sink.
     */
    @Test
    void aFileOfRandomValuesReadsBackAsTheHistoryTheOtherSinkGot(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("h.jsonl");
        HistoryBuilder builder = new HistoryBuilder();
        int operations = 300;
        try (Recorder recorder = Recorder.builder().sink(builder).file(file).failedOn(IllegalArgumentException.class)
                .build()) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                Recorder.Client c = recorder.client();
                java.util.Random r = new java.util.Random(t);
                threads.add(new Thread(() -> {
                    for (int i = 0; i < operations; i++) {
                        Invocation input = new Invocation("op" + randomString(r), r.nextBoolean() ? null
                                : randomValue(r, 0), randomValue(r, 0));
                        Object output = randomValue(r, 0);
                        int end = r.nextInt(10);
                        try {
                            c.call(input, () -> {
                                if (end == 0) {
                                    throw new IllegalStateException("crashed");
                                }
                                if (end == 1) {
                                    throw new IllegalArgumentException("failed");
                                }
                                return output;
                            });
                        } catch (IllegalStateException | IllegalArgumentException expected) {
                            // recorded as crashed or failed
                        }
                    }
                }));
            }
            threads.forEach(Thread::start);
            join(threads);
        }
        History read = HistoryReaders.read(file, dev.ariadne.io.Format.JSON);
        History recorded = builder.build();
        assertTrue(recorded.size() > 900, "most of the 1,200 operations are kept (a tenth fail)");
        assertSameOperations(recorded, read);
        for (int i = 0; i < read.size(); i++) {
            Map<String, Object> meta = new HashMap<>(read.get(i).metadata());
            meta.remove("line");
            assertEquals(recorded.get(i).metadata(), meta, "operation " + i);
        }
    }

    /** {@code read} (the history file read back) holds {@code recorded}'s operations, in order, field by field. */
    private static void assertSameOperations(History recorded, History read) {
        assertEquals(recorded.size(), read.size());
        for (int i = 0; i < read.size(); i++) {
            Operation x = read.get(i);
            Operation y = recorded.get(i);
            String at = "operation " + i;
            assertEquals(y.client(), x.client(), at);
            assertEquals(y.input(), x.input(), at);
            assertEquals(y.outputKnown(), x.outputKnown(), at);
            assertEquals(y.output(), x.output(), at);
            assertEquals(y.call(), x.call(), at);
            assertEquals(y.ret(), x.ret(), at);
        }
    }

    private static Object randomValue(java.util.Random r, int depth) {
        return switch (r.nextInt(depth > 2 ? 6 : 9)) {
            case 0 -> null;
            case 1 -> r.nextBoolean();
            case 2 -> r.nextInt(3) == 0 ? r.nextLong() : (long) r.nextInt(10);
            case 3 -> new java.math.BigInteger(64 + r.nextInt(100), r);
            case 4 -> r.nextInt(3) == 0 ? -0.0 : r.nextDouble() * Math.pow(10, r.nextInt(40) - 20);
            case 5 -> randomString(r);
            case 6 -> {
                List<Object> l = new ArrayList<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    l.add(randomValue(r, depth + 1));
                }
                yield l;
            }
            case 7 -> {
                java.util.Set<Object> s = new java.util.LinkedHashSet<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    s.add(randomValue(r, depth + 1));
                }
                yield s;
            }
            default -> {
                Map<Object, Object> m = new java.util.LinkedHashMap<>();
                for (int i = r.nextInt(3); i > 0; i--) {
                    m.put(r.nextBoolean() ? randomString(r) : randomValue(r, depth + 1), randomValue(r, depth + 1));
                }
                yield m;
            }
        };
    }

    private static String randomString(java.util.Random r) {
        StringBuilder b = new StringBuilder();
        for (int i = r.nextInt(8); i > 0; i--) {
            switch (r.nextInt(6)) {
                case 0 -> b.append((char) r.nextInt(0x20));
                case 1 -> b.append("\"\\\u2028\u00e9".charAt(r.nextInt(4)));
                case 2 -> b.append((char) (0xD800 + r.nextInt(0x800))); // a lone surrogate
                case 3 -> b.appendCodePoint(0x10000 + r.nextInt(0x100000));
                case 4 -> b.append((char) (0x800 + r.nextInt(0xD000)));
                default -> b.append((char) (0x20 + r.nextInt(0x5F)));
            }
        }
        return b.toString();
    }
}
