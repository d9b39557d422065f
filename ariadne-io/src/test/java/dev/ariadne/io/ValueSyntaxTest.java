package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueSyntaxTest {
    @Test
    void readsEdnAndJson() {
        assertNull(HistoryReaders.parseValue("nil"));
        assertNull(HistoryReaders.parseValue("null"));
        assertEquals(0L, HistoryReaders.parseValue("0"));
        assertEquals(Map.of("x", 0L, "y", 0L), HistoryReaders.parseValue("{:x 0 :y 0}"));
        assertEquals(Map.of("x", 0L, "y", 0L), HistoryReaders.parseValue("{\"x\": 0, \"y\": 0}"));
        assertEquals(List.of(1L, 2L), HistoryReaders.parseValue("[1 2]"));
        assertEquals(List.of(1L, 2L), HistoryReaders.parseValue("[1, 2]"));
        assertEquals(Set.of(1L, 2L), HistoryReaders.parseValue("#{1 2}"));
        assertEquals(Set.of(1L, 2L), HistoryReaders.parseValue("{\"#set\": [1, 2]}"));
        assertEquals("a", HistoryReaders.parseValue("\"a\""));
        assertEquals("held", HistoryReaders.parseValue(":held"));
        assertEquals(true, HistoryReaders.parseValue("true"));
        assertEquals(Arrays.asList(1L, null), HistoryReaders.parseValue("[1 nil]"));
    }

    @Test
    void rejectsWhatIsNeither() {
        for (String bad : new String[]{"", "  ", "{:x", "1 2", "{\"x\": }", "#{1 1}", "[" .repeat(5000)}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> HistoryReaders.parseValue(bad), bad);
            assertTrue(e.getMessage().contains("EDN"), e.getMessage());
        }
    }
}
