package dev.ariadne.harness.jqwik;

import dev.ariadne.core.history.Invocation;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/** Counters under test for the scenario tests, and arbitraries of their actions in the {@code counter} model's words. */
final class Counters {
    private Counters() {
    }

    /** A counter with increment-by and read. */
    interface Counter {
        void add(long d);

        long read();
    }

    /** A correct counter: {@link AtomicLong}. */
    static final class Atomic implements Counter {
        private final AtomicLong value = new AtomicLong();

        @Override
        public void add(long d) {
            value.addAndGet(d);
        }

        @Override
        public long read() {
            return value.get();
        }
    }

    /**
     * A deliberately broken check-then-act counter: it reads, pauses for a while (as a slow computation would) and
     * writes back, so two concurrent increments can lose one.
     */
    static final class Racy implements Counter {
        private volatile long value;

        @Override
        public void add(long d) {
            long v = value;
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            value = v + d;
        }

        @Override
        public long read() {
            return value;
        }
    }

    /** {@code increment d} for d in 1..5 (shrinking towards 1) and {@code read}, one in three. */
    static Arbitrary<Call<Counter>> actions() {
        Arbitrary<Call<Counter>> increments = Arbitraries.longs().between(1, 5)
                .map(d -> Call.<Counter>of(Invocation.of("increment", d), c -> {
                    c.add(d);
                    return null;
                }));
        Arbitrary<Call<Counter>> reads = Arbitraries.just(Call.of(Invocation.of("read", null), Counter::read));
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(2, increments), net.jqwik.api.Tuple.of(1, reads));
    }
}
