package dev.ariadne.io;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OmniLink traces written by {@link OmniLinkWriter} read back as the same actions, times and threads. */
class OmniLinkWriterTest {
    private static Operation op(int id, int client, String f, Object value, List<String> params, long call, long ret,
            Map<String, Object> extra) {
        Map<String, Object> meta = new java.util.LinkedHashMap<>(extra);
        if (!params.isEmpty()) {
            meta.put("params", params);
        }
        return new Operation(id, client, Invocation.of(f, value), ret == Operation.PENDING ? Operation.UNKNOWN : value,
                call, ret, meta);
    }

    private static String write(History h) throws Exception {
        StringWriter out = new StringWriter();
        OmniLinkWriter.write(h, out);
        return out.toString();
    }

    @Test
    void writesActionsThatReadBack() throws Exception {
        History h = History.of(List.of(
                op(0, 0, "Put", List.of("k1", "v\"1"), List.of("k", "v"), 1, 5, Map.of("injected", "why")),
                op(1, 1, "Deq", 3L, List.of("v"), 2, 9, Map.of()),
                op(2, 2, "DeqUnknown", null, List.of(), 3, Operation.PENDING, Map.of()),
                op(3, 0, "Deq", 0L, List.of("v"), 6, 7, Map.of("aborted", true))));
        String text = write(h);
        List<String> lines = text.lines().toList();
        assertEquals(4, lines.size());
        assertEquals("{\"operation_name\":\"Put\",\"operation\":{\"k\":\"k1\",\"v\":\"v\\\"1\",\"_op_start\":1,"
                + "\"_op_end\":5,\"_meta\":{\"injected\":\"why\"}},\"thread\":0}", lines.get(0));
        assertTrue(lines.get(2).contains("\"operation\":{\"_op_start\":3}"), lines.get(2));
        assertTrue(lines.get(3).contains("\"_did_abort\":true"), lines.get(3));

        History back = HistoryReaders.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.json",
                Format.OMNILINK);
        assertEquals(3, back.size(), "the aborted action is dropped");
        for (int i = 0; i < 3; i++) {
            Operation a = h.operations().get(i);
            Operation b = back.operations().get(i);
            assertEquals(a.input(), b.input());
            assertEquals(List.of(a.client(), a.call(), a.ret()), List.of(b.client(), b.call(), b.ret()));
            assertEquals(a.metadata().getOrDefault("params", null), b.metadata().getOrDefault("params", null));
        }
        assertEquals(Map.of("injected", "why"), back.operations().get(0).metadata().get("meta"));
    }

    @Test
    void valuesMustMatchTheirNames() {
        History twoNamesOneValue = History.of(List.of(op(0, 0, "Put", "x", List.of("k", "v"), 1, 2, Map.of())));
        assertThrows(IllegalArgumentException.class, () -> write(twoNamesOneValue));
        History reserved = History.of(List.of(op(0, 0, "Put", "x", List.of("_op_start"), 1, 2, Map.of())));
        assertThrows(IllegalArgumentException.class, () -> write(reserved));
    }
}
