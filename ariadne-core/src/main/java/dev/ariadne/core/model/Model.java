package dev.ariadne.core.model;

import dev.ariadne.core.history.Operation;

import java.util.List;

/**
 * A sequential specification: the states an object can be in and which operations it accepts in each.
 * Engines call {@link #step} millions of times, so it must be cheap and must never mutate its argument.
 *
 * <p><strong>States are values.</strong> Engines memoise configurations by state, so two states that behave the
 * same must be {@code equals} and have the same {@code hashCode}, and a state must never change once
 * returned. A state whose {@code equals} is identity, or whose hash changes, makes the search explore the
 * same configuration again and again (slow, still sound); a state whose {@code equals} says "equal" for states
 * that behave differently makes verdicts wrong. Cache the hash code in large states.
 *
 * <p><strong>Hints.</strong> Only {@link #name}, {@link #init} and {@link #step} are required. Five optional hints
 * let the engines do less work, each sound only when its promise holds: {@link #isReadOnly} (the operation never
 * changes the state: crashed ones are dropped, completed ones placed eagerly), {@link #covers} (a crashed
 * operation can stand in for another: the frontier keeps fewer configurations), {@link #mayReveal} (which
 * completed operations can tell that a crashed one took effect: crashed ones nothing reveals are dropped),
 * {@link #ignoresOutput} (the operation does the same whatever it returns: the online checker need not wait for
 * its return), {@link #preparesByValue} (preparation depends on the input and output only: the online checker
 * reuses it), and
 * implementing {@link CommutingModel} (two operations commute in a state: the frontier explores one order of the two). The
 * engines' own subsumption of layered queue states is internal and not open to user models. One more hint is for
 * people rather than engines: {@link #explainViolation} says in the model's own words why a minimal failing core
 * cannot be linearized.
 *
 * <p><strong>Threads.</strong> The partitions of a check, and the threads of a dfs search within one partition
 * ({@link dev.ariadne.core.check.CheckOptions#threads()}), call {@link #step} and the hints from several threads at
 * once, and replay steps they took before: a model must be safe to call concurrently (the built-in ones keep no
 * mutable state) and its steps deterministic. A model that is not can be checked with {@code withThreads(1)}.
 *
 * @param <S> the state type
 */
public interface Model<S> {

    /** The model's name, as used on the command line. */
    String name();

    /** The initial state. */
    S init();

    /**
     * The state after {@code input} observed {@code output} in {@code state}, or {@code null} if the model does not
     * allow that. {@code output} is {@link Operation#UNKNOWN} when the outcome was not observed (a pending or
     * failed-with-unknown-outcome operation): then the step must succeed whenever some outcome is possible.
     */
    S step(S state, Object input, Object output);

    /**
     * Translates an operation as a reader produced it (input an {@link dev.ariadne.core.history.Invocation}, output
     * plain data) into the form {@link #step} takes, once, before any search. Throws
     * {@link InvalidOperationException} for an operation the model does not know. The default keeps it as is.
     */
    default Operation prepare(Operation operation) {
        return operation;
    }

    /**
     * Splits prepared operations into independent sub-histories that can be checked separately
     * (P-compositionality, Horn &amp; Kroening 2015): the whole history is linearizable exactly when every part
     * is. The default is one part. Each part keeps the operations' ids and their order.
     */
    default List<Partition> partition(List<Operation> operations) {
        return List.of(Partition.whole(operations));
    }

    /**
     * Whether {@code input} never changes the state: for every state and every output (unknown included),
     * {@link #step} returns an equal state or {@code null} (a read, a get, a contains). Then leaving such an
     * operation out of a linearization never hurts, and placing it as soon as the model accepts it is as good as
     * placing it later. Engines use this to drop pending operations with such inputs before the search and to
     * place these operations eagerly, so that concurrent reads do not multiply configurations. The default,
     * {@code false}, is always safe; answering {@code true} wrongly makes verdicts wrong.
     */
    default boolean isReadOnly(Object input) {
        return false;
    }

    /**
     * Whether an operation with {@code input} does the same whatever it returns: for every state and every output,
     * {@link #step} returns what it returns with an unknown output, and {@link #prepare} gives the operation the
     * same input whatever its output (an increment, a write). The online checker then linearizes such an
     * operation while it is still open instead of waiting for its return, so that one slow client does not hold
     * up the judging of everyone else's returns. Such an operation that crashes may then be kept as pending even when
     * nothing reveals it ({@link #mayReveal}), so a model whose histories have many crashed operations that nothing
     * reveals (crashed appends to keys nobody reads) checks faster online without this hint. The default,
     * {@code false}, is always safe; answering {@code true} wrongly makes verdicts wrong (the online checker
     * refuses, with an {@link IllegalStateException}, a {@code prepare} that gives another input once the output is
     * known).
     */
    default boolean ignoresOutput(Object input) {
        return false;
    }

