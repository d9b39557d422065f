package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * {@link ReadOptions#omniLinkEvents}: an OmniLink trace keeps its aborted and {@code __TerminateThread} events (for
 * the hooks of OmniLink's validation modules) when asked, and drops them otherwise.
 */
class OmniLinkEventsTest {
    private static final String TRACE = """
            {"operation_name": "Write", "operation": {"k": "a", "_op_start": 0, "_op_end": 2, "_did_abort": false, "_meta": {"result_code": 0}}}
            {"operation_name": "Write", "operation": {"k": "b", "_op_start": 3, "_op_end": 4, "_did_abort": true, "_meta": {"result_code": -31800}}}
            {"operation_name": "__TerminateThread", "operation": {"_op_start": 5, "_op_end": 6, "_did_abort": false, "_meta": {"transactionId": 7}}}
            """;

    @TempDir
    Path dir;

    private static History read(String text, boolean keep) throws Exception {
        return HistoryReaders.load(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t",
                ReadOptions.defaults().withOmniLinkEvents(keep)).history();
    }

    @Test
    void abortedAndTerminateEventsAreKeptOnlyWhenAsked() throws Exception {
        assertEquals(1, read(TRACE, false).size());
        History kept = read(TRACE, true);
        assertEquals(List.of("Write", "Write", "__TerminateThread"),
                kept.operations().stream().map(o -> ((Invocation) o.input()).f()).toList());
        Operation write = kept.operations().get(0);
        Operation aborted = kept.operations().get(1);
        Operation terminate = kept.operations().get(2);
        assertNull(write.metadata().get("aborted"));
        assertEquals(true, aborted.metadata().get("aborted"));
        assertEquals(Map.of("result_code", -31800L), aborted.metadata().get("meta"));
        assertEquals(Map.of("transactionId", 7L), terminate.metadata().get("meta"));
        assertEquals(5, terminate.call());
    }

    @Test
    void aTraceDirectoryKeepsThemToo() throws Exception {
        Files.writeString(dir.resolve("0.log"), TRACE);
        ReadOptions keep = ReadOptions.defaults().withOmniLinkEvents(true);
        assertEquals(3, HistoryReaders.load(dir, keep).history().size());
        assertEquals(1, HistoryReaders.load(dir, ReadOptions.defaults()).history().size());
    }
}
