package dev.ariadne.cli;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The malformed corpus (ariadne-io/src/test/resources/malformed): every file, in every format, is bad input, and
 * its sidecar {@code NAME.expect} holds one line, {@code line N: FRAGMENT} or {@code byte N: FRAGMENT}: where the
 * first problem is and a part of its message. {@code ariadne check} and {@code ariadne convert} must exit 65 with
 * one line {@code ariadne: FILE:N: ...} (or {@code FILE: at byte N: ...}) holding the fragment, no stack trace,
 * and quickly (no hang).
 */
class MalformedCorpusTest {
    static final Path CORPUS = Path.of(System.getProperty("user.dir")).resolveSibling("ariadne-io")
            .resolve("src/test/resources/malformed");
    private static final Pattern EXPECT = Pattern.compile("(line|byte) (\\d+): (.+)");

    record Expectation(Path file, String where, long at, String fragment) {
    }

    static List<Expectation> corpus() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            return files.filter(f -> !f.getFileName().toString().endsWith(".expect")).sorted().map(f -> {
                try {
                    String line = Files.readString(f.resolveSibling(f.getFileName() + ".expect"),
                            StandardCharsets.UTF_8).strip();
                    Matcher m = EXPECT.matcher(line);
                    assertTrue(m.matches(), f + ".expect: expected 'line N: fragment' or 'byte N: fragment'");
                    return new Expectation(f, m.group(1), Long.parseLong(m.group(2)), m.group(3));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(f + " has no .expect sidecar", e);
                }
            }).toList();
        }
    }

    @Test
    void theCorpusIsLargeAndCoversEveryFormat() throws IOException {
        List<Expectation> corpus = corpus();
        assertTrue(corpus.size() >= 40, "only " + corpus.size() + " malformed files");
        for (String prefix : List.of("edn-", "log-", "json-", "jepsen-json-", "omnilink-json-", "omnilink-msgpack-")) {
            assertTrue(corpus.stream().filter(e -> e.file.getFileName().toString().startsWith(prefix)).count() >= 5,
                    "fewer than 5 malformed files for " + prefix);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyMalformedFileExits65WithItsLineAndNoStackTrace() throws IOException {
        return corpus().stream().flatMap(e -> Stream.of(
                DynamicTest.dynamicTest("check " + e.file.getFileName(), () -> assertRejected(e, "check")),
                DynamicTest.dynamicTest("convert " + e.file.getFileName(), () -> assertRejected(e, "convert"))));
    }

    private static void assertRejected(Expectation e, String command) {
        String file = e.file.toString();
        CliRunner r = assertTimeoutPreemptively(Duration.ofSeconds(120), () -> command.equals("check")
                ? CliRunner.run("check", file) : CliRunner.run("convert", file, "--to", "json", "-"));
        assertEquals(65, r.status(), r.out() + r.err());
        assertEquals("", r.out());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), "more than one line:\n" + err);
        assertFalse(err.contains("Exception") || err.contains("\tat ") || err.contains("internal error"), err);
        String where = e.where.equals("line") ? file + ":" + e.at + ": " : file + ": at byte " + e.at + ": ";
        assertTrue(err.startsWith("ariadne: " + where), "expected 'ariadne: " + where + "...', got: " + err);
        assertTrue(err.contains(e.fragment), "expected '" + e.fragment + "' in: " + err);
    }
}