    /**
     * Whether {@link #prepare} is a function of the operation's input and output alone: it changes nothing but
     * those two, and equal inputs with equal outputs always give equal prepared ones (whatever the id, client,
     * times and metadata). The online checker then keeps the last preparations of each input and output and reuses
     * them, instead of preparing every event anew. The default, {@code false}, is always safe; answering
     * {@code true} wrongly makes the online checker's operations wrong (a model that puts the client in the prepared
     * input, as a mutex's owner, must not).
     */
    default boolean preparesByValue() {
        return false;
    }

    /**
     * Whether an operation with this input and this output ({@link Operation#UNKNOWN} for a pending one) never
     * changes the state: for every state, {@link #step} returns an equal state or {@code null}. A compare-and-set
     * seen to fail is one (it only observes that the register did not hold the expected value), though its input
     * is not read-only. Engines place such operations eagerly and drop pending ones, as for {@link #isReadOnly}.
     * The default asks {@link #isReadOnly(Object)}; answering {@code true} wrongly makes verdicts wrong.
     */
    default boolean isReadOnly(Object input, Object output) {
        return isReadOnly(input);
    }

    /**
     * Whether an operation with this input and output only ever widens what the state can do. Where the model
     * accepts it in a state s, leading to t: t <em>simulates</em> s (every operation accepted in s is accepted in t,
     * leading to a state that simulates the one it leads to from s), and for any operations Q accepted from s, placing
     * this one before Q leads to a state that simulates placing it after Q. Then placing it as soon as real time
     * allows is as good as placing it later (docs/engines.md, "Operations placed eagerly"), and the dfs
     * engines do, as for {@link #isReadOnly}. Under OmniLink's semantics a TLA+ spec's begins are such operations.
     * The default, {@code false}, is always safe; answering {@code true} wrongly makes verdicts wrong.
     */
    default boolean onlyWidens(Object input, Object output) {
        return false;
    }

    /**
     * Whether a pending operation with input {@code input} can always stand in for a pending one with input
     * {@code other}: in every state where {@code other}, with an unknown output, leads to a different state,
     * {@code input} with an unknown output leads to that same state (a crashed {@code write(3)} can do whatever a
     * crashed {@code cas(0, 3)} can). The frontier engine then keeps, of two configurations that differ only in
     * which crashed operations they still may apply, the one whose remaining operations can do everything the
     * other's can. The default, {@code false}, is always safe; answering {@code true} wrongly makes verdicts wrong.
     */
    default boolean covers(Object input, Object other) {
        return false;
    }

    /**
     * One sentence, in the model's own terms, saying why {@code core} cannot be linearized, or {@code null} (the
     * default) to leave the explanation to the generic listing of orders. {@code core} is a proven minimal failing
     * core of a violation (prepared operations, in call order; see {@code dev.ariadne.core.check.Explanation}): its
     * operations cannot be ordered <em>whatever the other operations of the history did</em> (each of those may
     * have taken effect within its interval, with any output, or not at all), so it is not linearizable on its own
     * either, and every operation in it is needed. It is never asked of a set that is not a proven core. The
     * sentence must state only facts about these operations and their times (for a register: "read by client 3 at
     * [40, 52] returned 1, but 1 was overwritten by write(2) (client 1, returned at 31) and never written again in
     * this core"), and escape values as {@link #describeOperation} does. Return {@code null} when no sentence
     * fits; it is never required.
     */
    default String explainViolation(List<Operation> core) {
        return null;
    }

    /**
     * {@link #explainViolation(List)} with every time written as {@code times} writes it, so that the sentence is on
     * the same clock as the report around it: {@code times.apply(op)} is the call ({@code [0]}) and the return
     * ({@code [1]}, {@code never returned} for a pending operation) of {@code op} as the report shows them, for
     * example {@code 12.345 ms}. The default asks {@link #explainViolation(List)}, whose times are the history's
     * own; a model whose sentence has times overrides this one too, and the text report names the clock of a
     * sentence that ignores it.
     */
    default String explainViolation(List<Operation> core, java.util.function.Function<Operation, String[]> times) {
        return explainViolation(core);
    }

    /**
     * Whether a completed operation ({@code input}, {@code output}, which may be unknown) may reveal that a pending
     * operation with input {@code pending} took effect. Engines drop, before the search, every pending operation that
     * no completed operation of its partition that returned at or after its call may reveal: a crashed {@code enqueue(7)} when no dequeue returned 7,
     * a crashed {@code append(x, "a")} when no get of x saw a string containing {@code "a"}.
     *
     * <p>The promise: in every sequence of operations legal from {@link #init()} that contains {@code pending}
     * once, in which this method answers {@code false} for every operation <em>after</em> {@code pending} with a
     * known output and for every completed one after it with an unknown output, leaving out {@code pending}, and
     * possibly some operations after it whose outputs are unknown, leaves a sequence legal from {@link #init()} (a
     * crashed dequeue that took the crashed enqueue's value goes with it). Then every linearization that uses the
     * pending operation can do without it, when every completed operation that may reveal it returned before it
     * was called. The default, {@code true}, is always safe; answering {@code false} wrongly makes verdicts wrong.
     */
    default boolean mayReveal(Object pending, Object input, Object output) {
        return true;
    }

