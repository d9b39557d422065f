package dev.ariadne.core.history;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@link MetadataColumns} row is the unmodifiable {@link LinkedHashMap} it stands for, in every way a report sees,
 * and an {@link Operation} whose metadata is a table behaves as one given that map.
 */
class MetadataColumnsTest {
    private static final String A = "time-ns";
    private static final String B = "return-time-ns";

    private static Map<String, Object> map(int line, Long a, Long b) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("line", line);
        if (a != null) {
            m.put(A, a);
        }
        if (b != null) {
            m.put(B, b);
        }
        return m;
    }

    @Test
    void rowsEqualHashAndPrintAsTheMapsTheyStandFor() {
        MetadataColumns t = new MetadataColumns(A, B);
        List<Map<String, Object>> theirs = List.of(map(7, null, null), map(8, 1000L, null), map(9, 1000L, 2500L),
                map(10, 0L, 0L), map(11, null, 5L));
        for (Map<String, Object> m : theirs) {
            int row = t.add((Integer) m.get("line"), m.get(A) == null ? MetadataColumns.ABSENT : (Long) m.get(A));
            if (m.get(B) != null) {
                t.second(row, (Long) m.get(B));
            }
        }
        assertEquals(theirs.size(), t.rows());
        for (int i = 0; i < theirs.size(); i++) {
            Map<String, Object> row = t.row(i);
            Map<String, Object> map = theirs.get(i);
            assertEquals(map, row);
            assertEquals(row, map);
            assertEquals(map.hashCode(), row.hashCode());
            assertEquals(map.toString(), row.toString());
            assertEquals(map.entrySet(), row.entrySet());
            assertEquals(List.copyOf(map.keySet()), List.copyOf(row.keySet()));
            assertEquals(List.copyOf(map.values()), List.copyOf(row.values()));
            assertEquals(map.size(), row.size());
            assertFalse(row.isEmpty());
            for (String k : List.of("line", A, B, "other")) {
                assertEquals(map.containsKey(k), row.containsKey(k), k);
                assertEquals(map.get(k), row.get(k), k);
            }
            assertTrue(row.containsValue(map.get("line")));
            assertThrows(UnsupportedOperationException.class, () -> row.put("x", 1));
            assertThrows(UnsupportedOperationException.class, () -> row.remove("line"));
            assertThrows(UnsupportedOperationException.class, row::clear);
            for (int j = 0; j < theirs.size(); j++) {
                if (j != i) {
                    assertNotEquals(theirs.get(j), row);
                }
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> t.row(theirs.size()));
        assertThrows(IllegalArgumentException.class, () -> new MetadataColumns("line", B));
    }

    @Test
    void anOperationOfATableHasItsRowAsMetadata() {
        MetadataColumns t = new MetadataColumns(A, B);
        for (int i = 0; i < 40; i++) { // past the first growth of the columns
            t.add(100 + i, 1000L * i);
        }
        t.second(3, 3500);
        Operation mine = new Operation(3, 1, "in", "out", 5, 9, t);
        Operation theirs = new Operation(3, 1, "in", "out", 5, 9, map(103, 3000L, 3500L));
        assertEquals(theirs.metadata(), mine.metadata());
        assertEquals(theirs, mine);
        assertEquals(mine, theirs);
        assertEquals(theirs.hashCode(), mine.hashCode());
        assertEquals(theirs.toString(), mine.toString());
        assertEquals(103, mine.line());
        // another id is another row: the same table, but not the same metadata
        assertNotEquals(new Operation(4, 1, "in", "out", 5, 9, t), new Operation(4, 1, "in", "out", 5, 9,
                map(103, 3000L, 3500L)));
        // renumbered, it keeps its own row's metadata, copied out of the table
        Operation moved = mine.withId(0);
        assertEquals(map(103, 3000L, 3500L), moved.metadata());
        assertEquals(103, moved.line());
        assertEquals(theirs.withId(0), moved);
        assertEquals(mine, mine.withId(3));
        Operation prepared = mine.withInputOutput("p", "q");
        assertEquals(theirs.withInputOutput("p", "q"), prepared);
        assertEquals(103, prepared.line());
    }

    @Test
    void aBuilderFindsALineInATableByTheCallsNumber() {
        MetadataColumns t = new MetadataColumns(A, B);
        HistoryBuilder b = new HistoryBuilder();
        t.add(11, 0);
        b.call(0, "w", EventSink.UNTIMED, t);
        t.add(12, 1);
        HistoryException e = assertThrows(HistoryException.class, () -> b.call(0, "r", EventSink.UNTIMED, t));
        assertEquals(12, e.line());
        assertTrue(e.getMessage().contains("line 11"), e.getMessage());
        // the rejected call made no operation: row 1 is the next call's
        b.call(1, "r", EventSink.UNTIMED, t);
        b.ret(1, "v", EventSink.UNTIMED, 15);
        // a table whose last row is not this call's is a reader's mistake
        t.add(13, 2);
        t.add(14, 3);
        assertThrows(IllegalArgumentException.class, () -> b.call(2, "r", EventSink.UNTIMED, t));
        List<Operation> ops = b.build().operations();
        assertEquals(map(11, 0L, null), ops.get(0).metadata());
        assertEquals(map(12, 1L, null), ops.get(1).metadata());
        assertTrue(ops.get(0).isPending());
    }
}
