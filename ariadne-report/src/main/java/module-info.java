/**
 * Ariadne's reports: the text a terminal shows, the JSON document tools read and the self-contained HTML page people
 * explore, from a checker's result. Values from histories are escaped in all three.
 */
module dev.ariadne.report {
    requires transitive dev.ariadne.core;
    requires com.fasterxml.jackson.core;

    exports dev.ariadne.report;
}
