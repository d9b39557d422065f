package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JepsenJsonReaderTest {
    /** elle-cli's array form, pretty-printed one operation a line as its rw-register example is. */
    private static final String ARRAY = String.join("\n",
            "[{\"type\":\"invoke\",\"f\":\"txn\",\"value\":[[\"w\",\"x\",2]],\"process\":0,\"index\":1},",   // 1
            "{\"type\":\"ok\",\"f\":\"txn\",\"value\":[[\"w\",\"x\",2]],\"process\":0,\"index\":2},",         // 2
            "{\"type\":\"info\",\"f\":\"start\",\"process\":\"nemesis\",\"time\":5,\"index\":3},",           // 3
            "{\"type\":\"invoke\",\"f\":\"txn\",\"value\":[[\"r\",\"x\",null]],\"process\":1,\"index\":4},",  // 4
            "{\"type\":\"invoke\",\"f\":\"txn\",\"value\":[[\"w\",\"y\",1]],\"process\":2,\"index\":5},",     // 5
            "{\"type\":\"fail\",\"f\":\"txn\",\"value\":[[\"w\",\"y\",1]],\"process\":2,\"index\":6},",       // 6
            "{\"type\":\"ok\",\"f\":\"txn\",\"value\":[[\"r\",\"x\",2]],\"process\":1,\"index\":7},",         // 7
            "{\"type\":\"invoke\",\"f\":\"txn\",\"value\":[[\"w\",\"x\",3]],\"process\":3,\"index\":8},",     // 8
            "{\"type\":\"info\",\"f\":\"txn\",\"value\":[[\"w\",\"x\",3]],\"process\":3,\"index\":9}]",       // 9
            "");

    @Test
    void readsTheArrayFormWithJepsensConventions() throws Exception {
        ReadResult r = Read.load(ARRAY, ReadOptions.defaults());
        assertEquals(Format.JEPSEN_JSON, r.format());
        History h = r.history();
        assertEquals(3, h.size()); // the :fail is dropped
        Operation write = h.get(0);
        assertEquals(new Invocation("txn", null, List.of(List.of("w", "x", 2L))), write.input());
        assertEquals(1, write.line());
        Operation read = h.get(1);
        assertEquals(List.of(List.of("r", "x", 2L)), read.output());
        assertEquals(4, read.line());
        Operation crashed = h.get(2);
        assertTrue(crashed.isPending());
        assertEquals(3, crashed.client());
        // The :fail of process 2 leaves the history but is kept for the reports.
        assertEquals(List.of(new Annotation(3, "nemesis", "info", "start", null),
                new Annotation(6, "2", "fail", "txn", List.of(List.of("w", "y", 1L)),
                new Annotation.FailedCall(5, 2, new Invocation("txn", null, List.of(List.of("w", "y", 1L))),
                        null, null))),
                r.annotations());
    }

    @Test
    void readsOneObjectPerLine() throws Exception {
        String lines = "{\"process\":0,\"type\":\"invoke\",\"f\":\"read\",\"value\":null}\n"
                + "{\"process\":0,\"type\":\"ok\",\"f\":\"read\",\"value\":3}\n";
        ReadResult r = Read.load(lines, ReadOptions.defaults());
        assertEquals(Format.JEPSEN_JSON, r.format());
        assertEquals(3L, r.history().get(0).output());
        assertEquals(r.history(), Read.text("[" + lines.replace("}\n{", "},{") + "]", Format.JEPSEN_JSON));
    }

    @Test
    void emptyInputIsEmpty() throws Exception {
        assertTrue(Read.text("", Format.JEPSEN_JSON).isEmpty());
        assertTrue(Read.text("\n  \n", Format.JEPSEN_JSON).isEmpty());
    }

    @Test
    void timesMayInterleaveAcrossProcessesButNotGoBackWithinOne() throws Exception {
        // as in Knossos' etcd mutex history: :time is per process, the order of the file is the history's order
        String ok = "[{\"type\":\"invoke\",\"f\":\"acquire\",\"process\":4,\"time\":584312016,\"index\":3},"
                + "{\"type\":\"invoke\",\"f\":\"acquire\",\"process\":1,\"time\":584300961,\"index\":7},"
                + "{\"type\":\"ok\",\"f\":\"acquire\",\"process\":4,\"time\":585400396,\"index\":4}]";
        assertEquals(2, Read.text(ok, Format.AUTO).size());
        String back = ok.replace("585400396", "584000000");
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(back, Format.AUTO));
        assertTrue(e.problem().contains("process 4's :time goes backwards"), e.getMessage());
    }

    @Test
    void rejectsWhatJepsenNeverWrites() {
        String[][] cases = {
                {"[{\"type\":\"invoke\",\"f\":\"read\",\"process\":0,\"index\":1},"
                        + "{\"type\":\"ok\",\"f\":\"read\",\"process\":0,\"index\":1}]", "duplicate :index 1"},
                {"[{\"type\":\"invok\",\"f\":\"read\",\"process\":0}]", "unknown \"type\" the string \"invok\""},
                {"[{\"type\":\"ok\",\"f\":\"read\",\"process\":0}]", "no open operation"},
                {"[{\"type\":\"invoke\",\"f\":\"read\",\"process\":-1}]", "expected \"process\" to be an integer"},
                {"[{\"type\":\"invoke\",\"f\":\"read\",\"process\":0,\"time\":-3}]", "negative :time"},
                {"[{\"type\":\"invoke\",\"f\":7,\"process\":0}]", "expected \"f\""},
                {"[{\"type\":\"invoke\",\"f\":\"read\"}]", "no \"process\""},
                {"[{\"type\":\"invoke\",\"f\":\"read\",\"process\":0}", "truncated JSON"},
                {"[{\"type\":\"invoke\",\"f\":\"read\",\"process\":0}] []", "expected the end of the input"},
                {"[1]", "expected an operation object"},
        };
        for (String[] c : cases) {
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Read.text(c[0], Format.JEPSEN_JSON), c[0]);
            assertTrue(e.problem().contains(c[1]), "expected '" + c[1] + "' in: " + e.getMessage());
            assertEquals(1, e.line(), e.getMessage());
        }
    }
}
