package dev.ariadne.io;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The EDN reader's own tokenizer ({@link EdnFastMap}) against edn-java alone: every file of the repository's test
 * data, examples and porcupine's corpus, and seeded random files (odd spacing, comments, escapes, unicode, big
 * numbers, tagged values, nested maps, {@code :fail}/{@code :info} records, nemesis events, maps over several
 * lines, malformed maps), read both ways, give equal histories and annotations, or the same error (file, line,
 * problem).
 */
class EdnFastPathTest {
    /** What a reading gives: the history and annotations, or the error's message. */
    /** Maps read by the fast path, and by edn-java, in all readings with the fast path on. */
    private static long fastMaps;
    private static long libraryMaps;
    /** Of {@link #fastMaps}, those read by {@link EdnJepsenLine}. */
    private static long commonMaps;

    static ReadOutcome read(byte[] bytes, boolean fast, boolean newClientAfterInfo) {
        return read(new ByteArrayInputStream(bytes), fast, newClientAfterInfo);
    }

    static ReadOutcome read(InputStream in, boolean fast, boolean newClientAfterInfo) {
        return read(in, fast, fast, newClientAfterInfo);
    }

    /** A reading by edn-java alone, by {@link EdnFastMap} then edn-java, or by all three ({@code common}). */
    static ReadOutcome read(InputStream in, boolean fast, boolean common, boolean newClientAfterInfo) {
        JepsenOps ops = new JepsenOps("in.edn", newClientAfterInfo, ReadOptions.FailedCas.ABSENT);
        return ReadOutcome.of(() -> {
            long[] n = EdnReader.read(new Lines(in, "in.edn"), ops, fast, common);
            if (fast && common) {
                fastMaps += n[1];
                libraryMaps += n[0] - n[1];
                commonMaps += n[2];
            }
            return new ReadOutcome(ops.build().operations(), ops.annotations(), null);
        });
    }

