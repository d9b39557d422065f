package dev.ariadne.report;

import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.PartialLinearization;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Renders a {@link Result} for a person at a terminal: the verdict, a line per partition, and for each violation
 * the end of the longest partial linearization, the operation that could not be placed and why each candidate
 * failed. Every history value passes through the model's escaping descriptions or {@link Values#escape}.
 */
public final class TextReport {
    private static final int STEPS_SHOWN = 12;
    private static final int PARTITIONS_SHOWN = 20;
    private static final int CANDIDATES_SHOWN = 10;
    private static final int NOTES_SHOWN = 3;
    /** States longer than this are shown shortened, with the change from the step before. */
    private static final int STATE_WIDTH = 60;
    /** At most this much of each side of a change. */
    private static final int CHANGE_WIDTH = 40;
    /** The state the candidates were rejected in, shown once, up to this length. */
    private static final int FINAL_STATE_WIDTH = 400;
    /** Operation descriptions in the steps are shortened to this. */
    private static final int STEP_DESCRIPTION_WIDTH = 48;

    private TextReport() {
    }

    /** The report of {@code result} for {@code source} (a file name, escaped here). */
    public static String render(String source, Result result, Model<?> model) {
        return render(source, result, model, false);
    }

    /**
     * The same report, led by the explanation: the model's sentence of why (when it has one) right after the
     * verdict, then the minimal failing core, then the longest linearization; for a failure message, where the
     * first lines are the ones read.
     */
    public static String renderExplanationFirst(String source, Result result, Model<?> model) {
        return render(source, result, model, true);
    }

    private static String render(String source, Result result, Model<?> model, boolean whyFirst) {
        StringBuilder out = new StringBuilder();
        out.append(Values.escape(source)).append(": ").append(verdictText(result.verdict()));
        if (result.verdict() == Verdict.UNKNOWN) {
            out.append(" (").append(result.reason()).append(')');
        }
        out.append('\n');
        List<PartitionResult> violations = result.violations();
        Explanation first = violations.isEmpty() ? null : violations.get(0).violation().explanation();
        if (whyFirst && first != null && first.summary() != null) {
            out.append("Why: ").append(why(first, false, model)).append('\n');
        }
        int parts = result.partitions().size();
        // Appended, not String.format: a Formatter's first use in a run costs more than a small check
        out.append("  model ").append(result.model()).append(", ").append(result.operations()).append(" operation")
                .append(plural(result.operations())).append(", ").append(parts).append(" partition")
                .append(plural(parts)).append(", ").append(summary(result)).append(System.lineSeparator());
        notes(out, result);
        if (parts > 1) {
            // At most PARTITIONS_SHOWN of each verdict, violations first kept in the history's order.
            java.util.EnumMap<Verdict, Integer> shownOf = new java.util.EnumMap<>(Verdict.class);
            java.util.EnumMap<Verdict, Integer> left = new java.util.EnumMap<>(Verdict.class);
            for (PartitionResult p : result.partitions()) {
                int shown = shownOf.getOrDefault(p.verdict(), 0);
                if (shown < PARTITIONS_SHOWN) {
                    out.append("  ").append(partitionLine(p)).append('\n');
                    shownOf.put(p.verdict(), shown + 1);
                } else {
                    left.put(p.verdict(), left.getOrDefault(p.verdict(), 0) + 1);
                }
            }
            for (Map.Entry<Verdict, Integer> e : left.entrySet()) {
                out.append(String.format(Locale.ROOT, "  … %,d more %s partition%s (--json lists every one)%n",
                        e.getValue(), verdictText(e.getKey()).toLowerCase(Locale.ROOT), plural(e.getValue())));
            }
        }
        // One violation block: the evidence of the first violated partition; the others are named after it.
        if (!violations.isEmpty()) {
            if (whyFirst) {
                core(out, violations.get(0), model, false, false);
                explain(out, violations.get(0), model);
            } else {
                explain(out, violations.get(0), model);
                core(out, violations.get(0), model, false, true);
            }
            if (violations.size() > 1) {
                out.append("\nAlso not linearizable: ");
                int named = Math.min(violations.size(), PARTITIONS_SHOWN + 1);
                for (int i = 1; i < named; i++) {
                    out.append(i == 1 ? "" : ", ").append(LongText.shorten(violations.get(i).label(), 80));
                }
                if (named < violations.size()) {
                    out.append(String.format(Locale.ROOT, " and %,d more", violations.size() - named));
                }
                out.append(" (the JSON report has the evidence of each)\n");
            }
        }
        return out.toString();
    }

