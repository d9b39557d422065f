package dev.ariadne.core.prepared;

import dev.ariadne.core.history.Operation;
import dev.ariadne.core.model.Model;

import java.util.List;

/**
 * A cheap refutation for the core search ({@code dev.ariadne.core.check.CoreSearch}): whether some operations,
 * their outputs forgotten and in any order, surely cannot leave a built-in model in a state where an observation
 * returns what it returned. A search that has to prove this explores every order of the operations, which for
 * concurrent kv appends is exponential; a model that knows its values answers at once. Internal plumbing, not
 * exported: the built-in models install their {@link Access} when this class is first used, as for
 * {@link PreparedViews}.
 */
public final class ObservedValues {
    /** What the built-in models answer; see {@link #cannotProduce}. */
    public interface Access {
        boolean cannotProduce(Model<?> model, Operation observation, List<Operation> others);

        boolean surelyNotLinearizable(Model<?> model, List<Operation> operations);
    }

    private static volatile Access access;

    static {
        try {
            Class.forName("dev.ariadne.core.models.ObservedValuesAccess", true,
                    ObservedValues.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ObservedValues() {
    }

    /** Called once by the built-in models. */
    public static void install(Access a) {
        access = a;
    }

    /**
     * {@code true} only when no sequence of {@code others} (prepared operations of {@code model}, outputs forgotten,
     * real time ignored, each used at most once) leads from the model's initial state to a state where
     * {@code observation} returns its output; {@code false} when that is possible or not known (a model the
     * built-ins do not know, an observation they cannot reason about, or a question too large to answer cheaply).
     */
    public static boolean cannotProduce(Model<?> model, Operation observation, List<Operation> others) {
        return access.cannotProduce(model, observation, others);
    }

    /**
     * {@code true} only when the prepared operations {@code operations} of {@code model}, as a history, are surely
     * not linearizable, by a reason the model sees at once (for kv without puts on a key: a get that lacks the text
     * of an append that returned before it was called, or does not extend what a get that returned before it was
     * called saw); {@code false} when linearizable or not known.
     */
    public static boolean surelyNotLinearizable(Model<?> model, List<Operation> operations) {
        return access.surelyNotLinearizable(model, operations);
    }
}
