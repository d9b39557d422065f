package dev.ariadne.workloads;

import dev.ariadne.core.history.Invocation;

import java.util.SplittableRandom;

/**
 * A key-value map of strings over five keys {@code k0 … k4}, each initially empty: 50% gets, 30% puts and 20%
 * appends on a random key. Put values are {@code "v" + n} and append values {@code "+" + n}, so a key's value
 * always reads as the last put's value (or nothing) followed by the appends since.
 */
final class KvSim extends ObjectSim {
    static final int KEYS = 5;
    private static final String NEVER_WRITTEN = "never-written";

    private final String[] values = new String[KEYS];
    /** For each put, the value of its key that it overwrote. */
    private final String[] overwritten;

    KvSim(Draft d, SplittableRandom rng, boolean distinct) {
        super(d, rng, distinct);
        overwritten = new String[d.n];
        java.util.Arrays.fill(values, "");
    }

    @Override
    void step(int i) {
        int k = rng.nextInt(KEYS);
        String key = "k" + k;
        double r = rng.nextDouble();
        if (r < 0.5) {
            d.input[i] = new Invocation("get", key, null);
            d.output[i] = values[k];
        } else if (r < 0.8) {
            String v = "v" + fresh();
            d.input[i] = new Invocation("put", key, v);
            overwritten[i] = values[k];
            if (d.effective[i]) {
                values[k] = v;
            }
        } else {
            String v = "+" + fresh();
            d.input[i] = new Invocation("append", key, v);
            if (d.effective[i]) {
                values[k] = values[k] + v;
            }
        }
    }

    /**
     * A get of key k returning s is impossible when a completed put B on k returned before the get was called and
     * s cannot start with the value of any put on k that overlaps [B.call, get.return]: in every order the last
     * put on k before the get is B or one after it, and the value read starts with that put's value (puts never
     * write "" or anything containing "+"). Tried with s the value B overwrote, then "".
     */
    @Override
    String stale(int i, boolean apply) {
        Invocation get = d.input[i];
        if (!get.f().equals("get")) {
            return null;
        }
        Object key = get.key();
        int b = d.latestCompletedBefore(i, d.call[i], j -> isPut(j, key));
        if (b < 0) {
            return null;
        }
        String s = overwritten[b];
        String what = s.isEmpty() ? "the initial value" : "the value it overwrote";
        if (!impossibleAfter(s, b, i)) {
            if (s.isEmpty()) {
                return null;
            }
            s = "";
            what = "the initial value";
        }
        if (apply) {
            d.output[i] = s;
        }
        return "stale get: returns " + show(s) + " (" + what + "), but op #" + b + " put "
                + show(d.input[b].value()) + " on " + show(key) + " and returned before this get was called";
    }

    private boolean impossibleAfter(String s, int b, int r) {
        if (s.isEmpty() || s.startsWith("+")) {
            return true;
        }
        int plus = s.indexOf('+');
        String first = plus < 0 ? s : s.substring(0, plus);
        Object key = d.input[r].key();
        return !d.anyOverlapping(d.call[b], d.ret[r], j -> isPut(j, key) && d.input[j].value().equals(first));
    }

    private boolean isPut(int j, Object key) {
        return d.input[j].f().equals("put") && d.input[j].key().equals(key);
    }

    @Override
    String impossible(int i) {
        Object key = d.input[i].key();
        d.input[i] = new Invocation("get", key, null);
        d.output[i] = NEVER_WRITTEN;
        return "get of " + show(NEVER_WRITTEN) + ", a value no sequence of puts and appends produces";
    }
}
