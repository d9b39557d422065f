package dev.ariadne.harness.jqwik;

import dev.ariadne.core.history.Invocation;

import java.util.Objects;

/**
 * One action of a {@link ConcurrentScenario}: the invocation the model is told was called (for example
 * {@code Invocation.of("increment", 1L)}) and how to make that call on a system under test, returning the
 * operation's output in the model's vocabulary. A call is a value: a jqwik arbitrary generates it, a falsified
 * sample shows it by its invocation, and every attempt runs it on a fresh system.
 *
 * @param <S> the system under test
 */
public interface Call<S> {

    /** What the model is told was called; also how the call is shown. */
    Invocation invocation();

    /**
     * Makes the call on {@code system} and returns its output ({@code null} for an operation whose output the model
     * ignores). An exception is classified by the {@link ScenarioChecker} as failed or crashed.
     */
    Object run(S system) throws Exception;

    /** The body of a call: the call on the system, returning the output. */
    @FunctionalInterface
    interface Body<S> {
        /** Makes the call on {@code system} and returns its output. */
        Object run(S system) throws Exception;
    }

    /** The body of a call to a {@code void} method: its output is nil. */
    @FunctionalInterface
    interface CommandBody<S> {
        /** Makes the call on {@code system}. */
        void run(S system) throws Exception;
    }

    /**
     * A call of {@code invocation} whose body is {@code body}, a call to a {@code void} method: its output is nil.
     * (A name of its own: Java cannot tell {@code c -> c.add(d)} returning a value from one that does not.)
     */
    static <S> Call<S> command(Invocation invocation, CommandBody<? super S> body) {
        Objects.requireNonNull(body, "body");
        return of(invocation, s -> {
            body.run(s);
            return null;
        });
    }

    /** A call of {@code invocation} whose body is {@code body}; it shows as its invocation. */
    static <S> Call<S> of(Invocation invocation, Body<? super S> body) {
        Objects.requireNonNull(invocation, "invocation");
        Objects.requireNonNull(body, "body");
        return new Call<>() {
            @Override
            public Invocation invocation() {
                return invocation;
            }

            @Override
            public Object run(S system) throws Exception {
                return body.run(system);
            }

            @Override
            public String toString() {
                return invocation.toString();
            }
        };
    }
}
