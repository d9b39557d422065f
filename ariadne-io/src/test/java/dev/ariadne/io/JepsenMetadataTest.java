package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link JepsenMetadata} is the unmodifiable {@link LinkedHashMap} it stands for, in every way a report sees. */
class JepsenMetadataTest {
    @Test
    void equalsHashesAndPrintsAsTheMapItStandsFor() {
        // a stream's metadata is the line alone; a batch's, with Jepsen's times, is MetadataColumnsTest's
        JepsenMetadata lineOnly = new JepsenMetadata(7);
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("line", 7);
        Map<String, Object> b = new LinkedHashMap<>(a);
        b.put(JepsenOps.CALL_TIME, 1000L);
        Map<String, Object> c = new LinkedHashMap<>(b);
        c.put(JepsenOps.RETURN_TIME, 2500L);
        List<JepsenMetadata> mine = List.of(lineOnly);
        List<Map<String, Object>> theirs = List.of(a, b, c);
        for (int i = 0; i < mine.size(); i++) {
            JepsenMetadata m = mine.get(i);
            Map<String, Object> map = theirs.get(i);
            assertEquals(map, m);
            assertEquals(m, map);
            assertEquals(map.hashCode(), m.hashCode());
            assertEquals(map.toString(), m.toString());
            assertEquals(map.entrySet(), m.entrySet());
            assertEquals(List.copyOf(map.keySet()), List.copyOf(m.keySet()));
            assertEquals(List.copyOf(map.values()), List.copyOf(m.values()));
            assertEquals(map.size(), m.size());
            assertFalse(m.isEmpty());
            for (String k : List.of("line", JepsenOps.CALL_TIME, JepsenOps.RETURN_TIME, "other")) {
                assertEquals(map.containsKey(k), m.containsKey(k), k);
                assertEquals(map.get(k), m.get(k), k);
            }
            assertTrue(m.containsValue(7));
            assertThrows(UnsupportedOperationException.class, () -> m.put("x", 1));
            assertThrows(UnsupportedOperationException.class, () -> m.remove("line"));
            assertThrows(UnsupportedOperationException.class, m::clear);
            for (int j = 0; j < 3; j++) {
                if (j != i) {
                    assertNotEquals(theirs.get(j), m);
                }
            }
        }
    }
}
