package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonLinesReaderTest {
    @Test
    void readsTheOperationForm() throws Exception {
        String json = String.join("\n",
                "{\"client\":1,\"call\":2,\"return\":12,\"f\":\"read\",\"output\":null}",
                "",
                "{\"client\":0,\"call\":0,\"return\":10,\"f\":\"write\",\"value\":1,\"meta\":{\"node\":\"n1\"}}",
                "{\"client\":2,\"call\":5,\"f\":\"cas\",\"key\":\"x\",\"value\":[1,2]}",
                "{\"client\":3,\"call\":6,\"return\":null,\"f\":\"read\"}",
                "{\"client\":0,\"call\":11,\"return\":11,\"f\":\"read\",\"value\":{\"a\":1.5}}",
                "");
        History h = Read.text(json, Format.JSON);
        assertEquals(5, h.size());
        Operation write = h.get(0);
        assertEquals(Invocation.of("write", 1L), write.input());
        assertEquals(Operation.UNKNOWN, write.output());
        assertEquals(Map.of("line", 3, "node", "n1"), write.metadata());
        Operation read = h.get(1);
        assertNull(read.output());
        assertTrue(read.outputKnown());
        assertEquals(1, read.line());
        Operation cas = h.get(2);
        assertEquals(new Invocation("cas", "x", List.of(1L, 2L)), cas.input());
        assertTrue(cas.isPending());
        assertTrue(h.get(3).isPending());
        assertEquals(Map.of("a", 1.5), Read.input(h.get(4)).value());
        assertEquals(11, h.get(4).call());
    }

    @Test
    void readsTheEventFormInLineOrder() throws Exception {
        String json = String.join("\n",
                "{\"type\":\"call\",\"client\":0,\"f\":\"write\",\"value\":3}",
                "{\"type\":\"call\",\"client\":1,\"f\":\"read\"}",
                "{\"type\":\"return\",\"client\":0}",
                "{\"type\":\"return\",\"client\":1,\"output\":3}",
                "{\"type\":\"call\",\"client\":2,\"f\":\"read\",\"meta\":{\"k\":[1]}}");
        History h = Read.text(json, Format.AUTO);
        assertEquals(3, h.size());
        assertEquals(Operation.UNKNOWN, h.get(0).output());
        assertEquals(3L, h.get(1).output());
        assertTrue(h.get(0).call() < h.get(1).call() && h.get(1).call() < h.get(0).ret());
        assertTrue(h.get(2).isPending());
        assertEquals(Map.of("line", 5, "k", List.of(1L)), h.get(2).metadata());
    }

    @Test
    void readsTheEventFormWithTimes() throws Exception {
        String json = String.join("\n",
                "{\"type\":\"call\",\"client\":0,\"f\":\"write\",\"value\":3,\"time\":100}",
                "{\"type\":\"return\",\"client\":0,\"output\":null,\"time\":150}",
                "{\"type\":\"call\",\"client\":0,\"f\":\"read\",\"time\":150}");
        History h = Read.text(json, Format.JSON);
        assertEquals(100, h.get(0).call());
        assertEquals(150, h.get(0).ret());
        assertNull(h.get(0).output());
        assertEquals(150, h.get(1).call());
    }

    @Test
    void numbersAndReservedObjects() throws Exception {
        String json = "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"x\",\"value\":[123456789012345678901234,"
                + "-5,2.0,1e3,{\"#set\":[1,\"a\"]},{\"#map\":[[1,2],[[3],null]]},\"\\u00e9\"]}";
        Object value = Read.input(Read.text(json, Format.JSON).get(0)).value();
        Map<Object, Object> map = new java.util.HashMap<>();
        map.put(1L, 2L);
        map.put(List.of(3L), null);
        assertEquals(List.of(new BigInteger("123456789012345678901234"), -5L, 2.0, 1000.0, Set.of(1L, "a"), map,
                "é"), value);
    }

    @Test
    void overlappingOperationsOfOneClientAreRejectedWithTheLaterLine() {
        String json = "{\"client\":0,\"call\":0,\"return\":10,\"f\":\"write\",\"value\":1}\n"
                + "{\"client\":0,\"call\":5,\"return\":12,\"f\":\"read\"}\n";
        InvalidInputException e = org.junit.jupiter.api.Assertions.assertThrows(InvalidInputException.class,
                () -> Read.text(json, Format.JSON));
        assertEquals(2, e.line());
        assertTrue(e.problem().contains("still open"), e.getMessage());
    }
}
