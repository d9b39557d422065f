package dev.ariadne.core.model;

/**
 * A model that can tell, without stepping, that two operations commute in a state, so that the frontier engine's
 * closure explores one of their two orders instead of both (sleep sets). Implement it when many operations that
 * change the state are open at once and their order often cannot be observed (enqueues of values that are not
 * dequeued yet, writes of equal values); it only helps while no read-only or crashed operation is open.
 *
 * <p>The answer may be {@code false} whenever in doubt; {@code true} is a promise, and a wrong {@code true} makes
 * verdicts wrong.
 *
 * @param <S> the state type
 */
public interface CommutingModel<S> extends Model<S> {

    /**
     * Whether operation b after a reaches what a after b does from {@code state}, where both a and b are
     * accepted in {@code state}: {@code step(step(state, a), b)} is {@code null} or equal to
     * {@code step(step(state, b), a)}. Only asked for operations open at once, none of them read-only; inputs and
     * outputs are in their {@linkplain Model#prepare prepared} form.
     */
    boolean commute(S state, Object a, Object aOutput, Object b, Object bOutput);
}
