package dev.ariadne.tla;

import dev.ariadne.core.check.CheckOptions;
import dev.ariadne.core.check.Checker;
import dev.ariadne.core.check.Verdict;
import dev.ariadne.io.Format;
import dev.ariadne.io.HistoryReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Specs loaded at the same time, by threads of one JVM and by several JVMs sharing one temporary folder (as every
 * run on a machine shares /tmp), all load and give the verdicts their traces are named for, and leave nothing
 * behind. SANY used to copy the standard modules it needs into the shared temporary folder under their bare names,
 * so parallel runs truncated and deleted each other's copies ("Cannot find source file for module Sequences", a
 * NullPointerException in SANY) about one run in sixteen.
 */
class ParallelLoadsTest {
    private static final int THREADS = 4;
    private static final int PROCESSES = 3;

    /** Each example spec with its passing and failing traces. */
    record Example(Path spec, Path pass, Path fail) {
    }

    static List<Example> examples(Path root) throws IOException {
        List<Example> out = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                try (Stream<Path> files = Files.list(dir)) {
                    List<Path> all = files.sorted().toList();
                    out.add(new Example(pick(all, ".tla"), pick(all, "pass.json"), pick(all, "fail.json")));
                }
            }
        }
        return out;
    }

    private static Path pick(List<Path> files, String suffix) {
        return files.stream().filter(f -> f.getFileName().toString().endsWith(suffix)).findFirst().orElseThrow();
    }

    /**
     * Loads every example in each of {@link #THREADS} threads started together (scratch folders in
     * {@code scratchParent}, or java.io.tmpdir when null) and returns the problems found: a spec that did not load,
     * or a verdict other than the trace's name says.
     */
    static List<String> loadInThreads(Path examples, Path scratchParent) throws Exception {
        List<Example> all = examples(examples);
        CyclicBarrier start = new CyclicBarrier(THREADS);
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int offset = t;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < all.size(); i++) {
                        // each thread starts at another spec, so different specs and the same spec load at once
                        Example e = all.get((i + offset) % all.size());
                        try (TlaSpec spec = TlaSpec.load(e.spec(), null, Map.of(), scratchParent)) {
                            expect(spec, e.pass(), Verdict.LINEARIZABLE, problems);
                            expect(spec, e.fail(), Verdict.NOT_LINEARIZABLE, problems);
                        } catch (Exception x) {
                            problems.add(e.spec() + ": " + x);
                        }
                    }
                } catch (Exception x) {
                    problems.add(x.toString());
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return List.copyOf(problems);
    }

    private static void expect(TlaSpec spec, Path trace, Verdict expected, ConcurrentLinkedQueue<String> problems)
            throws Exception {
        TlaModel model = spec.model();
        Verdict got = Checker.check(model.withBegins(HistoryReaders.read(trace, Format.OMNILINK)), model,
                CheckOptions.defaults().withCoreTimeout(null)).verdict();
        if (got != expected) {
            problems.add(trace + ": " + got + ", expected " + expected);
        }
    }

    private static List<String> contents(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).map(Path::toString).sorted().toList();
        }
    }

    @Test
    void threadsOfOneJvmLoadSpecsAtOnceAndLeaveNothingBehind(@TempDir Path scratch) throws Exception {
        List<String> problems = loadInThreads(ExamplesTest.EXAMPLES, scratch);
        assertEquals(List.of(), problems);
        assertEquals(List.of(), contents(scratch));
    }

    @Test
    void aSpecThatDoesNotLoadLeavesNothingBehind(@TempDir Path specs, @TempDir Path scratch) throws Exception {
        Path bad = specs.resolve("Bad.tla");
        Files.writeString(bad, """
                ---- MODULE Bad ----
                EXTENDS Naturals, Sequences
                VARIABLE x
                Init == x = <<>>
                Next == x' = Append(x, y)
                ====
                """, StandardCharsets.UTF_8);
        TlaException e = org.junit.jupiter.api.Assertions.assertThrows(TlaException.class,
                () -> TlaSpec.load(bad, null, Map.of(), scratch));
        assertTrue(e.getMessage().contains("Bad.tla:5:"), e.getMessage());
        assertEquals(List.of(), contents(scratch));
    }

    /**
     * {@link #PROCESSES} JVMs, each loading every example in {@link #THREADS} threads, with one temporary folder
     * for all of them: every load succeeds, no process sees a file of SANY's directly in that folder while it runs,
     * and the folder is empty once they have ended.
     */
    @Test
    void processesSharingATemporaryFolderLoadSpecsAtOnce(@TempDir Path tmp) throws Exception {
        List<Process> children = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int i = 0; i < PROCESSES; i++) {
            Path log = Files.createTempFile("ariadne-parallel-loads", ".log");
            logs.add(log);
            List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djava.io.tmpdir=" + tmp, "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                    "-cp", System.getProperty("java.class.path"), Child.class.getName(),
                    ExamplesTest.EXAMPLES.toAbsolutePath().toString());
            children.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        try {
            for (int i = 0; i < PROCESSES; i++) {
                int status = children.get(i).waitFor();
                assertEquals(0, status, "process " + i + ": " + Files.readString(logs.get(i)));
            }
        } finally {
            for (Path log : logs) {
                Files.deleteIfExists(log);
            }
        }
        assertEquals(List.of(), contents(tmp));
    }

    /**
     * One process of {@link #processesSharingATemporaryFolderLoadSpecsAtOnce}: loads every example in threads,
     * then lists the files directly in java.io.tmpdir (other processes' private folders may be there, files may
     * not). Status 0 when all is well, 1 with the problems on standard output otherwise.
     */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            List<String> problems = new ArrayList<>(loadInThreads(Path.of(args[0]), null));
            try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
                s.filter(Files::isRegularFile).forEach(f -> problems.add("left in the temporary folder: " + f));
            }
            problems.forEach(System.out::println);
            System.out.flush();
            System.exit(problems.isEmpty() ? 0 : 1);
        }
    }
}