    /**
     * The partitions' notes (a decision procedure that was named but did not apply), each text once with the
     * partitions it is about: the first few in full.
     */
    private static void notes(StringBuilder out, Result result) {
        Map<String, List<String>> labelsByNote = new LinkedHashMap<>();
        for (PartitionResult p : result.partitions()) {
            if (p.note() != null) {
                labelsByNote.computeIfAbsent(p.note(), k -> new ArrayList<>()).add(label(p));
            }
        }
        int shown = 0;
        int rest = 0;
        for (Map.Entry<String, List<String>> e : labelsByNote.entrySet()) {
            List<String> labels = e.getValue();
            if (shown++ >= NOTES_SHOWN) {
                rest += labels.size();
                continue;
            }
            String about = labels.size() > 1 ? " (" + labels.get(0) + " and " + (labels.size() - 1) + " more partition"
                    + plural(labels.size() - 1) + ")" : labels.get(0).equals("all") ? "" : " (" + labels.get(0) + ")";
            out.append("  Note").append(about).append(": ").append(e.getKey()).append('\n');
        }
        if (rest > 0) {
            out.append("  … and other notes on ").append(rest).append(" more partition").append(plural(rest))
                    .append('\n');
        }
    }

    /** A partition's label (a key can be any value), cut to a line's worth. */
    private static String label(PartitionResult p) {
        return LongText.shorten(p.label(), 200);
    }

    private static String partitionLine(PartitionResult p) {
        // "%-24s %5d ops  %s", appended (as the model line)
        StringBuilder line = new StringBuilder(48);
        String label = label(p);
        line.append(label);
        pad(line, 24 - label.length());
        line.append(' ');
        String ops = Integer.toString(p.operations());
        pad(line, 5 - ops.length());
        line.append(ops).append(" ops  ").append(verdictText(p.verdict()).toLowerCase(Locale.ROOT));
        String text = line.toString();
        return p.verdict() == Verdict.UNKNOWN ? text + " (" + p.reason() + ")" : text;
    }

    private static String summary(Result r) {
        return tenthsOfMillis(r.statistics().nanos()) + " ms, " + grouped(r.statistics().configurations())
                + " configurations explored";
    }

    private static void pad(StringBuilder out, int spaces) {
        for (int i = 0; i < spaces; i++) {
            out.append(' ');
        }
    }

    /**
     * {@code nanos} in milliseconds with one decimal, rounded half up: what {@code %.1f} prints for
     * {@code nanos / 1e6} (exactly, below 10^15 ns: the double's shortest decimal is then the quotient itself).
     */
    static String tenthsOfMillis(long nanos) {
        if (nanos < 0 || nanos >= 1_000_000_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
        }
        long tenths = (nanos + 50_000) / 100_000;
        return (tenths / 10) + "." + (tenths % 10);
    }

    /** {@code n} as {@code %,d} prints it in {@link Locale#ROOT}: groups of three digits separated by commas. */
    static String grouped(long n) {
        String digits = Long.toString(n);
        int start = n < 0 ? 1 : 0;
        int len = digits.length() - start;
        if (len <= 3) {
            return digits;
        }
        StringBuilder out = new StringBuilder(digits.length() + len / 3);
        out.append(digits, 0, start);
        for (int i = 0; i < len; i++) {
            if (i > 0 && (len - i) % 3 == 0) {
                out.append(',');
            }
            out.append(digits.charAt(start + i));
        }
        return out.toString();
    }

