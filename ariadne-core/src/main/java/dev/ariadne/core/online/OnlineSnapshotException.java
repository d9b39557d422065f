package dev.ariadne.core.online;

import java.io.IOException;

/**
 * A snapshot given to {@link OnlineChecker#restore} cannot be restored: it is not a snapshot, it was written by a
 * version of the format this build does not read, it is damaged (its checksum does not match), or it was taken for
 * another model. The message says which.
 */
public final class OnlineSnapshotException extends IOException {
    private static final long serialVersionUID = 1L;

    /** An exception with {@code message}, prefixed with what failed. */
    public OnlineSnapshotException(String message) {
        super("cannot restore the online checker's snapshot: " + message);
    }
}
