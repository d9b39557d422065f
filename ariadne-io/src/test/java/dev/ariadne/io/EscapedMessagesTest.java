package dev.ariadne.io;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Messages quote the input, parsers' own words included, with its control characters escaped. */
class EscapedMessagesTest {
    /** ESC c (reset the terminal), CSI 2J (clear the screen), U+202E (right-to-left override). */
    private static final String HOSTILE = "\u001bc\u001b[2J\u202e";

    static Stream<Arguments> inputs() {
        return Stream.of(
                arguments(Format.JSON, "{\"client\": 0, \"call\": " + HOSTILE + "}\n"),
                arguments(Format.JSON, "{\"client\": 0, \"call\": x" + HOSTILE + "}\n"),
                arguments(Format.JEPSEN_JSON, "[{\"process\": 0, \"type\": x" + HOSTILE + "}]\n"),
                arguments(Format.JEPSEN_JSON, "{\"process\": 0, \"type\": " + HOSTILE + "}\n"),
                arguments(Format.OMNILINK, "{\"operation_name\": x" + HOSTILE + "}\n"),
                arguments(Format.EDN, "{:process 0 :type :invoke :f :read :value nil}\n{:process " + HOSTILE
                        + "\n"),
                arguments(Format.EDN, "{:process 0 :type :invoke :f :read :value \\" + HOSTILE + "}\n"),
                arguments(Format.JEPSEN_LOG, "INFO  jepsen.util - 0\t:invoke\t:read\t[" + HOSTILE + "\n"),
                arguments(Format.JEPSEN_LOG, "INFO  jepsen.util - 0\t:" + HOSTILE + "\t:read\tnil\n"));
    }

    @ParameterizedTest
    @MethodSource("inputs")
    void controlCharactersOfTheInputAreEscapedInTheMessage(Format format, String content) {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(content, format));
        String m = e.getMessage();
        assertFalse(m.chars().anyMatch(c -> c < 0x20 || c == 0x7f || c == 0x202e), m);
        assertFalse(e.problem().chars().anyMatch(c -> c < 0x20 || c == 0x202e), e.problem());
    }

    @Test
    void jacksonsUnrecognizedTokenIsEscaped() {
        for (Format format : new Format[]{Format.JSON, Format.JEPSEN_JSON, Format.OMNILINK}) {
            String content = format == Format.OMNILINK ? "{\"operation_name\": x" + HOSTILE + "}\n"
                    : "{\"process\": 0, \"client\": x" + HOSTILE + "}\n";
            InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(content, format));
            assertTrue(e.getMessage().contains("Unrecognized token 'x\\u001bc\\u001b'"), e.getMessage());
        }
    }

    @Test
    void quotesAndBackslashesAlreadyEscapedAreKept() {
        assertEquals("a \"b\\\" c\" \\u001b d", InvalidInputException.safe("a \"b\\\" c\" \u001b d"));
        assertEquals("plain \"text\"", InvalidInputException.safe("plain \"text\""));
        assertEquals("f\\u0007.log:3: x", new InvalidInputException("f\u0007.log", 3, "x").getMessage());
        assertEquals("smile \ud83d\ude00", InvalidInputException.safe("smile \ud83d\ude00"));
        assertEquals("lone \\ud83d\"", InvalidInputException.safe("lone \ud83d\""));
    }
}
