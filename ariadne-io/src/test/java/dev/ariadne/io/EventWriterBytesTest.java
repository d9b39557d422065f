package dev.ariadne.io;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.ariadne.core.history.History;
import dev.ariadne.core.history.HistoryBuilder;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.core.history.Values;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The event writer encodes its lines by hand (issue 26: the recorder's file cost 470–690 ns an operation through a
 * Jackson generator). Held here against Jackson itself, byte for byte, on seeded random values (unicode, control
 * characters, lone surrogates, big numbers, nested lists, sets and maps), and read back into the same history.
 */
class EventWriterBytesTest {
    private static final int SEEDS = 40;

    /** One seeded history of random events, as the writer writes it and as the events were. */
    private record Written(byte[] bytes, History expected, byte[] jackson) {
    }

    private static Written write(long seed, int events) throws IOException {
        Random r = new Random(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        JacksonEvents oracle = new JacksonEvents();
        HistoryBuilder builder = new HistoryBuilder();
        boolean[] open = new boolean[6];
        int[] ids = {0, 1, 2, 3, 4, 5}; // a client whose operation crashed goes on under a new id, as in the recorder
        int nextId = ids.length;
        long time = r.nextInt(3) == 0 ? 0 : Long.MAX_VALUE / 4 - 1_000_000L * events;
        for (int i = 0; i < events; i++) {
            int slot = r.nextInt(open.length);
            int client = ids[slot];
            time += r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(1_000_000);
            if (!open[slot]) {
                Invocation inv = new Invocation(r.nextInt(4) == 0 ? string(r) + "x" : "write",
                        r.nextBoolean() ? null : value(r, 0), r.nextInt(5) == 0 ? null : value(r, 0));
                Map<String, Object> meta = new LinkedHashMap<>();
                if (r.nextInt(3) == 0) {
                    meta.put("line", 12);
                }
                int fields = r.nextInt(4) == 0 ? 1 + r.nextInt(3) : 0;
                for (int k = 0; k < fields; k++) {
                    meta.put("m" + string(r), Values.normalize(value(r, 0))); // no reserved key: "meta" is an object
                }
                w.call(client, inv, time, meta);
                oracle.call(client, inv, time, meta);
                builder.call(client, inv, time, meta);
                open[slot] = true;
            } else {
                switch (r.nextInt(8)) {
                    case 0 -> {
                        w.crash(client, time, -1);
                        oracle.bare("crash", client, time);
                        builder.crash(client, time, -1);
                        ids[slot] = nextId++;
                    }
                    case 1 -> {
                        w.discard(client, time, -1);
                        oracle.bare("fail", client, time);
                        builder.discard(client, time, -1);
                    }
                    case 2 -> {
                        w.ret(client, Operation.UNKNOWN, time, -1);
                        oracle.ret(client, Operation.UNKNOWN, time);
                        builder.ret(client, Operation.UNKNOWN, time, -1);
                    }
                    default -> {
                        Object output = value(r, 0);
                        w.ret(client, output, time, -1);
                        oracle.ret(client, output, time);
                        builder.ret(client, Values.normalize(output), time, -1);
                    }
                }
                open[slot] = false;
            }
        }
        w.flush();
        return new Written(out.toByteArray(), builder.build(), oracle.bytes());
    }

    @Test
    void linesAreJacksonsBytesForRandomValues() throws Exception {
        for (long seed = 0; seed < SEEDS; seed++) {
            Written written = write(seed, 300);
            if (!java.util.Arrays.equals(written.jackson(), written.bytes())) {
                assertEquals(new String(written.jackson(), StandardCharsets.UTF_8),
                        new String(written.bytes(), StandardCharsets.UTF_8), "seed " + seed);
            }
            assertArrayEquals(written.jackson(), written.bytes(), "seed " + seed);
        }
    }

    @Test
    void randomHistoriesReadBackAsTheEventsThatWereWritten() throws Exception {
        for (long seed = 0; seed < SEEDS; seed++) {
            Written written = write(seed, 300);
            History read = Read.bytes(written.bytes(), Format.JSON);
            History expected = written.expected();
            assertEquals(expected.size(), read.size(), "seed " + seed);
            for (int i = 0; i < read.size(); i++) {
                Operation x = read.get(i);
                Operation y = expected.get(i);
                String at = "seed " + seed + ", operation " + i;
                assertEquals(y.client(), x.client(), at);
                assertEquals(y.input(), x.input(), at);
                assertEquals(y.outputKnown(), x.outputKnown(), at);
                if (y.outputKnown()) {
                    assertEquals(y.output(), x.output(), at);
                }
                assertEquals(y.call(), x.call(), at);
                assertEquals(y.ret(), x.ret(), at);
                Map<String, Object> meta = new LinkedHashMap<>(y.metadata());
                meta.remove("line");
                Map<String, Object> back = new LinkedHashMap<>(x.metadata());
                back.remove("line");
                assertEquals(meta, back, at);
            }
        }
    }

    /**
     * The recorder's usual lines (a client's call of the same name as its last, with no key, value or metadata, and a
     * nil return) take a shorter path in the writer: the same bytes as Jackson's, for clients inside and outside the
     * writer's per-client tables (0-255), times below and above a million, and calls that leave that path (another
     * name, a value, metadata) in between.
     */
    @Test
    void theRecordersUsualLinesAreJacksonsBytes() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        JacksonEvents oracle = new JacksonEvents();
        Invocation inc = Invocation.of("increment", null);
        Invocation other = Invocation.of("read", null);
        Invocation withValue = Invocation.of("increment", 2L);
        Map<String, Object> meta = Map.of("process", 7L);
        long time = 999_990;
        for (int round = 0; round < 4; round++) {
            for (int client : new int[] {0, 3, 255, 256, 70_000}) {
                Invocation inv = round == 2 && client == 3 ? other : round == 3 && client == 0 ? withValue : inc;
                Map<String, Object> m = round == 1 && client == 255 ? meta : Map.of();
                w.call(client, inv, time, m);
                oracle.call(client, inv, time, m);
                time += 3;
                w.ret(client, null, time, -1);
                oracle.ret(client, null, time);
                time += 3;
            }
        }
        w.flush();
        assertArrayEquals(oracle.bytes(), out.toByteArray(), () -> new String(out.toByteArray(),
                StandardCharsets.UTF_8));
        History read = Read.bytes(out.toByteArray(), Format.JSON);
        assertEquals(20, read.size());
        assertEquals(other, read.get(11).input());
        assertEquals(withValue, read.get(15).input());
        assertEquals(7L, read.get(7).metadata().get("process"));
    }

