package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OmniLink JSON reader's line-by-line fast path ({@link JsonFastLines}: one record per line, nested
 * {@code "operation"} object included) against Jackson alone: every file of the repository's test data, examples
 * and porcupine's corpus, and seeded random traces (arrays and JSON lines, brackets on lines of their own, records
 * over several lines, odd spacing, CRLF, escapes, unicode, big and fractional numbers, reserved and nested
 * parameters, duplicate fields, aborted and pending actions, trailing commas, truncated and malformed lines), read
 * both ways, give equal histories or the same error (file, line, problem).
 */
class OmniLinkFastPathTest {
    private static long fastRecords;

    private static ReadOutcome read(byte[] bytes, boolean fast) {
        long[] counts = new long[1];
        try {
            return ReadOutcome.of(() -> new ReadOutcome(
                    OmniLinkReader.read(new ByteArrayInputStream(bytes), "in.json", fast, counts).history().operations(),
                    null, null));
        } finally {
            fastRecords += counts[0];
        }
    }

    /** Reads {@code bytes} both ways and asserts the same outcome; true when it was a history. */
    private static boolean assertSame(byte[] bytes, String what) {
        ReadOutcome library = read(bytes, false);
        assertEquals(library, read(bytes, true), () -> what + ":\n" + new String(bytes, StandardCharsets.UTF_8));
        return library.error() == null;
    }

    @Test
    void everyTestFileAndExampleReadsAlikeBothWays() throws IOException {
        int histories = RepoFiles.testFilesReadAlike(OmniLinkFastPathTest::assertSame);
        assertTrue(histories >= 10, "OmniLink traces among the test files: " + histories);
    }

    @Test
    void porcupineCorpusReadsAlikeBothWays() throws IOException {
        RepoFiles.corpusReadsAlike(OmniLinkFastPathTest::assertSame);
    }

    @Test
    void seededRandomTracesReadAlikeBothWays() {
        fastRecords = 0;
        RepoFiles.randomFilesReadAlike(0x4f_4c_4aL, OmniLinkFastPathTest::randomFile, OmniLinkFastPathTest::assertSame);
        assertTrue(fastRecords > 5_000, "records read by the fast path: " + fastRecords);
    }

    private static boolean odd;

