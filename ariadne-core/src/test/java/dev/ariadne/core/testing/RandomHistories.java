package dev.ariadne.core.testing;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntSupplier;
import java.util.function.Predicate;

/**
 * Seeded random histories for the tests, in three shapes: {@link #small} ones for differential testing against
 * the brute-force reference checker, {@link #medium} ones for comparing engines where the reference is far too
 * slow, and {@link #distinct} ones that meet the decision procedures' preconditions. Each is drafted by one
 * {@link Shape} from one {@link SequentialObject}, so it is linearizable until some outputs are corrupted; the same
 * arguments always give the same history.
 *
 * <p>The family lives in ariadne-core's test sources, and reaches other modules' tests through the core test-jar,
 * rather than in ariadne-workloads: core's own tests need it, and a test dependency of core on workloads (which
 * depends on core) would be a cycle in the reactor.
 */
public final class RandomHistories {
    /** The models {@link #small} generates histories for. */
    public static final List<String> SMALL_MODELS = List.of("register", "cas-register", "kv", "fifo-queue",
            "priority-queue");
    /** The models {@link #medium} generates histories for. */
    public static final List<String> MEDIUM_MODELS = List.of("register", "cas-register", "kv", "fifo-queue", "set",
            "counter", "priority-queue");

    private RandomHistories() {
    }

    /** A small history for the named model (one of {@link #SMALL_MODELS}): 1–4 clients, 2–8 operations. */
    public static History small(String model, long seed) {
        return small(model, seed, 4, 8);
    }

    /**
     * A small history with 1 to {@code maxClients} clients and 2 to {@code maxOperations} operations (fewer if
     * every client crashes), for the model named (one of {@link #SMALL_MODELS}). Each client runs its operations
     * one after another, with small integer times so that intervals overlap and sometimes touch. About 70% of the
     * histories get one or two observed outputs replaced by random ones; about 15% of operations crash (pending,
     * output unknown, and the client stops; half of them take effect); about 10% of the completed ones have an
     * unknown output. Keep {@code maxOperations} at 9 or less for the brute-force reference checker.
     */
    public static History small(String model, long seed, int maxClients, int maxOperations) {
        SplittableRandom r = new SplittableRandom(seed);
        Domain small = Domain.small(3, 4);
        SequentialObject object = switch (model) {
            case "register" -> new Register(false, small);
            case "cas-register" -> new Register(true, small);
            case "kv" -> KeyValue.small(2 + r.nextInt(2));
            case "fifo-queue" -> new Queue(Queue.Order.FIFO, small, SplittableRandom::nextBoolean);
            case "priority-queue" -> new Queue(Queue.Order.MIN, small, SplittableRandom::nextBoolean);
            default -> throw new IllegalArgumentException("no small histories of model " + model);
        };
        // Gaps up to 3 ticks, durations up to 6; a crashed client stops; a pending operation reaches 12 ticks.
        Shape shape = new Shape(4, true, 4, 7, 15, 12, false, 0, Shape.oneOrTwo(70), 10);
        int clients = 1 + r.nextInt(maxClients);
        return shape.generate(object, r, clients, 2 + r.nextInt(maxOperations - 1));
    }

    /**
     * A medium history (tens to hundreds of operations) of {@code ops} operations by {@code clients} concurrent
     * clients, for the model named (one of {@link #MEDIUM_MODELS}). Values come from a domain of four; about half
     * of the histories get one observed output replaced; {@code crashPercent} of the operations crash (pending,
     * output unknown; half of them take effect) and their client is replaced by a new one, as Jepsen does; 3% of
     * the completed ones have an unknown output.
     */
    public static History medium(String model, long seed, int clients, int ops, int crashPercent) {
        SplittableRandom r = new SplittableRandom(seed);
        Domain registerValues = Domain.small(4, 5);
        Domain queueValues = Domain.small(4, 4);
        SequentialObject object = switch (model) {
            case "register" -> new Register(false, registerValues);
            case "cas-register" -> new Register(true, registerValues);
            case "kv" -> KeyValue.medium();
            case "fifo-queue" -> new Queue(Queue.Order.FIFO, queueValues, g -> g.nextInt(10) < 5);
            case "priority-queue" -> new Queue(Queue.Order.MIN, queueValues, g -> g.nextInt(10) < 5);
            case "set" -> new SmallSet();
            case "counter" -> new Counter();
            default -> throw new IllegalArgumentException("no medium histories of model " + model);
        };
        // Always the client free first; gaps up to 2 ticks, durations up to 7; a pending operation reaches 20 ticks
        // and its client is replaced after 1-3 ticks; one output corrupted in half of the histories.
        Shape shape = new Shape(5, false, 3, 8, crashPercent, 20, true, 3, g -> g.nextBoolean() ? 1 : 0, 3);
        return shape.generate(object, r, clients, ops);
    }

