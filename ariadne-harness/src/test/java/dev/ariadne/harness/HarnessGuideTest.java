package dev.ariadne.harness;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Java code of {@code docs/harness.md} is compiled: every Java block of the page is a region between
 * {@code // guide:NAME} and {@code // guide:end} of a source this module compiles (examples/harness and these tests),
 * so the page cannot drift from the API (as {@code LibraryGuideTest} does for docs/library.md).
 */
class HarnessGuideTest {
    private static final Path GUIDE = Path.of("..", "docs", "harness.md");
    private static final List<Path> SOURCES = List.of(Path.of("..", "examples", "harness", "src"),
            Path.of("src", "test", "java"));

    @Test
    void theGuideShowsOnlyCompiledCode() throws IOException {
        String guide = Files.readString(GUIDE);
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(guide);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        assertEquals(7, blocks.size(), "the guide's Java blocks");
        List<String> regions = new ArrayList<>();
        for (Path root : SOURCES) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    regions.addAll(regions(Files.readString(f)));
                }
            }
        }
        for (String block : blocks) {
            assertTrue(regions.contains(block), "docs/harness.md shows code no compiled source has:\n" + block);
        }
    }

    /** Every guide region of a source, de-indented, each line ending with a newline. */
    private static List<String> regions(String source) {
        List<String> regions = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^[ \\t]*// guide:(?!end)\\w+\\n(.*?)^[ \\t]*// guide:end\\n",
                Pattern.DOTALL).matcher(source);
        while (m.find()) {
            String region = m.group(1);
            int indent = region.lines().filter(l -> !l.isBlank())
                    .mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
            StringBuilder out = new StringBuilder();
            region.lines().forEach(l -> out.append(l.length() >= indent ? l.substring(indent) : l.strip())
                    .append('\n'));
            regions.add(out.toString());
        }
        return regions;
    }
}
