package dev.ariadne.core.testing;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * A set of the values 1 … k, each added at most once (the decision procedure's precondition), with
 * {@code contains} and {@code read} of any. With removes, {@code remove} of any, and reads only with an unknown
 * output; without (a grow-only set), reads list the set.
 */
final class DistinctSet implements SequentialObject {
    private final int values;
    private final boolean removes;
    private final Set<Long> drafted = new HashSet<>();
    private final TreeSet<Long> set = new TreeSet<>();

    DistinctSet(int values, boolean removes) {
        this.values = values;
        this.removes = removes;
    }

    @Override
    public Invocation randomInput(SplittableRandom r) {
        long v = 1 + r.nextInt(values);
        int k = r.nextInt(10);
        if (k < 4 && drafted.add(v)) {
            return Invocation.of("add", v);
        }
        if (removes && k < 6) {
            return Invocation.of("remove", v);
        }
        return k < (removes ? 9 : 7) ? Invocation.of("contains", v) : Invocation.of("read", null);
    }

    @Override
    public Object apply(Invocation input) {
        return switch (input.f()) {
            case "add" -> set.add((Long) input.value());
            case "remove" -> set.remove((Long) input.value());
            case "contains" -> set.contains((Long) input.value());
            default -> removes ? Operation.UNKNOWN : new ArrayList<>(set);
        };
    }

    /** Adds say something only when removes may undo them; reads only when they are known. */
    @Override
    public boolean observes(Invocation input) {
        return removes ? !input.f().equals("read") : !input.f().equals("add");
    }

    @Override
    public Object randomOutput(Invocation input, SplittableRandom r) {
        if (!input.f().equals("read")) {
            return r.nextBoolean();
        }
        // The current set with one value toggled.
        TreeSet<Long> out = new TreeSet<>(set);
        long v = 1 + r.nextInt(values);
        if (!out.remove(v)) {
            out.add(v);
        }
        return new ArrayList<>(out);
    }
}
