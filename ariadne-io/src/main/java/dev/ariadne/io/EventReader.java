package dev.ariadne.io;

import dev.ariadne.core.history.EventSink;
import dev.ariadne.core.models.ModelOptions;

import java.io.IOException;
import java.util.List;

/**
 * A history input read as a stream of events: each call, return, crash or discard is pushed to an
 * {@link EventSink} as soon as its line is read, so a consumer such as an
 * {@link dev.ariadne.core.online.OnlineChecker} can act on it while the rest is still being written. Obtained from
 * {@link HistoryReaders#events}, which has already recognised the {@link #format()}; the parsing is the batch
 * readers', so errors are the same. Not thread-safe; read once.
 */
public final class EventReader {
    private final Lines lines;
    private final Format format;
    private final ModelOptions.NilRead nilRead;
    private final ReadOptions.FailedCas failedCas;
    private JepsenOps ops;
    private boolean read;

    EventReader(Lines lines, Format format, ModelOptions.NilRead nilRead, ReadOptions.FailedCas failedCas) {
        this.lines = lines;
        this.format = format;
        this.nilRead = nilRead;
        this.failedCas = failedCas;
    }

    /**
     * What a read that saw nil means in this input, which {@code --nil-read auto} follows: {@link Format#nilRead()},
     * or what a native file's conventions line says (known before the events are read).
     */
    public ModelOptions.NilRead nilRead() {
        return nilRead;
    }

    /**
     * How a {@code cas} that ended in {@code :fail} is read ({@link ReadOptions#failedCas()}) when the input is in one
     * of Jepsen's formats; {@code null} for the others.
     */
    public ReadOptions.FailedCas failedCas() {
        return format == Format.JEPSEN_LOG || format == Format.EDN || format == Format.JEPSEN_JSON ? failedCas : null;
    }

    /**
     * The format the input is read in (never {@link Format#AUTO}). An input without significant content is
     * {@link Format#JSON}, with no events.
     */
    public Format format() {
        return format;
    }

    /**
     * Reads the input to its end, pushing every event to {@code sink} in input order, the event's source line
     * with it (as metadata {@code line} of a call). Blocks while the input has no more data but has not ended. An
     * unchecked exception thrown by the sink ends the reading and propagates, except a
     * {@link dev.ariadne.core.history.HistoryException}, which is reported as invalid input at the event's line.
     *
     * @throws IOException              when the input cannot be read
     * @throws InvalidInputException    when the content is not a valid history in the format (file, line, problem)
     * @throws IllegalArgumentException when the input turns out not to be streamable: the native format's operation
     *                                  form, whose operations may come in any order
     * @throws IllegalStateException    when called a second time
     */
    public void readTo(EventSink sink) throws IOException, InvalidInputException {
        if (read) {
            throw new IllegalStateException("the events were read already");
        }
        read = true;
        try {
            if (format == Format.JSON) {
                JsonLinesReader.events(lines, sink);
            } else {
                ops = new JepsenOps(lines.source(), failedCas, sink);
                jepsen(format, lines, ops);
            }
        } catch (Lines.BadLineException e) {
            throw e.problem();
        }
    }

    /** The events of non-client processes (such as Jepsen's nemesis) read so far, in input order. */
    public List<Annotation> annotations() {
        return ops == null ? List.of() : List.copyOf(ops.annotations());
    }

    /** Reads {@code lines}, in one of Jepsen's formats, into {@code ops}: the batch and stream readings share it. */
    static void jepsen(Format format, Lines lines, JepsenOps ops) throws IOException, InvalidInputException {
        switch (format) {
            case JEPSEN_LOG -> JepsenLogReader.read(lines, ops);
            case EDN -> EdnReader.read(lines, ops);
            case JEPSEN_JSON -> JepsenJsonReader.read(lines.rest(), lines.source(), ops);
            default -> throw new IllegalArgumentException(format.cliName() + " is not one of Jepsen's formats");
        }
    }
}
