package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;

import java.util.SplittableRandom;

/** A counter from 0: {@code add} of 1 … 4 two times in three, else {@code read}; a wrong read is off by one. */
final class Counter implements SequentialObject {
    private long value;

    @Override
    public Invocation randomInput(SplittableRandom r) {
        return r.nextInt(3) == 0 ? Invocation.of("read", null) : Invocation.of("add", 1L + r.nextInt(4));
    }

    @Override
    public Object apply(Invocation input) {
        if (input.f().equals("read")) {
            return value;
        }
        value += (Long) input.value();
        return null;
    }

    @Override
    public boolean observes(Invocation input) {
        return input.f().equals("read");
    }

    @Override
    public Object randomOutput(Invocation input, SplittableRandom r) {
        return value + r.nextInt(3) - 1;
    }
}
