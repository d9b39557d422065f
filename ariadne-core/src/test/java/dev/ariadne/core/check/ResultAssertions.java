package dev.ariadne.core.check;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.model.Partition;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Independent checks of a {@link Result}'s evidence: a witness must be a real linearization and a violation's
 * partial linearizations must be real prefixes of one. Nothing here trusts the engine: the operations are
 * prepared and partitioned again, and every order is replayed on the model.
 */
public final class ResultAssertions {
    private ResultAssertions() {
    }

    /**
     * Checks {@code history} against the built-in model {@code modelName} with {@code engine} alone (partitioned or
     * not, 2 s per partition), asserts its evidence with {@link #assertConsistent} and that every decided partition
     * was decided by that engine, and returns the verdict; {@code context} names the history in failures.
     */
    public static Verdict checkWith(History history, String modelName, Engine engine, boolean partition,
                                    String context) {
        Model<?> model = dev.ariadne.core.models.BuiltinModels.byName(modelName);
        // The engines' evidence only: cores are held to the reference by MinimalCoreTest and CorpusCoresTest.
        CheckOptions options = CheckOptions.defaults().withEngine(engine).withPartition(partition)
                .withTimeout(java.time.Duration.ofSeconds(2)).withCoreTimeout(null);
        Result result = Checker.check(history, model, options);
        try {
            assertConsistent(history, model, options, result);
        } catch (AssertionError e) {
            throw new AssertionError(engine + ": bad evidence for " + context + ": " + e.getMessage(), e);
        }
        for (PartitionResult p : result.partitions()) {
            check(p.verdict() == Verdict.UNKNOWN || p.engine().equals(engine.cliName()),
                    "partition decided by " + p.engine() + ", not " + engine + " for " + context);
        }
        return result.verdict();
    }

    /**
     * Asserts that {@code result} is well formed for {@code history} checked with {@code options}: one result
     * per partition, every linearizable partition's witness valid, every violation's evidence valid, and the
     * overall verdict the combination of the partitions'. Throws {@link AssertionError} saying what is wrong.
     */
    public static <S> void assertConsistent(History history, Model<S> model, CheckOptions options, Result result) {
        List<Operation> prepared = new ArrayList<>();
        for (Operation op : history.operations()) {
            prepared.add(model.prepare(op));
        }
        List<Partition> parts = options.partition() ? model.partition(prepared) : List.of(Partition.whole(prepared));
        check(result.operations() == history.size(), "result counts " + result.operations() + " operations, history has "
                + history.size());
        check(result.partitions().size() == parts.size(), "result has " + result.partitions().size()
                + " partitions, the model makes " + parts.size());
        boolean anyViolation = false;
        boolean anyUnknown = false;
        for (int i = 0; i < parts.size(); i++) {
            PartitionResult r = result.partitions().get(i);
            List<Operation> ops = parts.get(i).operations();
            check(r.index() == i, "partition " + i + " reports index " + r.index());
            check(r.operations() == ops.size(), "partition " + i + " reports " + r.operations() + " operations, has "
                    + ops.size());
            switch (r.verdict()) {
                case LINEARIZABLE -> assertWitness(ops, model, r.witness());
                case NOT_LINEARIZABLE -> {
                    anyViolation = true;
                    check(r.violation() != null, "partition " + i + " is not linearizable but has no evidence");
                    check(!r.violation().longest().isEmpty(), "partition " + i + " has no partial linearization");
                    check(Objects.equals(r.violation().initialState(), model.describeState(model.init())),
                            "evidence starts from " + r.violation().initialState());
                    for (PartialLinearization p : r.violation().longest()) {
                        assertPartial(ops, model, p);
                    }
                    assertCore(ops, model, r.violation().explanation());
                }
                case UNKNOWN -> {
                    anyUnknown = true;
                    check(r.reason() != null, "partition " + i + " is unknown without a reason");
                }
            }
        }
        Verdict expected = anyViolation ? Verdict.NOT_LINEARIZABLE
                : anyUnknown ? Verdict.UNKNOWN : Verdict.LINEARIZABLE;
        check(result.verdict() == expected, "overall verdict " + result.verdict() + " but partitions say " + expected);
        check((result.verdict() == Verdict.UNKNOWN) == (result.reason() != null),
                "reason " + result.reason() + " with verdict " + result.verdict());
    }

