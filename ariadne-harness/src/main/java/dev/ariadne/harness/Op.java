package dev.ariadne.harness;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an operation of a {@link LinearizabilityTest}'s workload. Its first parameter is the system under test;
 * the others are drawn by their {@link Arg} annotations: at most one key ({@code @Arg(key = true, ...)}) and at most
 * one value, which become the invocation's key and value. Its result is the output the model sees ({@code void} is
 * {@code null}; an {@code int} is widened to a long); an exception it throws is classified as
 * {@link LinearizabilityTest#failedOn()} says.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Op {
    /** The operation's name in the model's vocabulary ({@code enqueue}, {@code get}...). */
    String value();

    /** How often it is chosen relative to the others. */
    int weight() default 1;
}
