package dev.ariadne.io;

import dev.ariadne.core.history.CompactMetadata;

/**
 * The metadata of an operation read from a Jepsen history as a stream (one per event): just its {@code line}, a
 * {@link CompactMetadata} without numbers. A batch reading keeps a history's metadata, with Jepsen's {@code :time}s,
 * as columns instead ({@link dev.ariadne.core.history.MetadataColumns}).
 */
final class JepsenMetadata extends CompactMetadata {
    private final int line;

    JepsenMetadata(int line) {
        this.line = line;
    }

    @Override
    protected int line() {
        return line;
    }

    @Override
    protected long first() {
        return NONE;
    }

    @Override
    protected long second() {
        return NONE;
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
