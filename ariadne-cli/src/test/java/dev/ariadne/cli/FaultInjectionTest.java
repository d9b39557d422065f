package dev.ariadne.cli;

import dev.ariadne.core.history.History;
import dev.ariadne.core.history.Invocation;
import dev.ariadne.core.history.Operation;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import dev.ariadne.io.JsonLinesWriter;
import dev.ariadne.io.OpaqueValue;
import dev.ariadne.io.ReadOptions;
import dev.ariadne.io.ReadResult;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Fault injection (issue 22's proof): every history of the examples and the test resources (and a sample of
 * porcupine's corpus when present), as it is and rendered in every format (native operation and event form, Jepsen
 * EDN, JSON and log, OmniLink JSON and MessagePack), plain and gzip-compressed, is cut at many offsets and has bits
 * flipped (seeded, so every run injects the same faults), and each result is checked in-process. Every run must end
 * with a verdict or with exit 65 and a one-line message naming the file and the line (or byte), never 70 and never
 * a stack trace. And a verdict must be sound: in the formats whose lines are events in time order (Jepsen's, the
 * native event form), a cut leaves a prefix of the history, and a prefix of a linearizable history is
 * linearizable, so a cut of a linearizable file is never NOT LINEARIZABLE (a cut inside the last line is refused,
 * never read as another value). The native operation form and OmniLink records are complete operations in any
 * order: a cut of them drops operations, which may rightly fail, so only the first rule holds for them.
 */
class FaultInjectionTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Pattern MODEL = Pattern.compile("model ([a-z-]+)");
    /** Problems about the whole input, which have no line. */
    private static final List<String> WHOLE_FILE = List.of("no operation found", "most lines are not operations",
            "no built-in model", "cannot recognise the format", "model ");

    @TempDir
    static Path dir;

    private static int files;
    /** Runs by exit status (0, 1, 2, 65), and cuts of linearizable files whose soundness was asserted. */
    private static final int[] exits = new int[4];
    private static int soundnessCuts;

    /** A history file to inject faults into, the model its check chose and whether a cut is a prefix. */
    private record Subject(Path file, boolean events, boolean gzip) {
    }

    private static List<Path> sources() throws IOException {
        List<Path> all = new ArrayList<>();
        for (String d : List.of("examples", "ariadne-cli/src/test/resources/jepsen")) {
            try (Stream<Path> s = Files.walk(ROOT.resolve(d))) {
                s.filter(Files::isRegularFile).filter(p -> p.toString().matches(".*\\.(edn|jsonl|json|log)$"))
                        .sorted().forEach(all::add);
            }
        }
        Path corpus = ROOT.resolveSibling("shared").resolve("testdata").resolve("porcupine");
        String configured = System.getProperty("ariadne.corpus");
        if (configured != null) {
            corpus = Path.of(configured);
        }
        for (String sample : List.of("jepsen/etcd_000.log", "jepsen/etcd_002.log", "kv/c01-ok.txt")) {
            if (Files.isRegularFile(corpus.resolve(sample))) {
                all.add(corpus.resolve(sample));
            }
        }
        for (int seed = 1; seed <= 3; seed++) {
            all.add(synthetic(seed));
        }
        return all;
    }

    /**
     * A linearizable register history of 3 processes in Jepsen EDN whose values have two digits or more, and reads
     * of nil: cut inside, they read as other values (12 as 1, nil as ni), which the readers must refuse.
     */
    private static Path synthetic(long seed) throws IOException {
        Random random = new Random(seed);
        StringBuilder s = new StringBuilder();
        long register = -1;
        for (int step = 0; step < 12; step++) {
            int p = random.nextInt(3);
            if (random.nextBoolean()) {
                long v = 10 + random.nextInt(990);
                s.append("{:process ").append(p).append(", :type :invoke, :f :write, :value ").append(v).append("}\n");
                s.append("{:process ").append(p).append(", :type :ok, :f :write, :value ").append(v).append("}\n");
                register = v;
            } else {
                String seen = register < 0 ? "nil" : String.valueOf(register);
                s.append("{:process ").append(p).append(", :type :invoke, :f :read, :value nil}\n");
                s.append("{:process ").append(p).append(", :type :ok, :f :read, :value ").append(seen).append("}\n");
            }
        }
        return Files.writeString(dir.resolve("synthetic-" + seed + ".edn"), s);
    }

    @TestFactory
    List<DynamicTest> cutsAndBitFlipsInEveryFormat() throws IOException {
        List<Path> sources = sources();
        assertTrue(sources.size() >= 20, "the suites' histories were found: " + sources);
        List<DynamicTest> tests = new ArrayList<>();
        for (Path source : sources) {
            String shown = source.startsWith(dir) ? source.getFileName().toString()
                    : ROOT.relativize(source.toAbsolutePath()).toString();
            String name = shown.replaceAll("[^A-Za-z0-9.-]", "_");
            tests.add(DynamicTest.dynamicTest(shown, () -> {
                long seed = name.hashCode();
                for (Subject s : subjects(source, name)) {
                    inject(s, new Random(seed++));
                }
            }));
        }
        return tests;
    }

    /** Every kind of outcome happened, and the soundness rule was tried on many cuts: the suite is not idle. */
    @org.junit.jupiter.api.AfterAll
    static void theFaultsWereInjected() {
        System.out.println("fault injection: " + (exits[0] + exits[1] + exits[2] + exits[3]) + " checks: "
                + exits[0] + " linearizable, " + exits[1] + " not, " + exits[2] + " unknown, " + exits[3]
                + " invalid input; " + soundnessCuts + " cuts of linearizable event files");
        assertTrue(exits[0] > 300 && exits[1] > 100 && exits[3] > 1000, Arrays.toString(exits));
        assertTrue(soundnessCuts > 500, "cuts of linearizable files: " + soundnessCuts);
    }

    /** The source as it is, and rendered in every format, each plain and compressed. */
    private static List<Subject> subjects(Path source, String name) throws IOException {
        List<Subject> out = new ArrayList<>();
        byte[] original = Files.readAllBytes(source);
        ReadResult read;
        try {
            read = HistoryReaders.load(source, ReadOptions.defaults());
        } catch (Exception e) {
            read = null; // a file that is bad on purpose is cut and flipped as it is
        }
        boolean jepsen = read != null && (read.format() == Format.EDN || read.format() == Format.JEPSEN_LOG
                || read.format() == Format.JEPSEN_JSON);
        add(out, name, original, jepsen);
        if (read == null) {
            return out;
        }
        List<Event> events = events(read.history());
        add(out, name + ".native.jsonl", nativeOperations(read.history()), false);
        add(out, name + ".events.jsonl", nativeEvents(events), true);
        add(out, name + ".jepsen.edn", jepsen(events, "edn"), true);
        add(out, name + ".jepsen.json", jepsen(events, "json"), true);
        add(out, name + ".jepsen.log", jepsen(events, "log"), true);
        add(out, name + ".omnilink.json", omniLinkJson(read.history()), false);
        add(out, name + ".omnilink.msgpack", omniLinkMsgpack(read.history()), false);
        return out;
    }

    private static void add(List<Subject> out, String name, byte[] content, boolean events) throws IOException {
        out.add(new Subject(write(name, content), events, false));
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
            z.write(content);
        }
        out.add(new Subject(write(name + ".gz", gz.toByteArray()), events, true));
    }

    private static Path write(String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    /**
     * Checks the whole file, then cuts of it (at line ends, before a line's newline, inside its last value, at
     * random) and copies with a bit flipped. A linearizable file of events is cut at most of those places (60, a
     * seeded sample when there are more), others at a few.
     */
    private static void inject(Subject s, Random random) throws IOException {
        byte[] whole = Files.readAllBytes(s.file);
        CliRunner full = check(s.file, null);
        assertSane(s.file, full);
        if (whole.length == 0) { // a history of no operation written in a format with no header: nothing to cut
            return;
        }
        Matcher m = MODEL.matcher(full.out());
        String model = full.status() != 65 && m.find() ? m.group(1) : null;
        boolean linearizable = full.status() == 0;
        List<Integer> cuts = new ArrayList<>();
        if (!s.gzip) {
            int start = 0;
            for (int i = 0; i < whole.length; i++) {
                if (whole[i] == '\n') {
                    cuts.add(i + 1);
                    if (i > start + 1) {
                        cuts.add(i); // the line complete but for its newline
                        cuts.add(i - 1); // its last character cut too (nil as ni)
                        int space = i - 1;
                        while (space > start && whole[space] != ' ' && whole[space] != '\t') {
                            space--;
                        }
                        if (space > start && space + 2 < i) {
                            cuts.add(space + 2); // one character left of its last token (12 as 1)
                        }
                    }
                    start = i + 1;
                }
            }
            // where soundness is asserted, most line ends (a cut value misread is rare among random cuts)
            cuts = sample(cuts, s.events && linearizable ? 60 : 6, random);
        }
        for (int i = 0; i < (s.gzip ? 1 : 3); i++) {
            cuts.add(random.nextInt(whole.length));
        }
        int n = 0;
        for (int cut : cuts) {
            Path f = dir.resolve("cut-" + (files++) + "-" + s.file.getFileName());
            Files.write(f, Arrays.copyOf(whole, cut));
            CliRunner r = check(f, model);
            assertSane(f, r);
            if (s.events && linearizable) {
                soundnessCuts++;
                assertNotEquals(1, r.status(), s.file.getFileName() + " is linearizable, but its first " + cut
                        + " bytes are not:\n" + r.out() + "\n" + Files.readString(f, StandardCharsets.ISO_8859_1));
            }
            Files.delete(f);
            n++;
        }
        for (int i = 0; i < (s.gzip ? 2 : 4); i++) {
            byte[] flipped = whole.clone();
            int at = random.nextInt(whole.length);
            flipped[at] ^= (byte) (1 << random.nextInt(8));
            Path f = dir.resolve("flip-" + (files++) + "-" + s.file.getFileName());
            Files.write(f, flipped);
            assertSane(f, check(f, model));
            Files.delete(f);
            n++;
        }
        assertTrue(n >= 3, "faults injected into " + s.file);
    }

    private static List<Integer> sample(List<Integer> all, int max, Random random) {
        if (all.size() <= max) {
            return new ArrayList<>(all);
        }
        List<Integer> copy = new ArrayList<>(all);
        java.util.Collections.shuffle(copy, random);
        return new ArrayList<>(copy.subList(0, max));
    }

    private static CliRunner check(Path file, String model) {
        List<String> args = new ArrayList<>(List.of("check", "--quiet", "--timeout", "20s"));
        if (model != null) {
            args.addAll(List.of("--model", model));
        }
        args.add(file.toString());
        return CliRunner.run(args.toArray(String[]::new));
    }

    /** A verdict, or 65 with one line naming the file and where, never 70 or a stack trace. */
    private static void assertSane(Path file, CliRunner r) {
        String all = r.out() + r.err();
        assertFalse(all.contains("\tat ") || all.contains("Exception") || all.contains("internal error"),
                file + ": " + all);
        exits[Math.min(r.status(), 3)]++;
        switch (r.status()) {
            case 0, 1, 2 -> {
            }
            case 65 -> {
                String err = r.err().strip();
                assertFalse(err.contains("\n"), file + ": more than one line:\n" + err);
                String name = "ariadne: " + file;
                assertTrue(err.startsWith(name + ":"), "the message names the file: " + err);
                String rest = err.substring(name.length());
                boolean located = rest.matches(":[0-9]+: .*") || rest.startsWith(": at byte ");
                assertTrue(located || WHOLE_FILE.stream().anyMatch(rest::contains),
                        "the message names the line or byte: " + err);
                assertTrue(err.chars().noneMatch(c -> c < 0x20 || c == 0x7f), "control characters: " + err);
            }
            default -> fail(file + ": exit " + r.status() + "\n" + all);
        }
        assertEquals(r.status() == 65 ? "" : r.out(), r.out(), "nothing on standard output when the input is bad");
    }

    // ---- rendering a history in every format ----

    /** A Jepsen event: the operation, and whether it is its invocation. */
    private record Event(Operation op, boolean invoke, long time) {
    }

    /** Invocations and completions in time order (at one instant, invocations first: closed intervals overlap). */
    private static List<Event> events(History h) {
        List<Event> events = new ArrayList<>();
        for (Operation op : h.operations()) {
            events.add(new Event(op, true, op.call()));
            if (!op.isPending()) {
                events.add(new Event(op, false, op.ret()));
            }
        }
        events.sort(Comparator.comparingLong(Event::time).thenComparing(e -> !e.invoke));
        return events;
    }

    private static byte[] nativeOperations(History h) throws IOException {
        StringWriter w = new StringWriter();
        JsonLinesWriter.write(h, w);
        return w.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] nativeEvents(List<Event> events) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonLinesWriter.EventWriter w = JsonLinesWriter.events(out)) {
            for (Event e : events) {
                if (e.invoke) {
                    w.call(e.op.client(), e.op.input(), e.time, Map.of());
                } else if (e.op.outputKnown()) {
                    w.ret(e.op.client(), e.op.output(), e.time, -1);
                } else {
                    w.crash(e.op.client(), e.time, -1);
                }
            }
        }
        return out.toByteArray();
    }

    private static byte[] jepsen(List<Event> events, String form) {
        StringBuilder s = new StringBuilder();
        for (Event e : events) {
            Invocation inv = (Invocation) e.op.input();
            String type = e.invoke ? "invoke" : e.op.outputKnown() ? "ok" : "info";
            Object value = e.invoke || !e.op.outputKnown() ? inv.value() : e.op.output();
            switch (form) {
                case "edn" -> s.append("{:process ").append(e.op.client()).append(", :type :").append(type)
                        .append(", :f ").append(keyword(inv.f()))
                        .append(inv.key() == null ? "" : ", :key " + edn(inv.key()))
                        .append(", :value ").append(edn(value)).append("}\n");
                case "json" -> s.append("{\"process\": ").append(e.op.client()).append(", \"type\": \"").append(type)
                        .append("\", \"f\": ").append(json(inv.f()))
                        .append(inv.key() == null ? "" : ", \"key\": " + json(inv.key()))
                        .append(", \"value\": ").append(json(value)).append("}\n");
                default -> s.append("INFO  jepsen.util - ").append(e.op.client()).append('\t').append(':')
                        .append(type).append('\t').append(keyword(inv.f())).append('\t').append(edn(value))
                        .append('\n');
            }
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String keyword(String name) {
        return name.matches("[A-Za-z*+!_?<>=-][A-Za-z0-9*+!_?<>=./-]*") ? ":" + name : edn(name);
    }

    private static String edn(Object v) {
        if (v == null || v == Operation.UNKNOWN) {
            return "nil";
        }
        if (v instanceof String s) {
            StringBuilder out = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> out.append("\\\"");
                    case '\\' -> out.append("\\\\");
                    case '\n' -> out.append("\\n");
                    case '\t' -> out.append("\\t");
                    case '\r' -> out.append("\\r");
                    default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
                }
            }
            return out.append('"').toString();
        }
        if (v instanceof OpaqueValue o) {
            return o.text();
        }
        if (v instanceof Set<?> set) {
            return "#{" + String.join(" ", set.stream().map(FaultInjectionTest::edn).toList()) + "}";
        }
        if (v instanceof Collection<?> c) {
            return "[" + String.join(" ", c.stream().map(FaultInjectionTest::edn).toList()) + "]";
        }
        if (v instanceof Map<?, ?> map) {
            return "{" + String.join(", ", map.entrySet().stream().map(e -> edn(e.getKey()) + " "
                    + edn(e.getValue())).toList()) + "}";
        }
        return v.toString();
    }

    private static String json(Object v) {
        if (v == null || v == Operation.UNKNOWN) {
            return "null";
        }
        if (v instanceof String s) {
            StringBuilder out = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                if (c == '"' || c == '\\') {
                    out.append('\\').append(c);
                } else if (c < 0x20 || Character.isSurrogate(c)) {
                    out.append(String.format("\\u%04x", (int) c));
                } else {
                    out.append(c);
                }
            }
            return out.append('"').toString();
        }
        if (v instanceof OpaqueValue o) {
            return json(o.text());
        }
        if (v instanceof Collection<?> c) {
            return "[" + String.join(", ", c.stream().map(FaultInjectionTest::json).toList()) + "]";
        }
        if (v instanceof Map<?, ?> map) {
            return "{" + String.join(", ", map.entrySet().stream().map(e -> json(e.getKey() instanceof String k ? k
                    : edn(e.getKey())) + ": " + json(e.getValue())).toList()) + "}";
        }
        return v.toString();
    }

    /** OmniLink records in call order, the client as the thread, the operation's value as its parameter. */
    private static List<Operation> byCall(History h) {
        List<Operation> ops = new ArrayList<>(h.operations());
        ops.sort(Comparator.comparingLong(Operation::call));
        return ops;
    }

    private static byte[] omniLinkJson(History h) {
        StringBuilder s = new StringBuilder();
        for (Operation op : byCall(h)) {
            Invocation inv = (Invocation) op.input();
            s.append("{\"operation_name\": ").append(json(inv.f())).append(", \"operation\": {")
                    .append(inv.value() == null ? "" : "\"value\": " + json(inv.value()) + ", ")
                    .append("\"_op_start\": ").append(op.call())
                    .append(op.isPending() ? "" : ", \"_op_end\": " + op.ret()).append("}, \"thread\": ")
                    .append(op.client()).append("}\n");
        }
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] omniLinkMsgpack(History h) throws IOException {
        try (MessageBufferPacker p = MessagePack.newDefaultBufferPacker()) {
            for (Operation op : byCall(h)) {
                Invocation inv = (Invocation) op.input();
                p.packMapHeader(3);
                p.packString("operation_name").packString(inv.f());
                p.packString("operation");
                int params = (inv.value() == null ? 0 : 1) + 1 + (op.isPending() ? 0 : 1);
                p.packMapHeader(params);
                if (inv.value() != null) {
                    p.packString("value");
                    pack(p, inv.value());
                }
                p.packString("_op_start").packLong(op.call());
                if (!op.isPending()) {
                    p.packString("_op_end").packLong(op.ret());
                }
                p.packString("thread").packInt(op.client());
            }
            return p.toByteArray();
        }
    }

    private static void pack(MessageBufferPacker p, Object v) throws IOException {
        if (v == null) {
            p.packNil();
        } else if (v instanceof Boolean b) {
            p.packBoolean(b);
        } else if (v instanceof Long l) {
            p.packLong(l);
        } else if (v instanceof BigInteger b && b.signum() >= 0 && b.bitLength() <= 64) {
            p.packBigInteger(b);
        } else if (v instanceof Double d) {
            p.packDouble(d);
        } else if (v instanceof Collection<?> c) {
            p.packArrayHeader(c.size());
            for (Object e : c) {
                pack(p, e);
            }
        } else if (v instanceof Map<?, ?> m) {
            p.packMapHeader(m.size());
            for (Map.Entry<?, ?> e : m.entrySet()) {
                pack(p, e.getKey());
                pack(p, e.getValue());
            }
        } else {
            p.packString(v instanceof OpaqueValue o ? o.text() : v.toString());
        }
    }
}
