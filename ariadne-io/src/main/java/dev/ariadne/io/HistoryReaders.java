package dev.ariadne.io;

import dev.ariadne.core.history.History;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads history files (Jepsen text logs, Jepsen EDN, native JSON lines) into {@link History} objects, line by
 * line and strictly: malformed input raises an {@link InvalidInputException} naming the source, the line and
 * the problem, never a runtime exception. Every operation carries its source line as metadata {@code line} and
 * an {@link dev.ariadne.core.history.Invocation} as input; see {@code docs/formats.md}.
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
        try (InputStream in = Files.newInputStream(file)) {
            return read(in, file.toString(), format);
        }
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
        Lines lines = new Lines(in, sourceName);
        try {
            Format f = format == Format.AUTO ? Detection.detect(lines) : format;
            if (f == null) {
                return History.empty();
            }
            return switch (f) {
                case JEPSEN_LOG -> JepsenLogReader.read(lines);
                case EDN -> EdnReader.read(lines);
                case JSON -> JsonLinesReader.read(lines);
                case AUTO -> throw new IllegalStateException("unreachable");
            };
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
    }

    /**
     * The format of {@code file}, recognised from its first line that is neither blank nor a {@code ;} comment
     * (the file name plays no part). A file without such a line reads as the empty history in every format and
     * is reported as {@link Format#JSON}.
     *
     * @throws InvalidInputException when the line fits no format ("cannot recognise the format")
     */
    public static Format detect(Path file) throws IOException, InvalidInputException {
        try (InputStream in = Files.newInputStream(file)) {
            return detect(in, file.toString());
        }
    }

    /** As {@link #detect(Path)}, for a stream; this consumes part of {@code in}. */
    public static Format detect(InputStream in, String sourceName) throws IOException, InvalidInputException {
        try {
            Format f = Detection.detect(new Lines(in, sourceName));
            return f == null ? Format.JSON : f;
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
    }
}
