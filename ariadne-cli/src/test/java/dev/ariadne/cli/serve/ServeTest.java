package dev.ariadne.cli.serve;

import dev.ariadne.cli.Main;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code ariadne serve} as its client sees it: a server started on the test's class path, the C client compiled
 * with cc (the test skips without one), and every answer compared with a plain run of the same command. Waits are
 * bounded and no assertion depends on how fast anything is: a test that waits for a state polls for it.
 */
class ServeTest {
    private static final Path CLIENT_SOURCE = Path.of("src/main/c/ariadne-client.c");
    private static final Path EXAMPLES = Path.of("../examples");
    /** Bounds every wait: generous, CI runs on a loaded 2-core machine. */
    private static final long LIMIT_SECONDS = 120;
    private static final String KEY = "test-key";
    /**
     * Times in the reports (how long a check or a core search took) differ from run to run. And with more than one
     * thread, which partitions a violation in another cancels depends on timing: the comparisons use one thread.
     */
    private static final Pattern DURATION = Pattern.compile(
            "\\d+(\\.\\d+)? ?(ms|µs|s|min)\\b|(\"millis\" : )[0-9.]+");

    @TempDir
    Path tmp;
    private Path client;
    private Path dir;
    private final List<Process> servers = new ArrayList<>();

    @BeforeEach
    void compileClient() throws Exception {
        Assumptions.assumeTrue(onPath("cc"), "needs a C compiler (cc) for the serve client");
        client = tmp.resolve("ariadne-client");
        Process cc = new ProcessBuilder("cc", "-O2", "-o", client.toString(), CLIENT_SOURCE.toString())
                .redirectErrorStream(true).start();
        String out = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cc.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS) && cc.exitValue() == 0, "cc failed: " + out);
        dir = Files.createDirectory(tmp.resolve("s"), PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rwx------")));
    }

    @AfterEach
    void stopServers() throws InterruptedException {
        for (Process p : servers) {
            p.destroyForcibly();
            p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS);
        }
    }

    private static boolean onPath(String command) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, command))) {
                return true;
            }
        }
        return false;
    }

    /** Starts a server in this test's working directory and waits until it answers. */
    private Process startServer(String idleSeconds) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xmx256m", "-cp", System.getProperty("java.class.path"), Server.class.getName(),
                "--dir", dir.toString(), "--key", KEY, "--idle", idleSeconds)
                .redirectErrorStream(true).redirectOutput(tmp.resolve("server.log").toFile()).start();
        servers.add(p);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
        while (client("status").status != 0) {
            assertTrue(p.isAlive(), "the server exited: " + Files.readString(tmp.resolve("server.log")));
            assertTrue(System.nanoTime() < deadline, "the server did not answer");
            Thread.sleep(50);
        }
        return p;
    }

    record Run(int status, String out, String err) {
        Run masked() {
            return new Run(status, DURATION.matcher(out).replaceAll("T$3"), DURATION.matcher(err).replaceAll("T$3"));
        }
    }

    private ProcessBuilder clientCommand(String kind, String... args) {
        List<String> command = new ArrayList<>(List.of(client.toString(), kind, dir.toString(), KEY));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }

    /** Runs the client to its end. */
    private Run client(String kind, String... args) throws Exception {
        return finish(clientCommand(kind, args));
    }

    private Run finish(ProcessBuilder b) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = b.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS), "the client still runs");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** What a plain run prints and exits with: {@link Main#run}, what {@code main} runs. */
    private static Run plain(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(status, out.toString(), err.toString());
    }

    private static List<String> exampleFiles() throws IOException {
        try (Stream<Path> all = Files.walk(EXAMPLES)) {
            return all.filter(Files::isRegularFile).map(Path::toString).sorted().toList();
        }
    }

    @Test
    void everyExampleGivesThePlainRunsOutputAndStatus() throws Exception {
        startServer("0");
        List<String> files = exampleFiles();
        assertTrue(files.size() >= 10, "the examples: " + files);
        List<Integer> statuses = new ArrayList<>();
        for (String f : files) {
            for (String[] args : List.of(new String[]{"check", "--threads", "1", f},
                    new String[]{"check", "--threads", "1", "--json", f})) {
                Run served = client("run", args).masked();
                assertEquals(plain(args).masked(), served, String.join(" ", args));
                statuses.add(served.status);
            }
        }
        // linearizable, not linearizable and bad input are all among them
        assertTrue(statuses.containsAll(List.of(0, 1, 65)), "statuses " + statuses);
        // several files at once, and a TLA+ spec with its traces
        String[] many = {"check", "--threads", "1", "--model", "cas-register", "../examples/register-ok.jsonl",
                "../examples/register-bad.jsonl", "../examples/kv-bad.edn"};
        assertEquals(plain(many).masked(), client("run", many).masked());
        String[] tla = {"check", "--threads", "1", "--tla", "../examples/tla/register/Register.tla",
                "../examples/tla/register/register-pass.json", "../examples/tla/register/register-fail.json"};
        assertEquals(plain(tla).masked(), client("run", tla).masked());
    }

    /**
     * What a server does not run, it hands back before any output (exit 250: the launcher then runs the command
     * plainly): usage errors and help (picocli's), standard input, --follow, other commands.
     */
    @Test
    void usageErrorsAndStandardInputAreLeftToAPlainRun() throws Exception {
        startServer("0");
        for (String[] args : List.of(new String[]{"check", "--no-such-option", "../examples/kv-bad.edn"},
                new String[]{"check"}, new String[]{"check", "--help"}, new String[]{"check", "-"},
                new String[]{"check", "--follow", "../examples/kv-bad.edn"}, new String[]{"--version"},
                new String[]{"generate", "--model", "kv", "--ops", "5", "x.jsonl"},
                new String[]{"check", "/dev/stdin"})) {
            assertEquals(new Run(250, "", ""), client("run", args), String.join(" ", args));
        }
        assertEquals(64, plain("check", "--no-such-option", "../examples/kv-bad.edn").status);
    }

    @Test
    void noServerOrAnotherKeyMeansAPlainRun() throws Exception {
        assertEquals(new Run(250, "", ""), client("run", "check", "../examples/kv-bad.edn"));
        assertEquals(1, client("status").status);
        startServer("0");
        Run other = finish(new ProcessBuilder(client.toString(), "run", dir.toString(), "another-key", "check",
                "../examples/kv-bad.edn"));
        assertEquals(new Run(250, "", ""), other);
    }

    @Test
    void concurrentClientsEachGetTheirOwnOutput() throws Exception {
        startServer("0");
        List<String[]> commands = new ArrayList<>();
        for (String f : List.of("register-ok.jsonl", "register-bad.jsonl", "kv-bad.edn",
                "cas-register-nemesis-bad.edn", "tla/kv/kv-pass.json", "tla/queue/queue-fail.json")) {
            commands.add(new String[]{"check", "--threads", "1", "../examples/" + f});
            commands.add(new String[]{"check", "--threads", "1", "--json", "../examples/" + f});
        }
        List<Process> running = new ArrayList<>();
        List<Path[]> outputs = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (String[] c : commands) {
                Path out = Files.createTempFile(tmp, "out", ".txt");
                Path err = Files.createTempFile(tmp, "err", ".txt");
                running.add(clientCommand("run", c).redirectOutput(out.toFile()).redirectError(err.toFile()).start());
                outputs.add(new Path[]{out, err});
            }
        }
        for (int i = 0; i < running.size(); i++) {
            Process p = running.get(i);
            assertTrue(p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
            String[] c = commands.get(i % commands.size());
            Run served = new Run(p.exitValue(), Files.readString(outputs.get(i)[0]),
                    Files.readString(outputs.get(i)[1])).masked();
            assertEquals(plain(c).masked(), served, String.join(" ", c));
        }
    }

    /** A FIFO the server blocks on while opening it: a request that is under way for as long as the test likes. */
    private Path fifo() throws Exception {
        Path f = tmp.resolve("pending.jsonl");
        Process mk = new ProcessBuilder("mkfifo", f.toString()).start();
        assertTrue(mk.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS) && mk.exitValue() == 0, "mkfifo");
        return f;
    }

    private void awaitRunning(int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(LIMIT_SECONDS);
        while (!client("status").out.contains(", " + n + " running,")) {
            assertTrue(System.nanoTime() < deadline, "never " + n + " running: " + client("status"));
            Thread.sleep(50);
        }
    }

    /**
     * The server killed while it runs a command that has printed nothing yet: the client exits 250 with no output,
     * so the launcher runs the command plainly; the socket left behind is removed by the next server.
     */
    @Test
    void aServerKilledMidRequestLeavesTheCommandToAPlainRun() throws Exception {
        Process server = startServer("0");
        Path f = fifo();
        Process c = clientCommand("run", "check", f.toString()).start();
        awaitRunning(1);
        server.destroyForcibly();
        assertTrue(c.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(250, c.exitValue());
        assertEquals("", new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        assertEquals("", new String(c.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
        // nobody listens on the socket left behind: runs go plain, and a new server takes its place
        assertEquals(new Run(250, "", ""), client("run", "check", "../examples/kv-bad.edn"));
        startServer("0");
        assertTrue(Files.readString(tmp.resolve("server.log")).contains("removed a stale socket"));
        assertEquals(plain("check", "--threads", "1", "../examples/kv-bad.edn").masked(),
                client("run", "check", "--threads", "1", "../examples/kv-bad.edn").masked());
    }

    /** A client killed mid-request: its command ends, and the server goes on serving others. */
    @Test
    void aClientKilledMidRequestDoesNotHurtTheServer() throws Exception {
        startServer("0");
        Path f = fifo();
        Process c = clientCommand("run", "check", f.toString()).start();
        awaitRunning(1);
        c.destroyForcibly();
        assertTrue(c.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
        // let the abandoned command read its history (it blocks in opening the FIFO until a writer comes)
        try (OutputStream w = Files.newOutputStream(f)) {
            w.write(Files.readAllBytes(EXAMPLES.resolve("register-ok.jsonl")));
        }
        awaitRunning(0);
        assertEquals(plain("check", "../examples/register-bad.jsonl").masked(),
                client("run", "check", "../examples/register-bad.jsonl").masked());
    }

    /**
     * Ctrl-C (SIGINT) stops the client at once, by the signal, as the shell expects; the server abandons the
     * command (it ends once it can write, here once its FIFO has a writer) and goes on serving.
     */
    @Test
    void anInterruptedClientDiesByTheSignalAndTheServerAbandonsTheCommand() throws Exception {
        startServer("0");
        Path f = fifo();
        Process c = clientCommand("run", "check", f.toString()).start();
        awaitRunning(1);
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(c.pid())).start();
        assertTrue(kill.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS) && kill.exitValue() == 0);
        assertTrue(c.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(128 + 2, c.exitValue(), "killed by SIGINT");
        try (OutputStream w = Files.newOutputStream(f)) {
            w.write(Files.readAllBytes(EXAMPLES.resolve("register-ok.jsonl")));
        }
        awaitRunning(0);
        assertEquals(plain("check", "../examples/register-ok.jsonl").masked(),
                client("run", "check", "../examples/register-ok.jsonl").masked());
    }

    @Test
    void anIdleServerStopsAndRemovesItsSocket() throws Exception {
        Process server = startServer("1");
        assertEquals(0, client("run", "check", "../examples/register-ok.jsonl").status);
        assertTrue(server.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS), "the idle server did not stop");
        assertEquals(0, server.exitValue());
        try (Stream<Path> left = Files.list(dir)) {
            assertFalse(left.anyMatch(p -> p.toString().endsWith(".sock")), "its socket is removed");
        }
        assertEquals(1, client("status").status);
    }

    @Test
    void stopEndsTheServer() throws Exception {
        Process server = startServer("0");
        assertEquals(0, client("stop").status);
        assertTrue(server.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, server.exitValue());
        assertEquals(new Run(250, "", ""), client("run", "check", "../examples/kv-bad.edn"));
    }

    /** A socket folder that others may enter is refused by both sides: no server, and nothing sent to one. */
    @Test
    void aFolderOthersMayEnterIsRefused() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Server.class.getName(), "--dir", dir.toString(),
                "--key", KEY).redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(70, p.exitValue());
        assertTrue(said.contains("mode must be 0700"), said);
        assertEquals(new Run(250, "", ""), client("run", "check", "../examples/kv-bad.edn"));
    }

    /**
     * Standard output closed early ({@code | head -c 1}): the client ends with SIGPIPE's status, 141, as a plain
     * run does (ClosedOutput), and the server goes on serving. The output is far larger than a pipe's buffer, so
     * the client meets the closed pipe whatever the timing.
     */
    @Test
    void aClosedStandardOutputEndsWith141() throws Exception {
        Assumptions.assumeTrue(onPath("bash") && onPath("head"), "needs bash and head");
        startServer("0");
        StringBuilder files = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            files.append(" ../examples/kv-bad.edn");
        }
        Process p = new ProcessBuilder("bash", "-c", "\"$0\" run \"$1\" \"$2\" check --json" + files
                + " | head -c 1 >/dev/null; echo \"${PIPESTATUS[0]}\"", client.toString(), dir.toString(), KEY)
                .redirectErrorStream(true).start();
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS));
        assertEquals("141\n", said);
        awaitRunning(0);
        assertEquals(0, client("run", "check", "../examples/register-ok.jsonl").status);
    }
}
