package dev.ariadne.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The property {@code check(convert(h)) = check(h)}: a history converted to the native format gets the verdict
 * (exit status) the original got, under the same options, for every history file of the test suites (the
 * examples, the readers' test resources, the hand-written Jepsen histories, porcupine's corpus when present) and
 * for seeded random Jepsen histories in EDN, JSON and log form, nil reads and opaque values included. A file that
 * cannot be converted must be one that cannot be checked either (exit 65).
 */
class ConvertKeepsVerdictsTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

    @TempDir
    Path dir;

    private int converted;

    /**
     * Checks {@code file} and its conversion with {@code options}, asserts the same exit status and returns it.
     */
    private int assertSameVerdict(Path file, String... options) throws IOException {
        CliRunner original = check(file, options);
        Path out = dir.resolve("converted-" + (converted++) + ".jsonl");
        CliRunner convert = CliRunner.run("convert", file.toString(), "--to", "json", out.toString());
        if (convert.status() != 0) {
            assertEquals(65, convert.status(), convert.err());
            assertEquals(65, original.status(), file + ": convert rejects it, so check must:\n" + original.out());
            return original.status();
        }
        CliRunner again = check(out, options);
        assertEquals(original.status(), again.status(), file + " " + String.join(" ", options) + "\noriginal:\n"
                + original.out() + original.err() + "converted:\n" + again.out() + again.err() + "\n"
                + Files.readString(out));
        return original.status();
    }

    private static CliRunner check(Path file, String... options) {
        List<String> args = new ArrayList<>(List.of("check", "--quiet"));
        args.addAll(List.of(options));
        args.add(file.toString());
        return CliRunner.run(args.toArray(String[]::new));
    }

    private static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> !p.toString().endsWith(".expect")).sorted().toList();
        }
    }

    @TestFactory
    List<DynamicTest> everyHistoryOfTheTestSuites() throws IOException {
        List<Path> all = new ArrayList<>();
        all.addAll(files(ROOT.resolve("examples")));
        all.addAll(files(ROOT.resolve("ariadne-io/src/test/resources")));
        all.addAll(files(ROOT.resolve("ariadne-cli/src/test/resources")));
        assertTrue(all.size() > 60, "the suites' files were found: " + all.size());
        List<DynamicTest> tests = new ArrayList<>();
        for (Path f : all) {
            tests.add(DynamicTest.dynamicTest(ROOT.relativize(f).toString(), () -> {
                assertSameVerdict(f);
                assertSameVerdict(f, "--nil-read", "absent");
            }));
        }
        return tests;
    }

    @TestFactory
    List<DynamicTest> porcupinesCorpus() throws IOException {
        Path corpus = PorcupineCorpusTest.corpus();
        List<DynamicTest> tests = new ArrayList<>();
        for (String line : Files.readAllLines(corpus.resolve("EXPECTED.tsv"))) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] f = line.split("\t");
            tests.add(DynamicTest.dynamicTest(f[0], () -> assertSameVerdict(corpus.resolve(f[0]), "--model", f[1])));
        }
        return tests;
    }

    @Test
    void theIssuesNilReadKeepsItsVerdict() throws IOException {
        Path edn = dir.resolve("nil-read.edn");
        Files.writeString(edn, "{:process 0, :type :invoke, :f :write, :value 1}\n"
                + "{:process 0, :type :ok, :f :write, :value 1}\n"
                + "{:process 1, :type :invoke, :f :read, :value nil}\n"
                + "{:process 1, :type :ok, :f :read, :value nil}\n");
        assertEquals(0, check(edn, "--model", "register").status());
        assertSameVerdict(edn, "--model", "register");
        assertSameVerdict(edn, "--model", "register", "--nil-read", "absent");
    }

    @Test
    void seededRandomJepsenHistories() throws IOException {
        int[] verdicts = new int[3];
        for (long seed = 1; seed <= 40; seed++) {
            Random random = new Random(seed);
            List<Event> events = randomHistory(random);
            boolean timed = random.nextBoolean();
            for (String form : List.of("edn", "json", "log")) {
                Path f = dir.resolve("random-" + seed + "." + form);
                Files.writeString(f, render(events, form, timed), StandardCharsets.UTF_8);
                String model = random.nextBoolean() ? "register" : "cas-register";
                verdicts[Math.min(2, assertSameVerdict(f, "--model", model))]++;
            }
        }
        assertTrue(verdicts[0] > 10 && verdicts[1] > 10, "both verdicts are exercised: linearizable "
                + verdicts[0] + ", not " + verdicts[1]);
    }

    /** One Jepsen event: process, type, f and value as EDN text. */
    private record Event(int process, String type, String f, String value, long time) {
    }

    /**
     * A register history of 3 processes: writes of 0..2 or an opaque value, reads that see the register's value at
     * their completion (mostly) or a random value or nil, cas [old new] that succeed or fail as the register says,
     * and some :info and :fail.
     */
    private static List<Event> randomHistory(Random random) {
        String[] values = {"0", "1", "2", "#uuid \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\""};
        List<Event> events = new ArrayList<>();
        String[] open = new String[3];
        String[] openValue = new String[3];
        boolean[] crashed = new boolean[3];
        String register = "nil";
        long time = 0;
        boolean honest = random.nextInt(3) > 0;
        for (int step = 0; step < 14; step++) {
            int p = random.nextInt(3);
            if (crashed[p]) {
                continue;
            }
            time += 1 + random.nextInt(1_000_000);
            if (open[p] == null) {
                String f = switch (random.nextInt(3)) {
                    case 0 -> "read";
                    case 1 -> "write";
                    default -> "cas";
                };
                String v = switch (f) {
                    case "read" -> "nil";
                    case "write" -> values[random.nextInt(values.length)];
                    default -> "[" + values[random.nextInt(3)] + " " + values[random.nextInt(3)] + "]";
                };
                open[p] = f;
                openValue[p] = v;
                events.add(new Event(p, "invoke", f, v, time));
                continue;
            }
            String f = open[p];
            String v = openValue[p];
            int outcome = random.nextInt(10);
            if (outcome == 0) {
                events.add(new Event(p, "info", f, v, time));
                crashed[p] = true;
            } else if (f.equals("write")) {
                register = v;
                events.add(new Event(p, "ok", f, v, time));
            } else if (f.equals("read")) {
                String seen = honest ? register : random.nextInt(4) == 0 ? "nil" : values[random.nextInt(3)];
                events.add(new Event(p, "ok", f, seen, time));
            } else {
                String old = v.substring(1, v.indexOf(' '));
                boolean succeeds = old.equals(register);
                if (succeeds) {
                    register = v.substring(v.indexOf(' ') + 1, v.length() - 1);
                }
                events.add(new Event(p, succeeds == (honest || random.nextBoolean()) ? "ok" : "fail", f, v, time));
            }
            open[p] = null;
        }
        return events;
    }

    private static String render(List<Event> events, String form, boolean timed) {
        StringBuilder s = new StringBuilder();
        if (form.equals("json")) {
            s.append("[");
        }
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            switch (form) {
                case "edn" -> s.append("{:process ").append(e.process).append(", :type :").append(e.type)
                        .append(", :f :").append(e.f).append(", :value ").append(e.value)
                        .append(timed ? ", :time " + e.time : "").append(", :index ").append(i).append("}\n");
                case "json" -> s.append(i == 0 ? "" : ",\n").append("{\"process\":").append(e.process)
                        .append(",\"type\":\"").append(e.type).append("\",\"f\":\"").append(e.f)
                        .append("\",\"value\":").append(json(e.value)).append(timed ? ",\"time\":" + e.time : "")
                        .append("}");
                default -> s.append("INFO  jepsen.util - ").append(e.process).append("\t:").append(e.type)
                        .append("\t:").append(e.f).append('\t').append(e.value).append('\n');
            }
        }
        if (form.equals("json")) {
            s.append("]\n");
        }
        return s.toString();
    }

    /** An EDN value of the generator as JSON (an opaque #uuid becomes its string, as in Jepsen's JSON). */
    private static String json(String edn) {
        if (edn.equals("nil")) {
            return "null";
        }
        if (edn.startsWith("#uuid ")) {
            return edn.substring(6);
        }
        if (edn.startsWith("[")) {
            return "[" + String.join(",", edn.substring(1, edn.length() - 1).split(" ", 2)).replace("#uuid ", "")
                    + "]";
        }
        return edn;
    }
}
