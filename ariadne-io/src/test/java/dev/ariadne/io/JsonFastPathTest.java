package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The native reader's own tokenizer ({@link JsonFastObject}) against Jackson alone: every file of the repository's
 * test data, examples and porcupine's corpus, and seeded random files (odd spacing, escapes, unicode, big and
 * fractional numbers, nested values, duplicate fields, both forms, malformed lines), read both ways, give equal
 * histories or the same error (file, line, problem); and every line the tokenizer takes, Jackson reads to the same
 * fields.
 */
class JsonFastPathTest {
    private static ReadOutcome read(byte[] bytes, boolean fast) {
        return ReadOutcome.of(() -> {
            ReadResult r = JsonLinesReader.read(new Lines(new ByteArrayInputStream(bytes), "in.jsonl"), fast);
            return new ReadOutcome(r.history().operations(), r.nilRead(), null);
        });
    }

    private static int taken;

    /** Both readings agree, and so does each line the tokenizer takes; true when the file was a history. */
    private static boolean assertSame(byte[] bytes, String what) {
        ReadOutcome library = read(bytes, false);
        assertEquals(library, read(bytes, true), () -> what + ":\n" + new String(bytes, StandardCharsets.UTF_8));
        for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
            byte[] b = line.getBytes(StandardCharsets.UTF_8);
            if (b.length != line.length()) {
                continue; // not ASCII: never given to the tokenizer
            }
            Map<String, Object> fast = new JsonFastObject().parse(b, 0, b.length);
            if (fast != null) {
                taken++;
                Map<String, Object> jackson;
                try {
                    jackson = JsonValues.object(line);
                } catch (BadValue e) {
                    throw new AssertionError("the tokenizer took a line Jackson rejects (" + e.getMessage() + "): "
                            + line);
                }
                assertEquals(jackson, fast, line);
                assertEquals(List.copyOf(jackson.keySet()), List.copyOf(fast.keySet()), line);
            }
        }
        return library.error() == null;
    }


    @Test
    void everyTestFileAndExampleReadsAlikeBothWays() throws IOException {
        int histories = RepoFiles.testFilesReadAlike(JsonFastPathTest::assertSame);
        assertTrue(histories >= 2, "native histories among the test files: " + histories);
    }

    @Test
    void porcupineCorpusReadsAlikeBothWays() throws IOException {
        RepoFiles.corpusReadsAlike(JsonFastPathTest::assertSame);
    }

    @Test
    void seededRandomFilesReadAlikeBothWays() {
        taken = 0;
        RepoFiles.randomFilesReadAlike(0x4a_53_4fL, JsonFastPathTest::randomFile, JsonFastPathTest::assertSame);
        assertTrue(taken > 5_000, "lines the tokenizer took: " + taken);
    }

    private static String randomFile(Random r) {
        StringBuilder out = new StringBuilder();
        boolean events = r.nextBoolean();
        boolean bad = r.nextInt(3) == 0;
        if (r.nextInt(10) == 0) {
            out.append(pick(r, "{\"conventions\": {\"nil-read\": \"unknown\"}}", "{\"conventions\":{}}")).append('\n');
        }
        int clients = 1 + r.nextInt(3);
        boolean[] open = new boolean[clients];
        boolean[] crashed = new boolean[clients];
        boolean timed = r.nextBoolean();
        long time = 0;
        int lines = 1 + r.nextInt(30);
        for (int l = 0; l < lines; l++) {
            List<String> fields = new ArrayList<>();
            int c = r.nextInt(clients);
            if (crashed[c]) {
                continue;
            }
            time += 1 + r.nextInt(5);
            if (events) {
                if (!open[c]) {
                    fields.add("\"type\":\"call\"");
                    fields.add("\"f\":" + pick(r, "\"read\"", "\"write\"", "\"cas\"", "\"é\""));
                    if (r.nextInt(3) > 0) {
                        fields.add("\"value\":" + value(r, 0, bad));
                    }
                    if (r.nextInt(5) == 0) {
                        fields.add("\"key\":" + value(r, 0, bad));
                    }
                    open[c] = true;
                } else {
                    String type = r.nextInt(6) == 0 ? pick(r, "crash", "fail") : "return";
                    fields.add("\"type\":\"" + type + "\"");
                    if (type.equals("return") && r.nextInt(3) > 0) {
                        fields.add("\"output\":" + value(r, 0, bad));
                    }
                    open[c] = false;
                    crashed[c] = type.equals("crash");
                }
                if (timed || (bad && r.nextInt(20) == 0)) {
                    fields.add("\"time\":" + time);
                }
            } else {
                fields.add("\"call\":" + time);
                if (r.nextInt(8) > 0) {
                    time += r.nextInt(10);
                    fields.add("\"return\":" + time);
                    if (r.nextBoolean()) {
                        fields.add("\"output\":" + value(r, 0, bad));
                    }
                }
                fields.add("\"f\":" + pick(r, "\"read\"", "\"write\"", "\"cas\"", "\"a b\""));
                if (r.nextBoolean()) {
                    fields.add("\"value\":" + value(r, 0, bad));
                }
                if (r.nextInt(10) == 0) {
                    fields.add("\"meta\":" + pick(r, "{\"a\":1}", "{}", "1", "{\"line\":2}"));
                }
            }
            fields.add("\"client\":" + (bad && r.nextInt(20) == 0 ? pick(r, "-1", "1.0", "\"0\"", "2147483648")
                    : Integer.toString(c)));
            if (bad && r.nextInt(20) == 0) {
                fields.add(fields.get(r.nextInt(fields.size())));
            }
            if (bad && r.nextInt(30) == 0) {
                fields.add("\"unknown\":1");
            }
            Collections.shuffle(fields, r);
            StringBuilder line = new StringBuilder(r.nextInt(20) == 0 ? " {" : "{");
            for (int k = 0; k < fields.size(); k++) {
                line.append(k == 0 ? "" : pick(r, ",", ", ", " ,", ",\t", ",")).append(fields.get(k)
                        .replace(":", r.nextInt(8) == 0 ? " : " : ":"));
            }
            line.append(r.nextInt(20) == 0 ? " }" : "}");
            String text = line.toString();
            if (bad && r.nextInt(10) == 0) {
                text = switch (r.nextInt(5)) {
                    case 0 -> text.substring(0, r.nextInt(text.length()));
                    case 1 -> text + "}";
                    case 2 -> text + " x";
                    case 3 -> text.replaceFirst(",", "");
                    default -> text.replaceFirst("\"", "");
                };
            }
            out.append(text).append(r.nextInt(20) == 0 ? "\r\n" : "\n");
            if (r.nextInt(20) == 0) {
                out.append(pick(r, "\n", "  \n", "\t\n"));
            }
        }
        return out.toString();
    }

    private static String value(Random r, int depth, boolean bad) {
        int kind = r.nextInt(depth > 2 ? 9 : 14);
        if (!bad && kind == 6 && r.nextBoolean()) {
            kind = 0;
        }
        return switch (kind) {
            case 0, 1, 2 -> Integer.toString(r.nextInt(10));
            case 3 -> "null";
            case 4 -> pick(r, "true", "false");
            case 5 -> Long.toString(r.nextLong());
            case 6 -> pick(r, "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                    "123456789012345678", "1234567890123456789", "99999999999999999999999", "0", "-0", "01", "1.5",
                    "1e3", "1E-2", "-", "+1", "0x1f", "NaN", "tru", "nul", "1.0");
            case 7 -> pick(r, "\"x\"", "\"\"", "\"a b, c\"", "\"é ✓ 😀\"", "\"a\\\"b\"", "\"a\\nb\"", "\"\\u00e9\"",
                    "\"}\"", "\"a\\\\\"", "\"\\ud800\"", "\"[\"");
            case 8 -> pick(r, "\"read\"", "\"w\"");
            case 9 -> "{\"#set\":[" + value(r, depth + 1, bad) + "]}";
            case 10 -> "{\"a\":" + value(r, depth + 1, bad) + "}";
            default -> {
                int n = r.nextInt(4);
                StringBuilder v = new StringBuilder("[");
                for (int k = 0; k < n; k++) {
                    v.append(k > 0 ? pick(r, ",", ", ", " , ") : r.nextInt(10) == 0 ? " " : "")
                            .append(value(r, depth + 1, bad));
                }
                yield v.append(r.nextInt(10) == 0 ? " ]" : "]").toString();
            }
        };
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }
}
