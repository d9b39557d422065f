package dev.ariadne.cli;

import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.ModelOptions;
import dev.ariadne.io.Annotation;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The notes under a file's report ({@link CheckCommand.Note}): the readings that are not the default, why a
 * history has no operations, and hints ({@link Hints}). Computed after the verdict; they never change it.
 */
final class Notes {
    /** The JSON reading of {@code --failed-cas}. */
    static final String FAILED_CAS = "failedCas";
    /** The JSON reading that says why a history has no operations. */
    static final String EMPTY = "empty";
    /** How a hint's text line starts; the JSON report leaves it out. */
    static final String HINT_PREFIX = "hint: ";

    private Notes() {
    }

    /** The notes of a batch check of {@code read}. */
    static List<CheckCommand.Note> of(ReadResult read, History history, Model<?> model, Result result,
                                      ModelOptions modelOptions, CheckCommand command) {
        List<CheckCommand.Note> notes = new ArrayList<>(reading(read.failedCas()));
        if (history.isEmpty() && !read.annotations().isEmpty()) {
            notes.add(empty(read.annotations()));
        }
        notes.addAll(Hints.of(history, model, result, modelOptions, command));
        return notes;
    }

    /** The notes of a {@code --follow} check that read to its end or to a violation: the reading, why it is empty. */
    static List<CheckCommand.Note> followed(ReadOptions.FailedCas failedCas, Result result,
                                            List<Annotation> annotations) {
        List<CheckCommand.Note> notes = new ArrayList<>(reading(failedCas));
        if (result.operations() == 0 && !annotations.isEmpty()) {
            notes.add(empty(annotations));
        }
        return notes;
    }

    /** The note that names {@code --failed-cas mismatch} when it was used on a Jepsen input; none otherwise. */
    static List<CheckCommand.Note> reading(ReadOptions.FailedCas failedCas) {
        if (failedCas != ReadOptions.FailedCas.MISMATCH) {
            return List.of();
        }
        return List.of(new CheckCommand.Note(FAILED_CAS, failedCas.cliName(), "reading: --failed-cas mismatch "
                + "(porcupine's etcd convention): a cas that ended in :fail completed with false (its compare saw "
                + "another value), a failed read with an unknown value"));
    }

    /**
     * Why a history read from records that were all recognised has no operation: they are events of non-client
     * processes (such as {@code :nemesis}) or operations that ended in {@code :fail}.
     */
    static CheckCommand.Note empty(List<Annotation> annotations) {
        // Loops, not streams, here and below: a stream pipeline's first use in a run costs more than a small check.
        long failed = 0;
        for (Annotation a : annotations) {
            if (CheckCommand.isFailedOperation(a)) {
                failed++;
            }
        }
        long events = annotations.size() - failed;
        String what = (events > 0 ? events + (events == 1 ? " event of a non-client process" : " events of "
                + "non-client processes") + " (such as :nemesis)" : "")
                + (events > 0 && failed > 0 ? " and " : "")
                + (failed > 0 ? failed + (failed == 1 ? " operation" : " operations") + " that ended in :fail" : "");
        return new CheckCommand.Note(EMPTY, "no client operation: " + what, "0 operations: the file holds no "
                + "client operation that took effect, only " + what + "; an empty history is linearizable");
    }

    /** The readings of {@code notes}, by JSON field, in order. */
    static Map<String, String> readings(List<CheckCommand.Note> notes) {
        Map<String, String> readings = new LinkedHashMap<>();
        for (CheckCommand.Note n : notes) {
            if (!n.field().equals(CheckCommand.Note.HINT)) {
                readings.put(n.field(), n.value());
            }
        }
        return readings;
    }

    /** The hints of {@code notes}, in order. */
    static List<String> hints(List<CheckCommand.Note> notes) {
        List<String> hints = new ArrayList<>();
        for (CheckCommand.Note n : notes) {
            if (n.field().equals(CheckCommand.Note.HINT)) {
                hints.add(n.text().startsWith(HINT_PREFIX) ? n.text().substring(HINT_PREFIX.length()) : n.text());
            }
        }
        return List.copyOf(hints);
    }
}
