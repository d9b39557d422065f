package dev.ariadne.core.models;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import dev.ariadne.core.model.InvalidOperationException;
import dev.ariadne.core.model.Model;

import java.util.List;
import java.util.TreeSet;

/**
 * The models that ship with Ariadne, by command-line name. Each call to {@link #byName} returns a fresh instance,
 * so checks never share model state. Nondeterministic models (unordered-queue) are returned through
 * {@link dev.ariadne.core.model.NondeterministicModel#toModel()}. Semantics of each model stand in its Javadoc
 * and in {@code docs/models.md}.
 */
public final class BuiltinModels {
    /**
     * In documentation order. A switch makes each ({@link #byName(String)}), not a map of constructor references:
     * each reference's call site is linked on first use, eleven in every command's start (issue 23).
     */
    private static final List<String> NAMES = List.of("register", "cas-register", "kv", "mutex", "set",
            "fifo-queue", "unordered-queue", "stack", "counter", "multi-register", "priority-queue");

    private BuiltinModels() {
    }

    /** The names of all built-in models, in documentation order. */
    public static List<String> names() {
        return NAMES;
    }

    /** A new instance of the named model. */
    public static Model<?> byName(String name) {
        return switch (name == null ? "" : name) {
            case "register" -> RegisterModel.register();
            case "cas-register" -> RegisterModel.casRegister();
            case "kv" -> new KvModel();
            case "mutex" -> new MutexModel();
            case "set" -> new SetModel();
            case "fifo-queue" -> new FifoQueueModel();
            case "unordered-queue" -> new UnorderedQueueModel().toModel();
            case "stack" -> new StackModel();
            case "counter" -> new CounterModel();
            case "multi-register" -> new MultiRegisterModel();
            case "priority-queue" -> new PriorityQueueModel();
            default -> throw new IllegalArgumentException("unknown model '" + name + "' (expected one of "
                    + String.join(", ", names()) + ")");
        };
    }

    /**
     * A new instance of the named model starting from {@code initial} (plain data, {@code null} for the model's
     * usual empty state): a value for registers, an integer for the counter, a list for queues, stacks and the
     * priority queue, a list or set for the set, {@code true}/{@code false} for the mutex, a map for kv and
     * multi-register.
     *
     * @throws IllegalArgumentException for an unknown name or an initial value the model cannot start from
     */
    public static Model<?> byName(String name, Object initial) {
        return byName(name, ModelOptions.defaults().withInitial(initial));
    }

    /**
     * A new instance of the named model built as {@code options} say: its initial value, the meaning of nil
     * reads (register, cas-register, multi-register; ignored by the others) and, when
     * {@link ModelOptions#independent()}, wrapped in an {@link IndependentModel}. {@code null} options are the
     * defaults.
     *
     * @throws IllegalArgumentException for an unknown name or an initial value the model cannot start from
     */
    public static Model<?> byName(String name, ModelOptions options) {
        if (options == null) {
            options = ModelOptions.defaults();
        }
        Model<?> base = byName(name);
        Model<?> model = switch (name) {
            case "register", "cas-register" -> ((RegisterModel) base).withInitial(options.initial())
                    .withNilReads(options.nilRead());
            case "multi-register" -> ((MultiRegisterModel) base).withInitial(options.initial())
                    .withNilReads(options.nilRead());
            case "kv" -> ((KvModel) base).withInitial(options.initial());
            case "mutex" -> ((MutexModel) base).withInitial(options.initial());
            case "set" -> ((SetModel) base).withInitial(options.initial());
            case "fifo-queue" -> ((FifoQueueModel) base).withInitial(options.initial());
            case "unordered-queue" -> new UnorderedQueueModel().withInitial(options.initial()).toModel();
            case "stack" -> ((StackModel) base).withInitial(options.initial());
            case "counter" -> ((CounterModel) base).withInitial(options.initial());
            case "priority-queue" -> ((PriorityQueueModel) base).withInitial(options.initial());
            default -> base;
        };
        return options.independent() ? IndependentModel.of(model) : model;
    }

    /**
     * A new instance of the first built-in model, in {@link #names()} order, that understands every operation of
     * {@code history} and can start from {@code options}: what {@code ariadne check} uses when no model is named.
     *
     * @throws InvalidOperationException when none does; its message names the history's functions, escaped
     */
    public static Model<?> infer(History history, ModelOptions options) {
        for (String name : names()) {
            try {
                Model<?> candidate = byName(name, options);
                for (Operation op : history.operations()) {
                    candidate.prepare(op);
                }
                return byName(name, options);
            } catch (InvalidOperationException | IllegalArgumentException e) {
                // not this one
            }
        }
        TreeSet<String> functions = new TreeSet<>();
        for (Operation op : history.operations()) {
            functions.add(op.input() instanceof Invocation inv ? inv.f() : "?");
        }
        throw new InvalidOperationException(noModel(functions));
    }

    /** The message of {@link #infer} when no built-in model understands {@code functions}. */
    public static String noModel(java.util.Collection<String> functions) {
        return "no built-in model understands all operations (functions: "
                + Values.escape(String.join(", ", functions)) + "); choose one with --model";
    }
}
