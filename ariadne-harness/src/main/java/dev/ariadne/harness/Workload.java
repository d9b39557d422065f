package dev.ariadne.harness;

import dev.ariadne.core.history.Invocation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a run does to a system under test: how to make the system, and its operations, each with a name (the
 * model's {@code f}), a weight, generators for its key and argument, and the call into the system that returns the
 * output the model sees. Immutable: each method returns a new workload.
 *
 * <pre>{@code
 * Workload<ConcurrentLinkedQueue<Long>> queue = Workload.of(ConcurrentLinkedQueue<Long>::new)
 *         .operation("enqueue", Generator.distinct(), (q, v) -> q.offer(v))
 *         .operation("dequeue", q -> q.poll());
 * }</pre>
 *
 * @param <T> the system under test
 */
public final class Workload<T> {
    /** An operation that takes no argument: returns its output. */
    @FunctionalInterface
    public interface NoArgument<T> {
        /** Calls the system and returns the output. */
        Object apply(T system) throws Exception;
    }

    /** An operation with one argument, the invocation's {@code value}: returns its output. */
    @FunctionalInterface
    public interface WithValue<T, A> {
        /** Calls the system with {@code value} and returns the output. */
        Object apply(T system, A value) throws Exception;
    }

    /** An operation on a key, with an argument (or {@code null}): returns its output. */
    @FunctionalInterface
    public interface WithKey<T, K, A> {
        /** Calls the system with {@code key} and {@code value} and returns the output. */
        Object apply(T system, K key, A value) throws Exception;
    }

    /** The general form: the call into the system given the whole invocation. */
    @FunctionalInterface
    public interface Action<T> {
        /** Calls the system as {@code invocation} says and returns the output. */
        Object apply(T system, Invocation invocation) throws Exception;
    }

    /**
     * One operation of the workload.
     *
     * @param f           its name in the model's vocabulary
     * @param weight      how often it is chosen, relative to the others (at least 1)
     * @param invocations draws its invocations
     * @param action      the call into the system
     * @param <T>         the system under test
     */
    public record Operation<T>(String f, int weight, Generator<Invocation> invocations, Action<T> action) {
        public Operation {
            Objects.requireNonNull(f, "f");
            Objects.requireNonNull(invocations, "invocations");
            Objects.requireNonNull(action, "action");
            if (weight < 1) {
                throw new IllegalArgumentException("the weight of " + f + " must be at least 1");
            }
        }
    }

    private final Supplier<? extends T> system;
    private final List<Operation<T>> operations;

    private Workload(Supplier<? extends T> system, List<Operation<T>> operations) {
        this.system = system;
        this.operations = List.copyOf(operations);
    }

    /** A workload without operations on the systems {@code system} makes (one per run). */
    public static <T> Workload<T> of(Supplier<? extends T> system) {
        return new Workload<>(Objects.requireNonNull(system, "system"), List.of());
    }

    /** This workload with {@code operation} added. */
    public Workload<T> operation(Operation<T> operation) {
        List<Operation<T>> all = new ArrayList<>(operations);
        all.add(operation);
        return new Workload<>(system, all);
    }

    /** Adds operation {@code f} without argument. */
    public Workload<T> operation(String f, NoArgument<T> action) {
        Invocation inv = Invocation.of(f, null);
        return operation(new Operation<>(f, 1, r -> inv, (s, i) -> action.apply(s)));
    }

    /** Adds operation {@code f} whose argument ({@code value}) {@code values} draws. */
    @SuppressWarnings("unchecked")
    public <A> Workload<T> operation(String f, Generator<? extends A> values, WithValue<T, A> action) {
        return operation(new Operation<>(f, 1, r -> Invocation.of(f, values.next(r)),
                (s, i) -> action.apply(s, (A) i.value())));
    }

    /** Adds operation {@code f} on a key {@code keys} draws, with an argument {@code values} draws (may be null). */
    @SuppressWarnings("unchecked")
    public <K, A> Workload<T> operation(String f, Generator<? extends K> keys, Generator<? extends A> values,
                                        WithKey<T, K, A> action) {
        return operation(new Operation<>(f, 1,
                r -> new Invocation(f, keys.next(r), values == null ? null : values.next(r)),
                (s, i) -> action.apply(s, (K) i.key(), (A) i.value())));
    }

    /** This workload with the weight of its last operation set to {@code weight}. */
    public Workload<T> weight(int weight) {
        if (operations.isEmpty()) {
            throw new IllegalStateException("add an operation before its weight");
        }
        List<Operation<T>> all = new ArrayList<>(operations);
        Operation<T> last = all.remove(all.size() - 1);
        all.add(new Operation<>(last.f(), weight, last.invocations(), last.action()));
        return new Workload<>(system, all);
    }

    /** The operations. */
    public List<Operation<T>> operations() {
        return operations;
    }

    /** A new system under test. */
    public T newSystem() {
        return system.get();
    }

    /** Picks an operation by weight. */
    Operation<T> pick(ClientRandom random) {
        int total = 0;
        for (Operation<T> op : operations) {
            total += op.weight();
        }
        int x = random.nextInt(total);
        for (Operation<T> op : operations) {
            x -= op.weight();
            if (x < 0) {
                return op;
            }
        }
        throw new AssertionError("unreachable");
    }
}
