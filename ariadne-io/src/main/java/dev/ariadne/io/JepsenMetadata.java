package dev.ariadne.io;

import dev.ariadne.core.history.CompactMetadata;

/**
 * The metadata of an operation read from a Jepsen history: {@code line}, and Jepsen's {@code :time}s of its
 * invocation ({@link JepsenOps#CALL_TIME}) and completion ({@link JepsenOps#RETURN_TIME}) when known, in that
 * order, in three fields (a {@link CompactMetadata}). The return time is set once while reading, before the history
 * is built. A batch reading keeps a history's metadata as columns instead ({@link
 * dev.ariadne.core.history.MetadataColumns}); this is a stream's, one per event.
 */
final class JepsenMetadata extends CompactMetadata {
    private final int line;
    private final long callTime;
    private long returnTime = NONE;

    JepsenMetadata(int line, long callTime) {
        this.line = line;
        this.callTime = callTime;
    }

    /** Metadata of just {@code line}. */
    JepsenMetadata(int line) {
        this(line, NONE);
    }

    boolean hasCallTime() {
        return callTime != NONE;
    }

    long callTime() {
        return callTime;
    }

    void returnTime(long time) {
        returnTime = time;
    }

    @Override
    protected int line() {
        return line;
    }

    @Override
    protected long first() {
        return callTime;
    }

    @Override
    protected long second() {
        return returnTime;
    }

    @Override
    protected String firstName() {
        return JepsenOps.CALL_TIME;
    }

    @Override
    protected String secondName() {
        return JepsenOps.RETURN_TIME;
    }
}
