package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;

import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/** A set of the values 1 … 4: {@code add}, {@code remove} and {@code contains} of any, and {@code read} of all. */
final class SmallSet implements SequentialObject {
    private final TreeSet<Object> set = new TreeSet<>();

    @Override
    public Invocation randomInput(SplittableRandom r) {
        return switch (r.nextInt(4)) {
            case 0 -> Invocation.of("add", value(r));
            case 1 -> Invocation.of("remove", value(r));
            case 2 -> Invocation.of("contains", value(r));
            default -> Invocation.of("read", null);
        };
    }

    private static long value(SplittableRandom r) {
        return 1 + r.nextInt(4);
    }

    @Override
    public Object apply(Invocation input) {
        return switch (input.f()) {
            case "add" -> set.add(input.value());
            case "remove" -> set.remove(input.value());
            case "contains" -> set.contains(input.value());
            default -> List.copyOf(set);
        };
    }

    @Override
    public boolean observes(Invocation input) {
        return true;
    }

    @Override
    public Object randomOutput(Invocation input, SplittableRandom r) {
        return input.f().equals("read") ? List.of(value(r)) : (Object) r.nextBoolean();
    }
}
