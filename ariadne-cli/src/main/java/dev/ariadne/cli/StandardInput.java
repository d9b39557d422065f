package dev.ariadne.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Standard input for {@code -}, refused when it was closed at start-up ({@code ariadne check - <&-}): the JVM then
 * opens its own files on descriptor 0 (its {@code lib/modules} image, the class path's jar), and reading that
 * would check bytes nobody meant as a history.
 */
final class StandardInput {
    /** The stream the JVM set up at start-up: a test that replaces it with System.setIn reads its own. */
    private static final InputStream SYSTEM_IN = System.in;

    private StandardInput() {
    }

    /**
     * {@link System#in}, unless descriptor 0 was closed when the process started.
     *
     * @throws IOException saying so, for {@link CheckCommand#cannotRead} (exit 65)
     */
    static InputStream open() throws IOException {
        if (System.in == SYSTEM_IN && closedAtStart()) {
            throw new IOException("standard input is closed (descriptor 0 was closed when ariadne "
                    + "started, as by <&-); give a file, or redirect standard input");
        }
        return System.in;
    }

    /**
     * Whether descriptor 0 is missing or is one of the JVM's own files (only Linux's {@code /proc} tells; elsewhere
     * nothing is known and {@code false} is returned).
     */
    static boolean closedAtStart() {
        Path fd0 = Path.of("/proc/self/fd/0");
        if (!Files.isDirectory(Path.of("/proc/self/fd"))) {
            return false;
        }
        Path target;
        try {
            target = Files.readSymbolicLink(fd0);
        } catch (IOException | UnsupportedOperationException e) {
            return !Files.exists(fd0, java.nio.file.LinkOption.NOFOLLOW_LINKS);
        }
        return isJvmFile(target);
    }

    /** Whether {@code target} is a file the JVM opens itself: under java.home, or on the class path. */
    static boolean isJvmFile(Path target) {
        String javaHome = System.getProperty("java.home");
        if (javaHome != null && target.startsWith(real(Path.of(javaHome)))) {
            return true;
        }
        String classPath = System.getProperty("java.class.path", "");
        return Arrays.stream(classPath.split(java.io.File.pathSeparator)).filter(s -> !s.isEmpty())
                .anyMatch(entry -> real(Path.of(entry)).equals(target));
    }

    private static Path real(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
