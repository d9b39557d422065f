package dev.ariadne.bench;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.harness.OperationBody;
import dev.ariadne.harness.Recorder;
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
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * JMH measure of what issue 16's recorder target names: the cost on the calling thread of recording one operation
 * (the announcement and {@link System#nanoTime()} before the call and after it, and the hand-off of both events into
 * the client's buffer), from 8 threads, each with its own {@link Recorder.Client}, around a trivial body, against the
 * same body called bare. The recorder delivers to a sink that does nothing, from its own thread.
 *
 * <p>JMH's score ("avgt", ns/op) is the wall time per operation of one thread; with 8 threads on fewer processors it
 * counts the time a thread waits for a processor, so on 2 cores it is about 4 times the processing time (and the
 * delivery thread competes for the same cores). So each trial also prints, at its end, the calling threads' own
 * processor time per operation ({@link ThreadMXBean#getCurrentThreadCpuTime()} summed over the threads and the
 * measurement iterations, over their operations): the overhead the target is about, free of time slicing, including
 * any wait on a full buffer if the delivery thread falls behind; and the delivery thread's processor time per
 * operation over the same iterations (the merge in time order, the null sink's calls), which is off the calling
 * threads. Run with
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
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

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
     * One recorder for all threads of a trial, delivering to a {@link NullSink} (none for {@link #bare}, so that no
     * idle delivery thread runs beside it), and the processor time of the measurement iterations: the calling
     * threads add theirs, the delivery thread's is read here; the trial's end prints both per operation.
     */
    @State(Scope.Benchmark)
    public static class Shared {
        Recorder recorder;
        private Thread delivery;
        private long deliveryAtStart;
        final LongAdder callerCpu = new LongAdder();
        final LongAdder deliveryCpu = new LongAdder();
        final LongAdder operations = new LongAdder();

        @Setup(Level.Trial)
        public void start(BenchmarkParams params) {
            if (!params.getBenchmark().endsWith(".bare")) {
                recorder = Recorder.to(new NullSink());
                for (Thread t : Thread.getAllStackTraces().keySet()) {
                    if (t.getName().equals("ariadne-recorder") && t.isAlive()) {
                        delivery = t;
                    }
                }
            }
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            deliveryAtStart = delivery == null ? 0 : THREADS.getThreadCpuTime(delivery.getId());
        }

        @TearDown(Level.Iteration)
        public void endIteration(IterationParams iteration) {
            if (delivery != null && iteration.getType() == IterationType.MEASUREMENT) {
                deliveryCpu.add(THREADS.getThreadCpuTime(delivery.getId()) - deliveryAtStart);
            }
        }

        @TearDown(Level.Trial)
        public void stop(BenchmarkParams params) {
            if (recorder != null) {
                recorder.close();
            }
            double ops = operations.sum();
            System.out.printf(Locale.ROOT, "%n%s, %d threads, measurement iterations: caller cpu %.1f ns/op, "
                            + "delivery thread cpu %.1f ns/op, over %.0f operations%n", params.getBenchmark(),
                    params.getThreads(), callerCpu.sum() / ops, deliveryCpu.sum() / ops, ops);
        }
    }

    /** A calling thread: its client, and the trivial body (a count of its own, so threads share nothing). */
    @State(Scope.Thread)
    public static class Caller {
        Recorder.Client client;
        long count;
        final OperationBody<Object, RuntimeException> body = () -> {
            count++;
            return null;
        };
        private long operations;
        private long cpuAtStart;

        @Setup(Level.Trial)
        public void client(Shared shared) {
            client = shared.recorder == null ? null : shared.recorder.client();
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            operations = 0;
            cpuAtStart = THREADS.getCurrentThreadCpuTime();
        }

        @TearDown(Level.Iteration)
        public void endIteration(Shared shared, IterationParams iteration) {
            if (iteration.getType() == IterationType.MEASUREMENT) {
                shared.callerCpu.add(THREADS.getCurrentThreadCpuTime() - cpuAtStart);
                shared.operations.add(operations);
            }
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