    /**
     * Asserts that {@code witness} linearizes {@code ops}: every completed operation exactly once, pending ones at
     * most once, real-time order kept, and the model accepts it step by step from its initial state.
     */
    public static <S> void assertWitness(List<Operation> ops, Model<S> model, List<Operation> witness) {
        Map<Integer, Operation> byId = byId(ops);
        Set<Integer> seen = new HashSet<>();
        S state = model.init();
        Operation latestCall = null; // the operation called last among those placed so far
        for (int k = 0; k < witness.size(); k++) {
            Operation op = known(byId, witness.get(k), "witness");
            check(seen.add(op.id()), "witness has operation " + op.id() + " twice");
            if (latestCall != null) {
                check(!(op.ret() < latestCall.call()), "witness puts " + latestCall.id() + " before " + op.id()
                        + ", which returned before it was called");
            }
            if (latestCall == null || op.call() > latestCall.call()) {
                latestCall = op;
            }
            state = model.step(state, op.input(), op.output());
            check(state != null, "model rejects witness step " + k + " (operation " + op.id() + ")");
        }
        for (Operation op : ops) {
            check(op.isPending() || seen.contains(op.id()), "witness misses completed operation " + op.id());
        }
    }

    /**
     * Asserts that {@code p} is a prefix of a linearization that respects real time (every completed operation
     * that must come before a placed one is placed before it), that the model accepts its steps and reached the
     * recorded states, that {@code unplaced} is a completed operation not placed, and that every candidate could
     * indeed have come next.
     */
    public static <S> void assertPartial(List<Operation> ops, Model<S> model, PartialLinearization p) {
        Map<Integer, Operation> byId = byId(ops);
        Map<Integer, Integer> position = new HashMap<>();
        S state = model.init();
        for (int k = 0; k < p.steps().size(); k++) {
            Step step = p.steps().get(k);
            Operation op = known(byId, step.operation(), "partial linearization");
            check(position.put(op.id(), k) == null, "partial linearization has operation " + op.id() + " twice");
            state = model.step(state, op.input(), op.output());
            check(state != null, "model rejects partial linearization step " + k + " (operation " + op.id() + ")");
            check(state.equals(step.state()), "step " + k + " records state " + step.state() + ", model says " + state);
            check(Objects.equals(step.stateDescription(), model.describeState(state)),
                    "step " + k + " describes its state as " + step.stateDescription());
        }
        // Every completed operation that returned before a placed one was called is placed before it: at each
        // step, the completed operations not placed yet must all return at or after the step's call.
        PriorityQueue<Operation> notYetPlaced = new PriorityQueue<>(Comparator.comparingLong(Operation::ret));
        for (Operation op : ops) {
            if (!op.isPending()) {
                notYetPlaced.add(op);
            }
        }
        Set<Integer> placedSoFar = new HashSet<>();
        for (Step step : p.steps()) {
            Operation op = byId.get(step.operation().id());
            while (!notYetPlaced.isEmpty() && placedSoFar.contains(notYetPlaced.peek().id())) {
                notYetPlaced.poll();
            }
            Operation first = notYetPlaced.peek();
            check(first == null || first.id() == op.id() || !(first.ret() < op.call()),
                    "partial linearization places " + op.id() + " but not, before it, "
                            + (first == null ? -1 : first.id()) + " which returned before it was called");
            placedSoFar.add(op.id());
        }
        while (!notYetPlaced.isEmpty() && placedSoFar.contains(notYetPlaced.peek().id())) {
            notYetPlaced.poll();
        }
        Operation firstUnplaced = notYetPlaced.peek(); // the completed unplaced operation that returns first
        Operation unplaced = known(byId, p.unplaced(), "unplaced");
        check(!unplaced.isPending(), "unplaced operation " + unplaced.id() + " is pending");
        check(!position.containsKey(unplaced.id()), "unplaced operation " + unplaced.id() + " is placed");
        boolean unplacedIsCandidate = false;
        for (Operation c : p.candidates()) {
            Operation op = known(byId, c, "candidate");
            unplacedIsCandidate |= op.id() == unplaced.id();
            check(!position.containsKey(op.id()), "candidate " + op.id() + " is already placed");
            check(op.call() <= unplaced.ret(), "candidate " + op.id() + " is called after " + unplaced.id() + " returned");
            check(firstUnplaced == null || firstUnplaced.ret() >= op.call(),
                    "candidate " + op.id() + " cannot come next: " + (firstUnplaced == null ? -1 : firstUnplaced.id())
                            + " must precede it");
        }
        check(unplacedIsCandidate, "candidates do not include unplaced operation " + unplaced.id());
    }

