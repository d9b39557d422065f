package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.BuiltinModels;
import dev.ariadne.core.models.ModelOptions;

import java.util.List;
import java.util.Objects;

/**
 * What {@link HistoryReaders#load} read from one input: the history, the format it was read in (recognised or
 * given), the annotations, the events of processes that are not clients (such as Jepsen's {@code :nemesis}),
 * which are kept beside the history rather than in it, and the input's conventions: what a read of nil means and
 * how a failed cas was read. Check the history with a model from {@link #model(String, ModelOptions)} (or options
 * from {@link #modelOptions(ModelOptions)}) so that nil reads mean what they mean in the input, as
 * {@code ariadne check} does.
 *
 * @param history     the operations
 * @param format      the format the input was read in (never {@link Format#AUTO})
 * @param annotations the events of non-client processes, in input order
 * @param nilRead     what a read that saw nil means in the input, which {@code --nil-read auto} follows:
 *                    {@link Format#nilRead()}, or what a native file's conventions line says
 * @param failedCas   how a {@code cas} that ended in {@code :fail} was read, for Jepsen's formats; {@code null} for
 *                    the others, which have no {@code :fail} of a cas
 */
public record ReadResult(History history, Format format, List<Annotation> annotations, ModelOptions.NilRead nilRead,
                         ReadOptions.FailedCas failedCas) {

    public ReadResult {
        Objects.requireNonNull(history, "history");
        annotations = List.copyOf(annotations);
        Objects.requireNonNull(nilRead, "nilRead");
    }

    /** A result of a format without failed cas operations, with what nil reads mean in it. */
    public ReadResult(History history, Format format, List<Annotation> annotations, ModelOptions.NilRead nilRead) {
        this(history, format, annotations, nilRead, null);
    }

    /** A result whose nil reads mean what they mean in {@code format}. */
    public ReadResult(History history, Format format, List<Annotation> annotations) {
        this(history, format, annotations, format.nilRead());
    }

    /**
     * {@code options} with this input's meaning of a nil read ({@link #nilRead()}): the options a built-in model
     * must be built with for the history to be checked as {@code ariadne check} (with {@code --nil-read auto})
     * checks it. The other options are kept.
     */
    public ModelOptions modelOptions(ModelOptions options) {
        return options.withNilRead(nilRead);
    }

    /**
     * The built-in model called {@code name} ({@link BuiltinModels#names()}), built with {@code options} and this
     * input's conventions ({@link #modelOptions(ModelOptions)}).
     *
     * @throws IllegalArgumentException when there is no such model, or it cannot start from the initial value
     */
    public Model<?> model(String name, ModelOptions options) {
        return BuiltinModels.byName(name, modelOptions(options));
    }
}
