package dev.ariadne.harness.jqwik;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A concurrent test scenario in PropertyDamage's and Lincheck's shape: a sequential prefix run by one client,
 * then branches run in parallel, one client each, all starting together once the prefix is done. jqwik generates
 * and shrinks scenarios through {@link Scenarios}; a {@link ScenarioChecker} runs one and checks its history.
 *
 * @param prefix   the actions run one after another before the branches start (may be empty)
 * @param branches the parallel branches, each a non-empty list of actions run in order by its own client
 * @param <A>      the action type, usually {@link Call}
 */
public record ConcurrentScenario<A>(List<A> prefix, List<List<A>> branches) {

    public ConcurrentScenario {
        prefix = List.copyOf(prefix);
        branches = branches.stream().map(List::<A>copyOf).toList();
    }

    /** How many actions the scenario holds in all: the size jqwik's shrinking reduces. */
    public int size() {
        return prefix.size() + branches.stream().mapToInt(List::size).sum();
    }

    /** For example {@code [add(1)] then [add(1), read] || [add(2)]}: the prefix, then the branches side by side. */
    @Override
    public String toString() {
        String parallel = branches.stream().map(String::valueOf).collect(Collectors.joining(" || "));
        return prefix.isEmpty() ? parallel : prefix + " then " + parallel;
    }
}
