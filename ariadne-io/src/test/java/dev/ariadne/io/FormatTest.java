package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FormatTest {
    @Test
    void namesRoundTrip() {
        for (Format f : Format.values()) {
            assertEquals(f, Format.fromName(f.cliName()));
        }
        assertEquals("jepsen-log", Format.JEPSEN_LOG.cliName());
        assertEquals(Format.EDN, Format.fromName("EDN"));
    }

    @Test
    void unknownNameListsTheValidOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Format.fromName("yaml"));
        assertTrue(e.getMessage().contains("auto, jepsen-log, edn, json"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Format.fromName(null));
    }

    @Test
    void exceptionMessageNamesSourceAndLine() {
        assertEquals("f.jsonl:3: bad", new InvalidInputException("f.jsonl", 3, "bad").getMessage());
        InvalidInputException unknown = new InvalidInputException("f.jsonl", -1, "bad");
        assertEquals("f.jsonl: bad", unknown.getMessage());
        assertEquals(-1, unknown.line());
        assertEquals("bad", unknown.problem());
        assertEquals("f.jsonl", unknown.source());
    }
}