    /**
     * A core, when one was searched for: its operations are the partition's, at most
     * {@link CoreSearch#NEIGHBOURHOOD}; a proven one is a core by the relaxed reference (small partitions only: the
     * reference is exponential in the overlap), and one not found says nothing.
     */
    private static <S> void assertCore(List<Operation> ops, Model<S> model, Explanation e) {
        if (e == null) {
            return;
        }
        Map<Integer, Operation> byId = byId(ops);
        for (Operation op : e.core()) {
            known(byId, op, "core");
        }
        check(e.core().size() <= CoreSearch.NEIGHBOURHOOD, "core of " + e.core().size() + " operations");
        check(!e.minimal() || e.found(), "a core not found is called minimal");
        check(e.found() || e.summary() == null && e.orders().isEmpty(), "a neighbourhood is explained as a core");
        if (e.found() && ops.size() <= 40) {
            Set<Integer> core = new HashSet<>();
            e.core().forEach(op -> core.add(op.id()));
            check(!dev.ariadne.core.reference.RelaxedChecker.isLinearizable(ops, core, model),
                    "the relaxed history of core " + core + " is linearizable");
            String wrong = wrongOrder(ops, model, e);
            check(wrong == null, wrong);
        }
    }

    /**
     * The first of {@code e}'s stated orders that does not replay under the relaxation, said why, or {@code null}:
     * each is a real-time order of the core's operations (none placed before a core operation that returned before
     * it was called), whose accepted steps some choice of the other operations of the partition {@code part} lets the
     * model accept, and whose rejected step none does ({@link dev.ariadne.core.reference.RelaxedChecker#canPlaceInOrder},
     * a separate code path). For small partitions: the replay is exponential in the overlap.
     */
    public static <S> String wrongOrder(List<Operation> part, Model<S> model, Explanation e) {
        return wrongOrder(part, model, e, Long.MAX_VALUE);
    }

    /**
     * {@link #wrongOrder(List, Model, Explanation)}, leaving out an order whose replay by the reference would remember
     * more than {@code maxStates} configurations (kv appends that each may or may not have taken effect).
     */
    public static <S> String wrongOrder(List<Operation> part, Model<S> model, Explanation e, long maxStates) {
        Set<Integer> core = new HashSet<>();
        e.core().forEach(op -> core.add(op.id()));
        for (Explanation.RejectedOrder o : e.orders()) {
            List<Integer> order = new java.util.ArrayList<>();
            Set<Integer> placed = new HashSet<>();
            List<Operation> sequence = new java.util.ArrayList<>();
            o.steps().forEach(st -> sequence.add(st.operation()));
            sequence.add(o.rejected());
            for (Operation op : sequence) {
                for (Operation other : e.core()) {
                    if (!placed.contains(other.id()) && other != op && !other.isPending() && other.ret() < op.call()) {
                        return "order \"" + o.text() + "\" places #" + op.id() + " before #" + other.id()
                                + ", which returned before it was called";
                    }
                }
                placed.add(op.id());
                order.add(op.id());
            }
            Boolean passes = dev.ariadne.core.reference.RelaxedChecker.canPlaceInOrderWithin(part, core, order, model,
                    maxStates);
            if (Boolean.TRUE.equals(passes)) {
                return "order \"" + o.text() + "\" is stated rejected, but the other operations can make it pass";
            }
            if (Boolean.FALSE.equals(dev.ariadne.core.reference.RelaxedChecker.canPlaceInOrderWithin(part, core,
                    order.subList(0, order.size() - 1), model, maxStates))) {
                return "order \"" + o.text() + "\" lists accepted steps that no choice of the others accepts";
            }
        }
        return null;
    }

    private static Map<Integer, Operation> byId(List<Operation> ops) {
        Map<Integer, Operation> byId = new HashMap<>();
        for (Operation op : ops) {
            byId.put(op.id(), op);
        }
        return byId;
    }

    /** The partition's own (prepared) operation with the id of {@code reported}, which must match it. */
    private static Operation known(Map<Integer, Operation> byId, Operation reported, String what) {
        Operation op = byId.get(reported.id());
        check(op != null, what + " names operation " + reported.id() + ", which is not in the partition");
        check(op.equals(reported), what + " reports operation " + reported.id() + " as " + reported
                + " but it is " + op);
        return op;
    }

    private static void check(boolean ok, String message) {
        if (!ok) {
            throw new AssertionError(message);
        }
    }
}
