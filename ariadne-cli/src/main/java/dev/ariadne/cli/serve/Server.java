package dev.ariadne.cli.serve;

import dev.ariadne.cli.Served;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The warm server behind {@code ariadne serve start}: it listens on a Unix domain socket, in a folder only its user
 * may enter, for one working directory and one launcher configuration (the jar, the java, {@code
 * ARIADNE_JAVA_OPTS}), and runs there the {@code check} commands its clients send, as a plain run in that directory
 * would, streaming their output back; it exits when it has been idle for the configured time.
 *
 * <p>The protocol (big-endian): a request is the int {@link #MAGIC}, an int kind ({@link #RUN}, {@link #STATUS},
 * {@link #STOP}), an int count and that many strings (an int length and UTF-8 bytes): the key, the client's working
 * directory, then for {@link #RUN} the arguments. A reply is a sequence of frames, a byte type and an int length
 * then the payload: {@link #STDOUT} and {@link #STDERR} bytes, then one {@link #EXIT} (the status as an int) or
 * one {@link #FALLBACK} (before any output: the client runs the command as a plain process instead).
 */
public final class Server {
    static final int MAGIC = 0x41524431; // "ARD1"
    static final int RUN = 1;
    static final int STATUS = 2;
    static final int STOP = 3;
    static final byte STDOUT = 1;
    static final byte STDERR = 2;
    static final byte EXIT = 3;
    static final byte FALLBACK = 4;
    /** Bounds a request (strings, and bytes in all): the kernel's own limit on arguments is 2 MiB. */
    private static final int MAX_STRINGS = 1 << 16;
    private static final int MAX_BYTES = 8 << 20;
    /** Connections beyond this many are told to run plainly instead of queueing for a thread. */
    private static final int MAX_CONNECTIONS = 256;

    private final String key;
    private final String cwd;
    private final Path socket;
    private final long idleMillis;
    private final PrintStream log;
    private final ServerSocketChannel listener;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ariadne-serve-connection");
        t.setDaemon(true);
        return t;
    });
    /** Commands run at most as many at once as there are processors: the others wait for a turn. */
    private final Semaphore turns = new Semaphore(Math.max(1, Runtime.getRuntime().availableProcessors()), true);
    private final AtomicInteger connections = new AtomicInteger();
    private final AtomicInteger active = new AtomicInteger();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong lastActivity = new AtomicLong(System.nanoTime());
    private final long started = System.currentTimeMillis();
    private volatile boolean stopping;
    /** The jar this JVM runs and its time and size at start: a rebuilt jar makes this server stale. */
    private final Path jar = jar();
    private final String jarStamp = stamp(jar);

    private Server(String key, String cwd, Path socket, long idleMillis, PrintStream log,
                   ServerSocketChannel listener) {
        this.key = key;
        this.cwd = cwd;
        this.socket = socket;
        this.idleMillis = idleMillis;
        this.log = log;
        this.listener = listener;
    }

    /**
     * {@code Server --dir DIR --key KEY [--idle SECONDS]}: serves until idle for SECONDS (600 by default; 0 never).
     * Exits 0 when it stopped, 3 when a server for this directory and key is already running, 70 when it cannot
     * listen (the reason is printed).
     */
    public static void main(String[] args) throws Exception {
        String dir = null;
        String key = null;
        long idle = 600;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--dir" -> dir = args[i + 1];
                case "--key" -> key = args[i + 1];
                case "--idle" -> idle = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (dir == null || key == null || args.length % 2 != 0) {
            System.err.println("usage: Server --dir DIR --key KEY [--idle SECONDS]");
            System.exit(64);
        }
        PrintStream log = System.err;
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> log.println(now() + " uncaught in " + t.getName()
                + ": " + e));
        String cwd = System.getProperty("user.dir");
        Path folder = Path.of(dir);
        String problem = unsafe(folder);
        if (problem != null) {
            log.println("ariadne serve: " + problem);
            System.exit(70);
        }
        Path socket = folder.resolve(name(key, cwd) + ".sock");
        if (socket.toString().getBytes(StandardCharsets.UTF_8).length > 107) {
            log.println("ariadne serve: the socket's path is longer than a Unix socket allows (107 bytes): "
                    + socket + "; set XDG_RUNTIME_DIR to a shorter folder");
            System.exit(70);
        }
        if (Files.exists(socket, LinkOption.NOFOLLOW_LINKS)) {
            if (answers(socket)) {
                log.println("ariadne serve: a server is already running on " + socket);
                System.exit(3);
            }
            Files.deleteIfExists(socket); // left by a server that crashed
            log.println(now() + " removed a stale socket " + socket);
        }
        ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            listener.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            log.println("ariadne serve: cannot listen on " + socket + ": " + e.getMessage());
            System.exit(70);
        }
        Server server = new Server(key, cwd, socket, idle * 1000, log, listener);
        Runtime.getRuntime().addShutdownHook(new Thread(server::removeSocket, "ariadne-serve-cleanup"));
        log.println(now() + " serving " + cwd + " on " + socket + " (pid " + ProcessHandle.current().pid()
                + ", idle stop after " + (idle == 0 ? "never" : idle + " s") + ")");
        server.serve();
    }

    /** The socket's file name for {@code key} in {@code cwd}: FNV-1a (64 bits) in hex, as the client computes. */
    static String name(String key, String cwd) {
        long h = 0xcbf29ce484222325L;
        for (byte b : (key + "\n" + cwd).getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return String.format("%016x", h);
    }

    /** Why {@code folder} must not hold a socket (not a folder of this user's alone), or {@code null}. */
    static String unsafe(Path folder) {
        try {
            if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
                return folder + " is not a folder";
            }
            Set<PosixFilePermission> p = Files.getPosixFilePermissions(folder, LinkOption.NOFOLLOW_LINKS);
            for (PosixFilePermission bad : List.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                    PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
                    PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE)) {
                if (p.contains(bad)) {
                    return folder + " may be entered by other users (mode must be 0700)";
                }
            }
            String owner = Files.getOwner(folder, LinkOption.NOFOLLOW_LINKS).getName();
            if (!owner.equals(System.getProperty("user.name"))) {
                return folder + " belongs to " + owner + ", not to " + System.getProperty("user.name");
            }
            return null;
        } catch (IOException | UnsupportedOperationException e) {
            return "cannot inspect " + folder + ": " + e;
        }
    }

    private static Path jar() {
        String cp = System.getProperty("java.class.path", "");
        return cp.isEmpty() || cp.contains(java.io.File.pathSeparator) ? null : Path.of(cp);
    }

    private static String stamp(Path jar) {
        try {
            return jar == null ? "" : Files.getLastModifiedTime(jar) + " " + Files.size(jar);
        } catch (IOException e) {
            return "gone";
        }
    }

    private static boolean answers(Path socket) {
        try (SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
            return c.isConnected();
        } catch (IOException e) {
            return false;
        }
    }

    private static String now() {
        return Instant.now().toString();
    }

    private void serve() throws InterruptedException {
        Thread idleWatch = new Thread(this::watchIdle, "ariadne-serve-idle");
        idleWatch.setDaemon(true);
        idleWatch.start();
        while (!stopping) {
            SocketChannel c;
            try {
                c = listener.accept();
            } catch (IOException e) {
                if (!stopping) {
                    log.println(now() + " accept failed: " + e);
                }
                break;
            }
            touch();
            if (connections.incrementAndGet() > MAX_CONNECTIONS) {
                connections.decrementAndGet();
                threads.execute(() -> refuse(c));
                continue;
            }
            threads.execute(() -> {
                try {
                    handle(c);
                } finally {
                    connections.decrementAndGet();
                    touch();
                }
            });
        }
        // stopped: the commands under way finish (their clients wait for them), then the JVM exits
        while (active.get() > 0) {
            Thread.sleep(50);
        }
        log.println(now() + " stopped after " + served.get() + " commands");
        removeSocket();
        System.exit(0);
    }

    private void touch() {
        lastActivity.set(System.nanoTime());
    }

    private void watchIdle() {
        if (idleMillis <= 0) {
            return;
        }
        long step = Math.max(10, Math.min(1000, idleMillis / 4));
        while (!stopping) {
            try {
                Thread.sleep(step);
            } catch (InterruptedException e) {
                return;
            }
            long idleFor = (System.nanoTime() - lastActivity.get()) / 1_000_000;
            if (connections.get() == 0 && active.get() == 0 && idleFor >= idleMillis) {
                log.println(now() + " idle for " + idleFor / 1000 + " s: stopping");
                stop();
            }
        }
    }

    /** No new connections; the socket's file goes at once, so new runs go plain (or start a new server). */
    private synchronized void stop() {
        if (stopping) {
            return;
        }
        stopping = true;
        removeSocket();
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    private void removeSocket() {
        try {
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // the next server's start removes it, as a stale socket
        }
    }

    private void refuse(SocketChannel c) {
        try (c) {
            OutputStream o = output(c);
            frame(o, FALLBACK, new byte[0], 0, 0);
        } catch (IOException e) {
            // the client runs plainly when the server says nothing, too
        }
    }

    private void handle(SocketChannel c) {
        try (c) {
            InputStream in = new java.io.BufferedInputStream(input(c));
            OutputStream raw = output(c);
            DataInputStream data = new DataInputStream(in);
            int kind;
            List<String> strings;
            try {
                if (data.readInt() != MAGIC) {
                    return;
                }
                kind = data.readInt();
                strings = readStrings(data);
            } catch (EOFException | IllegalArgumentException e) {
                return; // not a client of ours, or one that went away: nothing to answer
            }
            if (strings.size() < 2 || !strings.get(0).equals(key) || !strings.get(1).equals(cwd)) {
                frame(raw, FALLBACK, new byte[0], 0, 0); // another configuration's (a hash collision)
                return;
            }
            switch (kind) {
                case STATUS -> {
                    String s = "pid " + ProcessHandle.current().pid() + ", serving " + cwd + ", up "
                            + (System.currentTimeMillis() - started) / 1000 + " s, " + served.get()
                            + " commands run, " + active.get() + " running, idle stop after "
                            + (idleMillis <= 0 ? "never" : idleMillis / 1000.0 + " s") + "\n";
                    byte[] b = s.getBytes(StandardCharsets.UTF_8);
                    frame(raw, STDOUT, b, 0, b.length);
                    exit(raw, 0);
                }
                case STOP -> {
                    log.println(now() + " asked to stop");
                    stop();
                    exit(raw, 0);
                }
                case RUN -> run(c, in, raw, strings.subList(2, strings.size()).toArray(String[]::new));
                default -> frame(raw, FALLBACK, new byte[0], 0, 0);
            }
        } catch (IOException e) {
            // the client went away; its command, if any, ended at its next write
        }
    }

    private void run(SocketChannel c, InputStream in, OutputStream raw, String[] args) throws IOException {
        if (!stopping && !stamp(jar).equals(jarStamp)) {
            log.println(now() + " the jar " + jar + " changed (rebuilt): stopping; new runs start plainly");
            stop();
        }
        if (stopping || !Served.servable(args)) {
            frame(raw, FALLBACK, new byte[0], 0, 0);
            return;
        }
        turns.acquireUninterruptibly();
        active.incrementAndGet();
        Thread worker = Thread.currentThread();
        Object lock = new Object();
        boolean[] running = {true};
        // The client sends nothing more: end of input means it is gone (killed, or ^C). Its command is then
        // interrupted, and its output closed, so that it stops at its next write instead of checking for nobody.
        Thread watch = new Thread(() -> {
            try {
                while (in.read() >= 0) {
                    // nothing else is expected
                }
            } catch (IOException e) {
                // gone
            }
            synchronized (lock) {
                if (running[0]) {
                    try {
                        c.shutdownOutput();
                    } catch (IOException e) {
                        // closed already
                    }
                    worker.interrupt();
                }
            }
        }, "ariadne-serve-watch");
        watch.setDaemon(true);
        watch.start();
        int status;
        try {
            Frames out = new Frames(raw, STDOUT);
            Frames err = new Frames(raw, STDERR);
            status = Served.run(args, out, err);
            out.flush();
            err.flush();
        } finally {
            synchronized (lock) {
                running[0] = false;
            }
            Thread.interrupted(); // a cancellation that came late must not reach this thread's next command
            active.decrementAndGet();
            served.incrementAndGet();
            turns.release();
            touch();
        }
        exit(raw, status);
    }

    private static List<String> readStrings(DataInputStream data) throws IOException {
        int n = data.readInt();
        if (n < 0 || n > MAX_STRINGS) {
            throw new IllegalArgumentException("too many strings");
        }
        List<String> strings = new ArrayList<>(n);
        long total = 0;
        for (int i = 0; i < n; i++) {
            int len = data.readInt();
            total += len;
            if (len < 0 || total > MAX_BYTES) {
                throw new IllegalArgumentException("request too large");
            }
            byte[] b = new byte[len];
            data.readFully(b);
            strings.add(new String(b, StandardCharsets.UTF_8));
        }
        return strings;
    }

    private static void exit(OutputStream raw, int status) throws IOException {
        byte[] b = ByteBuffer.allocate(4).putInt(status).array();
        frame(raw, EXIT, b, 0, 4);
    }

    /** Writes one frame; frames of a connection's two streams never interleave. */
    static void frame(OutputStream raw, byte type, byte[] b, int off, int len) throws IOException {
        synchronized (raw) {
            byte[] head = {type, (byte) (len >>> 24), (byte) (len >>> 16), (byte) (len >>> 8), (byte) len};
            raw.write(head);
            raw.write(b, off, len);
            raw.flush();
        }
    }

    /**
     * The channel as a stream. Not {@link java.nio.channels.Channels#newInputStream}: on JDK 17 its streams hold
     * the channel's blocking lock while they wait, so a read waiting for the client would block every write.
     */
    private static InputStream input(SocketChannel c) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                int n = read(one, 0, 1);
                return n <= 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : c.read(ByteBuffer.wrap(b, off, len));
            }
        };
    }

    private static OutputStream output(SocketChannel c) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[]{(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer bb = ByteBuffer.wrap(b, off, len);
                while (bb.hasRemaining()) {
                    c.write(bb);
                }
            }
        };
    }

    /** A command's standard output or error: buffered, sent as frames when flushed or full. */
    private static final class Frames extends OutputStream {
        private final OutputStream raw;
        private final byte type;
        private final byte[] buf = new byte[8192];
        private int n;

        Frames(OutputStream raw, byte type) {
            this.raw = raw;
            this.type = type;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            if (n == buf.length) {
                flush();
            }
            buf[n++] = (byte) b;
        }

        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
            if (len >= buf.length) {
                flush();
                frame(raw, type, b, off, len);
                return;
            }
            if (n + len > buf.length) {
                flush();
            }
            System.arraycopy(b, off, buf, n, len);
            n += len;
        }

        @Override
        public synchronized void flush() throws IOException {
            if (n > 0) {
                int len = n;
                n = 0;
                frame(raw, type, buf, 0, len);
            }
        }
    }
}
