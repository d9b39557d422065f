package dev.ariadne.harness.redis;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real {@code redis-server} process owned by one test: on 127.0.0.1, on a free port of its own, without
 * persistence ({@code --save "" --appendonly no}), working in a temporary directory of its own. It can be killed
 * (SIGKILL, as a crash) and restarted on the same port, so a client sees the same address come back empty; it
 * can be paused (SIGSTOP) so that commands sent to it stay in flight. {@link #close()} stops it and removes its
 * directory. {@link #start()} skips the calling test (a JUnit assumption) only when {@code redis-server} is not
 * on the PATH; any other failure to start fails the test, with the server's log.
 */
final class RedisServer implements AutoCloseable {
    /** How long a started server may take to answer PING before the start counts as failed. */
    private static final long START_TIMEOUT_MILLIS = 10_000;

    private final String executable;
    private final Path dir;
    private final int port;
    private Process process;

    private RedisServer(String executable, Path dir, int port) {
        this.executable = executable;
        this.dir = dir;
        this.port = port;
    }

    /**
     * Starts a server on a free loopback port and waits until it answers PING.
     *
     * @throws org.opentest4j.TestAbortedException when {@code redis-server} is not on the PATH
     */
    static RedisServer start() throws IOException {
        String executable = findOnPath("redis-server");
        Assumptions.assumeTrue(executable != null, "redis-server is not on the PATH, so the Redis tests are skipped "
                + "(.ci/run installs it with apt-get install redis-server)");
        Path dir = Files.createTempDirectory("ariadne-redis-");
        IOException last = null;
        // A free port found by binding port 0 can be taken by someone else before redis binds it: try a few.
        for (int attempt = 0; attempt < 3; attempt++) {
            RedisServer server = new RedisServer(executable, dir, freePort());
            try {
                server.launch();
                return server;
            } catch (IOException e) {
                last = e;
                server.destroyProcess();
            }
        }
        deleteRecursively(dir);
        throw last;
    }

    /** The port it listens on (the same across restarts). */
    int port() {
        return port;
    }

    /** The operating-system process id of the running server. */
    long pid() {
        return process.pid();
    }

    /** Kills the server with SIGKILL, as a crash: no shutdown, no save; it loses everything it held. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** Starts a fresh server on the same port (after {@link #kill()}) and waits until it answers. */
    void restart() throws IOException {
        if (process != null && process.isAlive()) {
            throw new IllegalStateException("redis-server on port " + port + " is still running");
        }
        launch();
    }

    /**
     * Stops the server with SIGSTOP: it keeps its connections but answers nothing, so commands sent to it stay in
     * flight until they time out, it is continued or it is killed.
     */
    void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** Continues a paused server (SIGCONT). */
    void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    @Override
    public void close() {
        destroyProcess();
        deleteRecursively(dir);
    }

    private void launch() throws IOException {
        Path log = dir.resolve("redis-" + port + ".log");
        process = new ProcessBuilder(executable, "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--daemonize", "no")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_TIMEOUT_MILLIS);
        while (!answersPing()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String why = process.isAlive() ? "did not answer PING within " + START_TIMEOUT_MILLIS + " ms"
                        : "exited with status " + process.exitValue();
                destroyProcess();
                throw new IOException("redis-server on port " + port + " " + why + "; its log:\n" + readLog(log));
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                destroyProcess();
                throw new IOException("interrupted while waiting for redis-server to start", e);
            }
        }
    }

    /** Whether a PING over a fresh connection gets PONG (a raw RESP exchange, so no client library is needed). */
    private boolean answersPing() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            byte[] reply = in.readNBytes(7);
            return new String(reply, StandardCharsets.US_ASCII).equals("+PONG\r\n");
        } catch (IOException e) {
            return false;
        }
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        if (kill.waitFor() != 0) {
            throw new IOException("kill -" + signal + " " + process.pid() + " failed: "
                    + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private void destroyProcess() {
        if (process == null) {
            return;
        }
        try {
            // A paused server would ignore SIGTERM until continued; SIGKILL needs no cooperation.
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static String findOnPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String entry : path.split(java.io.File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path candidate = Paths.get(entry, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    private static String readLog(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary directory is harmless; the test's verdict does not depend on it.
        }
    }
}