    @Test
    void theWriterAgreesWithJacksonOnEveryChar() throws Exception {
        StringBuilder all = new StringBuilder();
        for (int c = 0; c <= 0xFFFF; c++) {
            all.append((char) c); // every surrogate alone, and each high one followed by a low one at the end
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        JacksonEvents oracle = new JacksonEvents();
        Invocation inv = new Invocation("f" + all, all.toString(), List.of(all.toString()));
        Map<String, Object> meta = Map.of(all.toString(), all.toString());
        w.call(0, inv, 1, meta);
        oracle.call(0, inv, 1, meta);
        w.flush();
        assertArrayEquals(oracle.bytes(), out.toByteArray());
        assertEquals(inv, Read.bytes(out.toByteArray(), Format.JSON).get(0).input());
    }

    @Test
    void valuesNestedDeeperThanTheReadersTakeAreRefusedAndTheFileGoesOn() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        // A field's value is at depth 1 and each list adds one: 255 lists put the number at 256, the most read.
        Object deepest = nest(1L, 255);
        w.call(0, Invocation.of("write", deepest), 1, Map.of());
        for (Object tooDeep : List.<Object>of(nest(1L, 256), nest(List.of(), 256), nest(Set.of(), 255),
                nest(new OpaqueValue("#x 1"), 255), nest(Map.of(1L, 2L), 253), nest(Map.of(), 256))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> w.call(1, Invocation.of("write", tooDeep), 2, Map.of()));
            assertTrue(e.getMessage().contains("nested deeper than 256"), e.getMessage());
        }
        w.ret(0, nest(Map.of(1L, 2L), 252), 3, -1); // the #map object, its array, the pair, then the key
        w.call(1, Invocation.of("write", nest(Set.of(), 254)), 4, Map.of());
        w.ret(1, nest(new OpaqueValue("#x 1"), 254), 5, -1);
        w.flush();
        History h = Read.bytes(out.toByteArray(), Format.JSON);
        assertEquals(2, h.size());
        assertEquals(deepest, ((Invocation) h.get(0).input()).value());
        assertEquals(nest(Map.of(1L, 2L), 252), h.get(0).output());
        assertEquals(nest(new OpaqueValue("#x 1"), 254), h.get(1).output());
        assertEquals(4, w.events(), "the refused calls are not counted");
    }

    private static Object nest(Object inner, int lists) {
        Object v = inner;
        for (int i = 0; i < lists; i++) {
            v = List.of(v);
        }
        return v;
    }

    @Test
    void aLineLongerThanTheReadersTakeIsRefusedAndTheFileGoesOn() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        w.call(0, Invocation.of("write", 1L), 1, Map.of());
        // 11.2 M control characters: 6 bytes each once escaped, over 64 MiB
        String huge = "\u0001".repeat((Lines.MAX_LINE_BYTES / 6) + 16);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.ret(0, huge, 2, -1));
        assertTrue(e.getMessage().contains("64 MiB"), e.getMessage());
        w.ret(0, "ok", 3, -1);
        w.flush();
        History h = Read.bytes(out.toByteArray(), Format.JSON);
        assertEquals(1, h.size());
        assertEquals("ok", h.get(0).output());
        assertEquals(3, h.get(0).ret());
    }

    @Test
    void aFullBufferWritesOnlyWholeLinesBeforeAnyFlush() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out);
        int calls = 0;
        while (out.size() == 0) {
            w.call(calls, Invocation.of("write", "v".repeat(calls % 100)), calls, Map.of());
            calls++;
        }
        assertTrue(out.size() > JsonLinesWriter.EventWriter.WRITE_OUT_BYTES);
        byte[] early = out.toByteArray();
        assertEquals('\n', early[early.length - 1], "only whole lines");
        assertEquals(calls, Read.bytes(early, Format.JSON).size());
    }

    // ---- random plain data ----

    private static Object value(Random r, int depth) {
        int kind = r.nextInt(depth > 3 ? 9 : 14);
        return switch (kind) {
            case 0 -> null;
            case 1 -> r.nextBoolean();
            case 2 -> r.nextLong();
            case 3 -> (long) r.nextInt(100) - 50;
            case 4 -> r.nextInt(3) == 0 ? Long.MIN_VALUE : r.nextInt(3) == 0 ? Long.MAX_VALUE : r.nextInt();
            case 5 -> new BigInteger(64 + r.nextInt(200), r).multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1));
            case 6 -> switch (r.nextInt(4)) {
                case 0 -> r.nextDouble() * Math.pow(10, r.nextInt(60) - 30);
                case 1 -> Double.longBitsToDouble(r.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL);
                case 2 -> -0.0;
                default -> (double) r.nextInt(1000);
            };
            case 7, 8 -> string(r);
            case 9 -> new OpaqueValue(string(r));
            case 10 -> {
                List<Object> l = new ArrayList<>();
                for (int i = r.nextInt(5); i > 0; i--) {
                    l.add(value(r, depth + 1));
                }
                yield r.nextBoolean() ? l : Collections.unmodifiableList(l);
            }
            case 11 -> {
                Set<Object> s = new LinkedHashSet<>();
                for (int i = r.nextInt(5); i > 0; i--) {
                    s.add(value(r, depth + 1));
                }
                yield s;
            }
            case 12 -> {
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int i = r.nextInt(4); i > 0; i--) {
                    Object key = r.nextInt(4) == 0 ? value(r, depth + 1) : string(r);
                    m.put(key, value(r, depth + 1));
                }
                yield m;
            }
            default -> {
                // a plain map that looks like a reserved object: written as {"#map": ...} so it reads back as a map
                String reserved = List.of(JsonValues.SET, JsonValues.MAP, JsonValues.EDN).get(r.nextInt(3));
                yield Map.of(reserved, r.nextBoolean() ? List.of(1L) : string(r));
            }
        };
    }

    private static String string(Random r) {
        StringBuilder b = new StringBuilder();
        for (int i = r.nextInt(12); i > 0; i--) {
            switch (r.nextInt(8)) {
                case 0 -> b.append((char) r.nextInt(0x20)); // control characters
                case 1 -> b.append("\"\\/\u007f".charAt(r.nextInt(4)));
                case 2 -> b.append((char) (0x80 + r.nextInt(0x780))); // two bytes of UTF-8
                case 3 -> b.append((char) (0x800 + r.nextInt(0xD800 - 0x800))); // three
                case 4 -> b.append((char) (0xD800 + r.nextInt(0x800))); // a lone surrogate
                case 5 -> b.appendCodePoint(0x10000 + r.nextInt(0x100000)); // a pair
                case 6 -> b.append((char) (0xE000 + r.nextInt(0x2000)));
                default -> b.append((char) (0x20 + r.nextInt(0x5F)));
            }
        }
        return b.toString();
    }

    /** The event writer as it was, through a Jackson generator (issue 26's "before"): the oracle of the bytes. */
    private static final class JacksonEvents {
        private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        private final JsonGenerator g;

        JacksonEvents() throws IOException {
            g = JsonValues.FACTORY.createGenerator(buffer);
            g.setRootValueSeparator(null);
        }

        void call(int client, Invocation inv, long time, Map<String, Object> metadata) throws IOException {
            start("call", client);
            g.writeStringField("f", inv.f());
            if (inv.key() != null) {
                g.writeFieldName("key");
                JsonLinesWriter.value(g, inv.key());
            }
            if (inv.value() != null) {
                g.writeFieldName("value");
                JsonLinesWriter.value(g, inv.value());
            }
            if (metadata.size() > (metadata.containsKey("line") ? 1 : 0)) {
                g.writeObjectFieldStart("meta");
                for (Map.Entry<String, Object> e : metadata.entrySet()) {
                    if (!e.getKey().equals("line")) {
                        g.writeFieldName(e.getKey());
                        JsonLinesWriter.value(g, e.getValue());
                    }
                }
                g.writeEndObject();
            }
            end(time);
        }

        void ret(int client, Object output, long time) throws IOException {
            start("return", client);
            if (output != Operation.UNKNOWN) {
                g.writeFieldName("output");
                JsonLinesWriter.value(g, output);
            }
            end(time);
        }

        void bare(String type, int client, long time) throws IOException {
            start(type, client);
            end(time);
        }

        private void start(String type, int client) throws IOException {
            g.writeStartObject();
            g.writeStringField("type", type);
            g.writeNumberField("client", client);
        }

        private void end(long time) throws IOException {
            g.writeNumberField("time", time);
            g.writeEndObject();
            g.writeRaw('\n');
        }

        byte[] bytes() throws IOException {
            g.flush();
            return buffer.toByteArray();
        }
    }
}
