package dev.ariadne.io;

import dev.ariadne.core.history.History;

import dev.ariadne.core.history.Values;
import dev.ariadne.core.models.ModelOptions;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
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
            return OmniLinkReader.readDirectory(file, options.omniLinkEvents());
        }
        try (InputStream in = open(file)) {
            return load(in, file.toString(), options);
        }
    }

    /**
     * Opens {@code file} for one pass from start to end. A {@link FileInputStream}, not {@link Files#newInputStream}:
     * the latter's {@code available()} seeks, which fails with "Illegal seek" on pipes, FIFOs, {@code /dev/stdin}
     * and process substitutions, whereas the former works on every kind of file that can be read once. A missing
     * or unreadable file throws {@link NoSuchFileException} or {@link AccessDeniedException}, as {@link Files} does.
     */
    public static InputStream open(Path file) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        try {
            return new FileInputStream(file.toFile());
        } catch (FileNotFoundException e) {
            if (!Files.isReadable(file)) {
                throw new AccessDeniedException(file.toString());
            }
            throw e;
        }
    }

    /**
     * {@code in} decompressed when it is gzip data (recognised by its magic bytes 1f 8b, whatever the name), else
     * {@code in} itself; nothing is consumed. Every member is read; a corrupt or truncated gzip stream, or bytes
     * after it that are not another member, are reported as invalid input (see {@link GzipInput}).
     */
    private static BufferedInputStream gunzipped(BufferedInputStream in, String sourceName) throws IOException {
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 != 0x1f || b1 != 0x8b) {
            return in;
        }
        return new BufferedInputStream(new GzipInput(in, sourceName), 1 << 16);
    }

    /**
     * As {@link #load(Path, ReadOptions)}, from {@code in}, which is read (usually to its end) but not closed;
     * {@code sourceName} names it in errors.
     */
    public static ReadResult load(InputStream in, String sourceName, ReadOptions options)
            throws IOException, InvalidInputException {
        boolean nci = options.newClientAfterInfo();
        try {
            BufferedInputStream buffered = gunzipped(new BufferedInputStream(in, 1 << 16), sourceName);
            Format f = options.format() == Format.AUTO ? Detection.detect(buffered, sourceName) : options.format();
            if (f == null) {
                return new ReadResult(History.empty(), Format.JSON, List.of());
            }
            return switch (f) {
                case JEPSEN_LOG, EDN, JEPSEN_JSON -> {
                    JepsenOps ops = new JepsenOps(sourceName, nci, options.failedCas());
                    EventReader.jepsen(f, new Lines(buffered, sourceName), ops);
                    yield new ReadResult(ops.build(), f, ops.annotations(), f.nilRead(), options.failedCas());
                }
                case JSON -> JsonLinesReader.read(new Lines(buffered, sourceName));
                case OMNILINK -> OmniLinkReader.read(buffered, sourceName, options.omniLinkEvents());
                case AUTO -> throw new IllegalStateException("unreachable");
            };
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
    }

    /**
     * Opens {@code in} as a stream of events, for a consumer that acts on each event as it is read (such as an
     * {@link dev.ariadne.core.online.OnlineChecker}, which is an {@link dev.ariadne.core.history.EventSink}):
     * {@link EventReader#readTo} then reads it line by line to its end. {@link Format#AUTO} recognises the format
     * from the first significant line alone (this blocks until it is written), not from the first MiB as
     * {@link #load} does. The event-based formats stream: Jepsen logs, EDN and JSON, and the native format's event
     * form. {@code in} is not closed; {@code sourceName} names it in errors, which are those of {@link #load}.
     *
     * @throws IOException              when the stream cannot be read
     * @throws InvalidInputException    when the first line fits no format
     * @throws IllegalArgumentException when the format cannot be streamed (OmniLink traces, whose threads are
     *                                  separate files and whose records are complete actions), or
     *                                  {@code options} ask for new clients after {@code :info} (they are numbered
     *                                  after the highest process, known only at the end)
     */
    public static EventReader events(InputStream in, String sourceName, ReadOptions options)
            throws IOException, InvalidInputException {
        if (options.newClientAfterInfo()) {
            throw new IllegalArgumentException("new clients after :info cannot be numbered in a stream: they come "
                    + "after the highest process, which is known only at the end");
        }
        if (options.format() == Format.OMNILINK) {
            throw new IllegalArgumentException(NOT_STREAMED);
        }
        int first = in.read();
        if (first >= 0 && Detection.isMessagePackLead(first) && options.format() == Format.AUTO) {
            throw new IllegalArgumentException(Values.escape(sourceName) + " is MessagePack: " + NOT_STREAMED);
        }
        InputStream whole = first < 0 ? in
                : new SequenceInputStream(new ByteArrayInputStream(new byte[]{(byte) first}), in);
        Lines lines = new Lines(whole, sourceName);
        try {
            Format f = options.format() == Format.AUTO ? Detection.detect(lines) : options.format();
            if (f == Format.OMNILINK) {
                throw new IllegalArgumentException(Values.escape(sourceName) + " holds OmniLink records: "
                        + NOT_STREAMED);
            }
            Format format = f == null ? Format.JSON : f;
            ModelOptions.NilRead nilRead = format.nilRead();
            if (format == Format.JSON) {
                String firstLine = lines.peekSignificant();
                ModelOptions.NilRead stated = firstLine == null ? null
                        : JsonLinesReader.conventions(firstLine);
                nilRead = stated == null ? nilRead : stated;
            }
            return new EventReader(lines, format, nilRead, options.failedCas());
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
    }

    private static final String NOT_STREAMED = "OmniLink traces cannot be read as a stream (each thread's actions "
            + "are in a file of their own, each a complete action); read the whole trace instead";

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
        try (InputStream in = open(file)) {
            return detect(in, file.toString());
        }
    }

    /** As {@link #detect(Path)}, for a stream (gzip data is looked into); this consumes part of {@code in}. */
    public static Format detect(InputStream in, String sourceName) throws IOException, InvalidInputException {
        try {
            Format f = Detection.detect(gunzipped(new BufferedInputStream(in, 1 << 16), sourceName), sourceName);
            return f == null ? Format.JSON : f;
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
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
