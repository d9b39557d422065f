package dev.ariadne.io;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every malformed input is an {@link InvalidInputException} naming the line and the problem. */
class MalformedInputTest {
    private static final String OK_OP = "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"read\",\"output\":null}\n";
    private static final String INVOKE = "{:process 0, :type :invoke, :f :read, :value nil}\n";
    private static final String LOG_INVOKE = "INFO  jepsen.util - 0\t:invoke\t:read\tnil\n";

    static Stream<Arguments> cases() {
        return Stream.of(
                // native JSON lines
                arguments("truncated JSON", Format.JSON, OK_OP + "{\"client\":0,\"call\":0", 2, "truncated JSON"),
                arguments("unknown field", Format.JSON, OK_OP + OK_OP.replace("client", "clinet"), 2,
                        "unknown field \"clinet\""),
                arguments("pending op with output", Format.JSON,
                        "{\"client\":0,\"call\":0,\"f\":\"read\",\"output\":1}", 1, "pending operation"),
                arguments("return before call", Format.JSON,
                        "{\"client\":0,\"call\":5,\"return\":3,\"f\":\"read\"}", 1, "\"return\" (3) is before"),
                arguments("huge client", Format.JSON,
                        "{\"client\":99999999999,\"call\":0,\"f\":\"read\"}", 1, "expected \"client\" to be an integer"),
                arguments("client of the wrong type", Format.JSON,
                        "\n\n{\"client\":\"0\",\"call\":0,\"f\":\"read\"}", 3, "got the string \"0\""),
                arguments("fractional time", Format.JSON, "{\"client\":0,\"call\":0.5,\"f\":\"read\"}", 1,
                        "expected \"call\" to be an integer"),
                arguments("missing f", Format.JSON, "{\"client\":0,\"call\":0}", 1, "missing field \"f\""),
                arguments("not an object", Format.JSON, OK_OP + "[1,2]", 2, "expected a JSON object"),
                arguments("trailing text", Format.JSON, OK_OP.strip() + " x", 1, "invalid JSON"),
                arguments("duplicate field", Format.JSON,
                        "{\"client\":0,\"client\":1,\"call\":0,\"f\":\"read\"}", 1, "Duplicate field"),
                arguments("forms mixed", Format.JSON, OK_OP + "{\"type\":\"call\",\"client\":1,\"f\":\"read\"}", 2,
                        "cannot be mixed"),
                arguments("unknown event type", Format.JSON, "{\"type\":\"calll\",\"client\":1}", 1,
                        "expected \"type\" to be \"call\", \"return\", \"crash\" or \"fail\""),
                arguments("call after a crash", Format.JSON,
                        "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n{\"type\":\"crash\",\"client\":0}\n"
                                + "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}", 3, "after one of its operations crashed"),
                arguments("output on a fail event", Format.JSON,
                        "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n{\"type\":\"fail\",\"client\":0,\"output\":1}",
                        2, "unknown field \"output\" in a \"fail\" event (expected type, client, time)"),
                arguments("crash without call", Format.JSON, "{\"type\":\"crash\",\"client\":4}", 1,
                        "no open operation"),
                arguments("return without call", Format.JSON,
                        "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n{\"type\":\"return\",\"client\":1}", 2,
                        "no open operation"),
                arguments("second call on a busy client", Format.JSON,
                        "{\"type\":\"call\",\"client\":0,\"f\":\"read\"}\n{\"type\":\"call\",\"client\":0,\"f\":\"read\"}",
                        2, "still open"),
                arguments("time going backwards", Format.JSON,
                        "{\"type\":\"call\",\"client\":0,\"f\":\"read\",\"time\":9}\n"
                                + "{\"type\":\"return\",\"client\":0,\"time\":3}", 2, "backwards"),
                arguments("time on some events only", Format.JSON,
                        "{\"type\":\"call\",\"client\":0,\"f\":\"read\",\"time\":9}\n{\"type\":\"return\",\"client\":0}",
                        2, "missing \"time\""),
                arguments("line in meta", Format.JSON,
                        "{\"client\":0,\"call\":0,\"f\":\"read\",\"meta\":{\"line\":4}}", 1, "\"line\""),
                arguments("number out of range", Format.JSON, "{\"client\":0,\"call\":0,\"f\":\"r\",\"value\":1e999}",
                        1, "out of range"),
                arguments("deeply nested JSON", Format.JSON,
                        "{\"client\":0,\"call\":0,\"f\":\"r\",\"value\":" + "[".repeat(100_000), 1, "JSON"),
                // EDN
                arguments("unbalanced EDN map", Format.EDN, INVOKE + "{:process 1, :type :invoke, :f :read", 2,
                        "expected }"),
                arguments("unclosed map followed by more lines", Format.EDN,
                        "{:process 1, :type :invoke, :f :read\n" + INVOKE + INVOKE, 1, "is not closed"),
                arguments("extra closing brace", Format.EDN, INVOKE + "}", 2, "unexpected }"),
                arguments("unclosed vector", Format.EDN, "[" + INVOKE + INVOKE.replace("0", "1"), 2,
                        "expected ] closing the vector opened at line 1"),
                arguments("content after the vector", Format.EDN, "[" + INVOKE + "]\n" + INVOKE, 3,
                        "expected the end of the input"),
                arguments("unknown :type", Format.EDN, INVOKE.replace(":invoke", ":invok"), 1, "unknown :type :invok"),
                arguments("missing :type", Format.EDN, INVOKE.replace(":type :invoke,", ""), 1, "no :type"),
                arguments("completion without invocation", Format.EDN, INVOKE.replace(":invoke", ":ok"), 1,
                        "no open operation"),
                arguments("second invoke on a busy process", Format.EDN, INVOKE + "\n" + INVOKE, 3, "still open"),
                arguments("completion of another function", Format.EDN,
                        INVOKE + INVOKE.replace(":invoke", ":ok").replace(":read", ":write"), 2, "completes :write"),
                arguments("not a map", Format.EDN, INVOKE + "42\n", 2, "expected an operation map"),
                arguments("fractional process", Format.EDN, INVOKE.replace(":process 0", ":process 1.5"), 1,
                        "expected :process to be an integer"),
                arguments("huge process", Format.EDN, INVOKE.replace(":process 0", ":process 99999999999"), 1,
                        "from 0 to 2147483647"),
                arguments("duplicate key", Format.EDN, "{:process 0, :process 1}", 1, "duplicate key"),
                arguments("unclosed string", Format.EDN, INVOKE + "{:process 0, :f \"abc\n\n", 2, "string"),
                arguments("deeply nested EDN", Format.EDN, "{:process 0, :value " + "[".repeat(100_000), 1, "EDN"),
                // Jepsen logs
                arguments("bad process", Format.JEPSEN_LOG, LOG_INVOKE + "INFO  jepsen.util - x\t:ok\t:read\tnil", 2,
                        "expected the process"),
                arguments("unknown type in a log", Format.JEPSEN_LOG,
                        LOG_INVOKE + "INFO  jepsen.util - 0\t:done\t:read\tnil", 2, "unknown type \":done\""),
                arguments("unparseable value", Format.JEPSEN_LOG, "INFO  jepsen.util - 0\t:invoke\t:cas\t[1 2", 1,
                        "cannot parse the value"),
                arguments("missing value", Format.JEPSEN_LOG, "INFO  jepsen.util - 0\t:invoke\t:read", 1,
                        "expected <process> <type> <f> <value>"),
                arguments("log completion without invocation", Format.JEPSEN_LOG,
                        "INFO  jepsen.util - 0\t:ok\t:read\tnil\n", 1, "no open operation"),
                arguments("huge log process", Format.JEPSEN_LOG,
                        "INFO  jepsen.util - 4294967296\t:invoke\t:read\tnil", 1, "from 0 to"),
                // detection
                arguments("unrecognisable", Format.AUTO, "\nhello\n", 2, "cannot recognise the format"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isRejectedWithLineAndProblem(String name, Format format, String content, long line, String fragment) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(content, format));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.problem().contains(fragment), "expected '" + fragment + "' in: " + e.getMessage());
        assertTrue(e.getMessage().startsWith(Read.SOURCE + ":" + line + ": "), e.getMessage());
    }

