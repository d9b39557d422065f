package dev.ariadne.core.search;

import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.check.Violation;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Replays an order a decision procedure proposes, checking real time and the model's rules as it goes, so that no
 * procedure's answer rests on its own bookkeeping. The replay places the proposed operations one by one when each
 * is allowed (every completed operation that returned before its call is already placed, and the model accepts
 * it) and skips those that are not, slipping in the procedure's <em>free</em> operations (read-only ones that
 * accept any state, such as reads with unknown output) as soon as real time requires them. If every completed
 * operation got placed, the placed order is a verified witness. Otherwise the placed order is a prefix of a
 * linearization that respects real time, and it becomes the evidence of a violation, provided the procedure has
 * proven one; if it has not, the procedure and the replay disagree and the caller falls back to a general engine.
 *
 * <p>For a proven violation, the evidence is what {@link DfsSearch} finds (its longest partial linearizations)
 * when it finishes within 200 ms and 64 MiB; otherwise the replayed prefix, in the same shape: after the placed
 * prefix, the unplaced operation is the completed one that returns first, and the candidates are the unplaced
 * operations called by then. Since the procedure proved that no linearization exists, no continuation of the
 * prefix succeeds, so it is a dead end like the search's, though not necessarily the longest one. A search that
 * finds a linearization instead contradicts the procedure, which then reports nothing ({@code null}) so that the
 * caller falls back.
 */
public final class Replay {
    /** The reason of an {@link Verdict#UNKNOWN} result when the caller asked to stop. */
    static final String CANCELLED = "cancelled";
    private static final int POLL_MASK = 0xfff;
    /** How long the general search may look for better evidence of a proven violation. */
    private static final long EVIDENCE_SEARCH_NANOS = 200_000_000L;
    /** How much memory (by its own estimate) that search may hold. */
    private static final long EVIDENCE_SEARCH_BYTES = 64L << 20;
    /** Whether to look for the general search's evidence at all; tests turn it off to check the replayed one. */
    public static volatile boolean searchEvidence = true;

    private Replay() {
    }

    /**
     * Replays {@code proposal[0..length)} (indices into {@code ops}) and turns the outcome into a result:
     * {@link Verdict#LINEARIZABLE} with the placed order when every completed operation was placed;
     * {@link Verdict#NOT_LINEARIZABLE} with the placed prefix as evidence when not and {@code provenViolation};
     * {@link Verdict#UNKNOWN} ({@link #CANCELLED}) when {@code stop} said so; {@code null} otherwise.
     *
     * @param free operations that accept every state and never change it; completed ones are placed by the replay
     *             when real time requires or at the end, pending ones are left out. May be {@code null}.
     */
    public static <S> PartitionResult run(String engine, Model<S> model, List<Operation> prepared, boolean[] free,
                                   int[] proposal, int length, boolean provenViolation, int index, String label,
                                   BooleanSupplier stop, long start) {
        return run(engine, model, null, prepared, free, proposal, length, provenViolation, index, label, stop,
                start);
    }

    /**
     * Applies operations one at a time from the model's initial state, as {@link Model#step} would: a faster
     * stand-in for models whose states are costly to copy. It must accept exactly what the model accepts.
     */
    public interface Stepper {
        /** Applies {@code op} when the current state allows it and returns {@code true}; else changes nothing. */
        boolean step(Operation op);
    }

    /** The model itself as a {@link Stepper}. */
    private static final class ModelStepper<S> implements Stepper {
        private final Model<S> model;
        private S state;

        ModelStepper(Model<S> model) {
            this.model = model;
            this.state = model.init();
        }

        @Override
        public boolean step(Operation op) {
            S next = model.step(state, op.input(), op.output());
            if (next == null) {
                return false;
            }
            state = next;
            return true;
        }
    }

