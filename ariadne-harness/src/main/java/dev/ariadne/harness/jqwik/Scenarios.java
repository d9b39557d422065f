package dev.ariadne.harness.jqwik;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.harness.ClientRandom;
import dev.ariadne.harness.Workload;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.ArrayList;
import java.util.List;

/**
 * jqwik arbitraries of {@link ConcurrentScenario}s built from an arbitrary of actions, so that a property over
 * scenarios shrinks a failing one: fewer and shorter branches, a shorter prefix, smaller actions. The bounds are
 * set with the {@code with…} methods; {@link #build()} gives the arbitrary.
 *
 * <pre>{@code
 * @Provide
 * Arbitrary<ConcurrentScenario<Call<Counter>>> scenarios() {
 *     return Scenarios.of(Arbitraries.oneOf(increments, reads)).withBranches(2, 3).withBranchLength(1, 4).build();
 * }
 * }</pre>
 *
 * @param <A> the action type
 */
public final class Scenarios<A> {
    private final Arbitrary<A> actions;
    private final int maxPrefix;
    private final int minBranches;
    private final int maxBranches;
    private final int minBranchLength;
    private final int maxBranchLength;

    private Scenarios(Arbitrary<A> actions, int maxPrefix, int minBranches, int maxBranches, int minBranchLength,
                      int maxBranchLength) {
        if (maxPrefix < 0) {
            throw new IllegalArgumentException("the prefix length cannot be negative: " + maxPrefix);
        }
        if (minBranches < 1 || maxBranches < minBranches) {
            throw new IllegalArgumentException("branches must be 1 <= min <= max, not " + minBranches + ".." + maxBranches);
        }
        if (minBranchLength < 1 || maxBranchLength < minBranchLength) {
            throw new IllegalArgumentException("branch lengths must be 1 <= min <= max, not " + minBranchLength + ".."
                    + maxBranchLength);
        }
        this.actions = actions;
        this.maxPrefix = maxPrefix;
        this.minBranches = minBranches;
        this.maxBranches = maxBranches;
        this.minBranchLength = minBranchLength;
        this.maxBranchLength = maxBranchLength;
    }

    /** Scenarios of {@code actions}: a prefix of at most 3, 2 to 3 branches of 1 to 3 actions each. */
    public static <A> Scenarios<A> of(Arbitrary<A> actions) {
        return new Scenarios<>(actions, 3, 2, 3, 1, 3);
    }

    /**
     * Calls of {@code workload}'s operations, chosen by their weights, each with an invocation its generators draw
     * from a {@link ClientRandom} seeded by jqwik. jqwik shrinks the choice towards the first operation and the seed
     * towards 0; the generators' draws themselves do not shrink (for arguments that shrink, build calls from jqwik
     * arbitraries with {@link Call#of}).
     */
    public static <S> Arbitrary<Call<S>> calls(Workload<S> workload) {
        List<Workload.Action<S>> operations = workload.actions();
        if (operations.isEmpty()) {
            throw new IllegalArgumentException("the workload has no operations");
        }
        List<Tuple.Tuple2<Integer, Arbitrary<Call<S>>>> choices = new ArrayList<>();
        for (Workload.Action<S> op : operations) {
            Arbitrary<Call<S>> calls = Arbitraries.longs().between(0, Long.MAX_VALUE).map(seed -> {
                Invocation invocation = op.invocations().next(new ClientRandom(seed, 0));
                return Call.<S>of(invocation, system -> op.body().apply(system, invocation));
            });
            choices.add(Tuple.of(op.weight(), calls));
        }
        return Arbitraries.frequencyOf(choices);
    }

    /** At most {@code max} actions in the sequential prefix (0: none). */
    public Scenarios<A> withMaxPrefix(int max) {
        return new Scenarios<>(actions, max, minBranches, maxBranches, minBranchLength, maxBranchLength);
    }

    /** Between {@code min} and {@code max} parallel branches. */
    public Scenarios<A> withBranches(int min, int max) {
        return new Scenarios<>(actions, maxPrefix, min, max, minBranchLength, maxBranchLength);
    }

    /** Between {@code min} and {@code max} actions in each branch. */
    public Scenarios<A> withBranchLength(int min, int max) {
        return new Scenarios<>(actions, maxPrefix, minBranches, maxBranches, min, max);
    }

    /** The arbitrary; jqwik shrinks its values towards an empty prefix and the fewest, shortest branches. */
    public Arbitrary<ConcurrentScenario<A>> build() {
        Arbitrary<java.util.List<A>> prefix = actions.list().ofMinSize(0).ofMaxSize(maxPrefix);
        Arbitrary<java.util.List<java.util.List<A>>> branches = actions.list()
                .ofMinSize(minBranchLength).ofMaxSize(maxBranchLength)
                .list().ofMinSize(minBranches).ofMaxSize(maxBranches);
        return Combinators.combine(prefix, branches).as(ConcurrentScenario::new);
    }
}
