package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Engine;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Witness validation: a spec that names a built-in model ({@code AriadneModel == "fifo-queue"}) lets that model's
 * check propose a linearization, which is then replayed through the spec's own actions with TLC, one atomic step
 * per operation, after checking that it holds every operation once and keeps real-time order. An accepted replay
 * proves the history linearizable by the spec whatever the hint is (under OmniLink's semantics too: running each
 * operation's steps and its {@code X_Done} together is one of the interleavings it allows); anything else (no
 * hint, a violation by the built-in model, a failed replay) leaves the verdict to the general engines, never to
 * the hint.
 */
public final class WitnessCheck {
    /** The definition naming the built-in model whose check proposes the order, such as {@code "fifo-queue"}. */
    public static final String MODEL = "AriadneModel";
    /** Optional: the spec's actions as the built-in model's operations, {@code "Enq=enqueue, Deq=dequeue"}. */
    public static final String ACTIONS = "AriadneActions";
    /** Optional: the TLA+ value, as Ariadne shows it, that stands for the built-in model's nil ({@code "0"}). */
    public static final String NIL = "AriadneNil";

    private WitnessCheck() {
    }

    /** The hint a spec gives: the built-in model, the names of its actions there, and the value that is nil. */
    record Hint(String model, Map<String, String> actions, String nil) {
    }

    /**
     * What the attempt came to: {@code proven} (LINEARIZABLE, proven by the spec's own actions) or {@code null},
     * and a note for the report saying which path decided or why the general engine must.
     */
    public record Outcome(Result proven, String note) {
    }

