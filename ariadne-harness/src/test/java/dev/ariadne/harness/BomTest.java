package dev.ariadne.harness;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ariadne-bom} (which has no parent, so that importing it pins nothing else) gives the versions the
 * reactor builds and tests with: Ariadne's own, JUnit's and jqwik's, and manages every library module.
 */
class BomTest {
    private static final Path ROOT = Path.of("..");

    @Test
    void theBomsVersionsAreTheReactors() throws IOException {
        String root = Files.readString(ROOT.resolve("pom.xml"));
        String harness = Files.readString(ROOT.resolve("ariadne-harness").resolve("pom.xml"));
        String bom = Files.readString(ROOT.resolve("ariadne-bom").resolve("pom.xml"));
        assertTrue(root.contains("<module>ariadne-bom</module>"), "the BOM is built with the reactor");
        assertEquals(first(root, "<artifactId>ariadne-parent</artifactId>\\s*<version>([^<]+)</version>"),
                first(bom, "<ariadne.version>([^<]+)</ariadne.version>"));
        assertEquals(first(bom, "<artifactId>ariadne-bom</artifactId>\\s*<version>([^<]+)</version>"),
                first(bom, "<ariadne.version>([^<]+)</ariadne.version>"));
        assertEquals(first(root, "<junit.version>([^<]+)</junit.version>"),
                first(bom, "<junit.version>([^<]+)</junit.version>"));
        assertEquals(first(harness, "<jqwik.version>([^<]+)</jqwik.version>"),
                first(bom, "<jqwik.version>([^<]+)</jqwik.version>"));
        for (String module : List.of("core", "io", "report", "harness", "workloads", "tla")) {
            assertTrue(root.contains("<module>ariadne-" + module + "</module>"), module);
            assertTrue(bom.contains("<artifactId>ariadne-" + module + "</artifactId>"), "the BOM manages " + module);
        }
        assertTrue(!bom.contains("<parent>"), "no parent: its dependencyManagement would come with the BOM");
    }

    private static String first(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex);
        return m.group(1);
    }
}
