package dev.ariadne.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * An output file (the {@code --html} page, {@code convert}'s OUT) written whole or not at all: into a new file
 * beside it, then renamed over it, so a kill, a full disk or an error leaves the old file (or none), never half a
 * page. The new file gets the mode a shell redirection would give (0666 less the umask), or the replaced file's.
 * A symbolic link is followed: the file it names is replaced and the link kept. A target that is not a regular file
 * ({@code /dev/null}, a FIFO, a terminal) is written in place: it cannot be renamed over, and holds no old content to
 * protect. {@link #check} refuses, before any work, a name that is no file or is one of the inputs.
 */
final class AtomicOutput {
    /** The new files being written, deleted by a shutdown hook that halts the JVM before they are renamed. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();

    /** Writes to a stream: the body of the output. */
    interface Body {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicOutput() {
    }

    /**
     * Refuses {@code name} ({@code option} names it in the message) as an output: empty, or the same file as one of
     * {@code inputs} (through a symbolic link too, and {@code -}'s file: writing it would destroy the history).
     *
     * @throws UsageException when refused
     */
    static void check(String name, String option, List<Path> inputs) {
        if (name.isEmpty()) {
            throw new UsageException(option + " needs a file name, not ''");
        }
        Path target = Path.of(name);
        if (!Files.exists(target)) {
            return;
        }
        for (Path input : inputs) {
            Path in = input.toString().equals("-") ? Path.of("/dev/stdin") : input;
            try {
                if (Files.exists(in) && Files.isSameFile(target, in)) {
                    throw new UsageException(option + " " + dev.ariadne.core.history.Values.escape(name)
                            + " is the input " + dev.ariadne.core.history.Values.escape(input.toString())
                            + ": refusing to overwrite it");
                }
            } catch (IOException e) {
                // cannot tell: an input that cannot be examined will not be read either, and says so then
            }
        }
    }

    /**
     * Writes {@code body} to {@code name}: into a new file beside it, renamed over it when complete.
     *
     * @throws IOException when the file cannot be written (nothing is left behind)
     */
    static void write(Path name, Body body) throws IOException {
        Path target = resolve(name);
        if (Files.exists(target) && !Files.isRegularFile(target)) {
            if (Files.isDirectory(target)) {
                throw new IOException("is a directory");
            }
            try (OutputStream out = Files.newOutputStream(target, StandardOpenOption.WRITE)) {
                body.writeTo(out);
            }
            return;
        }
        Path dir = target.toAbsolutePath().getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new NoSuchFileException(String.valueOf(dir));
        }
        Path tmp = create(dir, target.getFileName().toString());
        PENDING.add(tmp);
        tmp.toFile().deleteOnExit(); // an exit mid-write (Ctrl-C) leaves no stray file
        try {
            keepMode(target, tmp);
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                OutputStream out = Channels.newOutputStream(channel);
                body.writeTo(out);
                out.flush();
                channel.force(true); // the rename must not publish a file whose content is still in flight
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
            PENDING.remove(tmp);
        }
    }

    /** Deletes the new files not renamed yet: for a shutdown hook that halts the JVM (no deleteOnExit then). */
    static void deletePending() {
        for (Path p : PENDING) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException e) {
                // nothing more can be done while halting
            }
        }
    }

    /** The file a chain of symbolic links at {@code name} ends at ({@code name} itself when it is no link). */
    private static Path resolve(Path name) throws IOException {
        Path p = name;
        for (int hops = 0; Files.isSymbolicLink(p); hops++) {
            if (hops == 40) {
                throw new IOException("too many levels of symbolic links");
            }
            Path link = Files.readSymbolicLink(p);
            Path parent = p.toAbsolutePath().getParent();
            p = parent == null ? link : parent.resolve(link);
        }
        return p;
    }

    /**
     * A new empty file in {@code dir}, hidden and named after the target; created as a redirection would create
     * it, so its mode is 0666 less the umask (a temporary file's 0600 would survive the rename).
     */
    private static Path create(Path dir, String target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve("." + target + "." + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(),
                    36) + ".tmp");
            try {
                Files.newByteChannel(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
                return tmp;
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** Gives {@code tmp} the mode of the file it replaces, if there is one (as {@code sed -i} does). */
    private static void keepMode(Path target, Path tmp) {
        try {
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(target, LinkOption.NOFOLLOW_LINKS);
            Files.setPosixFilePermissions(tmp, mode);
        } catch (IOException | UnsupportedOperationException e) {
            // a new file, or no POSIX modes here: the creation mode stands
        }
    }
}