    /**
     * The spec's hint, or {@code null} when it names none; a {@link TlaException} naming the spec when the hint is
     * malformed or names no built-in model.
     */
    static Hint hint(TlaSpec spec) {
        String model = spec.stringDefinition(MODEL);
        if (model == null) {
            return null;
        }
        if (!BuiltinModels.names().contains(model)) {
            throw new TlaException(spec.path() + ": " + MODEL + " must name a built-in model ("
                    + String.join(", ", BuiltinModels.names()) + "), got \"" + TlaModel.safe(model) + "\"");
        }
        Map<String, String> actions = new LinkedHashMap<>();
        String mapping = spec.stringDefinition(ACTIONS);
        if (mapping != null) {
            for (String pair : mapping.trim().split("[,\\s]+")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq <= 0 || eq == pair.length() - 1) {
                    throw new TlaException(spec.path() + ": " + ACTIONS + " must be pairs Action=operation separated "
                            + "by commas, got \"" + TlaModel.safe(pair) + "\"");
                }
                actions.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return new Hint(model, actions, spec.stringDefinition(NIL));
    }

    /** Checks the spec's hint when it loads, so that a malformed one is an error about the spec, not a trace. */
    public static void validate(TlaSpec spec) {
        hint(spec);
    }

    /**
     * Tries to prove {@code history} (as read, before {@link TlaModel#withBegins}) linearizable by the order the
     * hint's built-in model finds; {@code null} when the spec names no hint or {@code options} name an engine
     * other than {@code auto} (which, as for the decision procedures, forbids this path).
     */
    public static Outcome attempt(TlaModel model, History history, CheckOptions options) {
        Hint hint = hint(model.spec());
        if (hint == null || options.engine() != Engine.AUTO) {
            return null;
        }
        long start = System.nanoTime();
        String by = "witness validation with " + hint.model();
        List<Operation> ops = history.operations();
        Map<Integer, Operation> byId = new HashMap<>(ops.size() * 2);
        List<Operation> translated = new ArrayList<>(ops.size());
        for (Operation op : ops) {
            if (op.isPending()) {
                return new Outcome(null, by + " not tried: the trace has operations that never returned");
            }
            if (!(op.input() instanceof Invocation inv) || byId.put(op.id(), op) != null) {
                return new Outcome(null, by + " not tried: the history is not a trace of distinct operations");
            }
            Object value = nil(hint, inv.value());
            translated.add(op.withInputOutput(Invocation.of(hint.actions().getOrDefault(inv.f(), inv.f()), value),
                    nil(hint, op.output())));
        }
        Model<?> builtin = BuiltinModels.byName(hint.model());
        Result proposed;
        try {
            // Only its order is used: no minimal failing core for a violation, which the general engine reports.
            proposed = Checker.check(History.of(translated), builtin, options.withCoreTimeout(null));
        } catch (InvalidOperationException e) {
            return new Outcome(null, by + ": " + hint.model() + " cannot read the trace ("
                    + Values.escape(e.getMessage()) + ")");
        }
        if (proposed.verdict() != Verdict.LINEARIZABLE || proposed.partitions().size() != 1) {
            return new Outcome(null, by + ": " + hint.model() + " proposed no order (" + (proposed.verdict()
                    != Verdict.LINEARIZABLE ? proposed.verdict().toString().toLowerCase(java.util.Locale.ROOT)
                    .replace('_', ' ') : proposed.partitions().size() + " partitions") + ")");
        }
        List<Operation> order = new ArrayList<>(ops.size());
        for (Operation w : proposed.partitions().get(0).witness()) {
            Operation original = byId.remove(w.id());
            if (original == null) {
                return new Outcome(null, by + ": the proposed order names an operation twice or one not in the trace");
            }
            order.add(original);
        }
        if (!byId.isEmpty() || order.size() != ops.size()) {
            return new Outcome(null, by + ": the proposed order leaves out " + byId.size() + " operations");
        }
        TlaModel atomic = model.spec().model(Semantics.ATOMIC, false);
        long deadline = options.timeout() == null ? Long.MAX_VALUE : start + options.timeout().toNanos();
        int failed = replay(atomic, order, deadline);
        long nanos = System.nanoTime() - start;
        if (failed == OUT_OF_TIME) {
            return new Outcome(null, by + ": the replay did not finish within the time limit");
        }
        if (failed >= 0) {
            Operation at = order.get(failed);
            return new Outcome(null, by + ": the spec rejects the proposed order at step " + (failed + 1) + " of "
                    + order.size() + " (" + Values.escape(String.valueOf(at.input())) + " by client " + at.client()
                    + ")");
        }
        List<Operation> witness = new ArrayList<>(order.size());
        for (Operation op : order) {
            witness.add(atomic.prepare(op));
        }
        String note = "decided by witness validation: the order " + hint.model() + "'s check found, replayed "
                + "through the spec's actions (one atomic step per operation)";
        Statistics stats = new Statistics(order.size(), 0, 0, nanos);
        PartitionResult part = new PartitionResult(0, "all", ops.size(), Verdict.LINEARIZABLE, witness, null, null,
                "witness:" + hint.model(), stats, note);
        return new Outcome(new Result(Verdict.LINEARIZABLE, null, model.name(), ops.size(), List.of(part), stats),
                note);
    }

    /** The built-in's nil for the hint's nil value, anything else as it is. */
    private static Object nil(Hint hint, Object value) {
        return hint.nil() != null && value != null && value != Operation.UNKNOWN
                && hint.nil().equals(Values.show(value)) ? null : value;
    }

    /**
     * Replays {@code order} through the spec, one atomic step per operation, from its initial states; returns -1
     * when every step is enabled and the order keeps real time (no operation placed after one that returned before
     * it was called), else the index of the first step that fails. A pending operation in the order takes effect
     * at its place (one that does not is left out of the order).
     */
    static int replay(TlaModel atomic, List<Operation> order) {
        return replay(atomic, order, Long.MAX_VALUE);
    }

    /** What {@link #replay(TlaModel, List, long)} returns when the deadline passed first. */
    static final int OUT_OF_TIME = -2;

    /** {@link #replay(TlaModel, List)}, giving up with {@link #OUT_OF_TIME} once {@code deadline} (nanoTime) passed. */
    static int replay(TlaModel atomic, List<Operation> order, long deadline) {
        int n = order.size();
        // minRet[i]: the earliest return among order[i..]; each operation must be called no later than that.
        long[] minRet = new long[n + 1];
        minRet[n] = Long.MAX_VALUE;
        for (int i = n - 1; i >= 0; i--) {
            minRet[i] = Math.min(minRet[i + 1], order.get(i).ret());
        }
        TlaStates states = atomic.init();
        for (int i = 0; i < n; i++) {
            Operation op = order.get(i);
            if ((i & 1023) == 1023 && System.nanoTime() - deadline > 0) {
                return OUT_OF_TIME;
            }
            if (op.call() > minRet[i + 1]) {
                return i;
            }
            Operation prepared = atomic.prepare(op);
            states = atomic.step(states, prepared.input(), prepared.output());
            if (states == null) {
                return i;
            }
        }
        return -1;
    }
}