    private static void explain(StringBuilder out, PartitionResult p, Model<?> model) {
        out.append('\n');
        String where = p.label().equals("all") ? "" : " in " + label(p);
        List<PartialLinearization> longest = p.violation().longest();
        PartialLinearization pl = longest.get(0);
        List<Step> steps = pl.steps();
        String newline = System.lineSeparator();
        out.append("Violation").append(where).append(": ").append(opText(pl.unplaced(), model))
                .append(" could not be placed.").append(newline);
        long omitted = pl.omittedSteps(); // (an online check that bounds its memory keeps the last steps only)
        out.append("  Longest linearization: ").append(omitted + steps.size()).append(" of ").append(p.operations())
                .append(" operations, from initial state ")
                .append(LongText.shorten(p.violation().initialState(), STATE_WIDTH)).append(newline);
        int from = Math.max(0, steps.size() - STEPS_SHOWN);
        if (from + omitted > 0) {
            out.append("    … ").append(from + omitted).append(" earlier steps\n");
        }
        int width = 0;
        for (int i = from; i < steps.size(); i++) {
            width = Math.max(width, stepText(steps.get(i).operation(), model).length());
        }
        // (four digits, or as many as the last step's number has: the states stay in one column)
        int numberWidth = Math.max(4, Long.toString(omitted + steps.size()).length());
        for (int i = from; i < steps.size(); i++) {
            Step s = steps.get(i);
            String before = i == 0 ? p.violation().initialState() : steps.get(i - 1).stateDescription();
            // "    %4d. %-{width}s  %s%n", appended
            String number = Long.toString(omitted + i + 1);
            String step = stepText(s.operation(), model);
            out.append("    ");
            pad(out, numberWidth - number.length());
            out.append(number).append(". ").append(step);
            pad(out, width - step.length());
            out.append("  ").append(stateText(before, s.stateDescription())).append(newline);
        }
        Object state = steps.isEmpty() ? model.init() : steps.get(steps.size() - 1).state();
        String stateText = steps.isEmpty() ? p.violation().initialState()
                : steps.get(steps.size() - 1).stateDescription();
        // A long state is shown once, below, rather than after every candidate.
        boolean longState = stateText.length() > STATE_WIDTH;
        String inState = !longState ? "state " + stateText
                : steps.isEmpty() ? "the initial state" : "the state after step " + (omitted + steps.size());
        out.append("  Then none of these could come next (each was called before ")
                .append('#').append(pl.unplaced().id()).append(" returned):\n");
        int shown = 0;
        for (Operation c : pl.candidates()) {
            if (shown++ == CANDIDATES_SHOWN) {
                out.append("    … ").append(pl.candidates().size() - CANDIDATES_SHOWN).append(" more\n");
                break;
            }
            String why = accepts(model, state, c) ? "accepted, but no way to continue from there"
                    : "rejected in " + inState;
            out.append("    ").append(opText(c, model)).append(" — ").append(why).append('\n');
        }
        if (longState) {
            out.append("  ").append(Character.toUpperCase(inState.charAt(0))).append(inState.substring(1))
                    .append(": ").append(LongText.shorten(stateText, FINAL_STATE_WIDTH)).append('\n');
        }
        for (int k = 1; k < longest.size(); k++) {
            PartialLinearization other = longest.get(k);
            out.append("  Another dead end, after ").append(other.length()).append(" steps: ")
                    .append(stepText(other.unplaced(), model)).append(" could not be placed either\n");
        }
    }

    /** In {@code ariadne check}: at most this many precedences and orders of a core; {@code explain} shows all. */
    private static final int CORE_LINES_SHOWN = 6;

    /**
     * The report {@code ariadne explain} prints: the verdict, and for every violated partition its minimal failing
     * core explained in full (every precedence, every order found).
     */
    public static String renderExplanations(String source, Result result, Model<?> model) {
        StringBuilder out = new StringBuilder();
        out.append(Values.escape(source)).append(": ").append(verdictText(result.verdict()));
        if (result.verdict() == Verdict.UNKNOWN) {
            out.append(" (").append(result.reason()).append(')');
        }
        out.append(result.verdict() == Verdict.LINEARIZABLE ? " (nothing to explain)\n" : "\n");
        for (PartitionResult p : result.violations()) {
            String where = p.label().equals("all") ? "" : " in " + label(p);
            out.append("\nViolation").append(where).append(", ").append(p.operations()).append(" operation")
                    .append(plural(p.operations())).append(":\n");
            core(out, p, model, true, true);
        }
        return out.toString();
    }

