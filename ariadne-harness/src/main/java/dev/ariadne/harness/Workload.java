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
 * <p>{@link #operation} takes a call that returns the output; {@link #command} takes a call to a {@code void}
 * method, whose output is nil ({@code null}). They have different names because Java cannot tell a lambda such as
 * {@code c -> c.add(1)} that returns a value from one that does not when both are allowed.
 *
 * <pre>{@code
 * Workload<ConcurrentLinkedQueue<Long>> queue = Workload.of(ConcurrentLinkedQueue<Long>::new)
 *         .command("enqueue", Generator.distinct(), (q, v) -> q.add(v))
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

    /** A {@code void} operation that takes no argument: its output is nil. */
    @FunctionalInterface
    public interface Command<T> {
        /** Calls the system. */
        void apply(T system) throws Exception;
    }

    /** A {@code void} operation with one argument, the invocation's {@code value}: its output is nil. */
    @FunctionalInterface
    public interface CommandWithValue<T, A> {
        /** Calls the system with {@code value}. */
        void apply(T system, A value) throws Exception;
    }

    /** A {@code void} operation on a key, with an argument (or {@code null}): its output is nil. */
    @FunctionalInterface
    public interface CommandWithKey<T, K, A> {
        /** Calls the system with {@code key} and {@code value}. */
        void apply(T system, K key, A value) throws Exception;
    }

    /** The general form: the call into the system given the whole invocation, returning the output. */
    @FunctionalInterface
    public interface Body<T> {
        /** Calls the system as {@code invocation} says and returns the output. */
        Object apply(T system, Invocation invocation) throws Exception;
    }

    /**
     * One action of the workload: an operation with its name, weight, invocations and call. (Named so as not to
     * clash with the history's {@link dev.ariadne.core.history.Operation}.)
     *
     * @param f           its name in the model's vocabulary
     * @param weight      how often it is chosen, relative to the others (at least 1)
     * @param invocations draws its invocations
     * @param body        the call into the system
     * @param <T>         the system under test
     */
    public record Action<T>(String f, int weight, Generator<Invocation> invocations, Body<T> body) {
        public Action {
            Objects.requireNonNull(f, "f");
            Objects.requireNonNull(invocations, "invocations");
            Objects.requireNonNull(body, "body");
            if (weight < 1) {
                throw new IllegalArgumentException("the weight of " + f + " must be at least 1");
            }
        }
    }

    private final Supplier<? extends T> system;
    private final List<Action<T>> actions;

    private Workload(Supplier<? extends T> system, List<Action<T>> actions) {
        this.system = system;
        this.actions = List.copyOf(actions);
    }

    /** A workload without operations on the systems {@code system} makes (one per run). */
    public static <T> Workload<T> of(Supplier<? extends T> system) {
        return new Workload<>(Objects.requireNonNull(system, "system"), List.of());
    }

    /** This workload with {@code action} added: the general form, drawing whole invocations. */
    public Workload<T> operation(Action<T> action) {
        List<Action<T>> all = new ArrayList<>(actions);
        all.add(Objects.requireNonNull(action, "action"));
        return new Workload<>(system, all);
    }

    /** Adds operation {@code f} without argument; {@code call} returns its output. */
    public Workload<T> operation(String f, NoArgument<T> call) {
        Objects.requireNonNull(call, "call");
        Invocation inv = Invocation.of(f);
        return operation(new Action<>(f, 1, r -> inv, (s, i) -> call.apply(s)));
    }

    /** Adds operation {@code f} whose argument ({@code value}) {@code values} draws; {@code call} returns its output. */
    @SuppressWarnings("unchecked")
    public <A> Workload<T> operation(String f, Generator<? extends A> values, WithValue<T, A> call) {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(call, "call");
        return operation(new Action<>(f, 1, r -> Invocation.of(f, values.next(r)),
                (s, i) -> call.apply(s, (A) i.value())));
    }

    /**
     * Adds operation {@code f} on a key {@code keys} draws, with an argument {@code values} draws ({@code null}: no
     * argument); {@code call} returns its output.
     */
    @SuppressWarnings("unchecked")
    public <K, A> Workload<T> operation(String f, Generator<? extends K> keys, Generator<? extends A> values,
                                        WithKey<T, K, A> call) {
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(call, "call");
        return operation(new Action<>(f, 1,
                r -> Invocation.of(f, keys.next(r), values == null ? null : values.next(r)),
                (s, i) -> call.apply(s, (K) i.key(), (A) i.value())));
    }

    /** Adds {@code void} operation {@code f} without argument: its output is nil. */
    public Workload<T> command(String f, Command<T> call) {
        Objects.requireNonNull(call, "call");
        return operation(f, s -> {
            call.apply(s);
            return null;
        });
    }

    /** Adds {@code void} operation {@code f} whose argument {@code values} draws: its output is nil. */
    public <A> Workload<T> command(String f, Generator<? extends A> values, CommandWithValue<T, A> call) {
        Objects.requireNonNull(call, "call");
        return operation(f, values, (WithValue<T, A>) (s, v) -> {
            call.apply(s, v);
            return null;
        });
    }

    /** Adds {@code void} operation {@code f} on a key {@code keys} draws, with an argument {@code values} draws. */
    public <K, A> Workload<T> command(String f, Generator<? extends K> keys, Generator<? extends A> values,
                                      CommandWithKey<T, K, A> call) {
        Objects.requireNonNull(call, "call");
        return operation(f, keys, values, (WithKey<T, K, A>) (s, k, v) -> {
            call.apply(s, k, v);
            return null;
        });
    }

    /** This workload with the weight of its last operation set to {@code weight}. */
    public Workload<T> weight(int weight) {
        if (actions.isEmpty()) {
            throw new IllegalStateException("add an operation before its weight");
        }
        List<Action<T>> all = new ArrayList<>(actions);
        Action<T> last = all.remove(all.size() - 1);
        all.add(new Action<>(last.f(), weight, last.invocations(), last.body()));
        return new Workload<>(system, all);
    }

    /** The operations, in the order they were added. */
    public List<Action<T>> actions() {
        return actions;
    }

    /** A new system under test. */
    public T newSystem() {
        return system.get();
    }

    /** Picks an operation by weight. */
    Action<T> pick(ClientRandom random) {
        int total = 0;
        for (Action<T> op : actions) {
            total += op.weight();
        }
        int x = random.nextInt(total);
        for (Action<T> op : actions) {
            x -= op.weight();
            if (x < 0) {
                return op;
            }
        }
        throw new AssertionError("unreachable");
    }
}
