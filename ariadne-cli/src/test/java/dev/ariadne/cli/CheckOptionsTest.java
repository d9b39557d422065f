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
    private static final java.nio.file.Path EXAMPLES_DIR =
            java.nio.file.Path.of(System.getProperty("user.dir")).resolveSibling("examples");
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
    void priorityQueueIsInferredAndTakesAnInitialList(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path ok = dir.resolve("pq.jsonl");
        java.nio.file.Files.writeString(ok, String.join("\n",
                "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"insert\",\"value\":3}",
                "{\"client\":0,\"call\":2,\"return\":3,\"f\":\"insert\",\"value\":1}",
                "{\"client\":1,\"call\":4,\"return\":5,\"f\":\"extract-min\",\"output\":1}",
                "{\"client\":1,\"call\":6,\"return\":7,\"f\":\"extract-min\",\"output\":3}",
                "{\"client\":0,\"call\":8,\"return\":9,\"f\":\"extract-min\",\"output\":null}") + "\n");
        CliRunner r = CliRunner.run("check", ok.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("model priority-queue"), r.out());
        Path first = dir.resolve("first.jsonl");
        java.nio.file.Files.writeString(first,
                "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"extract-min\",\"output\":1}\n");
        assertEquals(0, CliRunner.run("check", "--initial", "[3 1]", first.toString()).status());
        assertEquals(1, CliRunner.run("check", "--model", "priority-queue", "--initial", "[3 2]",
                first.toString()).status());
        CliRunner bad = CliRunner.run("check", "--model", "priority-queue", "--initial", "[1.5]", first.toString());
        assertEquals(64, bad.status());
        assertTrue(bad.err().contains("model priority-queue: the initial value must be a list of integers or "
                + "strings"), bad.err());
    }

    @Test
    void annotationsDoNotDisturbTheJsonReport() throws IOException {
        CliRunner r = CliRunner.run("check", "--json", "--model", "cas-register", file("nemesis-is-not-a-client.edn"));
        assertEquals(0, r.status(), r.err());
        JsonNode doc = new ObjectMapper().readTree(r.out());
        assertEquals("LINEARIZABLE", doc.get("verdict").asText(), r.out());
        JsonNode annotations = doc.get("files").get(0).get("annotations");
        assertEquals(3, annotations.size(), r.out());
        assertEquals("nemesis", annotations.get(0).get("process").asText());
        assertEquals(4, annotations.get(0).get("line").asInt());
        assertEquals("info start", annotations.get(0).get("text").asText());
        assertEquals(7, annotations.get(1).get("line").asInt());
        assertTrue(annotations.get(1).get("text").asText().startsWith("info start [\"isolated\""), r.out());
        assertEquals("info stop", annotations.get(2).get("text").asText());
        assertTrue(annotations.get(0).get("time").asLong() <= annotations.get(1).get("time").asLong()
                && annotations.get(1).get("time").asLong() <= annotations.get(2).get("time").asLong(), r.out());
        CliRunner plain = CliRunner.run("check", "--json", "--model", "cas-register",
                EXAMPLES_DIR.resolve("register-ok.jsonl").toString());
        assertEquals(null, new ObjectMapper().readTree(plain.out()).get("files").get(0).get("annotations"),
                "no annotations, no field");
    }

    @Test
    void aFailedOperationIsAnAnnotationWithItsInvocation() throws IOException {
        CliRunner r = CliRunner.run("check", "--json", "--model", "cas-register", file("fail-did-not-happen.edn"));
        assertEquals(1, r.status(), r.err());
        JsonNode annotations = new ObjectMapper().readTree(r.out()).get("files").get(0).get("annotations");
        assertEquals(1, annotations.size(), r.out());
        JsonNode failed = annotations.get(0);
        assertEquals("failed", failed.get("process").asText());
        assertEquals("process 1 fail write 2", failed.get("text").asText());
        assertEquals(6, failed.get("line").asInt());
        assertEquals(5, failed.get("callLine").asInt());
        assertTrue(failed.get("call").asLong() < failed.get("time").asLong(), r.out());
        assertTrue(failed.has("callMs") && failed.has("returnMs"), r.out()); // every client event has :time
    }
}