    /**
     * The minimal failing core of a violation and its explanation (see {@link Explanation}): the core's operations,
     * the model's sentence, the real-time precedences and the orders real time allows, each to its first rejected
     * step; in {@code full}, all of them, else the first few.
     */
    private static void core(StringBuilder out, PartitionResult p, Model<?> model, boolean full, boolean why) {
        Explanation e = p.violation().explanation();
        if (e == null) {
            return;
        }
        int n = e.core().size();
        if (!e.found()) {
            out.append(String.format(Locale.ROOT, "%n  No failing core found: %s (%.1f ms, %d checks)%n",
                    e.limit(), e.millis(), e.checks()));
            out.append("  The ").append(n).append(" operation").append(plural(n))
                    .append(" around the one that could not be placed:\n");
            for (Operation op : e.core()) {
                out.append("    ").append(opText(op, model)).append('\n');
            }
            return;
        }
        out.append(System.lineSeparator()).append("  Minimal failing core: ").append(n).append(" operation")
                .append(plural(n)).append(e.minimal() ? "" : ", may not be minimal: " + e.limit()).append(" (")
                .append(tenthsOfMillis(e.nanos())).append(" ms, ").append(e.checks()).append(" checks)")
                .append(System.lineSeparator());
        out.append("  (these operations cannot be ordered, whatever the other operations did"
                + (e.minimal() ? "; without any one of them they could be)\n" : ")\n"));
        List<Operation> listed = full ? e.core() : Bounds.nearest(e.core(), Bounds.unplaced(p), Bounds.CORE_SHOWN);
        int before = listed.isEmpty() ? 0 : e.core().indexOf(listed.get(0));
        if (before > 0) {
            out.append(String.format(Locale.ROOT, "    … %,d earlier operation%s of the core%n", before, plural(before)));
        }
        for (Operation op : listed) {
            out.append("    ").append(opText(op, model)).append('\n');
        }
        int after = n - before - listed.size();
        if (after > 0) {
            out.append(String.format(Locale.ROOT, "    … %,d later operation%s of the core%n", after, plural(after)));
        }
        if (listed.size() < n) {
            out.append("    (ariadne explain lists them all)\n");
        }
        if (why && e.summary() != null) {
            out.append("  Why: ").append(why(e, full, model)).append('\n');
        }
        int limit = full ? Integer.MAX_VALUE : CORE_LINES_SHOWN;
        if (!e.precedences().isEmpty()) {
            out.append("  Real time orders them:\n");
            List<String> shown = new ArrayList<>();
            for (int i = 0; i < Math.min(limit, e.precedences().size()); i++) {
                shown.add(Bounds.precedence(e.precedences().get(i), model, TIMES));
            }
            lines(out, shown, e.precedences().size(), limit);
        } else if (n > 1) {
            out.append("  Real time does not order them: they all overlap.\n");
        }
        int orders = e.orders().size();
        out.append(orders == 0 && !e.ordersComplete()
                ? "  No order of the core was listed: the budget ran out first.\n"
                : e.ordersComplete() && orders == 1
                ? "  The one order real time allows, up to the step the model rejects:\n"
                : String.format(Locale.ROOT, "  %s orders real time allows, each up to the step the model rejects%s:%n",
                e.ordersComplete() ? "The " + orders : "The first " + orders,
                e.ordersComplete() ? "" : " (the listing stopped there)"));
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, orders); i++) {
            Explanation.RejectedOrder o = e.orders().get(i);
            shown.add(full ? o.text() : Bounds.order(o, model));
        }
        lines(out, shown, orders, limit);
        if (!full && (orders > limit || e.precedences().size() > limit)) {
            out.append("  (ariadne explain lists them all)\n");
        }
    }

    /**
     * The model's sentence, on the report's one clock ({@link #times}): when that is not the history's own (Jepsen's
     * {@code :time} in ms), the model is asked for the sentence again with the report's times; a model whose
     * sentence ignores them (a user model with only {@link Model#explainViolation(List)}) keeps the history's own
     * times, and the report says so, so that no time is read on the wrong clock.
     */
    private static String why(Explanation e, boolean full, Model<?> model) {
        String text = e.summary();
        boolean millis = !e.core().isEmpty() && times(e.core().get(0))[0].endsWith(" ms");
        if (millis) {
            String onClock = null;
            try {
                onClock = e.core().size() <= SENTENCE_MAX_OPERATIONS
                        ? model.explainViolation(e.core(), TIMES) : null;
            } catch (RuntimeException ignored) {
                // a hint that fails keeps the sentence it gave before
            }
            text = onClock != null && !onClock.equals(text) ? onClock
                    : text + " (times in this sentence: event positions in the file, not ms)";
        }
        return full ? text : LongText.shorten(text, Bounds.SUMMARY_WIDTH);
    }

    /** The largest core whose sentence the report asks the model for again (as the core search does). */
    private static final int SENTENCE_MAX_OPERATIONS = 256;

    /** The first {@code limit} of {@code total} lines, given in {@code lines}, and how many more there are. */
    private static void lines(StringBuilder out, List<String> lines, int total, int limit) {
        for (int i = 0; i < Math.min(limit, lines.size()); i++) {
            out.append("    ").append(lines.get(i)).append('\n');
        }
        if (total > limit) {
            out.append(String.format(Locale.ROOT, "    … %,d more%n", total - limit));
        }
    }

    /**
     * The state after a step: in full when short; when long, {@code unchanged}, or shortened around what changed
     * from {@code before}, with the change.
     */
    private static String stateText(String before, String after) {
        if (after.length() <= STATE_WIDTH) {
            return "state " + after;
        }
        if (after.equals(before)) {
            return "state unchanged";
        }
        LongText.Change change = LongText.change(before, after, CHANGE_WIDTH);
        return "state " + change.shownAfter() + "  (" + change.note() + ")";
    }

    /** {@link #opText} with a long description shortened, for the steps of a linearization. */
    private static String stepText(Operation op, Model<?> model) {
        String text = opText(op, model);
        String desc = model.describeOperation(op.input(), op.output());
        int at = text.indexOf(desc);
        return desc.length() <= STEP_DESCRIPTION_WIDTH || at < 0 ? text
                : text.substring(0, at) + LongText.shorten(desc, STEP_DESCRIPTION_WIDTH)
                + text.substring(at + desc.length());
    }

    /**
     * An operation as {@code #id client c: description [call, return] line n}: the interval in milliseconds since
     * the test began ({@code [12.345 ms, 13.002 ms]}) when the reader recorded Jepsen's {@code :time}s, else in the
     * history's own times (event positions for Jepsen files).
     */
    static String opText(Operation op, Model<?> model) {
        String desc = LongText.shorten(model.describeOperation(op.input(), op.output()), DESCRIPTION_WIDTH);
        String[] t = times(op);
        String time = "[" + t[0] + ", " + t[1] + "]";
        String line = op.line() >= 0 ? " line " + op.line() : "";
        return "#" + op.id() + " client " + op.client() + ": " + desc + " " + time + line;
    }

    /** An operation's description is cut to this many characters (a value can be megabytes). */
    private static final int DESCRIPTION_WIDTH = 400;

    /**
     * {@link #times} as a function: a class of its own, loaded with this one (and so kept in the launcher's
     * archive), where a method reference or a lambda is spun at run time on first use; streams are left out of the
     * text report for the same reason (docs/benchmarks.md, 2026-11-30 "small8").
     */
    private static final Function<Operation, String[]> TIMES = new Function<>() {
        @Override
        public String[] apply(Operation op) {
            return times(op);
        }
    };

    /**
     * An operation's call and return on the report's one clock: Jepsen's {@code :time} in milliseconds when the
     * reader recorded it ({@code 12.345 ms}), else the history's own times; {@code never returned} for a pending one.
     */
    static String[] times(Operation op) {
        Long callNs = nanos(op, CALL_TIME);
        Long returnNs = nanos(op, RETURN_TIME);
        if (callNs != null && (op.isPending() || returnNs != null)) {
            return new String[] {millis(callNs) + " ms", op.isPending() ? "never returned" : millis(returnNs) + " ms"};
        }
        return new String[] {Long.toString(op.call()), op.isPending() ? "never returned" : Long.toString(op.ret())};
    }

    /** Metadata of Jepsen's readers: the {@code :time} of an operation's invocation and completion, in ns. */
    static final String CALL_TIME = "time-ns";
    static final String RETURN_TIME = "return-time-ns";

    /** The metadata {@code key} of {@code op} when it is a time in nanoseconds (a non-negative integer). */
    static Long nanos(Operation op, String key) {
        return op.metadata().get(key) instanceof Long ns && ns >= 0 ? ns : null;
    }

    /** Nanoseconds as milliseconds with three decimals: {@code 12.345}. */
    static String millis(long ns) {
        if (ns < 0 || ns >= 1_000_000_000_000_000L) {
            return String.format(Locale.ROOT, "%.3f", ns / 1e6);
        }
        // %.3f of ns / 1e6, exactly (see tenthsOfMillis), without a Formatter
        long thousandths = (ns + 500) / 1000;
        long fraction = thousandths % 1000;
        return (thousandths / 1000) + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".") + fraction;
    }

    @SuppressWarnings("unchecked")
    private static <S> boolean accepts(Model<S> model, Object state, Operation op) {
        return model.step((S) state, op.input(), op.output()) != null;
    }

    /** The verdict in words, as the command line prints it. */
    public static String verdictText(Verdict v) {
        return switch (v) {
            case LINEARIZABLE -> "LINEARIZABLE";
            case NOT_LINEARIZABLE -> "NOT LINEARIZABLE";
            case UNKNOWN -> "UNKNOWN";
        };
    }

    private static String plural(int n) {
        return n == 1 ? "" : "s";
    }
}
