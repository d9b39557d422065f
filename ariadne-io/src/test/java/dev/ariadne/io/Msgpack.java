package dev.ariadne.io;

import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test helper: plain data written as MessagePack, one value after another (OmniLink's log files). */
final class Msgpack {
    private Msgpack() {
    }

    static byte[] of(Object... values) {
        try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
            for (Object v : values) {
                write(p, v);
            }
            p.flush();
            return p.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An OmniLink record: {@code {"operation_name": name, "operation": {params…, "_op_start", "_op_end"}}}. */
    static Map<String, Object> record(String name, long start, Long end, Object... params) {
        Map<String, Object> op = new LinkedHashMap<>();
        for (int i = 0; i < params.length; i += 2) {
            op.put((String) params[i], params[i + 1]);
        }
        op.put("_did_abort", false);
        op.put("_op_start", start);
        if (end != null) {
            op.put("_op_end", end);
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("operation_name", name);
        r.put("operation", op);
        return r;
    }

    private static void write(MessageBufferPacker p, Object v) throws IOException {
        if (v == null) {
            p.packNil();
        } else if (v instanceof Boolean b) {
            p.packBoolean(b);
        } else if (v instanceof Long || v instanceof Integer) {
            p.packLong(((Number) v).longValue());
        } else if (v instanceof Double d) {
            p.packDouble(d);
        } else if (v instanceof String s) {
            p.packString(s);
        } else if (v instanceof Collection<?> c) {
            p.packArrayHeader(c.size());
            for (Object e : c) {
                write(p, e);
            }
        } else if (v instanceof Map<?, ?> m) {
            p.packMapHeader(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                write(p, e.getKey());
                write(p, e.getValue());
            }
        } else {
            throw new IllegalArgumentException(String.valueOf(v));
        }
    }
}
