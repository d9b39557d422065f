package dev.ariadne.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** convert keeps every value exactly or refuses it with 65: lone surrogates, and the one limit on lines. */
class ConvertValuesTest {
    @TempDir
    Path dir;

    /** A write of a lone high surrogate, then a read of another: not linearizable, as long as they stay apart. */
    private static final String LONE = "[{\"process\":0,\"type\":\"invoke\",\"f\":\"write\",\"value\":\"\\ud800\"},\n"
            + "{\"process\":0,\"type\":\"ok\",\"f\":\"write\",\"value\":\"\\ud800\"},\n"
            + "{\"process\":1,\"type\":\"invoke\",\"f\":\"read\",\"value\":null},\n"
            + "{\"process\":1,\"type\":\"ok\",\"f\":\"read\",\"value\":\"\\ud801\"}]\n";

    @Test
    void loneSurrogatesAreKeptSoTheVerdictIs() throws Exception {
        Path in = Files.writeString(dir.resolve("lone.json"), LONE);
        CliRunner original = CliRunner.run("check", "--model", "register", in.toString());
        assertEquals(1, original.status(), original.out() + original.err());

        Path file = dir.resolve("lone.jsonl");
        CliRunner toFile = CliRunner.run("convert", in.toString(), "--to", "json", file.toString());
        assertEquals(0, toFile.status(), toFile.err());
        String written = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(written.contains("\"\\ud800\"") && written.contains("\"\\ud801\"") && !written.contains("?"),
                written);
        CliRunner again = CliRunner.run("check", "--model", "register", file.toString());
        assertEquals(1, again.status(), again.out() + again.err());

        CliRunner toStdout = CliRunner.run("convert", in.toString(), "--to", "json", "-");
        assertEquals(0, toStdout.status(), toStdout.err());
        assertEquals(written, toStdout.out());
    }

    @Test
    void anOperationTooLongForANativeLineIsRefusedWith65() throws Exception {
        // two strings of 33 MiB: each fits the limit on strings, together they are over the limit on lines
        String big = "x".repeat(33 << 20);
        Path in = Files.writeString(dir.resolve("big.edn"), "{:process 0, :type :invoke, :f :write,\n :value \""
                + big + "\"}\n{:process 0, :type :ok, :f :write,\n :value \"" + big + "\"}\n");
        Path out = dir.resolve("big.jsonl");
        CliRunner r = CliRunner.run("convert", in.toString(), "--to", "json", out.toString());
        assertEquals(65, r.status(), r.err());
        assertTrue(r.err().startsWith("ariadne: " + in + ": cannot convert: the operation at line 1 would be a "
                + "line of "), r.err());
        assertTrue(!Files.exists(out), "nothing is written");
    }
}
