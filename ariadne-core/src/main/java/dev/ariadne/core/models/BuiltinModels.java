package dev.ariadne.core.models;

import dev.ariadne.core.model.Model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The models that ship with Ariadne, by command-line name. Each call to {@link #byName} returns a fresh instance,
 * so checks never share model state. Nondeterministic models (unordered-queue) are returned through
 * {@link dev.ariadne.core.model.NondeterministicModel#toModel()}. Semantics of each model stand in its Javadoc
 * and in {@code docs/models.md}.
 */
public final class BuiltinModels {
    private static final Map<String, Supplier<Model<?>>> MODELS = new LinkedHashMap<>();

    static {
        MODELS.put("register", RegisterModel::register);
        MODELS.put("cas-register", RegisterModel::casRegister);
        MODELS.put("kv", KvModel::new);
        MODELS.put("mutex", MutexModel::new);
        MODELS.put("set", SetModel::new);
        MODELS.put("fifo-queue", FifoQueueModel::new);
        MODELS.put("unordered-queue", () -> new UnorderedQueueModel().toModel());
        MODELS.put("stack", StackModel::new);
        MODELS.put("counter", CounterModel::new);
        MODELS.put("multi-register", MultiRegisterModel::new);
    }

    private BuiltinModels() {
    }

    /** The names of all built-in models, in documentation order. */
    public static List<String> names() {
        return List.copyOf(MODELS.keySet());
    }

    /** A new instance of the named model. */
    public static Model<?> byName(String name) {
        Supplier<Model<?>> s = MODELS.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown model '" + name + "' (expected one of "
                    + String.join(", ", names()) + ")");
        }
        return s.get();
    }
}
