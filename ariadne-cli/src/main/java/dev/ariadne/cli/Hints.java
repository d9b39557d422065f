package dev.ariadne.cli;

import dev.ariadne.core.check.Result;
import dev.ariadne.core.history.History;
import dev.ariadne.core.model.Model;
import dev.ariadne.core.models.ModelOptions;

import java.util.List;

/** Hints where a user is likely wrong (issue 27): computed after the verdict, never changing it. */
final class Hints {
    private Hints() {
    }

    static List<CheckCommand.Note> of(History history, Model<?> model, Result result, ModelOptions modelOptions,
                                      CheckCommand command) {
        return List.of();
    }
}