    private static String randomFile(Random r) {
        boolean array = r.nextInt(3) > 0;
        boolean bad = r.nextInt(3) == 0;
        odd = bad || r.nextInt(3) == 0;
        int threads = 1 + r.nextInt(3);
        long[] time = new long[threads];
        List<String> records = new ArrayList<>();
        int n = r.nextInt(25);
        for (int k = 0; k < n; k++) {
            int t = r.nextInt(threads);
            long start = time[t] + 1 + r.nextInt(3);
            long end = start + r.nextInt(5);
            time[t] = end;
            List<String> params = new ArrayList<>();
            int values = r.nextInt(3);
            for (int v = 0; v < values; v++) {
                params.add("\"" + pick(r, "value", "key", "x", odd ? "é" : "v") + v + "\":" + value(r, 0, bad));
            }
            boolean pending = r.nextInt(30) == 0;
            params.add("\"_op_start\":" + (bad && r.nextInt(30) == 0 ? pick(r, "-1", "1.5", "\"1\"") : start));
            if (!pending) {
                params.add("\"_op_end\":" + (bad && r.nextInt(30) == 0 ? Long.toString(start - 2) : end));
            }
            if (r.nextInt(15) == 0) {
                params.add("\"_did_abort\":" + pick(r, "true", "false", bad ? "1" : "true"));
            }
            if (r.nextInt(20) == 0) {
                params.add("\"_meta\":" + value(r, 0, bad));
            }
            if (bad && r.nextInt(30) == 0) {
                params.add("\"_unknown\":1");
            }
            Collections.shuffle(params, r);
            List<String> fields = new ArrayList<>();
            fields.add("\"thread\":" + (bad && r.nextInt(30) == 0 ? pick(r, "-1", "null", "\"0\"") : t));
            fields.add("\"operation_name\":" + pick(r, "\"read\"", "\"write\"", "\"Push\"", odd ? "\"ñ\"" : "\"Pop\"",
                    bad && r.nextInt(5) == 0 ? "\"\"" : "\"read\"", r.nextInt(20) == 0 ? "\"__TerminateThread\""
                            : "\"Put\""));
            fields.add("\"operation\":{" + String.join(r.nextInt(8) == 0 ? ", " : ",", params) + "}");
            if (r.nextInt(10) == 0) {
                fields.add("\"should_succeed\":" + pick(r, "true", "false", bad ? "0" : "true"));
            }
            if (bad && r.nextInt(30) == 0) {
                fields.add(pick(r, "\"unknown\":1", "\"op_start\":3"));
            }
            if (bad && r.nextInt(30) == 0) {
                fields.add(fields.get(r.nextInt(fields.size())));
            }
            Collections.shuffle(fields, r);
            StringBuilder o = new StringBuilder("{");
            for (int f = 0; f < fields.size(); f++) {
                o.append(f == 0 ? "" : odd && r.nextInt(15) == 0 ? ",\n  " : r.nextInt(10) == 0 ? ", " : ",")
                        .append(fields.get(f).replace("\":", r.nextInt(10) == 0 ? "\" : " : "\":"));
            }
            o.append(odd && r.nextInt(30) == 0 ? "\n}" : "}");
            String text = o.toString();
            if (bad && r.nextInt(12) == 0) {
                text = switch (r.nextInt(5)) {
                    case 0 -> text.substring(0, r.nextInt(text.length()));
                    case 1 -> text + "}";
                    case 2 -> text + " x";
                    case 3 -> text.replaceFirst(",", "");
                    default -> text.replaceFirst("\"", "");
                };
            }
            records.add(text);
        }
        StringBuilder out = new StringBuilder();
        if (r.nextInt(15) == 0) {
            out.append(pick(r, "\n", "  \n", "\t\r\n"));
        }
        if (array) {
            out.append(r.nextInt(5) == 0 ? "[\n" : r.nextInt(10) == 0 ? " [ " : "[");
        }
        for (int k = 0; k < records.size(); k++) {
            out.append(records.get(k));
            boolean last = k == records.size() - 1;
            if (array && (!last || (bad && r.nextInt(6) == 0))) {
                out.append(odd && r.nextInt(20) == 0 ? "\n," : r.nextInt(20) == 0 ? " ," : ",");
            }
            if (!last || !array || r.nextInt(3) == 0) {
                out.append(r.nextInt(15) == 0 ? "\r\n" : "\n");
            }
            if (r.nextInt(25) == 0) {
                out.append(pick(r, "\n", "  \n", "\t\n"));
            }
        }
        if (array) {
            out.append(bad && r.nextInt(8) == 0 ? "" : "]");
            if (r.nextInt(4) > 0) {
                out.append('\n');
            }
            if (bad && r.nextInt(10) == 0) {
                out.append(pick(r, "x\n", "{}\n", "]\n", "\n\n[]"));
            }
        } else if (bad && r.nextInt(15) == 0) {
            out.append(pick(r, "]\n", "[]\n", "3\n"));
        }
        return out.toString();
    }

    private static String value(Random r, int depth, boolean bad) {
        int kind = r.nextInt(depth > 2 ? 9 : 14);
        if (!odd && (kind == 6 || kind == 7 || kind == 12)) {
            kind = 8;
        }
        return switch (kind) {
            case 0, 1, 2 -> Integer.toString(r.nextInt(10));
            case 3 -> "null";
            case 4 -> pick(r, "true", "false");
            case 5 -> odd ? Long.toString(r.nextLong()) : Integer.toString(r.nextInt());
            case 6 -> pick(r, "9223372036854775807", "9223372036854775808", "99999999999999999999999", "-0", "01",
                    "1.5", "1e3", "-", "NaN", "tru", "1.0");
            case 7 -> pick(r, "\"x\"", "\"\"", "\"a b, c\"", "\"é ✓ 😀\"", "\"a\\\"b\"", "\"\\u00e9\"", "\"}\"",
                    "\"],\"", "\"[\"");
            case 8 -> pick(r, "\"read\"", "\"w\"");
            case 9, 10 -> "{\"a\":" + value(r, depth + 1, bad) + (r.nextBoolean() ? "" : ",\"b\":"
                    + value(r, depth + 1, bad)) + "}";
            case 12 -> pick(r, "{\"#set\":[1,2]}", "{\"#map\":[[1,2]]}", "{\"#edn\":\"#inst \\\"x\\\"\"}",
                    "{\"#set\":[1,1]}", "{\"#x\":1}", "{\"a\":1,\"a\":2}");
            default -> {
                int n = r.nextInt(4);
                StringBuilder v = new StringBuilder("[");
                for (int k = 0; k < n; k++) {
                    v.append(k > 0 ? pick(r, ",", ", ", " , ") : "").append(value(r, depth + 1, bad));
                }
                yield v.append("]").toString();
            }
        };
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }
}