    /**
     * Whether {@link #mayReveal}'s promise holds leaving out, with the pending operation, only crashed operations
     * after it, never completed ones (kv: nothing else at all, as puts and appends are legal in any state). Minimal
     * failing cores then leave out of a relaxed history an operation that nothing in it may reveal even when an
     * operation of the core with an unknown output follows it (docs/semantics.md, "Minimal failing cores", rule 3).
     * The default, {@code false}, is always safe; answering {@code true} wrongly makes cores wrong.
     */
    default boolean mayRevealKeepsCompleted() {
        return false;
    }

    /**
     * For the search of minimal failing cores (docs/semantics.md, "Doomed states"): a test of the states in which
     * the operation {@code input} with the known {@code output} can never again be accepted unless an operation that
     * {@link #mayRescue} it steps first, or {@code null} (the default) when the model names none. The promise: for
     * every state {@code s} the test accepts and every sequence of steps legal from {@code s} (any operations, each
     * with any output the model accepts, unknown included) in which no step's input may rescue this operation, the
     * state reached does not accept it ({@link #step} returns {@code null}). The core search then drops such a state
     * where no rescuing operation can still come before this one. A test that accepts a state it should not makes
     * cores wrong; one that accepts too few only makes the search slower.
     */
    default java.util.function.Predicate<S> doomedStates(Object input, Object output) {
        return null;
    }

    /**
     * Whether a step of an operation with input {@code other} may lead a state {@link #doomedStates doomed} for the
     * operation {@code input} with the known {@code output} to one that accepts it (a put of the very value a get
     * returned). Part of {@link #doomedStates}' promise; the default, {@code true}, is always safe.
     */
    default boolean mayRescue(Object input, Object output, Object other) {
        return true;
    }

    /**
     * For the search of minimal failing cores (docs/semantics.md, "Doomed states"): a state that may stand for
     * {@code state} in a relaxed check once every operation still to come with a known output is doomed there and
     * has input {@code input}, or {@code null} (the default) when the model names none. The search then keeps one
     * state for all those that differ only in what a rescuing step overwrites. The promise, for
     * {@code r = doomedRepresentative(input, state)} not {@code null}: every sequence of steps (any operations, each
     * with any output the model accepts, unknown included) that has a step whose input may rescue an operation with
     * input {@code input} ({@link #mayRescue} for some output), and no step with a known output before the first
     * such one, is legal from {@code state} exactly when it is legal from {@code r}, and leads from both to equal
     * states (for kv: {@code state} with the get's key holding another value, which the first put of that key
     * overwrites). The
     * search itself makes sure that {@code r} is doomed for the same operations. A representative that breaks the
     * promise makes cores wrong.
     */
    default S doomedRepresentative(Object input, S state) {
        return null;
    }

    /**
     * Whether an operation's output can be forgotten: given {@link Operation#UNKNOWN} as the output, {@link #step}
     * accepts the operation whatever it returned. A model that reads results from the input instead (a TLA+ action
     * whose parameters include the return values) answers {@code false}; reports then do not say that an operation
     * outside a core "may have returned anything". Minimal failing cores do not depend on it: an operation outside a
     * core may step with its own output or an unknown one, or not at all. A model that answers {@code false} must
     * step alike whatever the output it is given (it reads none), so that the search of cores steps such an
     * operation once, not once per output. The default is {@code true}.
     */
    default boolean forgetsOutputs() {
        return true;
    }

    /**
     * What one step of this model costs, in steps of a built-in model (about 50 ns each): the search of minimal
     * failing cores divides its step budgets by it, so that a check that cannot decide gives up after about as much
     * time whatever the model. A constant, never measured, so that the core found is the same on every run; a
     * larger value only finds fewer cores, never a wrong one. The default is 1.
     */
    default int stepCost() {
        return 1;
    }

    /**
     * Whether every partition of a history gets its own verdict. The default, {@code false}, lets the first violation
     * found cancel the partitions not yet decided (reported UNKNOWN, {@code cancelled}): one violation decides the
     * history. A model whose partitions are separate objects that the user wants judged one by one (Jepsen's
     * independent keys, which Jepsen's checker reports all bad keys of) answers {@code true}, and the checker then
     * searches every partition whatever the others gave; time and memory budgets still stop it.
     */
    default boolean checksEveryPartition() {
        return false;
    }

    /** A short human-readable description of an operation, for reports. Values must be escaped. */
    default String describeOperation(Object input, Object output) {
        return input + " → " + output;
    }

    /** A short human-readable description of a state, for reports. Values must be escaped. */
    default String describeState(S state) {
        return String.valueOf(state);
    }
}