    @Test
    void nonUtf8BytesNameTheirLine() throws Exception {
        for (Format format : new Format[]{Format.AUTO, Format.JSON, Format.EDN, Format.JEPSEN_LOG}) {
            String good = switch (format) {
                case EDN -> INVOKE + INVOKE.replace(":invoke", ":ok");
                case JEPSEN_LOG -> LOG_INVOKE + LOG_INVOKE.replace(":invoke", ":ok");
                default -> OK_OP + OK_OP;
            };
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 0; i < 1500; i++) {
                out.write(good.getBytes(StandardCharsets.UTF_8)); // well past the first read buffer
            }
            out.write("\"caf".getBytes(StandardCharsets.UTF_8));
            out.write(new byte[]{(byte) 0xe9, '"', '\n'});
            out.write(good.getBytes(StandardCharsets.UTF_8));
            InvalidInputException e = assertThrows(InvalidInputException.class,
                    () -> Read.bytes(out.toByteArray(), format));
            assertEquals(3001, e.line(), e.getMessage());
            assertTrue(e.problem().contains("invalid UTF-8") && e.problem().contains("0xe9"), e.getMessage());
        }
    }

    @Test
    void nonUtf8FirstLineFailsDetection() {
        InvalidInputException e = assertThrows(InvalidInputException.class,
                () -> Read.bytes(new byte[]{'\n', (byte) 0xff, (byte) 0xfe, '\n'}, Format.AUTO));
        assertEquals(2, e.line());
        assertTrue(e.problem().contains("invalid UTF-8"), e.getMessage());
    }
}
