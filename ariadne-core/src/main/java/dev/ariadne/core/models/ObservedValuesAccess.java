package dev.ariadne.core.models;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.prepared.ObservedValues;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in models' answers to {@link ObservedValues}, installed when that class is first used. Only kv answers:
 * a get of key k can return v only if v is a value k can start from (its initial value, or a put's value) followed
 * by the values of some of the appends of k, each at most once, in some order.
 */
final class ObservedValuesAccess implements ObservedValues.Access {
    /** How many partial matches one question may try before it gives up (and refutes nothing). */
    private static final int MAX_STEPS = 100_000;

    static {
        ObservedValues.install(new ObservedValuesAccess());
    }

    private ObservedValuesAccess() {
    }

    @Override
    public boolean cannotProduce(Model<?> model, Operation observation, List<Operation> others) {
        if (!(model instanceof KvModel kv) || !(observation.input() instanceof KvModel.Op get)
                || get.kind() != KvModel.Op.GET || !observation.outputKnown()) {
            return false;
        }
        String seen = observation.output().toString();
        List<String> starts = new ArrayList<>();
        starts.add(kv.initialValue(get.key()).toString());
        Map<String, Integer> appends = new HashMap<>();
        for (Operation op : others) {
            if (!(op.input() instanceof KvModel.Op o) || o.key() != get.key() || o.kind() == KvModel.Op.GET) {
                continue;
            }
            if (o.kind() == KvModel.Op.PUT) {
                starts.add(o.value().toString());
            } else {
                appends.merge(o.value().toString(), 1, Integer::sum);
            }
        }
        int[] steps = {0};
        for (String start : starts) {
            if (seen.startsWith(start)) {
                Boolean found = rest(seen, start.length(), appends, steps);
                if (found == null || found) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Without a put on its key, a key's value only grows by appends: a get must contain the text of every append of
     * its key that returned before it was called, and start with what every get of its key that returned before it
     * was called returned.
     */
    @Override
    public boolean surelyNotLinearizable(Model<?> model, List<Operation> operations) {
        if (!(model instanceof KvModel)) {
            return false;
        }
        java.util.Set<Integer> putKeys = new java.util.HashSet<>();
        for (Operation op : operations) {
            if (op.input() instanceof KvModel.Op o && o.kind() == KvModel.Op.PUT) {
                putKeys.add(o.key());
            }
        }
        for (Operation g : operations) {
            if (!(g.input() instanceof KvModel.Op get) || get.kind() != KvModel.Op.GET || !g.outputKnown()
                    || g.isPending() || putKeys.contains(get.key())) {
                continue;
            }
            String seen = g.output().toString();
            for (Operation before : operations) {
                if (!(before.input() instanceof KvModel.Op o) || o.key() != get.key() || before.isPending()
                        || before.ret() >= g.call()) {
                    continue;
                }
                if (o.kind() == KvModel.Op.APPEND && !seen.contains(o.value().toString())
                        || o.kind() == KvModel.Op.GET && before.outputKnown()
                        && !seen.startsWith(before.output().toString())) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code seen} from {@code at} is a concatenation of some of {@code appends} (each used at most as often
     * as it occurs), or {@code null} when the step budget ran out.
     */
    private static Boolean rest(String seen, int at, Map<String, Integer> appends, int[] steps) {
        if (at == seen.length()) {
            return true;
        }
        for (Map.Entry<String, Integer> e : appends.entrySet()) {
            if (++steps[0] > MAX_STEPS) {
                return null;
            }
            String piece = e.getKey();
            if (e.getValue() == 0 || piece.isEmpty() || !seen.startsWith(piece, at)) {
                continue;
            }
            e.setValue(e.getValue() - 1);
            Boolean found = rest(seen, at + piece.length(), appends, steps);
            e.setValue(e.getValue() + 1);
            if (found == null || found) {
                return found;
            }
        }
        return false;
    }
}