    /**
     * As {@link #run(String, Model, List, boolean[], int[], int, boolean, int, String, BooleanSupplier, long)},
     * placing operations with {@code stepper} (a fresh one, or {@code null} for the model); the evidence of a
     * violation is still built with the model.
     */
    public static <S> PartitionResult run(String engine, Model<S> model, Stepper stepper, List<Operation> prepared,
                                   boolean[] free, int[] proposal, int length, boolean provenViolation, int index,
                                   String label, BooleanSupplier stop, long start) {
        Stepper state = stepper != null ? stepper : new ModelStepper<>(model);
        Operation[] ops = prepared.toArray(new Operation[0]);
        int n = ops.length;
        long[] ret = new long[n];
        int keptCount = 0;
        int freeCount = 0;
        for (int i = 0; i < n; i++) {
            ret[i] = ops[i].ret();
            if (!ops[i].isPending()) {
                if (free != null && free[i]) {
                    freeCount++;
                } else {
                    keptCount++;
                }
            }
        }
        int[] kept = new int[keptCount];
        int[] frees = new int[freeCount];
        keptCount = 0;
        freeCount = 0;
        for (int i = 0; i < n; i++) {
            if (!ops[i].isPending()) {
                if (free != null && free[i]) {
                    frees[freeCount++] = i;
                } else {
                    kept[keptCount++] = i;
                }
            }
        }
        IndexSort.sort(kept, keptCount, ret);
        IndexSort.sort(frees, freeCount, ret);

        boolean[] placed = new boolean[n];
        int[] order = new int[n];
        int size = 0;
        int placedCompleted = 0;
        long steps = 0;
        int kp = 0;
        int fp = 0;
        boolean blocked = false;
        for (int k = 0; k < length && !blocked; k++) {
            if ((k & POLL_MASK) == POLL_MASK && stop.getAsBoolean()) {
                return cancelled(engine, n, index, label, steps, start);
            }
            int p = proposal[k];
            if (placed[p]) {
                continue;
            }
            while (kp < keptCount && placed[kept[kp]]) {
                kp++;
            }
            long firstReturn = kp < keptCount ? ret[kept[kp]] : Long.MAX_VALUE;
            long call = ops[p].call();
            if (call > firstReturn) {
                continue; // a completed operation that returned before p was called is not placed: skip p
            }
            // Free operations that returned before p was called must come first; none of them has an unplaced
            // kept predecessor, since each returned before firstReturn.
            while (fp < freeCount && ret[frees[fp]] < call) {
                int f = frees[fp];
                if (!placed[f]) {
                    steps++;
                    if (!state.step(ops[f])) {
                        blocked = true; // not free after all; nothing after it may be placed
                        break;
                    }
                    placed[f] = true;
                    order[size++] = f;
                    placedCompleted++;
                }
                fp++;
            }
            if (blocked) {
                break;
            }
            steps++;
            if (!state.step(ops[p])) {
                continue; // the model rejects p here: skip it
            }
            placed[p] = true;
            order[size++] = p;
            if (!ops[p].isPending()) {
                placedCompleted++;
            }
        }
        // The free operations that no unplaced kept operation precedes, in order of return.
        while (kp < keptCount && placed[kept[kp]]) {
            kp++;
        }
        long firstReturn = kp < keptCount ? ret[kept[kp]] : Long.MAX_VALUE;
        for (int j = fp; j < freeCount; j++) {
            int f = frees[j];
            if (placed[f] || ops[f].call() > firstReturn) {
                continue;
            }
            steps++;
            if (!state.step(ops[f])) {
                break;
            }
            placed[f] = true;
            order[size++] = f;
            placedCompleted++;
        }
        Statistics stats = new Statistics(steps, 0, 0, System.nanoTime() - start);
        if (placedCompleted == keptCount + freeCount) {
            List<Operation> witness = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                witness.add(ops[order[i]]);
            }
            return new PartitionResult(index, label, n, Verdict.LINEARIZABLE, witness, null, null, engine, stats);
        }
        if (!provenViolation) {
            return null;
        }
        PartitionResult searched = searchEvidence ? searchEvidence(engine, model, prepared, index, label, start, steps)
                : null;
        if (searched != null) {
            return searched.verdict() == Verdict.NOT_LINEARIZABLE ? searched : null;
        }
        return violation(engine, model, ops, placed, order, size, index, label, stats);
    }

    /**
     * The evidence the general search gives (its longest partial linearizations), when it finds it within a short
     * time and memory budget; else {@code null}. Should the search find a linearization, the procedure's proof
     * failed, and the result says so (the caller then falls back to a general engine).
     */
    private static <S> PartitionResult searchEvidence(String engine, Model<S> model, List<Operation> prepared,
                                                      int index, String label, long start, long steps) {
        Budget budget = Budget.until(System.nanoTime() + EVIDENCE_SEARCH_NANOS, "evidence search time")
                .withMaxMemory(EVIDENCE_SEARCH_BYTES);
        PartitionResult r = new DfsSearch<>(model, prepared, budget).run(index, label);
        if (r.verdict() == Verdict.UNKNOWN) {
            return null;
        }
        Statistics stats = new Statistics(steps + r.statistics().configurations(), r.statistics().cacheHits(),
                r.statistics().cached(), System.nanoTime() - start);
        return new PartitionResult(index, label, prepared.size(), r.verdict(), List.of(), r.violation(), null,
                engine, stats);
    }

    private static <S> PartitionResult violation(String engine, Model<S> model, Operation[] ops, boolean[] placed,
                                                 int[] order, int size, int index, String label, Statistics stats) {
        int unplaced = -1;
        for (int i = 0; i < ops.length; i++) {
            if (!placed[i] && !ops[i].isPending() && (unplaced < 0 || ops[i].ret() < ops[unplaced].ret())) {
                unplaced = i;
            }
        }
        List<Step> steps = new ArrayList<>(size);
        S state = model.init();
        for (int i = 0; i < size; i++) {
            Operation op = ops[order[i]];
            state = model.step(state, op.input(), op.output());
            if (state == null) {
                return null; // a stepper disagreed with the model: let a general engine decide
            }
            steps.add(Step.described(op, state, model));
        }
        long deadline = ops[unplaced].ret();
        List<Operation> candidates = new ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            if (!placed[i] && ops[i].call() <= deadline) {
                candidates.add(ops[i]);
            }
        }
        candidates.sort((a, b) -> Long.compare(a.call(), b.call()));
        PartialLinearization evidence = new PartialLinearization(steps, ops[unplaced], candidates);
        return new PartitionResult(index, label, ops.length, Verdict.NOT_LINEARIZABLE, List.of(),
                new Violation(model.describeState(model.init()), List.of(evidence)), null, engine, stats);
    }

    public static PartitionResult cancelled(String engine, int operations, int index, String label, long steps, long start) {
        return new PartitionResult(index, label, operations, Verdict.UNKNOWN, List.of(), null, CANCELLED, engine,
                new Statistics(steps, 0, 0, System.nanoTime() - start));
    }
}
