package dev.ariadne.tla;

import dev.ariadne.core.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The embedded TLC takes an OmniLink validation module's {@code __traces} as a value built in Java, not parsed from
 * its literal (which export-tla's modules keep): the two must be equal for TLC, whatever the events hold.
 */
class TraceValueTest {
    @TempDir
    Path dir;

    @Test
    void theTraceBuiltInJavaIsTheValueOfItsLiteral() throws Exception {
        try (var files = Files.list(OmniLinkHooksTest.STORE)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        String trace = Files.readString(OmniLinkHooksTest.STORE.resolve("store-pass.json"))
                // _meta with what a trace may carry: nested records and lists, an empty record, booleans, negative
                // integers, a string with quotes
                + "{\"operation_name\": \"Begin\", \"operation\": {\"tid\": 9, \"_op_start\": 90, \"_op_end\": 91, "
                + "\"_did_abort\": false, \"_meta\": {\"result_code\": 0, \"transactionId\": -1, \"note\": "
                + "\"a \\\"quoted\\\" word\", \"flags\": [true, false], \"empty\": {}, \"nested\": {\"xs\": [1, [2, 3]]}}}, "
                + "\"thread\": 2, \"should_succeed\": true}\n";
        History h = OmniLinkHooksTest.read("trace", trace);
        String literal = OmniLinkHooks.events(h).literal();
        Path mc = dir.resolve("MCStoreValidate.tla");
        Files.writeString(mc, Files.readString(mc).replaceFirst("\n=+\\s*$",
                "\nAriadneTraceCheck == IF __traces = " + literal.replace("\\", "\\\\").replace("$", "\\$")
                        + " THEN \"same\" ELSE \"different\"\n\nAriadneThreads == ToString(DOMAIN __traces)\n"
                        + "====\n"));
        try (TlaSpec spec = TlaSpec.loadFor(mc, null, Map.of(), h)) {
            assertEquals("{0, 1, 2}", spec.stringDefinition("AriadneThreads"), "the trace has its three threads");
            assertEquals("same", spec.stringDefinition("AriadneTraceCheck"));
        }
    }
}
