package dev.ariadne.workloads;

import dev.ariadne.core.history.Invocation;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * A register, initially nil: half reads and half writes, or with compare-and-set 40% reads, 30% writes and 30%
 * cas, half of which expect the current value. Values are never nil, so nil is only the initial state.
 */
final class RegisterSim extends ObjectSim {
    private static final int CANDIDATES = 50;

    private final boolean cas;
    /** For each write, the value it overwrote (at its linearization point). */
    private final Object[] overwritten;
    private Long value;

    RegisterSim(Draft d, SplittableRandom rng, boolean distinct, boolean cas) {
        super(d, rng, distinct);
        this.cas = cas;
        this.overwritten = new Object[d.n];
    }

    @Override
    void step(int i) {
        double r = rng.nextDouble();
        if (cas && r < 0.3) {
            Long expected = rng.nextBoolean() ? value : (Long) recent();
            long next = fresh();
            d.input[i] = Invocation.of("cas", Collections.unmodifiableList(Arrays.asList(expected, next)));
            boolean matches = Objects.equals(expected, value);
            d.output[i] = matches;
            if (matches && d.effective[i]) {
                value = next;
            }
        } else if (r < (cas ? 0.6 : 0.5)) {
            long v = fresh();
            d.input[i] = Invocation.of("write", v);
            overwritten[i] = value;
            if (d.effective[i]) {
                value = v;
            }
        } else {
            d.input[i] = Invocation.of("read", null);
            d.output[i] = value;
        }
    }

    /**
     * A read R returning v is impossible when a completed write B returned before R was called and no operation
     * that may set v overlaps [B.call, R.return]: in every order, the last write (or successful cas) before R is
     * B or one placed after B, hence one of those overlapping operations, so R must see something else. Tried
     * with v the value B overwrote, then the values of earlier completed writes, then nil.
     */
    @Override
    String stale(int i, boolean apply) {
        if (!d.input[i].f().equals("read")) {
            return null;
        }
        int b = d.latestCompletedBefore(i, d.call[i], j -> d.input[j].f().equals("write"));
        if (b < 0) {
            return null;
        }
        Object v = null;
        String what = null;
        for (int j = b, seen = 0; j >= 0 && seen < CANDIDATES && what == null; j--) {
            if (j == b || d.input[j].f().equals("write") && !d.crashed[j]) {
                Object candidate = j == b ? overwritten[b] : d.input[j].value();
                seen++;
                if (candidate != null && !maySetInWindow(candidate, b, i)) {
                    v = candidate;
                    what = j == b ? "the value it overwrote" : "written by op #" + j;
                }
            }
        }
        if (what == null) {
            if (maySetInWindow(null, b, i)) {
                return null;
            }
            what = "the initial value";
        }
        if (apply) {
            d.output[i] = v;
        }
        return "stale read: returns " + show(v) + " (" + what + "), but op #" + b + " wrote "
                + show(d.input[b].value()) + " and returned before this read was called";
    }

    private boolean maySetInWindow(Object v, int b, int r) {
        return d.anyOverlapping(d.call[b], d.ret[r], j -> Objects.equals(written(j), v));
    }

    /** The value operation j may write, or a marker that equals no value. */
    private Object written(int j) {
        Invocation inv = d.input[j];
        return switch (inv.f()) {
            case "write" -> inv.value();
            case "cas" -> ((List<?>) inv.value()).get(1);
            default -> Draft.class;
        };
    }

    @Override
    String impossible(int i) {
        d.input[i] = Invocation.of("read", null);
        d.output[i] = NEVER;
        return "read of " + NEVER + ", a value no operation writes";
    }
}
