package dev.ariadne.io;

import dev.ariadne.core.history.Values;
import org.msgpack.core.MessageFormat;
import org.msgpack.core.MessageInsufficientBufferException;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessageNeverUsedFormatException;
import org.msgpack.core.MessagePackException;
import org.msgpack.core.MessageSizeException;
import org.msgpack.core.MessageUnpacker;
import org.msgpack.value.ValueType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MessagePack values read one at a time from a stream with msgpack-core's unpacker, as plain data: nil, booleans,
 * integers ({@link Long}, or {@link java.math.BigInteger} above 2^63-1), floats ({@link Double}), strings, arrays
 * ({@link List}) and maps ({@link Map}, whose keys may be any value; a map with the single key {@code "#set"} is a
 * set, as in the native JSON format). Lengths are never trusted: strings are read in chunks, so a header claiming
 * 4 GiB in a small file is "truncated", not an allocation. Errors carry the byte offset where the value starts.
 */
final class MsgpackStream {
    /** Longest string accepted, in bytes, as in every format. */
    static final int MAX_STRING_BYTES = Limits.MAX_STRING_BYTES;

    private final MessageUnpacker unpacker;
    private final String source;
    private final byte[] chunk = new byte[8192];
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    /** Short ASCII strings seen so far (field and action names). */
    private final FastTokens.Names names = new FastTokens.Names();
    /** Where the innermost value being read starts: errors point there. */
    private long valueStart;

    MsgpackStream(InputStream in, String source) {
        this.unpacker = MessagePack.newDefaultUnpacker(in);
        this.source = source;
    }

    /** The number of bytes consumed so far: the offset of the next value. */
    long offset() {
        return unpacker.getTotalReadBytes();
    }

    /** Whether another value follows. */
    boolean hasNext() throws IOException {
        return unpacker.hasNext();
    }

    /** Whether the next value is an array (a whole trace as one array of records). */
    boolean nextIsArray() throws IOException, InvalidInputException {
        try {
            return unpacker.getNextFormat().getValueType() == ValueType.ARRAY;
        } catch (MessagePackException e) {
            throw error(-1, e);
        }
    }

    /** The header of an array that {@link #nextIsArray()} announced: its claimed length. */
    long arrayHeader() throws IOException, InvalidInputException {
        try {
            return unpacker.unpackArrayHeader() & 0xffffffffL;
        } catch (MessagePackException e) {
            throw error(-1, e);
        }
    }

    /** The next value as plain data. */
    Object value() throws IOException, InvalidInputException {
        long at = offset();
        try {
            return value(1);
        } catch (MessagePackException e) {
            throw error(at, e);
        } catch (BadValue e) {
            throw InvalidInputException.atByte(source, valueStart, e.getMessage() + within(at));
        }
    }

    private Object value(int depth) throws IOException, BadValue {
        if (depth > JsonValues.MAX_DEPTH) {
            throw new BadValue("values nested deeper than " + JsonValues.MAX_DEPTH + " levels");
        }
        valueStart = offset();
        MessageFormat format = unpacker.getNextFormat();
        if (format == MessageFormat.NEVER_USED) {
            throw new BadValue("invalid MessagePack: byte 0xc1 starts no value (it is never used)");
        }
        switch (format.getValueType()) {
            case NIL:
                unpacker.unpackNil();
                return null;
            case BOOLEAN:
                return unpacker.unpackBoolean();
            case INTEGER:
                return format == MessageFormat.UINT64 ? Values.normalizeNumber(unpacker.unpackBigInteger())
                        : (Object) unpacker.unpackLong();
            case FLOAT: {
                double d = unpacker.unpackDouble();
                if (!Double.isFinite(d)) {
                    throw new BadValue("number " + d + " is out of range");
                }
                return d;
            }
            case STRING:
                return string(unpacker.unpackRawStringHeader());
            case ARRAY: {
                long n = unpacker.unpackArrayHeader() & 0xffffffffL;
                List<Object> list = new ArrayList<>((int) Math.min(n, 16));
                for (long i = 0; i < n; i++) {
                    list.add(value(depth + 1));
                }
                return Collections.unmodifiableList(list);
            }
            case MAP: {
                long n = unpacker.unpackMapHeader() & 0xffffffffL;
                Map<Object, Object> map = new LinkedHashMap<>();
                for (long i = 0; i < n; i++) {
                    Object key = value(depth + 1);
                    if (map.containsKey(key)) {
                        throw new BadValue("map holds the key " + Text.show(key) + " twice");
                    }
                    map.put(key, value(depth + 1));
                }
                if (map.size() == 1 && map.get(JsonValues.SET) instanceof List<?> elements) {
                    return JsonValues.set(elements);
                }
                return Collections.unmodifiableMap(map);
            }
            case BINARY:
                throw new BadValue("binary data (MessagePack bin) is not a history value (expected nil, booleans, "
                        + "integers, floats, strings, arrays or maps)");
            default:
                throw new BadValue("a MessagePack extension value (type " + format + ") is not a history value "
                        + "(expected nil, booleans, integers, floats, strings, arrays or maps)");
        }
    }

    private String string(int length) throws IOException, BadValue {
        if (length > MAX_STRING_BYTES) {
            throw new BadValue(Limits.tooLong(length & 0xffffffffL, true) + "; is this a trace file?");
        }
        if (length <= chunk.length) {
            // the common case, a short string (a field name, an action's name): read in one piece, and when it is
            // ASCII (valid UTF-8 that decodes to the same characters) made without a decoder; names come back
            // on every record, so they are made once
            unpacker.readPayload(chunk, 0, length);
            for (int k = 0; k < length; k++) {
                if (chunk[k] < 0) {
                    return decode(ByteBuffer.wrap(chunk, 0, length));
                }
            }
            return length <= 16 ? names.of(chunk, 0, length)
                    : new String(chunk, 0, length, StandardCharsets.ISO_8859_1);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(Math.min(length, chunk.length));
        int left = length;
        while (left > 0) {
            int n = Math.min(left, chunk.length);
            unpacker.readPayload(chunk, 0, n);
            bytes.write(chunk, 0, n);
            left -= n;
        }
        return decode(ByteBuffer.wrap(bytes.toByteArray()));
    }

    /** The UTF-8 string in {@code bytes}, strictly decoded. */
    private String decode(ByteBuffer bytes) throws BadValue {
        try {
            return decoder.reset().decode(bytes).toString();
        } catch (CharacterCodingException e) {
            throw new BadValue("invalid UTF-8 in a string: MessagePack strings are UTF-8");
        }
    }

    /** Where the value being read sits in the record that starts at {@code record}, if elsewhere. */
    private String within(long record) {
        return valueStart == record ? "" : " (in the record starting at byte " + record + ")";
    }

    private InvalidInputException error(long record, MessagePackException e) {
        long at = record < 0 ? offset() : valueStart;
        String problem;
        if (e instanceof MessageInsufficientBufferException) {
            problem = "truncated MessagePack: the input ends (at byte " + offset() + ") inside the value that starts "
                    + "here";
        } else if (e instanceof MessageNeverUsedFormatException) {
            problem = "invalid MessagePack: byte 0xc1 starts no value (it is never used)";
        } else if (e instanceof MessageSizeException) {
            problem = "invalid MessagePack: a string or binary claims a length of 2 GiB or more";
        } else {
            String m = e.getMessage();
            problem = "invalid MessagePack" + (m == null ? "" : ": " + Text.cut(m.replaceAll("\\s+", " ")));
        }
        return InvalidInputException.atByte(source, at, problem + (record < 0 ? "" : within(record)));
    }
}
