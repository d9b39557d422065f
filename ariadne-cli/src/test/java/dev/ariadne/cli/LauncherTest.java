package dev.ariadne.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ariadne} launcher script, run on a small copy of the source tree with a stand-in {@code mvn} (which
 * "builds" the jar, and notes when two builds overlap) and a stand-in {@code java} (which says it ran): runs started
 * together after a change build once, one at a time, and all run; a change to any source file, made in place or by
 * adding a file, rebuilds; an unchanged tree does not; a copy without sources never builds. The outcomes asserted
 * hold for any timing: the lock and the second look after it make one build whatever the order.
 */
class LauncherTest {
    private static final Path SCRIPT = Path.of("..", "ariadne");

    @TempDir
    Path tmp;
    private Path tree;
    private Path bin;
    private Path log;
    private Path source;

    @BeforeEach
    void tree() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/sh")) && onPath("bash"), "needs sh and bash");
        tree = Files.createDirectories(tmp.resolve("tree"));
        Files.copy(SCRIPT, tree.resolve("ariadne"));
        Files.writeString(tree.resolve("pom.xml"), "<project/>\n");
        Files.createDirectories(tree.resolve("ariadne-core/src/main/java"));
        Files.writeString(tree.resolve("ariadne-core/pom.xml"), "<project/>\n");
        source = tree.resolve("ariadne-core/src/main/java/A.java");
        Files.writeString(source, "class A {}\n");
        bin = Files.createDirectories(tmp.resolve("bin"));
        log = tmp.resolve("log");
        Files.writeString(log, "");
        // one build at a time or "overlap"; the jar written under another name and renamed, as a finished build
        executable(bin.resolve("mvn"), """
                #!/bin/sh
                if ! mkdir "$FAKE_DIR/building" 2>/dev/null; then echo overlap >> "$FAKE_LOG"; exit 1; fi
                echo build >> "$FAKE_LOG"
                sleep 1
                mkdir -p ariadne-cli/target
                echo jar > ariadne-cli/target/ariadne.jar.new
                mv ariadne-cli/target/ariadne.jar.new ariadne-cli/target/ariadne.jar
                rmdir "$FAKE_DIR/building"
                """);
        // the training run writes its archive; any other run says so
        executable(bin.resolve("java"), """
                #!/bin/sh
                for a in "$@"; do
                  case $a in -XX:ArchiveClassesAtExit=*) echo archive > "${a#*=}"; exit 0 ;; esac
                done
                echo ran
                """);
    }

    private static boolean onPath(String command) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return true;
            }
        }
        return false;
    }

    private static void executable(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Process start(Path script, String path, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(args.length == 0 ? List.of("--version") : List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.put("PATH", path);
        env.put("FAKE_LOG", log.toString());
        env.put("FAKE_DIR", tmp.toString());
        env.remove("ARIADNE_JAVA_OPTS");
        return pb.start();
    }

    /** Starts {@code n} launchers at once; returns each one's exit status and output. */
    private List<String> runTogether(int n, String path) throws Exception {
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ps.add(start(tree.resolve("ariadne"), path));
        }
        List<String> out = new ArrayList<>();
        for (Process p : ps) {
            p.getOutputStream().close();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            out.add(p.waitFor() + " " + text);
        }
        return out;
    }

    private String runOnce() throws Exception {
        return runTogether(1, bin + ":" + System.getenv("PATH")).get(0);
    }

    /** Runs the built tree's launcher once with {@code args}: its exit status and output. */
    private String run(String... args) throws Exception {
        Process p = start(tree.resolve("ariadne"), bin + ":" + System.getenv("PATH"), args);
        p.getOutputStream().close();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return p.waitFor() + " " + text;
    }

    /**
     * A check against a TLA+ spec runs with the optimising compiler (most of its time is TLC's evaluator); every
     * other command, and a {@code --tla} that is a file name after {@code --}, with the quick compiler alone.
     */
    @Test
    void aTlaCheckRunsWithTheOptimisingCompiler() throws Exception {
        executable(bin.resolve("java"), """
                #!/bin/sh
                for a in "$@"; do
                  case $a in -XX:ArchiveClassesAtExit=*) echo archive > "${a#*=}"; exit 0 ;; esac
                done
                for a in "$@"; do
                  case $a in -XX:TieredStopAtLevel=1) echo quick; exit 0 ;; esac
                done
                for a in "$@"; do
                  case $a in -XX:FreqInlineSize=100) echo optimising; exit 0 ;; esac
                done
                echo "optimising, inlining as for Java code"
                """);
        assertTrue(runOnce().endsWith("quick\n")); // builds, and --version
        assertEquals("0 quick\n", run("check", "h.edn"));
        assertEquals("0 optimising\n", run("check", "--tla", "S.tla", "t.json"));
        assertEquals("0 optimising\n", run("check", "--model", "kv", "--tla=S.tla", "t.json"));
        assertEquals("0 quick\n", run("export-tla", "--tla", "S.tla", "t.json"));
        assertEquals("0 quick\n", run("check", "--", "--tla"));
    }

    private List<String> logged() throws IOException {
        return Files.readAllLines(log);
    }

    private void assertAllRan(List<String> outcomes) {
        for (String o : outcomes) {
            assertTrue(o.startsWith("0 ") && o.endsWith("ran\n"), o);
        }
    }

    @Test
    void launchersStartedTogetherBuildOnceAndAllRun() throws Exception {
        List<String> outcomes = runTogether(4, bin + ":" + System.getenv("PATH"));
        assertAllRan(outcomes);
        assertEquals(List.of("build"), logged());
        assertNoPartialArchive();
    }

    /** The same where flock(1) is missing: a folder made by mkdir is the lock. */
    @Test
    void withoutFlockLaunchersStartedTogetherBuildOnceAndAllRun() throws Exception {
        Path tools = Files.createDirectories(tmp.resolve("tools"));
        for (String c : List.of("bash", "env", "mkdir", "rmdir", "rm", "mv", "touch", "sleep", "wc", "readlink", "cat",
                "find")) {
            for (String dir : System.getenv("PATH").split(":")) {
                Path p = Path.of(dir, c);
                if (Files.isExecutable(p) && !Files.exists(tools.resolve(c))) {
                    Files.createSymbolicLink(tools.resolve(c), p.toRealPath());
                }
            }
        }
        assertTrue(!Files.exists(tools.resolve("flock")));
        List<String> outcomes = runTogether(4, bin + ":" + tools);
        assertAllRan(outcomes);
        assertEquals(List.of("build"), logged());
        assertTrue(!Files.exists(tree.resolve("ariadne-cli/target/ariadne.lock.d")), "the lock folder is removed");
    }

    @Test
    void anyChangedSourceRebuildsAndAnUnchangedTreeDoesNot() throws Exception {
        assertTrue(runOnce().endsWith("ran\n"));
        assertEquals(1, logged().size());
        assertEquals("0 ran\n", runOnce());
        assertEquals(1, logged().size(), "nothing changed: no build");

        // written in place: the file's time changes, its folder's does not
        aged();
        Files.writeString(source, "class A { int a; }\n");
        runOnce();
        assertEquals(2, logged().size(), "a file edited in place rebuilds");
        assertEquals("0 ran\n", runOnce());
        assertEquals(2, logged().size());

        // a new file whose own time is old (copied with its time kept): its folder's time says it
        aged();
        Path added = source.resolveSibling("B.java");
        Files.writeString(added, "class B {}\n");
        Files.setLastModifiedTime(added, FileTime.fromMillis(0));
        runOnce();
        assertEquals(3, logged().size(), "an added file rebuilds");

        aged();
        Files.writeString(tree.resolve("pom.xml"), "<project></project>\n");
        runOnce();
        assertEquals(List.of("build", "build", "build", "build"), logged(), "a changed pom.xml rebuilds");
    }

    /**
     * Moves the last build (the jar, its stamp, the archive) and every source one minute into the past, so that
     * an edit made now is later than the build whatever the file system's clock resolution.
     */
    private void aged() throws IOException {
        long past = System.currentTimeMillis() - 60_000;
        try (Stream<Path> all = Stream.concat(Files.walk(tree.resolve("ariadne-core")),
                Files.list(tree.resolve("ariadne-cli/target")))) {
            for (Path p : all.toList()) {
                Files.setLastModifiedTime(p, FileTime.fromMillis(past));
            }
        }
        Files.setLastModifiedTime(tree.resolve("pom.xml"), FileTime.fromMillis(past));
    }

    @Test
    void aCopyWithoutSourcesNeverBuilds() throws Exception {
        runOnce();
        aged();
        Files.delete(tree.resolve("pom.xml"));
        Files.writeString(source, "class A { int a; }\n");
        assertEquals("0 ran\n", runOnce());
        assertEquals(1, logged().size());

        Files.delete(tree.resolve("ariadne-cli/target/ariadne.jar"));
        String out = runOnce();
        assertTrue(out.startsWith("70 ariadne: ") && out.contains("ariadne.jar is missing"), out);
        assertEquals(1, logged().size());
    }

    @Test
    void aFailedBuildExits70AndLeavesNoStamp() throws Exception {
        executable(bin.resolve("mvn"), "#!/bin/sh\necho '[ERROR] compilation failed'\nexit 1\n");
        String out = runOnce();
        assertTrue(out.startsWith("70 ") && out.contains("ariadne: build failed"), out);
        try (Stream<Path> files = Files.list(tree.resolve("ariadne-cli/target"))) {
            assertEquals(List.of("ariadne.lock"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    private void assertNoPartialArchive() throws IOException {
        try (Stream<Path> files = Files.list(tree.resolve("ariadne-cli/target"))) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().toList();
            assertEquals(List.of("ariadne.built", "ariadne.jar", "ariadne.jsa", "ariadne.jsa.record", "ariadne.lock"),
                    names);
        }
    }
}
