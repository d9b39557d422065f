package dev.ariadne.cli;

import dev.ariadne.report.TextReport;
import picocli.CommandLine.Command;

/**
 * {@code ariadne explain}: checks each file as {@code ariadne check} does, with the same options and exit statuses,
 * and prints for every violation its minimal failing core explained in full: the core's operations, the model's
 * sentence, every real-time precedence among them and every order real time allows, each to the step the model
 * rejects.
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Check each history and explain every violation in full: its minimal failing core, the "
                + "real-time order among the core's operations, and every order real time allows up to the step "
                + "the model rejects.",
                "Options and exit statuses as for check."})
final class ExplainCommand extends CheckCommand {
    @Override
    String report(Outcome o) {
        return TextReport.renderExplanations(o.file(), o.result(), o.model());
    }
}
