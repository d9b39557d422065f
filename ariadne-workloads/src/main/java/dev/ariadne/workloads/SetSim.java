package dev.ariadne.workloads;

import dev.ariadne.core.history.Invocation;

import java.util.ArrayList;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * A set, initially empty: 30% adds, 20% removes, 40% contains and 10% reads of the whole set. With distinct values,
 * adds add new values (but a set of 8 elements is removed from instead, so reads stay short), and removes and
 * contains ask about a present element three times in four, else about a recent value.
 */
final class SetSim extends ObjectSim {
    private static final int CAPACITY = 8;

    private final TreeSet<Long> set = new TreeSet<>();

    SetSim(Draft d, SplittableRandom rng, boolean distinct) {
        super(d, rng, distinct);
    }

    @Override
    void step(int i) {
        double r = rng.nextDouble();
        if (r < 0.3 && !(distinct && set.size() >= CAPACITY)) {
            long v = fresh();
            d.input[i] = Invocation.of("add", v);
            d.output[i] = !set.contains(v);
            if (d.effective[i]) {
                set.add(v);
            }
        } else if (r < 0.5) { // also the adds turned into removes on a full set
            long v = someValue();
            d.input[i] = Invocation.of("remove", v);
            d.output[i] = set.contains(v);
            if (d.effective[i]) {
                set.remove(v);
            }
        } else if (r < 0.9) {
            long v = someValue();
            d.input[i] = Invocation.of("contains", v);
            d.output[i] = set.contains(v);
        } else {
            d.input[i] = Invocation.of("read", null);
            d.output[i] = new ArrayList<>(set);
        }
    }

    private long someValue() {
        if (!distinct || set.isEmpty() || rng.nextInt(4) == 0) {
            return recent();
        }
        int k = rng.nextInt(set.size());
        for (long v : set) {
            if (k-- == 0) {
                return v;
            }
        }
        throw new AssertionError();
    }

    /**
     * A completed {@code contains v} is answered wrongly when it reports the opposite of a completed add (or
     * remove) of v that returned before it was called, with no remove (or add) of v overlapping the add's call
     * and the contains' return: in every order the last add or remove of v before the contains is that add (or
     * remove) or one after it, hence one of the overlapping ones.
     */
    @Override
    String stale(int i, boolean apply) {
        Invocation contains = d.input[i];
        if (!contains.f().equals("contains")) {
            return null;
        }
        Object v = contains.value();
        boolean present = (Boolean) d.output[i];
        String settles = present ? "add" : "remove";
        String undoes = present ? "remove" : "add";
        int b = d.latestCompletedBefore(i, d.call[i], j -> d.input[j].f().equals(settles)
                && d.input[j].value().equals(v));
        if (b < 0 || d.anyOverlapping(d.call[b], d.ret[i], j -> d.input[j].f().equals(undoes)
                && d.input[j].value().equals(v))) {
            return null;
        }
        if (apply) {
            d.output[i] = !present;
        }
        return "stale contains: says " + show(v) + " is " + (present ? "absent" : "present") + ", but op #" + b
                + " " + (present ? "added" : "removed") + " it and returned before this call, and no " + undoes
                + " of " + show(v) + " overlaps them";
    }

    @Override
    String impossible(int i) {
        d.input[i] = Invocation.of("contains", NEVER);
        d.output[i] = true;
        return "contains " + NEVER + " → true, but no operation adds " + NEVER;
    }
}
