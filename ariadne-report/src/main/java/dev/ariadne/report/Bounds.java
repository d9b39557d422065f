package dev.ariadne.report;

import dev.ariadne.core.check.Explanation;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Step;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The bounds every report keeps to, whatever the history (docs/report.md, "Bounds"), and the texts of a core's
 * explanation rendered from its structured data: so that a 100,000-operation core or order costs a few lines, and
 * so that every time in them is on the report's one clock.
 */
final class Bounds {
    /** Operations of a core a text report lists (the rest are counted; {@code ariadne explain} lists all). */
    static final int CORE_SHOWN = 20;
    /** Operations of a core the {@code --json} report and the page carry. */
    static final int CORE_KEPT = 1_000;
    /** Steps of an order of the core written out in words before the rest are counted. */
    static final int ORDER_STEPS_SHOWN = 12;
    /** A model's one-sentence explanation is cut to this many characters. */
    static final int SUMMARY_WIDTH = 2_000;
    /** Any other line of an explanation is cut to this many characters. */
    static final int LINE_WIDTH = 600;
    /** Steps of a longest partial linearization the {@code --json} report writes (the last ones, nearest the failure). */
    static final int STEPS_KEPT = 1_000;
    /** Candidates, precedences and orders of one violation the {@code --json} report writes. */
    static final int LIST_KEPT = 100;
    /** Steps of each order of a core the {@code --json} report writes (the last ones, up to the rejected step). */
    static final int ORDER_STEPS_KEPT = 50;
    /** Operation ids of a witness the {@code --json} report writes. */
    static final int WITNESS_KEPT = 100_000;
    /** Lines of explanation the page carries. */
    static final int PAGE_LINES = 200;

    private Bounds() {
    }

    /**
     * The operations of a core to show when it has more than {@code max}: the {@code max} nearest (in call order)
     * to {@code focus}, the operation the violation could not place, kept in call order; all of them otherwise.
     */
    static List<Operation> nearest(List<Operation> core, Operation focus, int max) {
        if (core.size() <= max) {
            return core;
        }
        int at = 0;
        for (int i = 0; i < core.size(); i++) {
            if (focus != null && core.get(i).id() == focus.id()) {
                at = i;
                break;
            }
            if (focus != null && core.get(i).call() <= focus.call()) {
                at = i;
            }
        }
        int from = Math.max(0, Math.min(at - max / 2, core.size() - max));
        return core.subList(from, from + max);
    }

    /** The operation the first longest partial linearization of {@code p} could not place, or null. */
    static Operation unplaced(PartitionResult p) {
        return p.violation() == null || p.violation().longest().isEmpty() ? null
                : p.violation().longest().get(0).unplaced();
    }

    /**
     * A precedence in words, its times given by {@code time}: {@code #12 write(2) returned at 31 before #17 read → 1
     * was called at 40}.
     */
    static String precedence(Explanation.Precedence p, Model<?> model, Function<Operation, String[]> time) {
        return LongText.shorten("#" + p.first().id() + " " + describe(model, p.first()) + " returned at "
                + time.apply(p.first())[1] + " before #" + p.second().id() + " " + describe(model, p.second())
                + " was called at " + time.apply(p.second())[0], LINE_WIDTH);
    }

    /**
     * An order of the core up to its rejected step, as the core's own text says it, but with at most
     * {@link #ORDER_STEPS_SHOWN} steps written out: the first two and the last ones, the others counted.
     */
    static String order(Explanation.RejectedOrder o, Model<?> model) {
        List<Step> steps = o.steps();
        if (steps.size() <= ORDER_STEPS_SHOWN) {
            return LongText.shorten(o.text(), LINE_WIDTH);
        }
        StringBuilder s = new StringBuilder();
        int head = 2;
        int tail = ORDER_STEPS_SHOWN - head;
        for (int i = 0; i < steps.size(); i++) {
            if (i == head) {
                s.append("… ").append(String.format(Locale.ROOT, "%,d", steps.size() - head - tail))
                        .append(" more steps …, ");
                i = steps.size() - tail;
            }
            Operation op = steps.get(i).operation();
            s.append('#').append(op.id()).append(' ').append(LongText.shorten(describe(model, op), 60)).append(", ");
        }
        s.append("then #").append(o.rejected().id()).append(' ').append(LongText.shorten(describe(model, o.rejected()), 200))
                .append(" is rejected whatever the other operations did: the state can only be ")
                .append(LongText.shorten(o.state(), 300)); // the core's own words (Explanation.RejectedOrder#text)
        return s.toString();
    }

    /** The model's one sentence, cut to {@link #SUMMARY_WIDTH}. */
    static String summary(Explanation e) {
        return e.summary() == null ? null : LongText.shorten(e.summary(), SUMMARY_WIDTH);
    }

    /** The lines a page shows for an explanation: summary, limit, precedences and orders, at most {@link #PAGE_LINES}. */
    static List<String> pageLines(Explanation x, Model<?> model, Function<Operation, String[]> time) {
        List<String> lines = new ArrayList<>();
        if (x.summary() != null) {
            lines.add(summary(x));
        }
        if (x.limit() != null) {
            lines.add("This core may not be minimal: " + x.limit() + ".");
        }
        int room = PAGE_LINES - lines.size();
        int precedences = Math.min(x.precedences().size(), room / 2);
        for (int i = 0; i < precedences; i++) {
            lines.add(precedence(x.precedences().get(i), model, time));
        }
        if (precedences < x.precedences().size()) {
            lines.add(String.format(Locale.ROOT, "… %,d more precedences (ariadne explain lists them all)",
                    x.precedences().size() - precedences));
        }
        int orders = Math.min(x.orders().size(), PAGE_LINES - lines.size());
        for (int i = 0; i < orders; i++) {
            lines.add(order(x.orders().get(i), model));
        }
        if (orders < x.orders().size()) {
            lines.add(String.format(Locale.ROOT, "… %,d more orders (ariadne explain lists them all)",
                    x.orders().size() - orders));
        } else if (!x.ordersComplete()) {
            lines.add("(more orders than shown)");
        }
        return lines;
    }

    private static String describe(Model<?> model, Operation op) {
        return model.describeOperation(op.input(), op.output());
    }
}
