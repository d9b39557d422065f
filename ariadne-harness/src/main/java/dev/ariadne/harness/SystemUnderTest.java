package dev.ariadne.harness;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the method of a {@link LinearizabilityTest}'s class that makes a new system under test: no parameters, called
 * once per run; its result is the first argument of every {@link Op} method. If it is {@link AutoCloseable}, it is
 * closed after the run.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface SystemUnderTest {
}
