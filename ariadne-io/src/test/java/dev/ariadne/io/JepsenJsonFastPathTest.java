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
 * The Jepsen JSON reader's line-by-line fast path (one operation object per line, read by {@link JsonFastObject},
 * Jackson taking over at the first line of another shape) against Jackson alone: every file of the repository's
 * test data, examples and porcupine's corpus, and seeded random files (arrays and JSON lines, brackets on lines of
 * their own, objects over several lines, odd spacing, CRLF, escapes, unicode, big and fractional numbers, nested
 * values, duplicate fields, nemesis events, trailing commas, truncated and malformed lines), read both ways, give
 * equal histories and annotations or the same error (file, line, problem).
 */
class JepsenJsonFastPathTest {
    private static long fastObjects;
    private static long libraryObjects;

    private static ReadOutcome read(byte[] bytes, boolean fast, boolean newClientAfterInfo) {
        JepsenOps ops = new JepsenOps("in.json", newClientAfterInfo, ReadOptions.FailedCas.ABSENT);
        return ReadOutcome.of(() -> {
            long[] n = JepsenJsonReader.read(new ByteArrayInputStream(bytes), "in.json", ops, fast);
            if (fast) {
                fastObjects += n[1];
                libraryObjects += n[0] - n[1];
            }
            return new ReadOutcome(ops.build().operations(), ops.annotations(), null);
        });
    }

    /** Reads {@code bytes} both ways and asserts the same outcome; true when it was a history. */
    private static boolean assertSame(byte[] bytes, String what) {
        boolean history = false;
        for (boolean nci : new boolean[]{false, true}) {
            ReadOutcome library = read(bytes, false, nci);
            ReadOutcome fast = read(bytes, true, nci);
            assertEquals(library, fast, () -> what + ":\n" + new String(bytes, StandardCharsets.UTF_8));
            history |= library.error() == null;
        }
        return history;
    }

    @Test
    void everyTestFileAndExampleReadsAlikeBothWays() throws IOException {
        int histories = RepoFiles.testFilesReadAlike(JepsenJsonFastPathTest::assertSame);
        assertTrue(histories >= 1, "Jepsen JSON histories among them: " + histories);
    }

    @Test
    void porcupineCorpusReadsAlikeBothWays() throws IOException {
        RepoFiles.corpusReadsAlike(JepsenJsonFastPathTest::assertSame);
    }

    @Test
    void seededRandomFilesReadAlikeBothWays() {
        fastObjects = 0;
        libraryObjects = 0;
        RepoFiles.randomFilesReadAlike(0x4a_4a_53L, JepsenJsonFastPathTest::randomFile,
                JepsenJsonFastPathTest::assertSame);
        assertTrue(fastObjects > 5_000 && libraryObjects > 1_000, "objects read by the fast path: " + fastObjects
                + ", by Jackson: " + libraryObjects);
    }

    private static String randomFile(Random r) {
        boolean array = r.nextInt(4) > 0;
        boolean bad = r.nextInt(3) == 0;
        // most files of the common shape (the fast path reads them to the end), the others with odd lines anywhere
        odd = bad || r.nextInt(3) == 0;
        List<String> objects = new ArrayList<>();
        int processes = 1 + r.nextInt(3);
        int[] id = new int[processes];
        for (int p = 0; p < processes; p++) {
            id[p] = p;
        }
        int next = processes;
        String[] open = new String[processes];
        long time = 0;
        int n = r.nextInt(25);
        for (int k = 0; k < n; k++) {
            List<String> fields = new ArrayList<>();
            time += 1 + r.nextInt(5);
            if (r.nextInt(12) == 0) {
                fields.add("\"process\":" + pick(r, "\"nemesis\"", "\"nemesis\"", odd ? "\"né\"" : "\"nemesis\""));
                fields.add("\"type\":\"info\"");
                fields.add("\"f\":" + pick(r, "\"start\"", "\"stop\""));
                fields.add("\"value\":" + value(r, 0, bad));
            } else {
                int p = r.nextInt(processes);
                String type = open[p] == null ? "invoke" : pick(r, "ok", "ok", "ok", "fail", "info");
                String f = open[p] != null ? open[p] : pick(r, "\"read\"", "\"write\"", "\"cas\"", odd ? "\"é\"" : "\"cas\"",
                        bad && r.nextInt(5) == 0 ? "\"\"" : "\"read\"");
                open[p] = type.equals("invoke") ? f : null;
                fields.add("\"process\":" + (bad && r.nextInt(25) == 0 ? pick(r, "-1", "1.0", "null", "2147483648")
                        : Integer.toString(id[p])));
                if (type.equals("info")) {
                    id[p] = next++; // a crashed process does not come back
                }
                fields.add("\"type\":\"" + (bad && r.nextInt(30) == 0 ? "okay" : type) + "\"");
                fields.add("\"f\":" + f);
                if (r.nextInt(5) > 0) {
                    fields.add("\"value\":" + value(r, 0, bad));
                }
                if (r.nextInt(3) > 0) {
                    fields.add("\"time\":" + time);
                }
                if (r.nextInt(4) == 0) {
                    fields.add("\"index\":" + k);
                }
            }
            if (bad && r.nextInt(25) == 0) {
                fields.remove(r.nextInt(fields.size()));
            }
            if (bad && r.nextInt(25) == 0) {
                fields.add(fields.get(r.nextInt(fields.size())));
            }
            Collections.shuffle(fields, r);
            StringBuilder o = new StringBuilder("{");
            String comma = r.nextInt(10) == 0 ? ", " : ",";
            for (int f = 0; f < fields.size(); f++) {
                o.append(f == 0 ? "" : odd && r.nextInt(15) == 0 ? ",\n  " : comma).append(fields.get(f)
                        .replace("\":", r.nextInt(10) == 0 ? "\" : " : "\":"));
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
            objects.add(text);
        }
        StringBuilder out = new StringBuilder();
        if (r.nextInt(15) == 0) {
            out.append(pick(r, "\n", "  \n", "\t\r\n"));
        }
        if (array) {
            out.append(r.nextInt(5) == 0 ? "[\n" : r.nextInt(10) == 0 ? " [ " : "[");
        }
        for (int k = 0; k < objects.size(); k++) {
            out.append(objects.get(k));
            boolean last = k == objects.size() - 1;
            if (array) {
                if (!last || (bad && r.nextInt(6) == 0)) {
                    out.append(odd && r.nextInt(20) == 0 ? "\n," : r.nextInt(20) == 0 ? " ," : ",");
                }
            } else if (r.nextInt(30) == 0) {
                out.append(' ');
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
        }
        return out.toString();
    }

    private static boolean odd;

    private static String value(Random r, int depth, boolean bad) {
        int kind = r.nextInt(depth > 2 ? 9 : 13);
        if (!odd && (kind == 6 || kind == 7 || kind == 9)) {
            kind = 8;
        }
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
                    "1e3", "-", "+1", "NaN", "tru", "nul", "1.0");
            case 7 -> pick(r, "\"x\"", "\"\"", "\"a b, c\"", "\"é ✓ 😀\"", "\"a\\\"b\"", "\"a\\nb\"", "\"\\u00e9\"",
                    "\"}\"", "\"],\"", "\"a\\\\\"", "\"[\"");
            case 8 -> pick(r, "\"read\"", "\"w\"");
            case 9 -> "{\"a\":" + value(r, depth + 1, bad) + "}";
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