    /**
     * Reads {@code bytes} by edn-java alone, by {@link EdnFastMap} and edn-java, and by all three readers, and
     * asserts the same outcome; true when it was a history.
     */
    static boolean assertSame(byte[] bytes, String what) {
        boolean history = false;
        for (boolean nci : new boolean[]{false, true}) {
            ReadOutcome library = read(bytes, false, nci);
            ReadOutcome fast = read(bytes, true, nci);
            assertEquals(library, fast, () -> what + ":\n" + new String(bytes, StandardCharsets.UTF_8));
            ReadOutcome fastMap = read(new ByteArrayInputStream(bytes), true, false, nci);
            assertEquals(library, fastMap, () -> what + " without EdnJepsenLine:\n"
                    + new String(bytes, StandardCharsets.UTF_8));
            history |= library.error() == null;
        }
        // lines cut by the reader's buffer (the input arriving a few bytes at a time), and \r\n line ends: the fast
        // path reads lines from the buffer's bytes, and must leave a line it cannot see whole to the library
        assertEquals(read(bytes, false, false), read(trickle(bytes), true, false), () -> what + " in small reads");
        byte[] crlf = new String(bytes, StandardCharsets.UTF_8).replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8);
        assertEquals(read(crlf, false, false), read(trickle(crlf), true, false), () -> what + " with \\r\\n");
        return history;
    }

    /** {@code bytes} as a stream that gives at most a few bytes a read, as a pipe or a slow disk may. */
    static InputStream trickle(byte[] bytes) {
        Random sizes = new Random(java.util.Arrays.hashCode(bytes));
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + sizes.nextInt(80)));
            }
        };
    }


    @Test
    void everyTestFileAndExampleReadsAlikeBothWays() throws IOException {
        int histories = RepoFiles.testFilesReadAlike(EdnFastPathTest::assertSame);
        assertTrue(histories > 5, "EDN histories among them: " + histories);
    }

    @Test
    void porcupineCorpusReadsAlikeBothWays() throws IOException {
        int histories = RepoFiles.corpusReadsAlike(EdnFastPathTest::assertSame);
        assertTrue(histories >= 6, "EDN histories in the corpus: " + histories);
    }

    @Test
    void seededRandomFilesReadAlikeBothWays() {
        fastMaps = 0;
        libraryMaps = 0;
        RepoFiles.randomFilesReadAlike(0x45_44_4eL, RandomEdn::file, EdnFastPathTest::assertSame);
        // both readers: most maps by the fast path, the odd ones by edn-java
        assertTrue(fastMaps > 3_000 && libraryMaps > 1_000, "maps read by the fast path: " + fastMaps
                + ", by edn-java: " + libraryMaps);
    }

    @Test
    void seededCommonLinesAndNearMissesReadAlikeAllWays() {
        fastMaps = 0;
        libraryMaps = 0;
        commonMaps = 0;
        RepoFiles.randomFilesReadAlike(0x4a_45_50L, CommonEdn::file, EdnFastPathTest::assertSame);
        // most lines by EdnJepsenLine; the near misses by EdnFastMap and by edn-java, both in good number
        long others = fastMaps - commonMaps;
        assertTrue(commonMaps > 15_000 && others > 500 && libraryMaps > 1_000, "maps read by EdnJepsenLine: "
                + commonMaps + ", by EdnFastMap: " + others + ", by edn-java: " + libraryMaps);
    }

    @Test
    void commonLinesGiveTheEventsFields() throws InvalidInputException {
        String text = "{:process 3, :type :invoke, :f :cas, :key :k1, :value [1 nil :x \"s\" -4 true], :time 7, "
                + ":index 0}\n{:index 1,:process 3,:time 9,:type :ok,:f :cas,:key :k1,:value [1 nil :x \"s\" -4 true]}"
                + "\n";
        JepsenOps ops = new JepsenOps("in.edn", false, ReadOptions.FailedCas.ABSENT);
        ReadOutcome outcome = ReadOutcome.of(() -> {
            long[] n = EdnReader.read(new Lines(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                    "in.edn"), ops, true, true);
            // the first line is read while the reader looks for a vector: by EdnFastMap
            assertEquals(1, n[2], "maps read by EdnJepsenLine");
            assertEquals(2, n[1], "maps read by the fast paths");
            return new ReadOutcome(ops.build().operations(), ops.annotations(), null);
        });
        assertEquals(null, outcome.error());
        var op = ops.build().operations().get(0);
        assertEquals(dev.ariadne.core.history.Invocation.of("cas", "k1", java.util.Arrays.asList(1L, null, "x", "s",
                -4L, true)), op.input());
        assertEquals(3, op.client());
        assertEquals(7L, op.metadata().get(JepsenOps.CALL_TIME));
        assertEquals(9L, op.metadata().get(JepsenOps.RETURN_TIME));
        assertEquals(1, op.metadata().get("line"));
    }

    @Test
    void sharedInvocationsAreEachOperationsOwn() throws InvalidInputException {
        // JepsenOps shares the invocations of a function with no key and a nil or integer value: every operation
        // must still get exactly its own function and value, however the slots of its cache collide
        Random r = new Random(23);
        StringBuilder text = new StringBuilder();
        List<dev.ariadne.core.history.Invocation> expected = new ArrayList<>();
        for (int p = 0; p < 2_000; p++) {
            String f = pick(r, "read", "write", "cas", "add", "w");
            Long v = switch (r.nextInt(4)) {
                case 0 -> null;
                case 1 -> (long) r.nextInt(600) - 300;
                case 2 -> r.nextLong();
                default -> (long) r.nextInt(5);
            };
            String value = v == null ? "nil" : v.toString();
            text.append("{:process 0, :type :invoke, :f :").append(f).append(", :value ").append(value)
                    .append("}\n{:process 0, :type :ok, :f :").append(f).append(", :value ").append(value).append("}\n");
            expected.add(dev.ariadne.core.history.Invocation.of(f, v));
        }
        JepsenOps ops = new JepsenOps("in.edn", false, ReadOptions.FailedCas.ABSENT);
        ReadOutcome outcome = ReadOutcome.of(() -> {
            EdnReader.read(new Lines(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.UTF_8)),
                    "in.edn"), ops, true, true);
            return new ReadOutcome(ops.build().operations(), null, null);
        });
        assertEquals(null, outcome.error());
        List<Object> inputs = new ArrayList<>();
        for (var op : ops.build().operations()) {
            inputs.add(op.input());
        }
        assertEquals(expected, inputs);
    }

    @Test
    void linesAcrossTheReadingBuffersEndReadAlike() {
        // lines cut by the 64 KiB buffer are moved to its start (Lines.compact); a line longer than the buffer, a
        // last line without a newline, and lines of every length around the buffer's end must read as edn-java
        // reads them
        for (int seed = 0; seed < 6; seed++) {
            Random r = new Random(seed);
            StringBuilder text = new StringBuilder();
            long time = 0;
            for (int l = 0; text.length() < 200_000; l++) {
                String value = r.nextInt(400) == 0 ? "\"" + "x".repeat(70_000 + r.nextInt(2)) + "\""
                        : Integer.toString(r.nextInt(1 << r.nextInt(31)));
                text.append("{:process 0, :type :invoke, :f :write, :value ").append(value).append(", :time ")
                        .append(time++).append("}\n{:process 0, :type :ok, :f :write, :value ").append(value)
                        .append(", :time ").append(time++).append(" ".repeat(r.nextInt(3))).append("}\n");
            }
            if (seed % 2 == 1) {
                text.setLength(text.length() - 1); // the last line without its newline
            }
            assertSame(text.toString().getBytes(StandardCharsets.UTF_8), "seed " + seed);
        }
    }

    private static String pick(Random r, String... options) {
        return options[r.nextInt(options.length)];
    }

    /**
     * Seeded random histories of Jepsen's common lines ({@link EdnJepsenLine}'s shape), each line with a fair chance
     * of one near miss that the common path must hand on: strings with escapes or unicode, big, negative and
     * unusual numbers, nil, keywords with namespaces, extra and repeated keys, nested values, comments, odd
     * spacing and separators, CRLF, named processes, bad types and functions, bad and duplicate indexes.
     */
    static final class CommonEdn {
        private CommonEdn() {
        }

        private static final String[] VALUES = {"nil", "0", "7", "-3", "123456789012345678",
                "1234567890123456789", "-9223372036854775808", "99999999999999999999", "-0", "007", "+5", "1N",
                "1.5", "3.0M", "22/7", "0x1f", "\"x\"", "\"\"", "\"a b, c}\"", "\"a\\\"b\"", "\"a\\nb\"",
                "\"é\"", "\"tab\there\"", "\"; no comment\"", ":ok", ":a/b", ":a.b", ":x-y?", "::x", ":1a",
                ":é", ":nil", "true", "false", "truex", "nilly", "sym", "\\a", "[]", "[1 2]", "[1,nil, :x \"s\"]",
                "[1 [2]]", "[ 1 ]", "(1 2)", "#{1}", "{:a 1}", "#inst \"2020-01-01T00:00:00Z\"", "[1 2"};

        static String file(Random r) {
            StringBuilder out = new StringBuilder();
            int processes = 1 + r.nextInt(5);
            String[] open = new String[processes];
            int lines = 1 + r.nextInt(60);
            long time = r.nextInt(3) == 0 ? -1 : 0;
            long index = r.nextInt(3) == 0 ? 0 : -1;
            int misses = r.nextInt(4); // 0: none; else about one line in 4, 8 or 16
            for (int l = 0; l < lines; l++) {
                boolean miss = misses > 0 && r.nextInt(2 << misses) == 0;
                int p = r.nextInt(processes);
                String type;
                String f;
                if (open[p] == null) {
                    type = "invoke";
                    f = pick(r, "read", "write", "cas", "add", "r-w?", "a.b", "x1");
                    open[p] = f;
                } else {
                    type = r.nextInt(6) == 0 ? pick(r, "fail", "info") : "ok";
                    f = open[p];
                    open[p] = null;
                }
                List<String> fields = new ArrayList<>();
                fields.add(":process " + p);
                fields.add(":type :" + type);
                fields.add(":f :" + f);
                if (r.nextInt(5) == 0) {
                    fields.add(":key " + pick(r, ":k", "1", "\"a\"", "nil"));
                }
                fields.add(":value " + (r.nextBoolean() ? "nil" : Integer.toString(r.nextInt(6))));
                if (time >= 0) {
                    time += r.nextInt(1000);
                    fields.add(":time " + time);
                }
                if (index >= 0) {
                    fields.add(":index " + index++);
                }
                String trailer = "";
                String lead = "";
                if (miss) {
                    int at = r.nextInt(fields.size());
                    String key = fields.get(at).substring(0, fields.get(at).indexOf(' '));
                    switch (r.nextInt(12)) {
                        case 0, 1, 2 -> fields.set(at, key + " " + pick(r, VALUES));
                        case 3 -> fields.set(at, key + " " + pick(r, "-1", "1234567890", "2147483648", ":nemesis",
                                "00", "9223372036854775807"));
                        case 4 -> fields.add(pick(r, ":error :timeout", ":processes 1", ":f1 2", ":types :x",
                                ":valuex 1", ":index! 3", ":keys 1", ":time.x 2", ":ns/key 1", ":value/x 1"));
                        case 5 -> fields.add(fields.get(at)); // a key twice
                        case 6 -> fields.remove(at);
                        case 7 -> trailer = pick(r, " ; comment", "  ", ",", "\t", " {:process 0 :type :invoke :f "
                                + ":read}", ";; {:process", " #_x", "\r");
                        case 8 -> lead = pick(r, " ", "\t", ",", " ,", "#_1 ", "; x\n");
                        case 9 -> fields.set(at, key + pick(r, "  ", "\t", ",", " , ", ",,") + fields.get(at)
                                .substring(key.length() + 1));
                        case 10 -> fields.set(fields.indexOf(":type :" + type), ":type " + pick(r, ":invokes",
                                ":ok?", "\"ok\"", ":ok/x", ":oka", "invoke", ":Ok"));
                        default -> fields.set(fields.indexOf(":f :" + f), ":f " + pick(r, "\"" + f + "\"", ":a/" + f,
                                f, ":" + f + "1", "::" + f, ":" + f + "é", "nil"));
                    }
                }
                if (r.nextInt(4) == 0) {
                    java.util.Collections.shuffle(fields, r);
                }
                String sep = r.nextInt(5) == 0 ? pick(r, ",", " ", "\t", ",,", " , ") : ", ";
                out.append(lead).append('{').append(String.join(sep, fields)).append('}').append(trailer);
                out.append(r.nextInt(10) == 0 ? "\r\n" : "\n");
            }
            return out.toString();
        }

        private static String pick(Random r, String... options) {
            return options[r.nextInt(options.length)];
        }
    }

    /** Seeded random EDN histories, mostly valid, with the odd shapes a fast path could get wrong. */
    static final class RandomEdn {
        private RandomEdn() {
        }

        static String file(Random r) {
            StringBuilder out = new StringBuilder();
            boolean vector = r.nextInt(8) == 0;
            if (r.nextInt(6) == 0) {
                out.append("; a history\n");
            }
            char opener = r.nextBoolean() ? '[' : '(';
            if (vector) {
                out.append(opener);
            }
            int processes = 1 + r.nextInt(4);
            String[] open = new String[processes];
            int lines = 1 + r.nextInt(40);
            long time = 0;
            int index = 0;
            boolean timed = r.nextBoolean();
            boolean indexed = r.nextInt(3) == 0;
            boolean bad = r.nextInt(3) == 0; // malformed and invalid lines and values, a few per file
            for (int l = 0; l < lines; l++) {
                List<String> fields = new ArrayList<>();
                if (r.nextInt(12) == 0) {
                    fields.add(":process " + pick(r, ":nemesis", "nemesis", ":named/process", "\"nemesis\""));
                    fields.add(":type " + pick(r, ":info", ":invoke", ":ok", "nil"));
                    fields.add(":f " + pick(r, ":start", ":stop", ":kill", "\"start\""));
                    fields.add(":value " + value(r, 0, bad));
                } else {
                    int p = r.nextInt(processes);
                    String type;
                    String f;
                    if (open[p] == null) {
                        type = "invoke";
                        f = pick(r, "read", "write", "cas", "append", "txn", "r-w", "add?", "a.b");
                        open[p] = f;
                    } else {
                        type = r.nextInt(5) == 0 ? pick(r, "fail", "info") : "ok";
                        f = open[p];
                        open[p] = type.equals("info") && r.nextInt(3) > 0 ? open[p] : null;
                        if (type.equals("info")) {
                            open[p] = null;
                        }
                    }
                    fields.add(":process " + (bad && r.nextInt(30) == 0 ? pick(r, "-1", "2147483648", "1.0", "00", "+1",
                            "99999999999999999999", "1N") : Integer.toString(p)));
                    fields.add(":type " + (bad && r.nextInt(40) == 0 ? pick(r, ":done", "\"ok\"", "invoke", "nil")
                            : ":" + type));
                    fields.add(":f " + (bad && r.nextInt(40) == 0 ? pick(r, "\"read\"", "read", "1", "nil", ":a/read")
                            : ":" + f));
                    if (r.nextInt(4) == 0) {
                        fields.add(":key " + value(r, 0, bad));
                    }
                    fields.add(":value " + value(r, 0, bad));
                    if (timed) {
                        time += r.nextInt(1000) - (bad && r.nextInt(60) == 0 ? 2000 : 0);
                        fields.add(":time " + time);
                    }
                    if (indexed) {
                        fields.add(":index " + (bad && r.nextInt(50) == 0 ? index - 1 : index));
                        index++;
                    }
                    if (r.nextInt(6) == 0) {
                        fields.add(":error " + value(r, 0, bad));
                    }
                    if (r.nextInt(10) == 0) { // keys that start as the known ones do, and go on
                        fields.add(pick(r, ":processes", ":types", ":f1", ":f-x", ":value?", ":times", ":time.x",
                                ":keys", ":index!", ":type/x", ":f:g", ":valuE") + " " + value(r, 0, bad));
                    }
                }
                if (bad && r.nextInt(50) == 0) {
                    fields.remove(r.nextInt(fields.size()));
                }
                if (bad && r.nextInt(60) == 0) {
                    fields.add(fields.get(r.nextInt(fields.size()))); // a key twice
                }
                java.util.Collections.shuffle(fields, r);
                StringBuilder map = new StringBuilder();
                if (r.nextInt(40) == 0) {
                    map.append(pick(r, "#jepsen.history.Op", "#foo ", "#_ {:x 1} ", bad ? "#:x" : "#x/y "));
                }
                map.append(r.nextInt(30) == 0 ? " {" : "{");
                for (int k = 0; k < fields.size(); k++) {
                    if (k > 0) {
                        map.append(separator(r));
                    }
                    map.append(fields.get(k));
                }
                map.append(r.nextInt(30) == 0 ? ", }" : "}");
                String text = map.toString();
                if (bad && r.nextInt(15) == 0) {
                    text = malformed(r, text);
                }
                out.append(r.nextInt(20) == 0 ? "  " : "");
                out.append(text);
                if (r.nextInt(12) == 0) {
                    out.append(pick(r, " ; comment", ",", " ", "\t", " {:process 0 :type :invoke :f :read}",
                            "; é ✓", "  ;; {:process"));
                }
                out.append(r.nextInt(25) == 0 ? "\r\n" : "\n");
                if (r.nextInt(25) == 0) {
                    out.append(pick(r, "\n", "; comment line\n", "   \n", ",\n"));
                }
            }
            if (vector) {
                out.append(r.nextInt(10) == 0 ? "" : opener == '[' ? "]" : ")");
                out.append(r.nextBoolean() ? "\n" : "");
            }
            return out.toString();
        }

        private static String malformed(Random r, String map) {
            return switch (r.nextInt(7)) {
                case 0 -> map.substring(0, r.nextInt(map.length())); // cut short
                case 1 -> map.replaceFirst(", ", ",\n  "); // goes on over two lines
                case 2 -> map + "}";
                case 3 -> map.replace("}", "]");
                case 4 -> map.replaceFirst(":", "");
                case 5 -> "[" + map;
                default -> map.replaceFirst(" ", "\"");
            };
        }

        private static String separator(Random r) {
            return switch (r.nextInt(9)) {
                case 0 -> " ";
                case 1 -> ",";
                case 2 -> ",  ";
                case 3 -> "\t";
                case 4 -> " , ";
                case 5 -> ",,";
                default -> ", ";
            };
        }

        static String value(Random r, int depth, boolean bad) {
            int kind = r.nextInt(depth > 3 ? 12 : 24);
            if (!bad && (kind == 6 || kind == 7 || kind == 8) && r.nextInt(3) > 0) {
                kind = 2;
            }
            return switch (kind) {
                case 0, 1 -> "nil";
                case 2, 3, 4 -> Integer.toString(r.nextInt(10));
                case 5 -> Long.toString(r.nextLong());
                case 6 -> pick(r, "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                        "123456789012345678", "1234567890123456789", "99999999999999999999999", "0", "-0", "007",
                        "12N", "1.5", "1e3", "3.0M", "22/7", "0x1f", "2r101", "##Inf", "+5", "-", "1/0");
                case 7 -> pick(r, ":ok", ":timeout", ":a/b", ":a.b", ":x-y?", ":A1", ":é", ":1a", "::x", ":a:b",
                        ":nil", ":true", ":oka", ":ok?", ":ok/x", ":ok:x", ":read-1", ":readx", ":rea", ":invoke2",
                        ":writ", ":write*");
                case 8 -> pick(r, "true", "false", "truex", "nilly", "sym", "a/b", "\\a", "\\newline",
                        "#\"a+\"", "#inst \"2020-01-01T00:00:00Z\"", "#uuid \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"");
                case 9 -> pick(r, "\"x\"", "\"\"", "\"a b, c\"", "\"é ✓ 😀\"", "\"a\\\"b\"", "\"a\\nb\"",
                        "\"\\u00e9\"", "\"tab\there\"", "\"; not a comment\"", "\"}\"", "\"a\\\\\"", "\"#{\"");
                case 10 -> "#{" + value(r, depth + 1, bad) + "}";
                case 11 -> "{" + pick(r, ":a ", "\"a\" ", "1 ") + value(r, depth + 1, bad) + "}";
                default -> {
                    int n = r.nextInt(4);
                    StringBuilder v = new StringBuilder(r.nextInt(8) == 0 ? "(" : "[");
                    for (int k = 0; k < n; k++) {
                        v.append(k > 0 ? separator(r) : r.nextInt(10) == 0 ? " " : "").append(value(r, depth + 1, bad));
                    }
                    yield v.append(v.charAt(0) == '(' ? ")" : "]").toString();
                }
            };
        }

        private static String pick(Random r, String... options) {
            return options[r.nextInt(options.length)];
        }
    }
}
