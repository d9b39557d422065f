package dev.ariadne.spark;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.io.OpaqueValue;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the values the readers produce (plain data, {@link Invocation}s, {@link Operation#UNKNOWN}) between Spark's
 * stages. The core's values are not {@link java.io.Serializable}, and must come back with the very classes they had
 * (a {@code Long} stays a {@code Long}, a set a set), since models compare them with {@code equals}.
 */
final class Wire {
    private static final int NULL = 0, FALSE = 1, TRUE = 2, LONG = 3, INT = 4, BIG = 5, DOUBLE = 6, STRING = 7,
            LIST = 8, MAP = 9, SET = 10, INVOCATION = 11, UNKNOWN = 12, OPAQUE = 13;

    private Wire() {
    }

    static void write(DataOutput out, Object v) throws IOException {
        if (v == null) {
            out.writeByte(NULL);
        } else if (v instanceof Boolean b) {
            out.writeByte(b ? TRUE : FALSE);
        } else if (v instanceof Long l) {
            out.writeByte(LONG);
            out.writeLong(l);
        } else if (v instanceof Integer i) {
            out.writeByte(INT);
            out.writeInt(i);
        } else if (v instanceof BigInteger b) {
            out.writeByte(BIG);
            byte[] bytes = b.toByteArray();
            out.writeInt(bytes.length);
            out.write(bytes);
        } else if (v instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (v instanceof String s) {
            out.writeByte(STRING);
            writeString(out, s);
        } else if (v instanceof List<?> list) {
            out.writeByte(LIST);
            out.writeInt(list.size());
            for (Object e : list) {
                write(out, e);
            }
        } else if (v instanceof Map<?, ?> map) {
            out.writeByte(MAP);
            out.writeInt(map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                write(out, e.getKey());
                write(out, e.getValue());
            }
        } else if (v instanceof Set<?> set) {
            out.writeByte(SET);
            out.writeInt(set.size());
            for (Object e : set) {
                write(out, e);
            }
        } else if (v instanceof Invocation inv) {
            out.writeByte(INVOCATION);
            writeString(out, inv.f());
            write(out, inv.key());
            write(out, inv.value());
        } else if (v == Operation.UNKNOWN) {
            out.writeByte(UNKNOWN);
        } else if (v instanceof OpaqueValue o) {
            out.writeByte(OPAQUE);
            writeString(out, o.text());
        } else {
            throw new IllegalArgumentException("cannot pass a " + v.getClass().getName() + " between Spark stages");
        }
    }

    static Object read(DataInput in) throws IOException {
        int tag = in.readByte();
        switch (tag) {
            case NULL:
                return null;
            case FALSE:
                return Boolean.FALSE;
            case TRUE:
                return Boolean.TRUE;
            case LONG:
                return in.readLong();
            case INT:
                return in.readInt();
            case BIG: {
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                return new BigInteger(bytes);
            }
            case DOUBLE:
                return in.readDouble();
            case STRING:
                return readString(in);
            case LIST: {
                int n = in.readInt();
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(read(in));
                }
                return list;
            }
            case MAP: {
                int n = in.readInt();
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < n; i++) {
                    Object k = read(in);
                    map.put(k, read(in));
                }
                return map;
            }
            case SET: {
                int n = in.readInt();
                Set<Object> set = new LinkedHashSet<>();
                for (int i = 0; i < n; i++) {
                    set.add(read(in));
                }
                return set;
            }
            case INVOCATION: {
                String f = readString(in);
                Object key = read(in);
                return new Invocation(f, key, read(in));
            }
            case UNKNOWN:
                return Operation.UNKNOWN;
            case OPAQUE:
                return new OpaqueValue(readString(in));
            default:
                throw new IOException("corrupt value tag " + tag);
        }
    }

    /** Strings of any length (writeUTF stops at 64 KiB). */
    static void writeString(DataOutput out, String s) throws IOException {
        byte[] bytes = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    static String readString(DataInput in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }
}
