package dev.ariadne.core.history;

import dev.ariadne.core.prepared.PreparedOperations;

/**
 * The history package's answer to {@link PreparedOperations}, installed when that class is first used: a history's
 * columns, which are package-private, read without making its operations.
 */
final class PreparedAccess implements PreparedOperations.Access {
    static {
        PreparedOperations.install(new PreparedAccess());
    }

    private PreparedAccess() {
    }

    @Override
    public PreparedOperations.Table table(History h) {
        return h.unwrapped instanceof PreparedOperations.Table t ? t : null;
    }
}
