package dev.ariadne.io;

import java.util.Locale;
import java.util.Objects;

/**
 * How {@link HistoryReaders#load} reads a history: the format ({@link Format#AUTO} recognises it from the content),
 * whether a Jepsen process that invokes again after an {@code :info} (unknown outcome) becomes a new client,
 * as Jepsen itself would number it, instead of being an error as in Knossos, and what a Jepsen {@code :fail} of a
 * {@code cas} means.
 *
 * @param format             the format, or {@link Format#AUTO}
 * @param newClientAfterInfo whether a process's invocation after its {@code :info} starts a new client
 * @param failedCas          what a {@code cas} that ended in {@code :fail} means in Jepsen's formats (log, EDN,
 *                           JSON); the same in every one of them
 * @param omniLinkEvents     whether an OmniLink trace keeps its aborted events ({@code "_did_abort": true}, with
 *                           metadata {@code aborted}) and its {@code __TerminateThread} events, which OmniLink's
 *                           validation modules may give an effect through their hooks; they are dropped otherwise
 */
public record ReadOptions(Format format, boolean newClientAfterInfo, FailedCas failedCas, boolean omniLinkEvents) {

    /**
     * What a Jepsen {@code cas} that ended in {@code :fail} means. Jepsen's contract is that {@code :fail} did not
     * happen; porcupine's etcd model reads a failed cas as a compare that saw another value, which says more
     * (and so finds more violations), but holds only when every failed cas failed on its compare.
     */
    public enum FailedCas {
        /** Jepsen's contract: the cas did not take effect and observed nothing; it is dropped (the default). */
        ABSENT,
        /**
         * porcupine's etcd convention: the cas completed with {@code false}, its compare having seen another value
         * (and a failed read completed with an unknown value).
         */
        MISMATCH;

        /** The name used on the command line: {@code absent} or {@code mismatch}. */
        public String cliName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The reading called {@code name} on the command line (case is ignored).
         *
         * @throws IllegalArgumentException naming the valid names when there is no such reading
         */
        public static FailedCas fromName(String name) {
            for (FailedCas f : values()) {
                if (name != null && f.cliName().equals(name.strip().toLowerCase(Locale.ROOT))) {
                    return f;
                }
            }
            throw new IllegalArgumentException("unknown --failed-cas '" + name + "' (expected absent or mismatch)");
        }
    }

    public ReadOptions {
        Objects.requireNonNull(format, "format");
        Objects.requireNonNull(failedCas, "failedCas");
    }

    /** Options that drop OmniLink's aborted and {@code __TerminateThread} events. */
    public ReadOptions(Format format, boolean newClientAfterInfo, FailedCas failedCas) {
        this(format, newClientAfterInfo, failedCas, false);
    }

    /** Options with Jepsen's reading of a failed cas ({@link FailedCas#ABSENT}). */
    public ReadOptions(Format format, boolean newClientAfterInfo) {
        this(format, newClientAfterInfo, FailedCas.ABSENT);
    }

    /**
     * Format recognised from the content; reusing a process after {@code :info} is an error; a failed cas did not
     * happen.
     */
    public static ReadOptions defaults() {
        return new ReadOptions(Format.AUTO, false, FailedCas.ABSENT);
    }

    /** These options with another format. */
    public ReadOptions withFormat(Format f) {
        return new ReadOptions(f, newClientAfterInfo, failedCas, omniLinkEvents);
    }

    /** These options with or without a new client for a process reused after {@code :info}. */
    public ReadOptions withNewClientAfterInfo(boolean b) {
        return new ReadOptions(format, b, failedCas, omniLinkEvents);
    }

    /** These options with another reading of a failed cas. */
    public ReadOptions withFailedCas(FailedCas f) {
        return new ReadOptions(format, newClientAfterInfo, f, omniLinkEvents);
    }

    /** These options keeping, or dropping, OmniLink's aborted and {@code __TerminateThread} events. */
    public ReadOptions withOmniLinkEvents(boolean keep) {
        return new ReadOptions(format, newClientAfterInfo, failedCas, keep);
    }
}
