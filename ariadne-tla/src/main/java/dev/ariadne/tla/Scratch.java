package dev.ariadne.tla;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Private temporary folders: each is made by {@link Files#createTempDirectory} (so no two users, in this JVM or
 * another, ever share one), deleted with its contents by {@link #delete}, and deleted at JVM exit if it is still
 * there (a run stopped by a signal while a spec loads). {@link java.io.File#deleteOnExit} would not do for the last: it
 * leaves folders that are not empty, and keeps one entry per file for the life of the JVM.
 */
final class Scratch {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    static {
        try {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                for (Path p : List.copyOf(LIVE)) {
                    deleteQuietly(p);
                }
            }, "ariadne-tla-scratch"));
        } catch (IllegalStateException shuttingDown) {
            // first used while the JVM exits: each folder is still deleted after its use
        }
    }

    private Scratch() {
    }

    /** A new empty folder named {@code prefix…} in {@code parent}, or in {@code java.io.tmpdir} when it is null. */
    static Path create(Path parent, String prefix) throws IOException {
        Path dir = parent == null ? Files.createTempDirectory(prefix) : Files.createTempDirectory(parent, prefix);
        LIVE.add(dir);
        return dir;
    }

    /** Deletes {@code dir} and everything in it; a file already gone is no error. */
    static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (NoSuchFileException gone) {
            // deleted already
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        LIVE.remove(dir);
    }

    /** {@link #delete}, for the paths where a failure to clean up must not hide the outcome. */
    static void deleteQuietly(Path dir) {
        try {
            delete(dir);
        } catch (IOException e) {
            // left for the shutdown hook (or the system's cleaning of its temporary folder)
        }
    }
}
