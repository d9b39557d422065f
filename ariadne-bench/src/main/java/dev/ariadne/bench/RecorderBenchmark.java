package dev.ariadne.bench;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.harness.OperationBody;
import dev.ariadne.harness.Recorder;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * JMH measure of what issue 16's recorder target names: the cost on the calling thread of recording one operation
 * (the announcement and {@link System#nanoTime()} before the call and after it, and the hand-off of both events into
 * the client's buffer), from 8 threads, each with its own {@link Recorder.Client}, around a trivial body, against the
 * same body called bare. The recorder delivers to a sink that does nothing, from its own thread.
 *
 * <p>Two figures per benchmark. JMH's score ("avgt", ns/op) is the wall time per operation of one thread; with 8
 * threads on fewer processors it counts the time a thread waits for a processor, so on 2 cores it is about 4 times
 * the processing time (and the delivery thread competes for the same cores). The auxiliary counter
 * {@code callerCpuNsPerOp} is the calling threads' own processor time per operation
 * ({@link ThreadMXBean#getCurrentThreadCpuTime()} over each measurement iteration, averaged over the threads): the
 * overhead the target is about, free of time slicing; it includes any wait on a full buffer (spinning, yielding) if
 * the delivery thread falls behind. Run with
 * {@code java -cp ariadne-bench/target/ariadne-bench.jar org.openjdk.jmh.Main RecorderBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
@Threads(8)
public class RecorderBenchmark {
    private static final Invocation INCREMENT = Invocation.of("increment", null);

    /** A sink that does nothing: what is measured is stamping, hand-off and delivery. */
    static final class NullSink implements EventSink {
        long events;

        @Override
        public EventSink call(int client, Object input, long time, Map<String, Object> metadata) {
            events++;
            return this;
        }

        @Override
        public EventSink ret(int client, Object output, long time, int line) {
            events++;
            return this;
        }

        @Override
        public EventSink crash(int client, long time, int line) {
            events++;
            return this;
        }

        @Override
        public EventSink discard(int client, long time, int line) {
            events++;
            return this;
        }
    }

    /**
     * One recorder for all threads of a trial, delivering to a {@link NullSink}; none for {@link #bare}, so that no
     * idle delivery thread runs beside it.
     */
    @State(Scope.Benchmark)
    public static class Shared {
        Recorder recorder;

        @Setup(Level.Trial)
        public void start(BenchmarkParams params) {
            if (!params.getBenchmark().endsWith(".bare")) {
                recorder = Recorder.to(new NullSink());
            }
        }

        @TearDown(Level.Trial)
        public void stop() {
            if (recorder != null) {
                recorder.close();
            }
        }
    }

    /**
     * A calling thread: its client, the trivial body (a count of its own, so threads share nothing), and its
     * processor time over the iteration, reported as {@code callerCpuNsPerOp}.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Caller {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        Recorder.Client client;
        long count;
        final OperationBody body = () -> {
            count++;
            return null;
        };
        private long operations;
        private long cpuAtStart;
        private int threads;
        /** The calling threads' processor time per operation in the iteration (each thread adds its share). */
        public double callerCpuNsPerOp;

        @Setup(Level.Trial)
        public void client(Shared shared, BenchmarkParams params) {
            client = shared.recorder == null ? null : shared.recorder.client();
            threads = params.getThreads();
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            operations = 0;
            callerCpuNsPerOp = 0;
            cpuAtStart = THREADS.getCurrentThreadCpuTime();
        }

        @TearDown(Level.Iteration)
        public void endIteration() {
            long cpu = THREADS.getCurrentThreadCpuTime() - cpuAtStart;
            callerCpuNsPerOp = operations == 0 ? 0 : (double) cpu / operations / threads;
        }
    }

    /** The operation recorded: both stamps and both events handed to the client's buffer. */
    @Benchmark
    public Object recorded(Caller caller) throws Exception {
        caller.operations++;
        return caller.client.call(INCREMENT, caller.body);
    }

    /** The same body, not recorded: the floor to subtract. */
    @Benchmark
    public Object bare(Caller caller) throws Exception {
        caller.operations++;
        return caller.body.run();
    }
}
