package dev.ariadne.io;

import dev.ariadne.core.history.History;

import java.util.List;

/**
 * What {@link HistoryReaders#load} read from one input: the history, the format it was read in (recognised or
 * given) and the annotations, the events of processes that are not clients (such as Jepsen's {@code :nemesis}),
 * which are kept beside the history rather than in it.
 *
 * @param history     the operations
 * @param format      the format the input was read in (never {@link Format#AUTO})
 * @param annotations the events of non-client processes, in input order
 */
public record ReadResult(History history, Format format, List<Annotation> annotations) {

    public ReadResult {
        annotations = List.copyOf(annotations);
    }
}
