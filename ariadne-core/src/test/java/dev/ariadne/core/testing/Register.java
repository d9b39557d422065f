package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;

import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A register, initially nil. With small values: reads and writes, or with compare-and-set a third each. With
 * distinct values (the decision procedure's precondition): two writes in five, the rest reads, and only a read's
 * output may be hidden.
 */
final class Register implements SequentialObject {
    private final boolean cas;
    private final Domain values;
    private Object value;

    Register(boolean cas, Domain values) {
        if (cas && values.distinct()) {
            throw new IllegalArgumentException("compare-and-set with distinct values is not generated");
        }
        this.cas = cas;
        this.values = values;
    }

    @Override
    public Invocation randomInput(SplittableRandom r) {
        if (values.distinct()) {
            return r.nextInt(5) < 2 ? Invocation.of("write", values.next(r)) : Invocation.of("read", null);
        }
        return switch (r.nextInt(cas ? 3 : 2)) {
            case 0 -> Invocation.of("read", null);
            case 1 -> Invocation.of("write", values.next(r));
            default -> Invocation.of("cas", List.of(values.next(r), values.next(r)));
        };
    }

    @Override
    public Object apply(Invocation input) {
        switch (input.f()) {
            case "read":
                return value;
            case "write":
                value = input.value();
                return null;
            default:
                List<?> pair = (List<?>) input.value();
                if (Objects.equals(value, pair.get(0))) {
                    value = pair.get(1);
                    return true;
                }
                return false;
        }
    }

    @Override
    public boolean observes(Invocation input) {
        return !input.f().equals("write");
    }

    @Override
    public Object randomOutput(Invocation input, SplittableRandom r) {
        return input.f().equals("cas") ? (Object) r.nextBoolean() : values.corrupt(r);
    }

    @Override
    public boolean mayHide(Invocation input) {
        return !values.distinct() || observes(input);
    }
}
