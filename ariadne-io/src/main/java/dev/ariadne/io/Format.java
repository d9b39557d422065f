package dev.ariadne.io;

import dev.ariadne.core.models.ModelOptions;

import java.util.Locale;

/**
 * The history file formats Ariadne reads: Jepsen text logs, Jepsen EDN, Jepsen JSON, OmniLink-style traces and the
 * native JSON-lines format. {@link #AUTO} recognises the format from the content (never from the file name). The
 * exact meaning of every format is documented in {@code docs/formats.md}.
 */
public enum Format {
    /** Recognise the format from the content. */
    AUTO("auto"),
    /**
     * Jepsen text logs: {@code jepsen.log} ({@code INFO [2017-03-05 12:00:01,123] jepsen worker 0 - jepsen.util 0
     * :invoke :read nil}, other loggers' lines skipped) and porcupine's etcd data
     * ({@code INFO  jepsen.util - 0 :invoke :read nil}).
     */
    JEPSEN_LOG("jepsen-log"),
    /** Jepsen EDN: one operation map per line, or one vector or list of maps. */
    EDN("edn"),
    /** Ariadne's native JSON lines, in operation form or event form. */
    JSON("json"),
    /** Jepsen histories in JSON: an array of operation objects, as elle-cli reads them (or one object per line). */
    JEPSEN_JSON("jepsen-json"),
    /** OmniLink-style traces: action records with a thread, a start and an end time, in MessagePack or JSON. */
    OMNILINK("omnilink");

    private final String cliName;

    Format(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on the command line: {@code auto}, {@code jepsen-log}, {@code edn}, {@code json}, ... */
    public String cliName() {
        return cliName;
    }

    /**
     * The format called {@code name} on the command line (case is ignored).
     *
     * @throws IllegalArgumentException naming the valid names when there is no such format
     */
    public static Format fromName(String name) {
        for (Format f : values()) {
            if (name != null && f.cliName.equals(name.strip().toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown format '" + name + "' (expected one of: " + names() + ")");
    }

    /**
     * What a read that saw nil means in files of this format: {@link ModelOptions.NilRead#UNKNOWN} (no information,
     * Knossos' convention) for Jepsen EDN and JSON, {@link ModelOptions.NilRead#ABSENT} (the register held nil,
     * porcupine's) for the others. A native file may say otherwise in its conventions line.
     */
    public ModelOptions.NilRead nilRead() {
        return this == EDN || this == JEPSEN_JSON ? ModelOptions.NilRead.UNKNOWN : ModelOptions.NilRead.ABSENT;
    }

    /** The valid names, comma separated. */
    static String names() {
        StringBuilder s = new StringBuilder();
        for (Format f : values()) {
            s.append(s.length() == 0 ? "" : ", ").append(f.cliName);
        }
        return s.toString();
    }
}
