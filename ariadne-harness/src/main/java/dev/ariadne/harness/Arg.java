package dev.ariadne.harness;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * How a parameter of an {@link Op} method is drawn: exactly one of {@link #distinct()}, {@link #min()}/{@link #max()}
 * (integers), {@link #oneOf()} (strings), {@link #letters()} or {@link #generator()}. A {@code long}, {@code int} or
 * {@code Long}/{@code Integer} parameter takes the integer draws; a {@code String} the string draws.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface Arg {
    /** This parameter is the invocation's key (else its value). */
    boolean key() default false;

    /** Values no other draw of the run gives (see {@link Generator#distinct()}). */
    boolean distinct() default false;

    /** The least integer drawn (with {@link #max()}). */
    long min() default 0;

    /** The greatest integer drawn; when above {@link #min()}, integers are drawn from the range. */
    long max() default Long.MIN_VALUE;

    /** Strings drawn from these. */
    String[] oneOf() default {};

    /** Strings of this many random lowercase letters (when above 0). */
    int letters() default 0;

    /**
     * The name of a field or no-argument method of the test class whose value is a {@link Generator} of this
     * parameter.
     */
    String generator() default "";
}
