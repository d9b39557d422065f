package dev.ariadne.core.online;

import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The value encoding of an {@link OnlineChecker} snapshot: a tag byte, then the value. It covers the plain data a
 * history holds ({@link Invocation}'s Javadoc lists it) and the unknown output; anything else cannot be snapshotted,
 * said by name, rather than written through Java serialization (whose form is the classes' internals).
 */
final class SnapshotCodec {
    private static final int NULL = 0;
    private static final int UNKNOWN = 1;
    private static final int LONG = 2;
    private static final int INTEGER = 3;
    private static final int STRING = 4;
    private static final int TRUE = 5;
    private static final int FALSE = 6;
    private static final int DOUBLE = 7;
    private static final int BIG = 8;
    private static final int LIST = 9;
    private static final int SET = 10;
    private static final int MAP = 11;
    private static final int INVOCATION = 12;
    /** Deeper values are refused: a snapshot read back must not overflow the stack. */
    private static final int MAX_DEPTH = 256;

    private SnapshotCodec() {
    }

    static void write(DataOutputStream out, Object v) throws IOException {
        write(out, v, 0);
    }

    private static void write(DataOutputStream out, Object v, int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("cannot snapshot a value nested more than " + MAX_DEPTH + " deep");
        }
        if (v == null) {
            out.writeByte(NULL);
        } else if (v == Operation.UNKNOWN) {
            out.writeByte(UNKNOWN);
        } else if (v instanceof Long l) {
            out.writeByte(LONG);
            writeVarLong(out, l);
        } else if (v instanceof Integer i) {
            out.writeByte(INTEGER);
            writeVarLong(out, i);
        } else if (v instanceof String s) {
            out.writeByte(STRING);
            writeString(out, s);
        } else if (v instanceof Boolean b) {
            out.writeByte(b ? TRUE : FALSE);
        } else if (v instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (v instanceof BigInteger b) {
            out.writeByte(BIG);
            byte[] bytes = b.toByteArray();
            writeVarLong(out, bytes.length);
            out.write(bytes);
        } else if (v instanceof Invocation inv) {
            out.writeByte(INVOCATION);
            writeString(out, inv.f());
            write(out, inv.key(), depth + 1);
            write(out, inv.value(), depth + 1);
        } else if (v instanceof List<?> list) {
            out.writeByte(LIST);
            writeVarLong(out, list.size());
            for (Object e : list) {
                write(out, e, depth + 1);
            }
        } else if (v instanceof Set<?> set) {
            out.writeByte(SET);
            writeVarLong(out, set.size());
            for (Object e : set) {
                write(out, e, depth + 1);
            }
        } else if (v instanceof Map<?, ?> map) {
            out.writeByte(MAP);
            writeVarLong(out, map.size());
            for (Map.Entry<?, ?> e : map.entrySet()) {
                write(out, e.getKey(), depth + 1);
                write(out, e.getValue(), depth + 1);
            }
        } else {
            throw new IllegalArgumentException("cannot snapshot a value of type " + v.getClass().getName()
                    + " (a snapshot holds null, numbers, strings, booleans, lists, sets, maps and invocations)");
        }
    }

    static Object read(DataInputStream in) throws IOException {
        return read(in, 0);
    }

    private static Object read(DataInputStream in, int depth) throws IOException {
        if (depth > MAX_DEPTH) {
            throw new OnlineSnapshotException("values nested more than " + MAX_DEPTH + " deep");
        }
        int tag = in.readUnsignedByte();
        switch (tag) {
            case NULL:
                return null;
            case UNKNOWN:
                return Operation.UNKNOWN;
            case LONG:
                return readVarLong(in);
            case INTEGER:
                return (int) readVarLong(in);
            case STRING:
                return readString(in);
            case TRUE:
                return Boolean.TRUE;
            case FALSE:
                return Boolean.FALSE;
            case DOUBLE:
                return in.readDouble();
            case BIG: {
                byte[] bytes = new byte[count(in)];
                in.readFully(bytes);
                return new BigInteger(bytes);
            }
            case INVOCATION: {
                String f = readString(in);
                Object key = read(in, depth + 1);
                return new Invocation(f, key, read(in, depth + 1));
            }
            case LIST: {
                int size = count(in);
                List<Object> list = new ArrayList<>(Math.min(size, 1024));
                for (int i = 0; i < size; i++) {
                    list.add(read(in, depth + 1));
                }
                return java.util.Collections.unmodifiableList(list);
            }
            case SET: {
                int size = count(in);
                Set<Object> set = new LinkedHashSet<>();
                for (int i = 0; i < size; i++) {
                    set.add(read(in, depth + 1));
                }
                return java.util.Collections.unmodifiableSet(set);
            }
            case MAP: {
                int size = count(in);
                Map<Object, Object> map = new LinkedHashMap<>();
                for (int i = 0; i < size; i++) {
                    Object k = read(in, depth + 1);
                    map.put(k, read(in, depth + 1));
                }
                return java.util.Collections.unmodifiableMap(map);
            }
            default:
                throw new OnlineSnapshotException("unknown value tag " + tag);
        }
    }

    /** UTF-8 with its length first (DataOutput's writeUTF refuses strings past 65,535 bytes). */
    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        writeVarLong(out, bytes.length);
        out.write(bytes);
    }

    static String readString(DataInputStream in) throws IOException {
        byte[] bytes = new byte[count(in)];
        in.readFully(bytes);
        return new String(bytes, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A size or count read back: never negative nor absurd (a corrupted snapshot must not allocate without end). */
    static int count(DataInputStream in) throws IOException {
        long v = readVarLong(in);
        if (v < 0 || v > Integer.MAX_VALUE - 8) {
            throw new OnlineSnapshotException("a count of " + v);
        }
        return (int) v;
    }

    /** Zig-zag, then 7 bits a byte: small numbers of either sign take one byte. */
    static void writeVarLong(DataOutputStream out, long v) throws IOException {
        long z = (v << 1) ^ (v >> 63);
        while ((z & ~0x7FL) != 0) {
            out.writeByte((int) (z & 0x7F) | 0x80);
            z >>>= 7;
        }
        out.writeByte((int) z);
    }

    static long readVarLong(DataInputStream in) throws IOException {
        long z = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            int b = in.readUnsignedByte();
            z |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return (z >>> 1) ^ -(z & 1);
            }
        }
        throw new OnlineSnapshotException("a number longer than 64 bits");
    }
}
