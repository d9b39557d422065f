package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.PartitionResult;
import dev.ariadne.core.check.Result;
import dev.ariadne.core.check.Statistics;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a history against a spec that defines {@code AriadnePartition == "k"} without trusting that promise.
 * Where {@code ProductProof} proves from the spec's text (over SANY's semantic tree) that it is a product over
 * {@code k}, the parts are trusted for both verdicts. Otherwise a LINEARIZABLE verdict of the parts stands only
 * when their orders, merged into one order of the whole history, replay through the whole spec
 * ({@link WitnessCheck#replay}); anything else (a part that is not linearizable, a merged order the spec rejects)
 * is decided by checking the history whole. Every report that used the parts says which of these happened.
 */
public final class PartitionCheck {
    private PartitionCheck() {
    }

    /** How a history is searched: {@link Checker#check}, or a caller's wrapper of it (a progress line). */
    @FunctionalInterface
    public interface Search {
        /** The result of checking {@code history} against {@code model} with {@code options}. */
        Result run(History history, TlaModel model, CheckOptions options);
    }

    /**
     * Checks {@code history} (the history the engines get: after {@link TlaModel#withBegins}) against {@code model}
     * with {@code options}, through {@code search}; partitioned by the spec's {@code AriadnePartition} only as far
     * as that is proven, as the class comment says.
     */
    public static Result check(TlaModel model, History history, CheckOptions options, Search search) {
        TlaSpec spec = model.spec();
        String by = spec.partitionParameter();
        if (by == null || !options.partition()) {
            return search.run(history, model, options);
        }
        long start = System.nanoTime();
        String unproven = whyNotProven(model, history);
        long proof = System.nanoTime() - start;
        if (unproven != null && !splits(model, history)) {
            return search.run(history, model, options); // one part: the whole history, no promise to check
        }
        // Without the proof a part's violation is not reported (the whole history is checked): no core for it.
        Result parts = unproven == null ? search.run(history, model, options)
                : search.run(history, model.trustingPartition(), options.withCoreTimeout(null));
        if (parts.partitions().size() <= 1) {
            return parts; // one part is the whole history: no promise was used
        }
        if (unproven == null) {
            return timed(parts.withNote("independence proven from the spec: every action reads and writes only the "
                    + "part of the state of its " + by + ", so each part was checked alone"), parts.statistics(),
                    proof);
        }
        String why = "the independence of " + TlaSpec.PARTITION + " is not proven from the spec (" + unproven + ")";
        if (parts.verdict() == Verdict.UNKNOWN) {
            return parts.withNote(why);
        }
        long replay = 0;
        if (parts.verdict() == Verdict.LINEARIZABLE) {
            long merging = System.nanoTime();
            List<Operation> order = merge(parts, history);
            long deadline = options.timeout() == null ? Long.MAX_VALUE : start + options.timeout().toNanos();
            int failed = order == null ? 0 : WitnessCheck.replay(model.spec().model(Semantics.ATOMIC, false),
                    order, deadline);
            replay = System.nanoTime() - merging;
            if (failed == -1) {
                return timed(parts.withNote(why + "; the parts' orders, merged into one order of the whole history, "
                        + "replay through the whole spec (one atomic step per operation): LINEARIZABLE, proven by "
                        + "the spec itself"), parts.statistics(), proof + replay);
            }
            why += failed == WitnessCheck.OUT_OF_TIME ? "; the replay of the parts' merged order ran out of time"
                    : order == null ? "; the parts' orders could not be merged"
                    : "; the whole spec rejects the parts' merged order at step " + (failed + 1) + " of "
                    + order.size();
        } else {
            why += "; a part is not linearizable on its own, which is evidence only under that promise";
        }
        why += ", so the whole history was checked as one part";
        CheckOptions whole = options.withPartition(false);
        if (options.timeout() != null) {
            long left = options.timeout().toNanos() - (System.nanoTime() - start);
            if (left <= 0) {
                return new Result(Verdict.UNKNOWN, Checker.timeLimitReason(options.timeout()), parts.model(),
                        parts.operations(), List.of(new PartitionResult(0, "all", history.size(), Verdict.UNKNOWN,
                        List.of(), null, Checker.timeLimitReason(options.timeout()), "none", Statistics.ZERO, why)),
                        timed(parts.statistics(), proof + replay));
            }
            whole = whole.withTimeout(Duration.ofNanos(left));
        }
        Result result = search.run(history, model.unpartitioned(), whole).withNote(why);
        result = timed(result, parts.statistics().plus(result.statistics()), proof + replay);
        return whole.timeout() == options.timeout() ? result
                : result.withReasonReplaced(Checker.timeLimitReason(whole.timeout()),
                Checker.timeLimitReason(options.timeout()));
    }

    /**
     * {@code result} with the work of every search it took ({@code searched}) and the time of the proof, merge and
     * replay ({@code extra} nanoseconds) added to theirs.
     */
    private static Result timed(Result result, Statistics searched, long extra) {
        return new Result(result.verdict(), result.reason(), result.model(), result.operations(),
                result.partitions(), timed(searched, extra));
    }

    private static Statistics timed(Statistics searched, long extra) {
        return new Statistics(searched.configurations(), searched.cacheHits(), searched.cached(),
                searched.nanos() + extra);
    }

    /**
     * {@code null} when the spec is proven a product over its partition parameter for the actions of
     * {@code history}, else why not: one initial state, no VIEW, not an OmniLink validation module, no non-atomic
     * operation under OmniLink's semantics (whose steps interleave), and every action read and written at its key
     * only ({@code ProductProof}).
     */
    static String whyNotProven(TlaModel model, History history) {
        Set<String> actions = new LinkedHashSet<>();
        for (Operation op : history.operations()) {
            if (!(op.input() instanceof dev.ariadne.core.history.Invocation inv)) {
                return "an operation is not a trace's";
            }
            TlaSpec spec = model.spec();
            if (spec.action(inv.f()) != null) {
                actions.add(inv.f());
            } else if (model.semantics() == Semantics.OMNILINK) {
                return inv.f() + " is a non-atomic operation under OmniLink's semantics";
            } else {
                actions.add(inv.f() + "_Step");
                actions.add(inv.f() + "_Done");
            }
        }
        return whyNotProven(model, actions);
    }

    /**
     * {@link #whyNotProven(TlaModel, History)} for the actions of operations {@code model} prepared
     * ({@link TlaModel#partition} splits only when it is {@code null}).
     */
    static String whyNotProvenPrepared(TlaModel model, List<Operation> prepared) {
        Set<String> actions = new LinkedHashSet<>();
        for (Operation op : prepared) {
            TlaModel.Step step = (TlaModel.Step) op.input();
            if (step.internal != null && model.semantics() == Semantics.OMNILINK) {
                return step.name + " is a non-atomic operation under OmniLink's semantics";
            }
            if (step.internal != null) {
                actions.add(step.internal.name());
            }
            actions.add(step.action.name());
        }
        return whyNotProven(model, actions);
    }

    private static String whyNotProven(TlaModel model, Set<String> actions) {
        TlaSpec spec = model.spec();
        if (spec.hooked()) {
            return "an OmniLink validation module";
        }
        if (spec.hasView()) {
            return "the configuration has a VIEW";
        }
        if (model.init().states.length != 1) {
            return "the spec has " + model.init().states.length + " initial states";
        }
        return spec.productWhyNot(List.copyOf(actions), spec.partitionParameter());
    }

    /** Whether the model splits {@code history} into more than one part. */
    private static boolean splits(TlaModel model, History history) {
        List<Operation> prepared = new ArrayList<>(history.size());
        for (Operation op : history.operations()) {
            try {
                prepared.add(model.prepare(op));
            } catch (dev.ariadne.core.model.InvalidOperationException e) {
                throw e.operation() == null ? e.at(op) : e;
            }
        }
        return model.trustingPartition().partition(prepared).size() > 1;
    }

    /**
     * One order of the whole history from the parts' linearizations, or {@code null} when they do not make one
     * (an operation missing, twice, or out of its interval). Each operation gets a point: the later of its call
     * and the point before it in its part's order, which lies within its interval whenever the part's order keeps
     * real time (docs/tla.md proves it); the parts are merged by point, ties kept in part order. The begins that
     * OmniLink's semantics adds are left out: the replay runs each operation's steps at its point.
     */
    static List<Operation> merge(Result parts, History history) {
        Map<Integer, Operation> byId = new HashMap<>(history.size() * 2);
        int completed = 0;
        for (Operation op : history.operations()) {
            if (!isBegin(op)) {
                byId.put(op.id(), op);
                completed += op.isPending() ? 0 : 1;
            }
        }
        List<long[]> placed = new ArrayList<>(byId.size()); // {point, part, position, id}
        Set<Integer> seen = new LinkedHashSet<>();
        for (PartitionResult part : parts.partitions()) {
            long previous = Long.MIN_VALUE;
            int position = 0;
            for (Operation w : part.witness()) {
                if (isBegin(w)) {
                    continue;
                }
                Operation op = byId.get(w.id());
                if (op == null || !seen.add(op.id())) {
                    return null;
                }
                long point = Math.max(op.call(), previous);
                if (point > op.ret()) {
                    return null;
                }
                previous = point;
                completed -= op.isPending() ? 0 : 1;
                placed.add(new long[]{point, part.index(), position++, op.id()});
            }
        }
        if (completed != 0) {
            return null; // a completed operation is in no part's order
        }
        placed.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0])
                : a[1] != b[1] ? Long.compare(a[1], b[1]) : Long.compare(a[2], b[2]));
        List<Operation> order = new ArrayList<>(placed.size());
        for (long[] p : placed) {
            order.add(byId.get((int) p[3]));
        }
        return order;
    }

    private static boolean isBegin(Operation op) {
        return Boolean.TRUE.equals(op.metadata().get(TlaModel.BEGIN));
    }
}
