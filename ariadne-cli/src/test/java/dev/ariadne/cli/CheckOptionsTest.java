package dev.ariadne.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The options of {@code ariadne check} added for Jepsen and OmniLink users. */
class CheckOptionsTest {
    private static final Path JEPSEN = Path.of(System.getProperty("user.dir"), "src", "test", "resources", "jepsen");

    private static String file(String name) {
        return JEPSEN.resolve(name).toString();
    }

    @Test
    void badOptionValuesAreUsageErrors() {
        CliRunner nilRead = CliRunner.run("check", "--nil-read", "maybe", file("nil-read.edn"));
        assertEquals(64, nilRead.status());
        assertTrue(nilRead.err().contains("unknown --nil-read 'maybe' (expected auto, absent or unknown)"),
                nilRead.err());
        CliRunner syntax = CliRunner.run("check", "--initial", "{:x", file("nil-read.edn"));
        assertEquals(64, syntax.status());
        assertTrue(syntax.err().startsWith("ariadne: --initial: cannot read \"{:x\""), syntax.err());
        CliRunner shape = CliRunner.run("check", "--model", "mutex", "--initial", "3", file("mutex-ok.edn"));
        assertEquals(64, shape.status());
        assertTrue(shape.err().contains("model mutex: the initial value must be true (held), false or nil (free)"),
                shape.err());
        assertEquals(64, CliRunner.run("check", "--format", "omnilinks", file("nil-read.edn")).status());
    }

    @Test
    void newFormatsCanBeNamed() {
        assertEquals(1, CliRunner.run("check", "--format", "jepsen-json", "--model", "multi-register",
                file("rw-register.json")).status());
        CliRunner wrong = CliRunner.run("check", "--format", "omnilink", file("rw-register.json"));
        assertEquals(65, wrong.status());
        assertTrue(wrong.err().contains("rw-register.json:1: unknown field \"type\" in an action record"), wrong.err());
    }

    @Test
    void theModelIsInferredAmongThoseThatTakeTheInitialValue() {
        // set-ok.edn's operations (add, read) belong to the set model, which accepts a set as initial value
        CliRunner r = CliRunner.run("check", "--initial", "#{7}", file("set-ok.edn"));
        assertEquals(1, r.status(), r.out() + r.err()); // the reads miss 7
        assertTrue(r.out().contains("model set"), r.out());
    }

    @Test
    void annotationsDoNotDisturbTheJsonReport() throws IOException {
        CliRunner r = CliRunner.run("check", "--json", "--model", "cas-register", file("nemesis-is-not-a-client.edn"));
        assertEquals(0, r.status(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertEquals("LINEARIZABLE", doc.get("verdict").asText(), r.out());
    }
}
