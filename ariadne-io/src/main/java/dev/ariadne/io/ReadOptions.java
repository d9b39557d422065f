package dev.ariadne.io;

import java.util.Objects;

/**
 * How {@link HistoryReaders#load} reads a history: the format ({@link Format#AUTO} recognises it from the content)
 * and whether a Jepsen process that invokes again after an {@code :info} (unknown outcome) becomes a new client,
 * as Jepsen itself would number it, instead of being an error as in Knossos.
 *
 * @param format             the format, or {@link Format#AUTO}
 * @param newClientAfterInfo whether a process's invocation after its {@code :info} starts a new client
 */
public record ReadOptions(Format format, boolean newClientAfterInfo) {

    public ReadOptions {
        Objects.requireNonNull(format, "format");
    }

    /** Format recognised from the content; reusing a process after {@code :info} is an error. */
    public static ReadOptions defaults() {
        return new ReadOptions(Format.AUTO, false);
    }

    /** These options with another format. */
    public ReadOptions withFormat(Format f) {
        return new ReadOptions(f, newClientAfterInfo);
    }

    /** These options with or without a new client for a process reused after {@code :info}. */
    public ReadOptions withNewClientAfterInfo(boolean b) {
        return new ReadOptions(format, b);
    }
}
