package dev.ariadne.io;

import dev.ariadne.core.history.History;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Reads history files (Jepsen text logs, EDN and JSON, OmniLink-style traces, native JSON lines) into
 * {@link History} objects, streaming and strictly: malformed input raises an {@link InvalidInputException} naming
 * the source, the line (or byte offset) and the problem, never a runtime exception. Every operation carries an
 * {@link dev.ariadne.core.history.Invocation} as input and its source line as metadata {@code line}; see
 * {@code docs/formats.md}.
 */
public final class HistoryReaders {
    private HistoryReaders() {
    }

    /**
     * Reads {@code file} in {@code format}; {@link Format#AUTO} recognises the format from the content. Errors name
     * the file as given.
     *
     * @throws IOException           when the file cannot be read
     * @throws InvalidInputException when the content is not a valid history in the format
     */
    public static History read(Path file, Format format) throws IOException, InvalidInputException {
        return load(file, ReadOptions.defaults().withFormat(format)).history();
    }

    /**
     * Reads a history from {@code in}, which is read to its end but not closed; {@code sourceName} names it in
     * errors (for example {@code "<stdin>"}).
     *
     * @throws IOException           when the stream cannot be read
     * @throws InvalidInputException when the content is not a valid history in the format
     */
    public static History read(InputStream in, String sourceName, Format format)
            throws IOException, InvalidInputException {
        return load(in, sourceName, ReadOptions.defaults().withFormat(format)).history();
    }

    /**
     * Reads {@code file} as {@code options} say, with what else was found: the format and the annotations (events of
     * non-client processes such as Jepsen's nemesis). A directory is read as an OmniLink trace directory: its
     * {@code *.log} files, in name order, are the traces of threads 0, 1, 2, ...
     *
     * @throws IOException           when the file cannot be read
     * @throws InvalidInputException when the content is not a valid history in the format
     */
    public static ReadResult load(Path file, ReadOptions options) throws IOException, InvalidInputException {
        if (Files.isDirectory(file)) {
            if (options.format() != Format.AUTO && options.format() != Format.OMNILINK) {
                throw new InvalidInputException(file.toString(), -1, "is a directory; only OmniLink traces (one *.log "
                        + "file per thread) are read from a directory, with --format omnilink or auto");
            }
            return OmniLinkReader.readDirectory(file);
        }
        try (InputStream in = Files.newInputStream(file)) {
            return load(in, file.toString(), options);
        }
    }

    /**
     * As {@link #load(Path, ReadOptions)}, from {@code in}, which is read (usually to its end) but not closed;
     * {@code sourceName} names it in errors.
     */
    public static ReadResult load(InputStream in, String sourceName, ReadOptions options)
            throws IOException, InvalidInputException {
        BufferedInputStream buffered = new BufferedInputStream(in, 1 << 16);
        boolean nci = options.newClientAfterInfo();
        try {
            Format f = options.format() == Format.AUTO ? Detection.detect(buffered, sourceName) : options.format();
            if (f == null) {
                return new ReadResult(History.empty(), Format.JSON, List.of());
            }
            return switch (f) {
                case JEPSEN_LOG -> JepsenLogReader.read(new Lines(buffered, sourceName), nci);
                case EDN -> EdnReader.read(new Lines(buffered, sourceName), nci);
                case JSON -> new ReadResult(JsonLinesReader.read(new Lines(buffered, sourceName)), Format.JSON,
                        List.of());
                case JEPSEN_JSON -> JepsenJsonReader.read(buffered, sourceName, nci);
                case OMNILINK -> OmniLinkReader.read(buffered, sourceName);
                case AUTO -> throw new IllegalStateException("unreachable");
            };
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
    }

    /**
     * The format of {@code file}, recognised from its content (the file name plays no part): MessagePack from the
     * first byte, text from the first line that is neither blank nor a {@code ;} comment, JSON flavours from the
     * fields of the first object. A file without such content reads as the empty history in every format and is
     * reported as {@link Format#JSON}.
     *
     * @throws InvalidInputException when the content fits no format ("cannot recognise the format")
     */
    public static Format detect(Path file) throws IOException, InvalidInputException {
        if (Files.isDirectory(file)) {
            return Format.OMNILINK;
        }
        try (InputStream in = Files.newInputStream(file)) {
            return detect(in, file.toString());
        }
    }

    /** As {@link #detect(Path)}, for a stream; this consumes part of {@code in}. */
    public static Format detect(InputStream in, String sourceName) throws IOException, InvalidInputException {
        Format f = Detection.detect(new BufferedInputStream(in, 1 << 16), sourceName);
        return f == null ? Format.JSON : f;
    }

    /**
     * A value written in EDN ({@code nil}, {@code 0}, {@code {:x 0 :y 0}}, {@code #{1 2}}) or JSON ({@code null},
     * {@code {"x": 0}}, {@code {"#set": [1, 2]}}), as plain data like the readers produce: keywords become strings,
     * JSON objects maps. JSON is tried first; what is not JSON is read as EDN.
     *
     * @throws IllegalArgumentException when the text is neither
     */
    public static Object parseValue(String text) {
        return ValueSyntax.parse(text);
    }
}
