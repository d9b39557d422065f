package dev.ariadne.io;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The repository's own test files that the fast-path tests read both ways: every regular file under 4 MiB. */
final class RepoFiles {
    /** The repository's root, seen from a module's folder (where surefire runs). */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    private RepoFiles() {
    }

    /** The files under these folders of the repository (missing folders give none), each folder's sorted by path. */
    static List<Path> under(String... dirs) throws IOException {
        List<Path> all = new ArrayList<>();
        for (String dir : dirs) {
            all.addAll(files(ROOT.resolve(dir)));
        }
        return all;
    }

    /** The files under one folder. */
    static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> p.toFile().length() < 4 << 20).sorted().toList();
        }
    }
}
