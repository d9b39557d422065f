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
            assertEquals(1, client.id(), "after a crash the client continues under a new id");
            client.call(Invocation.of("read", null), () -> 3L);
        }
        List<Operation> ops = builder.build().operations();
        assertEquals(3, ops.size(), "the failed write is dropped");
        assertEquals(Invocation.of("write", 3L), ops.get(1).input());
        assertTrue(ops.get(1).isPending(), "the timed-out write stays pending");
        assertEquals(1, ops.get(2).client());
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
}
