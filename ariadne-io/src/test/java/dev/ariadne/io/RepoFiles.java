package dev.ariadne.io;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the fast-path tests read both ways, with the library and with the fast path: the repository's own test files
 * and examples (every regular file under 4 MiB), porcupine's corpus beside the repository, and seeded random files.
 */
final class RepoFiles {
    /** Reads {@code bytes} both ways, asserts the same outcome (named {@code what}), and says whether it was a history. */
    interface BothWays {
        boolean assertSame(byte[] bytes, String what);
    }

    /** The test folders and examples/ whose files every fast-path test reads. */
    private static final String[] TEST_FILES = {"ariadne-io/src/test/resources", "ariadne-cli/src/test/resources",
            "ariadne-core/src/test/resources", "examples"};
    private static final Path CORPUS = Path.of("../../shared/testdata/porcupine");
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

    /** Every test file and example read both ways; returns how many were histories of the format. */
    static int testFilesReadAlike(BothWays both) throws IOException {
        List<Path> all = under(TEST_FILES);
        assertTrue(all.size() > 20, "test files found: " + all.size());
        return readAlike(all, both);
    }

    /**
     * Every file of porcupine's corpus read both ways (skipped, saying so, where the corpus is absent); returns how
     * many were histories of the format.
     */
    static int corpusReadsAlike(BothWays both) throws IOException {
        Assumptions.assumeTrue(Files.isDirectory(CORPUS), "porcupine's corpus is absent: " + CORPUS.toAbsolutePath()
                + " (it is read from ../shared/testdata/porcupine beside the repository)");
        return readAlike(files(CORPUS), both);
    }

    /**
     * 1,500 files made by {@code file} from a random source seeded with {@code seed}, read both ways; asserts that
     * both outcomes, a history and an error, came more than 300 times each.
     */
    static void randomFilesReadAlike(long seed, Function<Random, String> file, BothWays both) {
        Random random = new Random(seed);
        int histories = 0;
        for (int n = 0; n < 1500; n++) {
            if (both.assertSame(file.apply(random).getBytes(StandardCharsets.UTF_8), "random file " + n)) {
                histories++;
            }
        }
        assertTrue(histories > 300 && 1500 - histories > 300, "histories " + histories + ", errors "
                + (1500 - histories));
    }

    private static int readAlike(List<Path> files, BothWays both) throws IOException {
        int histories = 0;
        for (Path p : files) {
            if (both.assertSame(Files.readAllBytes(p), p.toString())) {
                histories++;
            }
        }
        return histories;
    }
}
