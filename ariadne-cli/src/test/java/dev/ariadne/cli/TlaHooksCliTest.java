package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code check --tla} and {@code export-tla} with an OmniLink validation module ({@code examples/tla-omnilink/store}):
 * its hooks decide the verdicts, stock TLC agrees on export-tla's module, and {@code --follow} is refused.
 */
class TlaHooksCliTest {
    private static final Path STORE = Path.of(System.getProperty("user.dir")).resolveSibling("examples")
            .resolve("tla-omnilink").resolve("store");

    @TempDir
    Path dir;

    @Test
    void theHooksDecideAndStockTlcAgrees() {
        String mc = STORE.resolve("MCStoreValidate.tla").toString();
        String pass = STORE.resolve("store-pass.json").toString();
        String fail = STORE.resolve("store-fail.json").toString();
        CliRunner both = CliRunner.run("check", "--tla", mc, pass, fail);
        assertEquals(1, both.status(), both.err());
        assertTrue(both.out().contains("store-pass.json: LINEARIZABLE"), both.out());
        assertTrue(both.out().contains("Violation: #4 client 1: Write(tid = 2, k = \"a\", v = 7) aborted, "
                + "_meta = {\"result_code\" -31800}"), both.out());
        // The states shown are the spec's: the validation module's bookkeeping variables are left out.
        assertTrue(both.out().contains("The state after step 4: /\\ txnStatus = <<\"OK\", \"OK\">> /\\ active = {2} "
                + "/\\ writes = <<[a |-> 5], << >>>> /\\ data = [a |-> 5]\n"), both.out());
        for (String bookkeeping : new String[] {"__pc", "__viable_pids", "__action"}) {
            assertTrue(!both.out().contains(bookkeeping), both.out());
        }
        CliRunner tlcPass = CliRunner.run("export-tla", "--tla", mc, "--out", dir.resolve("p").toString(),
                "--run-tlc", pass);
        assertEquals(0, tlcPass.status(), tlcPass.out() + tlcPass.err());
        assertTrue(Files.isRegularFile(dir.resolve("p").resolve("StoreValidate.tla")), tlcPass.out());
        CliRunner tlcFail = CliRunner.run("export-tla", "--tla", mc, "--out", dir.resolve("f").toString(),
                "--run-tlc", fail);
        assertEquals(1, tlcFail.status(), tlcFail.out() + tlcFail.err());
    }

    /**
     * Before one file the module is loaded only with that file's events; a problem of the spec itself is still said
     * as the spec's (not as the trace's), as before several files, where it is loaded once before any is read.
     */
    @Test
    void aBrokenModuleIsSaidAsTheSpecsProblemBeforeOneFileOrMany() throws Exception {
        Path store = dir.resolve("store");
        Files.createDirectories(store);
        try (var files = Files.list(STORE)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, store.resolve(f.getFileName()));
            }
        }
        Path mc = store.resolve("MCStoreValidate.tla");
        Files.writeString(mc, Files.readString(mc).replaceFirst("====", "Broken == 1 +\n===="));
        String pass = store.resolve("store-pass.json").toString();
        for (String[] args : new String[][] {{"check", "--tla", mc.toString(), pass},
                {"check", "--tla", mc.toString(), pass, store.resolve("store-fail.json").toString()}}) {
            CliRunner r = CliRunner.run(args);
            assertEquals(65, r.status(), r.out() + r.err());
            assertTrue(r.err().startsWith("ariadne: " + mc + ":"), r.err());
            assertTrue(r.err().contains("parse error"), r.err());
            assertTrue(!r.err().contains("store-pass.json"), r.err());
        }
    }

    @Test
    void followIsRefused() {
        CliRunner r = CliRunner.run("check", "--tla", STORE.resolve("MCStoreValidate.tla").toString(), "--follow",
                STORE.resolve("store-pass.json").toString());
        assertEquals(64, r.status(), r.err());
        assertTrue(r.err().contains("--follow cannot check with an OmniLink validation module"), r.err());
    }
}
