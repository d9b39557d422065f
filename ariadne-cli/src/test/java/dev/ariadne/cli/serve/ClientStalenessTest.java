package dev.ariadne.cli.serve;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The served path's staleness check ({@code ariadne-client run-built}): before it hands a command to a server, the
 * client looks whether a source is newer than the last build the way the launcher's {@code stale()} does, and says
 * 251 (the launcher then looks itself and builds) whenever {@code stale()} would find the sources changed. Each case
 * runs both on one tree: the script's own function, cut out of {@code ariadne}, and the client compiled from its
 * source; no server runs, so a fresh tree gives 250 (not served).
 */
class ClientStalenessTest {
    private static final int NOT_SERVED = 250;
    private static final int MAY_BE_STALE = 251;
    private static final FileTime PAST = FileTime.from(Instant.now().minusSeconds(3600));

    @TempDir
    Path tmp;
    private Path root;
    private Path client;
    private Path stamp;

    @BeforeEach
    void tree() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/cc")) || Files.isExecutable(Path.of("/bin/cc")),
                "needs cc");
        client = tmp.resolve("client");
        assertEquals(0, run(List.of("cc", "-O2", "-o", client.toString(), "src/main/c/ariadne-client.c")));
        root = tmp.resolve("tree");
        write("pom.xml", "<project/>");
        write(".mvn/jvm.config", "-Xss4m");
        write("ariadne-core/pom.xml", "<project/>");
        write("ariadne-core/src/main/java/dev/A.java", "class A {}");
        write("ariadne-cli/pom.xml", "<project/>");
        write("ariadne-cli/src/main/java/dev/B.java", "class B {}");
        write("ariadne-cli/src/main/c/client.c", "int main(void) { return 0; }");
        write("ariadne-cli/target/ariadne.jar", "jar");
        stamp = root.resolve("ariadne-cli/target/ariadne.built");
        // the stamp as the launcher's build_if_stale writes it
        assertEquals(0, bash("{ (shopt -s nullglob; m=(\"$root\"/.mvn \"$root\"/ariadne-*/src/main); "
                + "echo \"${m[*]}\"); find \"$root\"/.mvn \"$root\"/ariadne-*/src/main -type d 2>/dev/null; } "
                + "> \"$root/ariadne-cli/target/ariadne.built\""));
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.toList()) {
                if (!p.equals(stamp)) {
                    Files.setLastModifiedTime(p, PAST);
                }
            }
        }
        // a minute ago: what the cases change now is newer by whole seconds, whatever the file system's clock
        Files.setLastModifiedTime(stamp, FileTime.from(Instant.now().minusSeconds(60)));
    }

    private void write(String path, String text) throws IOException {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text, StandardCharsets.UTF_8);
    }

    private int run(List<String> command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("out.txt").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "finished");
        return p.exitValue();
    }

    private int bash(String script) throws Exception {
        return run(List.of("bash", "-c", "root=" + quote(root.toString()) + "; " + script));
    }

    private static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** The launcher's stale(), cut out of the script: true when it finds the sources changed. */
    private boolean scriptSaysStale() throws Exception {
        int status = bash("set -euo pipefail; source <(sed -n '/^stale() {/,/^}/p' ../ariadne); "
                + "target=\"$root/ariadne-cli/target\"; jar=\"$target/ariadne.jar\"; stamp=\"$target/ariadne.built\"; "
                + "if stale; then exit 10; else exit 11; fi");
        assertTrue(status == 10 || status == 11, "the script's stale() ran: " + status);
        return status == 10;
    }

    /** The client's answer with no server anywhere: 250 (fresh, not served) or 251 (may be stale). */
    private int client() throws Exception {
        return run(List.of(client.toString(), "run-built", tmp.resolve("no-server").toString(), "key",
                root.toString(), "check", "x"));
    }

    private void assertAgree(boolean stale) throws Exception {
        assertEquals(stale, scriptSaysStale(), "the script");
        assertEquals(stale ? MAY_BE_STALE : NOT_SERVED, client(), "the client");
    }

    /** Where the script's walk of every file finds nothing newer, the client may still leave it to the script. */
    private void assertClientLeavesItToTheScript() throws Exception {
        assertEquals(MAY_BE_STALE, client(), "the client");
    }

    @Test
    void anUnchangedTreeIsFresh() throws Exception {
        assertAgree(false);
    }

    @Test
    void aFileWrittenInPlaceIsNewer() throws Exception {
        Path b = root.resolve("ariadne-cli/src/main/java/dev/B.java");
        Files.setLastModifiedTime(b, FileTime.from(Instant.now().plusSeconds(5)));
        assertAgree(true);
    }

    @Test
    void aFileAddedChangesItsFolder() throws Exception {
        write("ariadne-core/src/main/java/dev/C.java", "class C {}");
        assertAgree(true);
    }

    @Test
    void aChangedPomIsNewer() throws Exception {
        Files.setLastModifiedTime(root.resolve("ariadne-core/pom.xml"), FileTime.from(Instant.now().plusSeconds(5)));
        assertAgree(true);
    }

    @Test
    void aNewModuleIsNotInTheStampsList() throws Exception {
        write("ariadne-io/src/main/java/dev/D.java", "class D {}");
        Files.setLastModifiedTime(root.resolve("ariadne-io/src/main/java/dev/D.java"), PAST);
        Files.setLastModifiedTime(root.resolve("ariadne-io/src/main/java/dev"), PAST);
        Files.setLastModifiedTime(root.resolve("ariadne-io/src/main/java"), PAST);
        Files.setLastModifiedTime(root.resolve("ariadne-io/src/main"), PAST);
        // the stamp's list is not the modules' folders now: the script walks every file (all old here), the
        // client does not try
        assertClientLeavesItToTheScript();
    }

    @Test
    void aRemovedFolderIsMissing() throws Exception {
        Files.delete(root.resolve("ariadne-cli/src/main/c/client.c"));
        Files.delete(root.resolve("ariadne-cli/src/main/c"));
        Files.setLastModifiedTime(root.resolve("ariadne-cli/src/main"), PAST);
        assertAgree(true);
    }

    @Test
    void aDotFileIsNotASource() throws Exception {
        write("ariadne-core/src/main/java/dev/.B.java.swp", "editor");
        Files.setLastModifiedTime(root.resolve("ariadne-core/src/main/java/dev"), PAST);
        assertAgree(false);
    }

    @Test
    void withoutTheStampTheClientLeavesItToTheScript() throws Exception {
        Files.delete(stamp);
        assertEquals(MAY_BE_STALE, client());
    }

    @Test
    void aCopyWithoutPomNeverBuilds() throws Exception {
        Files.delete(root.resolve("pom.xml"));
        assertAgree(false);
    }
}
