package dev.ariadne.cli;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java code of {@code docs/harness.md} is compiled: every Java block of the page is a region between
 * {@code // guide:NAME} and {@code // guide:end} of a source the harness module compiles (examples/harness and its
 * tests), so the page cannot drift from the API (as {@link LibraryGuideTest} does for docs/library.md).
 */
class HarnessGuideTest {
    private static final Path GUIDE = Path.of("..", "docs", "harness.md");
    private static final List<Path> SOURCES = List.of(Path.of("..", "examples", "harness", "src"),
            Path.of("..", "ariadne-harness", "src", "test", "java"));

    @Test
    void theGuideShowsOnlyCompiledCode() throws IOException {
        List<String> blocks = GuideRegions.javaBlocks(Files.readString(GUIDE));
        assertEquals(7, blocks.size(), "the guide's Java blocks");
        List<String> regions = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    regions.addAll(GuideRegions.regions(Files.readString(f)));
                }
            }
        }
        for (String block : blocks) {
            assertTrue(regions.contains(block), "docs/harness.md shows code no compiled source has:\n" + block);
        }
    }
}