    /**
     * A history in which many operations are equal and overlap: {@code clients} clients that call again at once
     * and run for up to 9 ticks, values from a domain of {@code values} (as low as 2), for the model named
     * (register, cas-register, fifo-queue). Equal enqueues, writes and compare-and-sets are open together most of
     * the time, which is what the frontier's rules for equal operations and for layers of equal values act on.
     * {@code corruptPercent} of the histories get one or two observed outputs replaced; {@code crashPercent} of the
     * operations crash (the client is replaced); 3% of the completed outputs are hidden where the model allows.
     */
    public static History crowded(String model, long seed, int clients, int ops, int values, int corruptPercent,
                                  int crashPercent) {
        SplittableRandom r = new SplittableRandom(seed);
        Domain domain = Domain.small(values, 5);
        SequentialObject object = switch (model) {
            case "register" -> new Register(false, domain);
            case "cas-register" -> new Register(true, domain);
            case "fifo-queue" -> new Queue(Queue.Order.FIFO, domain, g -> g.nextInt(10) < 5);
            default -> throw new IllegalArgumentException("no crowded histories of model " + model);
        };
        Shape shape = new Shape(3, false, 1, 10, crashPercent, 20, true, 3, Shape.oneOrTwo(corruptPercent), 3);
        return shape.generate(object, r, clients, ops);
    }

    /**
     * A small history (1–{@code maxClients} clients, 2–{@code maxOperations} operations) that meets a decision
     * procedure's precondition, for the generator named (see {@link #distinct(String, long, int, int, int, int,
     * int, int)}): gaps up to 3 ticks and durations up to 6, 70% of the histories corrupted, 15% of the operations
     * crashed.
     */
    public static History distinct(String generator, long seed, int maxClients, int maxOperations) {
        SplittableRandom r = new SplittableRandom(seed);
        SequentialObject object = distinctObject(generator, r, () -> 2 + r.nextInt(2), () -> 2 + r.nextInt(3));
        int clients = 1 + r.nextInt(maxClients);
        int n = 2 + r.nextInt(maxOperations - 1);
        return distinctShape(4, 7, 70, 15).generate(object, r, clients, n);
    }

    /**
     * A history of exactly {@code clients} clients and up to {@code n} operations that meets a decision
     * procedure's precondition. Generators: register (writes store distinct values), set (each value added at most
     * once; reads have unknown outputs), grow-only-set (the set without removes; reads list it), fifo-queue, stack
     * and priority-queue (inserted values distinct; removals completed with known outputs). Gaps between a
     * client's operations are below {@code gap} ticks, durations below {@code duration}; {@code corruptPercent} of
     * the histories get one or two corrupted outputs; {@code crashPercent} of the operations crash (pending, half
     * of them taking effect; the client is replaced by a new one) where the precondition allows, and 10% of the
     * outputs are hidden where it allows.
     */
    public static History distinct(String generator, long seed, int clients, int n, int gap, int duration,
                                   int corruptPercent, int crashPercent) {
        SplittableRandom r = new SplittableRandom(seed);
        SequentialObject object = distinctObject(generator, r, () -> Math.max(2, n / 6), () -> Math.max(2, n / 3));
        return distinctShape(gap, duration, corruptPercent, crashPercent).generate(object, r, clients, n);
    }

    /** The built-in model a {@link #distinct} generator's histories are for. */
    public static String modelOf(String generator) {
        return generator.equals("grow-only-set") ? "set" : generator;
    }

    /**
     * The object of a distinct generator: a set holds 1 … {@code setValues}, a grow-only set 1 … {@code
     * growOnlyValues}. The sizes are asked for only when needed, since the small shape draws them from {@code r}.
     */
    private static SequentialObject distinctObject(String generator, SplittableRandom r, IntSupplier setValues,
                                                   IntSupplier growOnlyValues) {
        Predicate<SplittableRandom> inserts = g -> g.nextInt(2) == 0;
        return switch (generator) {
            case "register" -> new Register(false, Domain.ascending());
            case "set" -> new DistinctSet(setValues.getAsInt(), true);
            case "grow-only-set" -> new DistinctSet(growOnlyValues.getAsInt(), false);
            case "fifo-queue" -> new Queue(Queue.Order.FIFO, Domain.ascending(), inserts);
            case "stack" -> new Queue(Queue.Order.LIFO, Domain.ascending(), inserts);
            case "priority-queue" -> new Queue(Queue.Order.MIN, Domain.shuffled(r.split()), inserts);
            default -> throw new IllegalArgumentException("no distinct histories of generator " + generator);
        };
    }

    private static Shape distinctShape(int gap, int duration, int corruptPercent, int crashPercent) {
        return new Shape(gap, true, gap, duration, crashPercent, 2.0 * duration, true, 0,
                Shape.oneOrTwo(corruptPercent), 10);
    }

    /** A compact multi-line rendering, one operation a line: {@code #id c<client> [call,ret] input → output}. */
    public static String show(History history) {
        StringBuilder s = new StringBuilder();
        for (Operation op : history.operations()) {
            s.append("  #").append(op.id()).append(" c").append(op.client())
                    .append(" [").append(op.call()).append(',')
                    .append(op.isPending() ? "pending" : String.valueOf(op.ret())).append("] ")
                    .append(op.input()).append(" → ")
                    .append(op.outputKnown() ? Values.show(op.output()) : "?").append('\n');
        }
        return s.toString();
    }
}
