package dev.ariadne.cli.serve;

import dev.ariadne.cli.Main;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
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
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ariadne} script with {@code serve}: an installed copy of the script (no pom.xml, so no build) whose
 * jar is a manifest pointing at the test's class path, and the client's C source beside it, as in a checkout. The
 * script compiles the client, starts a server, hands {@code check} to it with the plain run's output and status,
 * runs what the server does not take plainly, and stops it.
 */
class LauncherServeTest {
    private static final long LIMIT_SECONDS = 120;
    private static final Pattern DURATION = Pattern.compile("\\d+(\\.\\d+)? ?(ms|µs|s|min)\\b");

    @TempDir
    Path tmp;
    private Path script;
    private Path socketDir;

    @BeforeEach
    void installedCopy() throws IOException {
        Assumptions.assumeTrue(onPath("cc") && onPath("bash"), "needs cc and bash");
        Path tree = Files.createDirectories(tmp.resolve("tree"));
        script = tree.resolve("ariadne");
        Files.copy(Path.of("..", "ariadne"), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path c = Files.createDirectories(tree.resolve("ariadne-cli/src/main/c"));
        Files.copy(Path.of("src/main/c/ariadne-client.c"), c.resolve("ariadne-client.c"));
        Path target = Files.createDirectories(tree.resolve("ariadne-cli/target"));
        Manifest m = new Manifest();
        m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        List<String> urls = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            urls.add(Path.of(entry).toAbsolutePath().toUri().toString());
        }
        m.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", urls));
        try (OutputStream out = Files.newOutputStream(target.resolve("ariadne.jar"));
             JarOutputStream jar = new JarOutputStream(out, m)) {
            jar.flush();
        }
        socketDir = tmp.resolve("s");
    }

    @AfterEach
    void stop() throws Exception {
        if (script != null) {
            launch("serve", "stop");
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

    record Run(int status, String out, String err) {
        Run masked() {
            return new Run(status, DURATION.matcher(out).replaceAll("T"), DURATION.matcher(err).replaceAll("T"));
        }
    }

    private Run launch(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder b = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = b.environment();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("ARIADNE_SERVE_DIR", socketDir.toString());
        env.put("ARIADNE_JAVA_OPTS", "-Xshare:auto -Xmx256m"); // no archive to make: quicker, and the same verdicts
        env.remove("ARIADNE_SERVE");
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = b.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS), "the script still runs");
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static Run plain(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(status, out.toString(), err.toString());
    }

    @Test
    void theScriptUsesARunningServerAndRunsTheRestPlainly() throws Exception {
        Run none = launch("serve", "status");
        assertEquals(1, none.status, none.toString());
        assertTrue(none.out.contains("no server for"), none.out);

        Run started = launch("serve", "start", "--idle", "0");
        assertEquals(0, started.status, started.toString());
        assertTrue(started.out.startsWith("ariadne: serving "), started.out);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(socketDir)));

        String[] check = {"check", "--threads", "1", "../examples/register-bad.jsonl", "../examples/kv-bad.edn"};
        assertEquals(plain(check).masked(), launch(check).masked());
        Run status = launch("serve", "status");
        assertEquals(0, status.status);
        assertTrue(status.out.contains(", 1 commands run,"), "the check was served: " + status.out);

        // not the server's: a usage error, and another command, are plain runs with their own answers
        String[] usage = {"check", "--no-such-option", "../examples/kv-bad.edn"};
        assertEquals(plain(usage), launch(usage));
        assertTrue(launch("serve", "status").out.contains(", 1 commands run,"));

        // ARIADNE_SERVE=0 would not use it; after stop, runs are plain and give the same answer
        Run stopped = launch("serve", "stop");
        assertEquals(0, stopped.status, stopped.toString());
        assertEquals(1, launch("serve", "status").status);
        assertEquals(plain(check).masked(), launch(check).masked());
    }

    @Test
    void serveWithoutASubcommandIsAUsageError() throws Exception {
        Run r = launch("serve", "restart");
        assertEquals(64, r.status);
        assertTrue(r.err.contains("usage: ariadne serve start"), r.err);
        assertEquals(64, launch("serve", "start", "--idle", "soon").status);
    }
}
