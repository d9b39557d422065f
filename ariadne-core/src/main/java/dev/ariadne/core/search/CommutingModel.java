package dev.ariadne.core.search;

import dev.ariadne.core.model.Model;

/**
 * A model that can tell, without stepping, that two operations commute in a state, so that the frontier's closure
 * explores one of their two orders instead of both (sleep sets). The answer may be {@code false} whenever in
 * doubt; {@code true} is a promise.
 */
interface CommutingModel<S> extends Model<S> {

    /**
     * Whether operation b after a reaches what a after b does from {@code state}, where both a and b are
     * accepted in {@code state}: {@code step(step(state, a), b)} is {@code null} or equal to
     * {@code step(step(state, b), a)}. Only asked for operations open at once, none of them read-only.
     */
    boolean commute(S state, Object a, Object aOutput, Object b, Object bOutput);
}
