package dev.ariadne.io;

import dev.ariadne.core.history.History;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.StringWriter;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Values that Clojure prints inside Jepsen EDN but that are not plain EDN data: each is read as an
 * {@link OpaqueValue} (equal when its canonical text is) or, for integers, as an integer, instead of failing the
 * whole file; and each survives a conversion to the native format.
 */
class ClojureValuesTest {
    /** The output of a one-operation history whose :ok value is {@code value}. */
    private static Object okValue(String value) throws Exception {
        History h = Read.text("{:process 0, :type :invoke, :f :read, :value nil}\n"
                + "{:process 0, :type :ok, :f :read, :value " + value + ", :error " + value + "}\n", Format.EDN);
        return h.get(0).output();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "#object[java.net.SocketTimeoutException 0x1f2e3d \"java.net.SocketTimeoutException: Read timed out\"]"
                    + "|#object [java.net.SocketTimeoutException 2043453 \"java.net.SocketTimeoutException: Read timed out\"]",
            "#error {:cause \"boom\", :via [{:type java.lang.RuntimeException, :message \"boom\"}], :trace []}"
                    + "|#error {:cause \"boom\", :trace [], :via [{:message \"boom\", :type java.lang.RuntimeException}]}",
            "22/7|22/7",
            "-1/3|-1/3",
            "#\"a+\\d\"|#\"a+\\d\"",
            "#\"quote \\\" inside\"|#\"quote \\\" inside\"",
            "#inst \"2017-03-05T12:00:01.123-00:00\"|#inst \"2017-03-05T12:00:01.123-00:00\"",
            "#inst \"not a date\"|#inst \"not a date\"",
            "#uuid \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"|#uuid \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\"",
            "1.50M|1.5M",
            "##Inf|##Inf",
            "#my.app/Thing {:b 2, :a 1}|#my.app/Thing {:a 1, :b 2}",
            "#foo [1 #bar 2]|#foo [1 #bar 2]",
    })
    void readsAsAnOpaqueValue(String printed, String canonical) throws Exception {
        assertEquals(new OpaqueValue(canonical), okValue(printed));
    }

    @Test
    void bigIntegersAndClojuresIntegerLiteralsAreIntegers() throws Exception {
        assertEquals(5L, okValue("5N"));
        assertEquals(new BigInteger("123456789012345678901234567890"), okValue("123456789012345678901234567890N"));
        assertEquals(255L, okValue("0xff"));
        assertEquals(-255L, okValue("-0xFF"));
        assertEquals(5L, okValue("2r101"));
        assertEquals(List.of(1L, new OpaqueValue("1/2"), "x1", "a/b"), okValue("[1 1/2 x1 a/b]"));
    }

    @Test
    void opaqueValuesAreEqualExactlyWhenTheirTextIs() throws Exception {
        assertEquals(okValue("#error {:a 1 :b 2}"), okValue("#error {:b 2, :a 1}"), "map order is not text");
        assertNotEquals(okValue("22/7"), okValue("\"22/7\""), "a ratio is not a string");
        assertNotEquals(okValue("1.5M"), okValue("1.5"), "a decimal is not a double, as in Clojure");
        assertNotEquals(okValue("#uuid \"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\""),
                okValue("\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\""));
    }

    @Test
    void stringsCommentsAndCharactersAreNotRewritten() throws Exception {
        assertEquals("22/7 #\"x\" 0x1f ##Inf", okValue("\"22/7 #\\\"x\\\" 0x1f ##Inf\""));
        assertEquals(List.of("\"", 1L), okValue("[\\\" 1]"));
        History h = Read.text("; 22/7 #\"unclosed\n{:process 0, :type :invoke, :f :write, :value 22/7}\n", Format.EDN);
        assertEquals(new OpaqueValue("22/7"), Read.input(h.get(0)).value());
        assertEquals(2, h.get(0).line());
    }

    @Test
    void aBrokenValueIsStillAnErrorWithItsLine() {
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(
                "{:process 0, :type :invoke, :f :read, :value nil}\n{:process 0, :type :ok, :f :read, :value #\"abc}\n",
                Format.EDN));
        assertEquals(2, e.line(), e.getMessage());
        assertTrue(e.problem().startsWith("invalid EDN"), e.problem());
    }

    @Test
    void opaqueValuesRoundTripThroughTheNativeFormat() throws Exception {
        History h = Read.text("{:process 0, :type :invoke, :f :write, :value #inst \"2017-03-05T12:00:01Z\"}\n"
                + "{:process 0, :type :ok, :f :write, :value #inst \"2017-03-05T12:00:01Z\"}\n"
                + "{:process 1, :type :invoke, :f :read, :value {:k 22/7}}\n"
                + "{:process 1, :type :ok, :f :read, :value {:k 22/7}}\n", Format.EDN);
        StringWriter out = new StringWriter();
        JsonLinesWriter.write(h, out);
        assertTrue(out.toString().contains("\"value\":{\"#edn\":\"#inst \\\"2017-03-05T12:00:01Z\\\"\"}"),
                out.toString());
        History back = Read.text(out.toString(), Format.JSON);
        assertEquals(h.get(0).input(), back.get(0).input());
        assertEquals(Map.of("k", new OpaqueValue("22/7")), back.get(1).output());
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> Read.text(
                "{\"client\":0,\"call\":0,\"return\":1,\"f\":\"read\",\"output\":{\"#edn\":1}}\n", Format.JSON));
        assertTrue(e.problem().contains("{\"#edn\": ...} to be a string"), e.problem());
    }
}
