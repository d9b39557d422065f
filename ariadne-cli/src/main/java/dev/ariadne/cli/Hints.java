package dev.ariadne.cli;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Hints where a user is likely wrong (issue 27), computed after the verdict and never changing it:
 * <ul>
 *   <li>a violation at the very start of a register history that an initial value would remove: Knossos' and
 *       Jepsen's tests often start registers at 0 ({@code {:x 0 :y 0}} for multi-register). The hint is given only
 *       when a re-check with the value the history's first reads saw proves the history linearizable, within a
 *       small budget; a budget that runs out gives no hint.</li>
 *   <li>values that are {@code [key value]} pairs, reads invoked with {@code [key nil]}, without
 *       {@code --independent}: Jepsen's independent tests, checked as one register of pairs.</li>
 * </ul>
 */
final class Hints {
    /** A violation "at the very start": its longest linearization has at most this many steps. */
    static final int START = 5;
    /** Histories larger than this get no re-check: a hint must stay cheap next to the check itself. */
    static final int MAX_RECHECK = 100_000;
    /** The re-check's budget; when it runs out, no hint (a hint is never a guess). */
    static final Duration RECHECK_BUDGET = Duration.ofSeconds(2);

    private Hints() {
    }

    /**
     * The hints for {@code history} (as read, before the model prepared it), checked with {@code model} built from
     * {@code options} (the file's conventions applied), which gave {@code result}.
     */
    static List<CheckCommand.Note> of(History history, Model<?> model, Result result, ModelOptions options,
                                      CheckCommand command) {
        if (command.tlaSpec != null) {
            return List.of();
        }
        List<CheckCommand.Note> hints = new ArrayList<>();
        if (!options.independent() && pairsOfIndependentKeys(history)) {
            hints.add(hint("every value is a pair [key value] and reads are invoked with [key nil], as in Jepsen's "
                    + "independent tests: with --independent each key is checked on its own (here all the pairs are "
                    + "values of one " + model.name() + ")"));
        }
        String initial = initialValueHint(history, model, result, options, command);
        if (initial != null) {
            hints.add(hint(initial));
        }
        return hints;
    }

    private static CheckCommand.Note hint(String text) {
        return new CheckCommand.Note(CheckCommand.Note.HINT, null, Notes.HINT_PREFIX + text);
    }

    /**
     * Whether the history looks like one of Jepsen's independent tests: every operation's argument is a 2-element
     * list and at least one read is invoked with {@code [key nil]} (a plain register's reads are invoked with nil;
     * a plain cas's argument {@code [old new]} is a pair too, so cas alone proves nothing).
     */
    static boolean pairsOfIndependentKeys(History history) {
        boolean keyedRead = false;
        for (Operation op : history.operations()) {
            if (!(op.input() instanceof Invocation inv) || !(inv.value() instanceof List<?> v) || v.size() != 2
                    || inv.key() != null) {
                return false;
            }
            keyedRead |= inv.f().equals("read") && v.get(1) == null && v.get(0) != null;
        }
        return keyedRead;
    }

    /**
     * The initial-value hint, or {@code null}: for a register model without {@code --initial}, a violation whose
     * longest linearization has at most {@link #START} steps, which an initial value seen by the first reads
     * removes, as a re-check proves.
     */
    private static String initialValueHint(History history, Model<?> model, Result result, ModelOptions options,
                                           CheckCommand command) {
        if (result.verdict() != Verdict.NOT_LINEARIZABLE || options.initial() != null || command.initialText != null
                || history.size() > MAX_RECHECK) {
            return null;
        }
        String name = options.independent() && model.name().startsWith("independent ")
                ? model.name().substring("independent ".length()) : model.name();
        if (!name.equals("register") && !name.equals("cas-register") && !name.equals("multi-register")) {
            return null;
        }
        PartitionResult failed = result.violations().get(0);
        if (failed.violation() == null || failed.violation().longest().isEmpty()) {
            return null;
        }
        PartialLinearization longest = failed.violation().longest().get(0);
        if (longest.steps().size() > START || longest.unplaced() == null) {
            return null;
        }
        Object key = null;
        if (options.independent()) {
            Operation raw = history.get(longest.unplaced().id());
            if (!(raw.input() instanceof Invocation inv) || !(inv.value() instanceof List<?> pair)
                    || pair.size() != 2) {
                return null;
            }
            key = pair.get(0);
        }
        Object candidate = name.equals("multi-register") ? firstReadsByKey(history) : firstRead(history, key,
                options.independent());
        if (candidate == null) {
            return null;
        }
        Model<?> retry;
        try {
            retry = BuiltinModels.byName(name, options.withInitial(candidate));
        } catch (IllegalArgumentException e) {
            return null;
        }
        Result again;
        try {
            again = Checker.check(history, retry,
                    CheckOptions.defaults().withTimeout(RECHECK_BUDGET).withCoreTimeout(null));
        } catch (InvalidOperationException e) {
            return null;
        }
        if (again.verdict() != Verdict.LINEARIZABLE) {
            return null;
        }
        String shown = Values.show(candidate);
        return "the violation is at the very start of the history, and with --initial '" + shown + "' (the value "
                + (name.equals("multi-register") ? "each register's first read saw" : "the first read saw")
                + ") it is linearizable: Knossos' and Jepsen's register tests often start at a value other than "
                + "nil (Knossos' multi-register ones at {:x 0 :y 0}); is the initial value missing?";
    }

    /**
     * The value the earliest-called read with a known, non-nil output saw (on {@code key} when {@code independent}:
     * outputs are {@code [key value]} pairs), or {@code null}.
     */
    private static Object firstRead(History history, Object key, boolean independent) {
        for (Operation op : history.operations()) {
            if (!(op.input() instanceof Invocation inv) || !inv.f().equals("read") || !op.outputKnown()
                    || op.isPending()) {
                continue;
            }
            Object out = op.output();
            if (independent) {
                if (!(out instanceof List<?> pair) || pair.size() != 2 || !Objects.equals(pair.get(0), key)) {
                    continue;
                }
                out = pair.get(1);
            }
            if (out != null) {
                return out;
            }
        }
        return null;
    }

    /**
     * For multi-register: each key's value as the earliest transaction that read it (and had not written it first)
     * saw it, nil reads left out; {@code null} when no read saw a value.
     */
    private static Map<Object, Object> firstReadsByKey(History history) {
        Map<Object, Object> first = new LinkedHashMap<>();
        for (Operation op : history.operations()) {
            if (!op.outputKnown() || op.isPending() || !(op.output() instanceof List<?> microOps)) {
                continue;
            }
            List<Object> written = new ArrayList<>();
            for (Object m : microOps) {
                if (!(m instanceof List<?> micro) || micro.size() != 3 || !(micro.get(0) instanceof String f)) {
                    return null;
                }
                Object k = micro.get(1);
                if (f.equals("w") || f.equals("write")) {
                    written.add(k);
                } else if ((f.equals("r") || f.equals("read")) && micro.get(2) != null && !written.contains(k)
                        && !first.containsKey(k)) {
                    first.put(k, micro.get(2));
                }
            }
        }
        return first.isEmpty() ? null : first;
    }
}
