package dev.ariadne.core.testing;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToIntFunction;

/**
 * How a history is drafted, apart from its object: the clients' timing, crashes, corrupted and hidden outputs.
 * Each client runs its operations one after another; every operation that takes effect gets a linearization point
 * inside its interval (a pending one, half of the time, a point some time after its call) and outputs come from
 * running the {@link SequentialObject} in that order, so the history is linearizable until outputs are corrupted.
 *
 * @param startGap           a client's first call is at 0 … startGap-1
 * @param sometimesAnyClient whether three calls in ten go to a random client instead of the one free first
 * @param callGap            a client calls 0 … callGap-1 ticks after it is free
 * @param duration           a completed operation lasts 0 … duration-1 ticks
 * @param crashPercent       how many operations in a hundred crash (where the object allows)
 * @param pendingReach       a crashed operation that takes effect does so up to this long after its call
 * @param replaceCrashed     whether a crashed client is replaced by a new one (as Jepsen does) or stops
 * @param restartJitter      a replacement calls 1 … restartJitter ticks after the crashed call (0: 1 tick)
 * @param corruptions        how many observed outputs to corrupt, drawn once per history when there are any
 * @param hidePercent        how many completed outputs in a hundred to hide (where the object allows)
 */
record Shape(int startGap, boolean sometimesAnyClient, int callGap, int duration, int crashPercent,
             double pendingReach, boolean replaceCrashed, int restartJitter,
             ToIntFunction<SplittableRandom> corruptions, int hidePercent) {

    /** One or two corrupted outputs in {@code percent} histories out of a hundred. */
    static ToIntFunction<SplittableRandom> oneOrTwo(int percent) {
        return r -> r.nextInt(100) < percent ? 1 + r.nextInt(2) : 0;
    }

    /** What an operation is before its output is known. */
    private record Draft(int client, Invocation input, long call, long ret, double point) {
        boolean pending() {
            return ret == Operation.PENDING;
        }

        boolean takesEffect() {
            return !Double.isNaN(point);
        }
    }

    /** Drafts {@code n} operations (fewer if every client stops) of {@code object} by {@code clients} clients. */
    History generate(SequentialObject object, SplittableRandom r, int clients, int n) {
        long[] free = new long[clients]; // the earliest time each client may call again
        int[] id = new int[clients];
        boolean[] stopped = new boolean[clients];
        for (int c = 0; c < clients; c++) {
            free[c] = r.nextInt(startGap);
            id[c] = c;
        }
        int nextId = clients;
        List<Draft> drafts = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            int c = pickClient(free, stopped, r);
            if (c < 0) {
                break;
            }
            long call = free[c] + r.nextInt(callGap);
            Invocation input = object.randomInput(r);
            if (r.nextInt(100) < crashPercent && object.mayCrash(input)) {
                double point = r.nextBoolean() ? call + r.nextDouble() * pendingReach : Double.NaN;
                drafts.add(new Draft(id[c], input, call, Operation.PENDING, point));
                if (replaceCrashed) {
                    id[c] = nextId++;
                    free[c] = call + 1 + (restartJitter > 0 ? r.nextInt(restartJitter) : 0);
                } else {
                    stopped[c] = true;
                }
            } else {
                long ret = call + r.nextInt(duration);
                free[c] = ret + 1;
                drafts.add(new Draft(id[c], input, call, ret, call + r.nextDouble() * (ret - call)));
            }
        }

        // A real execution: apply the operations that take effect in order of their linearization points.
        List<Integer> effective = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            if (drafts.get(i).takesEffect()) {
                effective.add(i);
            }
        }
        effective.sort(Comparator.comparingDouble(i -> drafts.get(i).point()));
        Object[] outputs = new Object[drafts.size()];
        for (int i : effective) {
            outputs[i] = object.apply(drafts.get(i).input());
        }
        corrupt(object, drafts, outputs, r);
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            Draft d = drafts.get(i);
            if (d.pending()) {
                ops.add(Operation.pending(i, d.client(), d.input(), d.call()));
            } else {
                boolean hide = object.mayHide(d.input()) && r.nextInt(100) < hidePercent;
                ops.add(Operation.of(i, d.client(), d.input(), hide ? Operation.UNKNOWN : outputs[i], d.call(),
                        d.ret()));
            }
        }
        return History.of(ops);
    }

    private void corrupt(SequentialObject object, List<Draft> drafts, Object[] outputs, SplittableRandom r) {
        List<Integer> observing = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            if (!drafts.get(i).pending() && object.observes(drafts.get(i).input())) {
                observing.add(i);
            }
        }
        if (observing.isEmpty()) {
            return;
        }
        for (int k = corruptions.applyAsInt(r); k > 0; k--) {
            int i = observing.get(r.nextInt(observing.size()));
            outputs[i] = object.randomOutput(drafts.get(i).input(), r);
        }
    }

    /** Usually the client that is free first (so clients interleave), sometimes any; -1 when all stopped. */
    private int pickClient(long[] free, boolean[] stopped, SplittableRandom r) {
        int live = 0;
        for (boolean s : stopped) {
            live += s ? 0 : 1;
        }
        if (live == 0) {
            return -1;
        }
        if (sometimesAnyClient && r.nextInt(10) < 3) {
            int nth = r.nextInt(live);
            for (int c = 0; ; c++) {
                if (!stopped[c] && nth-- == 0) {
                    return c;
                }
            }
        }
        int best = -1;
        for (int c = 0; c < free.length; c++) {
            if (!stopped[c] && (best < 0 || free[c] < free[best])) {
                best = c;
            }
        }
        return best;
    }
}
