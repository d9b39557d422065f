package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.models.ModelOptions;

import java.util.List;
import java.util.Objects;

/**
 * What {@link HistoryReaders#load} read from one input: the history, the format it was read in (recognised or
 * given), the annotations, the events of processes that are not clients (such as Jepsen's {@code :nemesis}),
 * which are kept beside the history rather than in it, and what a read of nil means in the input.
 *
 * @param history     the operations
 * @param format      the format the input was read in (never {@link Format#AUTO})
 * @param annotations the events of non-client processes, in input order
 * @param nilRead     what a read that saw nil means in the input, which {@code --nil-read auto} follows:
 *                    {@link Format#nilRead()}, or what a native file's conventions line says
 */
public record ReadResult(History history, Format format, List<Annotation> annotations, ModelOptions.NilRead nilRead) {

    public ReadResult {
        annotations = List.copyOf(annotations);
        Objects.requireNonNull(nilRead, "nilRead");
    }

    /** A result whose nil reads mean what they mean in {@code format}. */
    public ReadResult(History history, Format format, List<Annotation> annotations) {
        this(history, format, annotations, format.nilRead());
    }
}
