package dev.ariadne.core.search;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The threads of one check that no search is using: a count of spare permits and the executor that runs helpers.
 * The check holds one permit per partition it searches at once; a permit comes back when its thread runs out of
 * partitions, and a {@link ParallelDfs} takes spare permits for its helper threads while it runs and returns
 * them when it ends. So the check never runs more searching threads than it was given, and a big partition left
 * on its own gets the threads that the finished ones gave back.
 */
public final class SearchThreads {
    private final AtomicInteger spare;
    private final Executor executor;

    /** {@code spare} permits (at least 0), helpers run on {@code executor}. */
    public SearchThreads(int spare, Executor executor) {
        this.spare = new AtomicInteger(Math.max(0, spare));
        this.executor = executor;
    }

    /** No spare threads, now or later: searches run on their own thread only. */
    public static SearchThreads none() {
        return new SearchThreads(0, Runnable::run);
    }

    /** Takes a spare permit if there is one. */
    public boolean tryAcquire() {
        for (int s = spare.get(); s > 0; s = spare.get()) {
            if (spare.compareAndSet(s, s - 1)) {
                return true;
            }
        }
        return false;
    }

    /** Gives a permit back (a helper ended, or a partition thread found no more partitions). */
    public void release() {
        spare.incrementAndGet();
    }

    /** Spare permits now. */
    int spare() {
        return spare.get();
    }

    Executor executor() {
        return executor;
    }
}
