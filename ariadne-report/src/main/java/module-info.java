/**
 * Ariadne's reports: the text a terminal shows and the JSON document tools read, from a checker's result. Values
 * from histories are escaped in both.
 */
module dev.ariadne.report {
    requires transitive dev.ariadne.core;
    requires com.fasterxml.jackson.core;

    exports dev.ariadne.report;
}
